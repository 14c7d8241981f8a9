package main

import (
	"bytes"
	"context"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/zcodec/zcodec/metadata"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/region"
	"github.com/zcodec/zcodec/registry"
	"github.com/zcodec/zcodec/store"
	"github.com/zcodec/zcodec/zarr"
)

// sweepType is one data type of the sweep with a generator of valid
// element values.
type sweepType struct {
	name string
	dt   numeric.DataType
}

// sweepTypes lists every data type kind: numeric.DataTypes and the text,
// byte-string and time types in a few configurations.
func sweepTypes(t *testing.T) []sweepType {
	t.Helper()
	var out []sweepType
	for _, dt := range numeric.DataTypes {
		out = append(out, sweepType{dt.String(), dt})
	}
	for _, raw := range []string{
		`"string"`, `"bytes"`,
		`{"name":"fixed_length_utf32","configuration":{"length_bytes":8}}`,
		`{"name":"null_terminated_bytes","configuration":{"length_bytes":3}}`,
		`"r16"`,
		`{"name":"numpy.datetime64","configuration":{"unit":"ns","scale_factor":1}}`,
		`{"name":"numpy.datetime64","configuration":{"unit":"s","scale_factor":10}}`,
		`{"name":"numpy.timedelta64","configuration":{"unit":"ms","scale_factor":1}}`,
	} {
		dt, err := numeric.ParseDataTypeJSON([]byte(raw))
		if err != nil {
			t.Fatalf("%s: %v", raw, err)
		}
		out = append(out, sweepType{dt.String(), dt})
	}
	return out
}

// sweepElement returns the bytes of element i of type dt in memory (fixed
// size types) or its text (variable-length types).
func sweepElement(dt numeric.DataType, i int) []byte {
	switch {
	case dt == numeric.String:
		return []byte(fmt.Sprintf("s%dé", i))
	case dt == numeric.Bytes:
		return []byte{byte(i), 0, byte(i * 3)}[:1+i%3]
	case dt.Kind() == numeric.FixedLengthUTF32:
		b := make([]byte, dt.Size())
		binary.LittleEndian.PutUint32(b, uint32('a'+i%26))
		if len(b) >= 8 {
			binary.LittleEndian.PutUint32(b[4:], 0x20ac)
		}
		return b
	case dt.Kind() == numeric.NullTerminatedBytes:
		b := make([]byte, dt.Size())
		b[0] = 'a' + byte(i%26)
		return b
	case dt.Kind() == numeric.RawBytes:
		b := make([]byte, dt.Size())
		for k := range b {
			b[k] = byte(i + k)
		}
		return b
	case dt.IsTime():
		v := int64(i*1000 - 7000)
		if i == 3 {
			v = math.MinInt64 // NaT
		}
		return binary.LittleEndian.AppendUint64(nil, uint64(v))
	case dt == numeric.Bool:
		return []byte{byte(i % 2)}
	case dt.Size() == 1:
		return []byte{numeric.CanonicalByte(dt, byte(i*7+1))}
	}
	// Wider numbers: small integers, exact in every type.
	v := i % 9
	switch {
	case dt.IsComplex():
		return numeric.ComplexScalar(dt, complex(float64(v), -float64(v))).Bytes()
	case dt.IsFloat():
		return numeric.FloatScalar(dt, float64(v)).Bytes()
	case dt.IsSigned():
		s, _ := numeric.IntScalar(dt, int64(v)-4)
		return s.Bytes()
	default:
		s, _ := numeric.UintScalar(dt, uint64(v))
		return s.Bytes()
	}
}

// sweepChains returns the codec chains to try for dt, by name.
func sweepChains(dt numeric.DataType) [][2]string {
	ab := `{"name":"bytes","configuration":{"endian":"little"}}`
	if dt == numeric.String {
		ab = `{"name":"vlen-utf8"}`
	} else if dt == numeric.Bytes {
		ab = `{"name":"vlen-bytes"}`
	}
	ts := dt.Size()
	if ts == 0 {
		ts = 1
	}
	chains := [][2]string{
		{"bytes", "[" + ab + "]"},
		{"zstd", "[" + ab + `,{"name":"zstd","configuration":{"level":1,"checksum":false}}]`},
		{"sharding", `[{"name":"sharding_indexed","configuration":{"chunk_shape":[2,3],"codecs":[` + ab + `],"index_codecs":[{"name":"bytes","configuration":{"endian":"little"}},{"name":"crc32c"}]}}]`},
		{"transpose", `[{"name":"transpose","configuration":{"order":[1,0]}},` + ab + "]"},
		{"crc32c", "[" + ab + `,{"name":"crc32c"}]`},
		{"blosc", "[" + ab + fmt.Sprintf(`,{"name":"blosc","configuration":{"cname":"lz4","clevel":5,"shuffle":"shuffle","typesize":%d}}]`, ts)},
	}
	if dt.IsInteger() || dt.IsFloat() || dt == numeric.Bool {
		chains = append(chains, [2]string{"packbits", `[{"name":"packbits","configuration":{"padding_encoding":"first_byte"}}]`})
	}
	return chains
}

// nonsense matches error text that does not name the problem: numeric
// wording about values that are not numbers, Go internals.
var nonsense = regexp.MustCompile(`panic|goroutine |two-element|\[re, im\]|runtime error|index out of range|nil pointer|%!`)

// runSafe runs the command in-process and turns a panic into a test
// failure naming the command.
func runSafe(t *testing.T, stdin []byte, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	defer func() {
		if p := recover(); p != nil {
			t.Errorf("zcodec %s: panic: %v\n%s", strings.Join(args, " "), p, debug.Stack())
			code = -1
		}
	}()
	return runIn(t, stdin, args...)
}

// checkOutcome fails when a command failed without a clear message.
func checkOutcome(t *testing.T, what string, stderr string, code int) {
	t.Helper()
	if code < 0 {
		return
	}
	if nonsense.MatchString(stderr) {
		t.Errorf("%s: unclear error (exit %d): %s", what, code, stderr)
	}
	if code != 0 && strings.TrimSpace(stderr) == "" {
		t.Errorf("%s: exit %d with no message", what, code)
	}
}

// buildSweepArray creates and writes a 5x7 array with 2x3 chunks in which
// the last row of chunks stays unwritten; it returns the model of the
// written elements (nil entries are fill).
func buildSweepArray(ctx context.Context, t *testing.T, s store.Store, path string, st sweepType, chain string) (*zarr.Array, error) {
	t.Helper()
	c, err := registry.Default().ParseCodecs(json.RawMessage(chain), "/codecs")
	if err != nil {
		return nil, err
	}
	fill := numeric.Zero(st.dt)
	a, err := zarr.Create(ctx, s, path, &metadata.ArrayDefinition{
		Shape: []int64{5, 7}, DataType: st.dt, ChunkShape: []int{2, 3}, FillValue: fill, Codecs: c.Codecs,
	}, nil)
	if err != nil {
		return nil, err
	}
	r := region.FromShape([]int64{0, 1}, []int64{4, 5})
	if st.dt.IsVariableLength() {
		vals := make([][]byte, 20)
		for i := range vals {
			vals[i] = sweepElement(st.dt, i)
		}
		if st.dt == numeric.String {
			ss := make([]string, len(vals))
			for i, v := range vals {
				ss[i] = string(v)
			}
			return a, zarr.WriteStrings(ctx, a, r, ss)
		}
		return a, zarr.WriteByteStrings(ctx, a, r, vals)
	}
	var src []byte
	for i := range 20 {
		src = append(src, sweepElement(st.dt, i)...)
	}
	return a, a.WriteRegion(ctx, r, src)
}

// sweepModel is the whole array as element strings (hex of the bytes or
// the text), fill where unwritten.
func sweepModel(dt numeric.DataType) [][]byte {
	m := make([][]byte, 35)
	zero := numeric.Zero(dt)
	for i := range m {
		if dt == numeric.String || dt == numeric.Bytes {
			m[i] = []byte{}
		} else {
			m[i] = zero.Bytes()
		}
	}
	for i := range 20 {
		row, col := i/5, 1+i%5
		m[row*7+col] = sweepElement(dt, i)
	}
	return m
}

// TestTypesSweepCLI builds a small v3 array of every data type kind with
// several codec chains through the library and drives every command on
// it: each command either works with the right values or fails with a
// message that names the problem, never a panic.
func TestTypesSweepCLI(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	root := t.TempDir()
	s, err := store.OpenDir(root)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() }) // after the parallel cases
	for _, st := range sweepTypes(t) {
		for _, ch := range sweepChains(st.dt) {
			name := strings.NewReplacer("[", "_", "]", "_", "/", "_").Replace(st.name) + "-" + ch[0]
			t.Run(name, func(t *testing.T) {
				t.Parallel()
				a, err := buildSweepArray(ctx, t, s, name, st, ch[1])
				if err != nil {
					msg := err.Error()
					if nonsense.MatchString(msg) {
						t.Errorf("create/write: unclear error: %v", err)
					}
					if ch[0] == "packbits" || (ch[0] == "transpose" || ch[0] == "sharding") && st.dt.IsVariableLength() {
						return // refused with a message
					}
					t.Fatalf("create/write: %v", err)
				}
				path := filepath.Join(root, name)
				model := sweepModel(st.dt)
				// Library read of the whole array.
				if st.dt.IsVariableLength() {
					var got [][]byte
					if st.dt == numeric.String {
						v, err := zarr.ReadStrings(ctx, a, region.Whole(a.Shape()))
						if err != nil {
							t.Fatalf("ReadStrings: %v", err)
						}
						for _, x := range v {
							got = append(got, []byte(x))
						}
					} else {
						v, err := zarr.ReadByteStrings(ctx, a, region.Whole(a.Shape()))
						if err != nil {
							t.Fatalf("ReadByteStrings: %v", err)
						}
						got = v
					}
					for i := range model {
						if !bytes.Equal(got[i], model[i]) {
							t.Errorf("element %d: %q, want %q", i, got[i], model[i])
						}
					}
				} else {
					got := make([]byte, 35*st.dt.Size())
					if err := a.ReadRegion(ctx, region.Whole(a.Shape()), got); err != nil {
						t.Fatalf("ReadRegion: %v", err)
					}
					if want := bytes.Join(model, nil); !bytes.Equal(got, want) {
						t.Errorf("ReadRegion: % x\nwant % x", got, want)
					}
				}
				// Commands.
				_, e, code := runSafe(t, nil, "info", path)
				checkOutcome(t, "info", e, code)
				if code != 0 {
					t.Errorf("info: exit %d: %s", code, e)
				}
				_, e, code = runSafe(t, nil, "verify", path)
				checkOutcome(t, "verify", e, code)
				if code != 0 {
					t.Errorf("verify: exit %d: %s", code, e)
				}
				_, e, code = runSafe(t, nil, "validate", filepath.Join(path, "zarr.json"))
				checkOutcome(t, "validate", e, code)
				if code != 0 {
					t.Errorf("validate: exit %d: %s", code, e)
				}
				csvs := map[string]string{}
				worked := map[string]bool{}
				var jsonlHint string
				for _, f := range []string{"raw", "csv", "jsonl", "npy", "png"} {
					for _, rgn := range []string{"", "1:4,2:6"} {
						args := []string{"cat", "--format", f}
						if rgn != "" {
							args = append(args, "--region", rgn)
						}
						out, e, code := runSafe(t, nil, append(args, path)...)
						checkOutcome(t, "cat "+strings.Join(args[1:], " "), e, code)
						if code == 0 && f == "raw" && rgn == "" && !st.dt.IsVariableLength() {
							if want := bytes.Join(model, nil); out != string(want) {
								t.Errorf("cat raw: % x\nwant % x", out, want)
							}
						}
						if rgn == "" {
							worked[f] = code == 0
							if f == "jsonl" && code != 0 {
								jsonlHint = e
							}
						}
						if code == 0 && f == "csv" && rgn == "" && st.dt.IsTime() && !strings.Contains(out, "NaT") {
							t.Errorf("cat csv of a time array with a NaT element:\n%s", out)
						}
						if code == 0 && (f == "csv" || f == "jsonl") && rgn == "" {
							csvs[f] = out
						}
					}
				}
				// A refusal of jsonl lists the formats that work.
				if m := regexp.MustCompile(` has ([a-z, ]+) and ([a-z]+)\n`).FindStringSubmatch(jsonlHint); m != nil {
					for _, f := range append(strings.Split(m[1], ", "), m[2]) {
						if !worked[f] {
							t.Errorf("cat --format jsonl suggests %s, which fails: %s", f, jsonlHint)
						}
					}
				} else if jsonlHint != "" && !strings.Contains(jsonlHint, "jsonl") {
					t.Errorf("cat --format jsonl: %s", jsonlHint)
				}
				// Convert and compare the text outputs.
				dst := filepath.Join(t.TempDir(), "out")
				_, e, code = runSafe(t, nil, "convert", path, dst)
				checkOutcome(t, "convert", e, code)
				if code == 0 {
					for f, want := range csvs {
						out, e, code := runSafe(t, nil, "cat", "--format", f, dst)
						if code != 0 || out != want {
							t.Errorf("cat --format %s of the converted array: exit %d %s\n%q\nwant %q", f, code, e, out, want)
						}
					}
					_, e, code = runSafe(t, nil, "verify", dst)
					if code != 0 {
						t.Errorf("verify converted: %s", e)
					}
				} else if !st.dt.IsVariableLength() {
					t.Errorf("convert: exit %d: %s", code, e)
				}
				_, e, code = runSafe(t, nil, "advise", path, "--lossless")
				checkOutcome(t, "advise --lossless", e, code)
				_, e, code = runSafe(t, nil, "advise", path, "--abs-tol", "0.5")
				checkOutcome(t, "advise --abs-tol", e, code)
				if strings.Contains(e, "no chain meets") && st.dt.Storage() == st.dt && !st.dt.IsReal() {
					t.Errorf("advise --abs-tol on %v: %s", st.dt, e)
				}
				// encode/decode of one chunk with the metadata.
				chunk := filepath.Join(path, "c", "0", "0")
				if _, err := os.Stat(chunk); err == nil {
					dec := filepath.Join(t.TempDir(), "dec")
					_, e, code = runSafe(t, nil, "decode", "--metadata", filepath.Join(path, "zarr.json"), "-i", chunk, "-o", dec)
					checkOutcome(t, "decode", e, code)
					if code == 0 {
						enc := filepath.Join(t.TempDir(), "enc")
						_, e, code = runSafe(t, nil, "encode", "--metadata", filepath.Join(path, "zarr.json"), "-i", dec, "-o", enc)
						checkOutcome(t, "encode", e, code)
						if code == 0 {
							dec2 := filepath.Join(t.TempDir(), "dec2")
							_, e, code = runSafe(t, nil, "decode", "--metadata", filepath.Join(path, "zarr.json"), "-i", enc, "-o", dec2)
							b1, _ := os.ReadFile(dec)
							b2, _ := os.ReadFile(dec2)
							if code != 0 || !bytes.Equal(b1, b2) {
								t.Errorf("decode(encode(decode(chunk))) differs: %s", e)
							}
						}
					}
				}
			})
		}
	}
}

// TestTypesSweepV2Stores drives the commands on every array of the
// committed stores of real writers (zarr 2.13 with strings and dates,
// xarray, NCZarr): each command works or fails with a clear message, and a
// converted store prints the same CSV as its source.
func TestTypesSweepV2Stores(t *testing.T) {
	t.Parallel()
	stores := []string{"zarr213_strings", "zarr213_dates", "xarray_times", "realworld_zarr213", "realworld_xarray", "realworld_nczarr", "zarr213_extra"}
	for _, name := range stores {
		root := filepath.Join("../../testdata/stores", name)
		if _, err := os.Stat(root); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			// info and verify report a failing array in their listing.
			out, e, code := runSafe(t, nil, "info", root)
			checkOutcome(t, "info", e+out, code)
			out, e, code = runSafe(t, nil, "verify", root)
			checkOutcome(t, "verify", e+out, code)
			dst := filepath.Join(t.TempDir(), "v3")
			_, e, code = runSafe(t, nil, "convert", root, dst)
			checkOutcome(t, "convert", e, code)
			converted := code == 0
			skipped := e // convert lists the arrays it skipped, and why
			var arrays []string
			filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
				if err == nil && d.Name() == ".zarray" {
					rel, _ := filepath.Rel(root, filepath.Dir(p))
					arrays = append(arrays, rel)
				}
				return nil
			})
			if len(arrays) == 0 {
				t.Fatalf("no arrays")
			}
			for _, rel := range arrays {
				src := filepath.Join(root, rel)
				var csv string
				for _, f := range []string{"raw", "csv", "jsonl", "npy", "png"} {
					out, e, code := runSafe(t, nil, "cat", "--format", f, src)
					checkOutcome(t, rel+": cat "+f, e, code)
					if f == "csv" && code == 0 {
						csv = out
					}
				}
				_, e, code := runSafe(t, nil, "advise", src, "--lossless")
				checkOutcome(t, rel+": advise", e, code)
				if converted && csv != "" && !strings.Contains(skipped, src+":") {
					out, e, code := runSafe(t, nil, "cat", "--format", "csv", filepath.Join(dst, rel))
					if code != 0 || out != csv {
						t.Errorf("%s: converted csv differs (exit %d %s):\n%.300q\nwant %.300q", rel, code, e, out, csv)
					}
				}
			}
		})
	}
}

// TestTypesSweepConvertShardsVlen: sharding a variable-length array is
// refused naming the codec and the type, and the array is named once.
func TestTypesSweepConvertShardsVlen(t *testing.T) {
	src := "../../testdata/stores/zarr213_strings/vlen_utf8"
	_, e, code := runSafe(t, nil, "convert", "--chunks", "2,2", "--shards", "4,4", src, filepath.Join(t.TempDir(), "o"))
	if code != 1 || !strings.Contains(e, "sharding_indexed") || !strings.Contains(e, "string") || strings.Count(e, "array "+src) != 1 {
		t.Errorf("exit %d: %s", code, e)
	}
}
