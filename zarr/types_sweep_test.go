package zarr

import (
	"bytes"
	"context"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"math"
	"regexp"
	"strings"
	"testing"

	"github.com/zcodec/zcodec/metadata"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/region"
	"github.com/zcodec/zcodec/registry"
	"github.com/zcodec/zcodec/store"
	"github.com/zcodec/zcodec/store/byterange"
)

// sweepKinds lists every data type kind: numeric.DataTypes and the text,
// byte-string and time types in a few configurations.
func sweepKinds(t *testing.T) []numeric.DataType {
	t.Helper()
	out := append([]numeric.DataType(nil), numeric.DataTypes[:]...)
	for _, raw := range []string{
		`"string"`, `"bytes"`,
		`{"name":"fixed_length_utf32","configuration":{"length_bytes":8}}`,
		`{"name":"null_terminated_bytes","configuration":{"length_bytes":3}}`,
		`"r24"`,
		`{"name":"numpy.datetime64","configuration":{"unit":"D","scale_factor":1}}`,
		`{"name":"numpy.timedelta64","configuration":{"unit":"us","scale_factor":5}}`,
	} {
		out = append(out, stringType(t, raw))
	}
	return out
}

// sweepValue returns element i of type dt: its in-memory bytes, or its
// text for the variable-length types.
func sweepValue(dt numeric.DataType, i int) []byte {
	switch {
	case dt == numeric.String:
		return []byte(fmt.Sprintf("é%d", i))
	case dt == numeric.Bytes:
		return []byte{byte(i), 0, 0xff}[:i%4%3+1]
	case dt.Kind() == numeric.FixedLengthUTF32:
		b := make([]byte, dt.Size())
		binary.LittleEndian.PutUint32(b, uint32(0x3b1+i%20))
		return b
	case dt.Kind() == numeric.NullTerminatedBytes:
		b := make([]byte, dt.Size())
		copy(b, fmt.Sprint(i%100))
		return b
	case dt.Kind() == numeric.RawBytes:
		b := make([]byte, dt.Size())
		for k := range b {
			b[k] = byte(i*5 + k)
		}
		return b
	case dt.IsTime():
		v := int64(i*37 - 300)
		if i%7 == 3 {
			v = math.MinInt64
		}
		return binary.LittleEndian.AppendUint64(nil, uint64(v))
	case dt == numeric.Bool:
		return []byte{byte(i % 3 % 2)}
	case dt.Size() == 1:
		return []byte{numeric.CanonicalByte(dt, byte(i*11+3))}
	case dt.IsComplex():
		return numeric.ComplexScalar(dt, complex(float64(i%9), 1)).Bytes()
	case dt.IsFloat():
		return numeric.FloatScalar(dt, float64(i%9)-2.5).Bytes()
	case dt.IsSigned():
		s, _ := numeric.IntScalar(dt, int64(i%9)-4)
		return s.Bytes()
	}
	s, _ := numeric.UintScalar(dt, uint64(i%9))
	return s.Bytes()
}

// sweepAB is the array->bytes codec of dt.
func sweepAB(dt numeric.DataType) string {
	switch dt {
	case numeric.String:
		return `{"name":"vlen-utf8"}`
	case numeric.Bytes:
		return `{"name":"vlen-bytes"}`
	}
	return `{"name":"bytes","configuration":{"endian":"big"}}`
}

var sweepUnclear = regexp.MustCompile(`panic|runtime error|two-element|\[re, im\]|%!|nil pointer`)

// readAll reads region r of a as one []byte per element.
func readAll(ctx context.Context, a *Array, r region.Box) ([][]byte, error) {
	dt := a.DataType()
	switch dt {
	case numeric.String:
		v, err := ReadStrings(ctx, a, r)
		out := make([][]byte, len(v))
		for i, s := range v {
			out[i] = []byte(s)
		}
		return out, err
	case numeric.Bytes:
		return ReadByteStrings(ctx, a, r)
	}
	buf := make([]byte, r.Size()*int64(dt.Size()))
	if err := a.ReadRegion(ctx, r, buf); err != nil {
		return nil, err
	}
	out := make([][]byte, r.Size())
	for i := range out {
		out[i] = buf[i*dt.Size() : (i+1)*dt.Size()]
	}
	return out, nil
}

// writeAll writes the elements vals into region r of a.
func writeAll(ctx context.Context, a *Array, r region.Box, vals [][]byte) error {
	switch a.DataType() {
	case numeric.String:
		s := make([]string, len(vals))
		for i, v := range vals {
			s[i] = string(v)
		}
		return WriteStrings(ctx, a, r, s)
	case numeric.Bytes:
		return WriteByteStrings(ctx, a, r, vals)
	}
	return a.WriteRegion(ctx, r, bytes.Join(vals, nil))
}

type sliceReader []byte

func (s sliceReader) ReadRange(_ context.Context, r byterange.Range) ([]byte, error) {
	switch {
	case r.Offset < 0:
		return s[int64(len(s))+r.Offset:], nil
	case r.Length < 0:
		return s[r.Offset:], nil
	}
	return s[r.Offset:min(int64(len(s)), r.Offset+r.Length)], nil
}

// TestTypesSweep builds a 6x5 array with 4x2 chunks of every data type
// kind with several chains, writes a region across chunks (leaving chunks
// absent), and drives the library's entry points on it: region reads,
// Copy, CopyPart, Consolidate, Verify and the pipeline's partial decode.
// Each works with the right values or fails naming what is unsupported.
func TestTypesSweep(t *testing.T) {
	ctx := context.Background()
	for _, dt := range sweepKinds(t) {
		ab := sweepAB(dt)
		chains := map[string]string{
			"bytes":     "[" + ab + "]",
			"sharding":  `[{"name":"sharding_indexed","configuration":{"chunk_shape":[2,1],"codecs":[` + ab + `],"index_codecs":[{"name":"bytes","configuration":{"endian":"little"}}]}}]`,
			"transpose": `[{"name":"transpose","configuration":{"order":[1,0]}},` + ab + `,{"name":"gzip","configuration":{"level":1}}]`,
			"crc32c":    "[" + ab + `,{"name":"crc32c"}]`,
		}
		for cname, chain := range chains {
			for _, special := range []bool{false, true} {
				fill := numeric.Zero(dt)
				if special {
					fill = specialFill(t, dt)
					cname += "/fill=" + fill.String()
				}
				t.Run(dt.String()+"/"+cname, func(t *testing.T) {
					s := store.NewMemory()
					if _, err := CreateGroup(ctx, s, "", nil); err != nil {
						t.Fatal(err)
					}
					m := newMeta(t, []int64{6, 5}, []int{4, 2}, dt, string(must(fill.MarshalJSON())), `[`+ab+`]`, "")
					chainMeta, err := createErr(ctx, s, "a", fill, chain)
					if err != nil {
						if sweepUnclear.MatchString(err.Error()) {
							t.Errorf("create: %v", err)
						}
						if dt.IsVariableLength() && !strings.HasPrefix(cname, "bytes") && !strings.HasPrefix(cname, "crc32c") {
							return // refused with a message
						}
						t.Fatalf("create: %v", err)
					}
					a := chainMeta
					model := make([][]byte, 30)
					for i := range model {
						model[i] = fill.Bytes()
						if v, ok := fill.Text(); ok && dt.IsVariableLength() {
							model[i] = []byte(v)
						} else if v, ok := fill.ByteString(); ok && dt.IsVariableLength() {
							model[i] = v
						}
					}
					w := region.FromShape([]int64{1, 0}, []int64{3, 4})
					var vals [][]byte
					for i := range 12 {
						v := sweepValue(dt, i)
						vals = append(vals, v)
						model[(1+i/4)*5+i%4] = v
					}
					if err := writeAll(ctx, a, w, vals); err != nil {
						t.Fatalf("write: %v", err)
					}
					check := func(what string, a *Array, r region.Box) {
						t.Helper()
						got, err := readAll(ctx, a, r)
						if err != nil {
							t.Fatalf("%s: read %v: %v", what, r, err)
						}
						k := 0
						for i := r.Start[0]; i < r.Stop[0]; i++ {
							for j := r.Start[1]; j < r.Stop[1]; j++ {
								if !bytes.Equal(got[k], model[i*5+j]) {
									t.Errorf("%s: element [%d,%d] = %q, want %q", what, i, j, got[k], model[i*5+j])
								}
								k++
							}
						}
					}
					check("read", a, region.Whole(a.Shape()))
					// Every typed entry point works or refuses clearly.
					whole := region.Whole(a.Shape())
					for name, read := range map[string]func() error{
						"ReadStrings":     func() error { _, err := ReadStrings(ctx, a, whole); return err },
						"ReadByteStrings": func() error { _, err := ReadByteStrings(ctx, a, whole); return err },
						"Read[int8]":      func() error { _, err := Read[int8](ctx, a, whole); return err },
						"Read[uint8]":     func() error { _, err := Read[uint8](ctx, a, whole); return err },
						"Read[int64]":     func() error { _, err := Read[int64](ctx, a, whole); return err },
						"Read[float64]":   func() error { _, err := Read[float64](ctx, a, whole); return err },
						"Read[complex64]": func() error { _, err := Read[complex64](ctx, a, whole); return err },
					} {
						func() {
							defer func() {
								if p := recover(); p != nil {
									t.Errorf("%s: panic %v", name, p)
								}
							}()
							err := read()
							if err != nil && sweepUnclear.MatchString(err.Error()) {
								t.Errorf("%s: %v", name, err)
							}
						}()
					}
					if dt.Storage() != dt {
						if dt.Storage() == numeric.Int8 {
							if _, err := Read[int8](ctx, a, whole); err != nil {
								t.Errorf("Read[int8]: %v", err)
							}
						} else if _, err := Read[int64](ctx, a, whole); dt.IsTime() && err != nil {
							t.Errorf("Read[int64]: %v", err)
						}
					}
					check("read", a, region.FromShape([]int64{2, 1}, []int64{4, 3}))
					b, err := Open(ctx, s, "a", nil)
					if err != nil {
						t.Fatalf("reopen: %v", err)
					}
					check("reopen", b, region.FromShape([]int64{0, 3}, []int64{6, 2}))
					// Copy into an array with another chain, and CopyPart unit by unit.
					c := create(t, s, "copy", m, 1)
					if err := Copy(ctx, c, a, nil); err != nil {
						t.Fatalf("Copy: %v", err)
					}
					check("Copy", c, region.Whole(c.Shape()))
					p := create(t, s, "part", m, 1)
					for u := int64(0); u < p.NumUnits(); u++ {
						if err := CopyPart(ctx, p, a, u, u+1, nil); err != nil {
							if dt.IsVariableLength() && bytes.Contains([]byte(err.Error()), []byte("variable-length type "+dt.String()+" is not supported")) {
								break // refused naming the feature
							}
							t.Fatalf("CopyPart %d: %v", u, err)
						}
					}
					if !dt.IsVariableLength() {
						check("CopyPart", p, region.Whole(p.Shape()))
					}
					// Verify: every stored chunk decodes.
					n := 0
					if err := a.Verify(ctx, func(c Check) error {
						n++
						if c.Err != nil {
							t.Errorf("Verify: %v", c.Err)
						}
						return nil
					}); err != nil {
						t.Fatalf("Verify: %v", err)
					}
					if n == 0 {
						t.Errorf("Verify checked nothing")
					}
					// Consolidate and open through the consolidated metadata.
					if _, err := Consolidate(ctx, s, ""); err != nil {
						t.Fatalf("Consolidate: %v", err)
					}
					g, err := OpenGroup(ctx, s, "")
					if err != nil {
						t.Fatalf("OpenGroup: %v", err)
					}
					_ = g
					o, err := Open(ctx, s, "a", nil)
					if err != nil || o.DataType() != dt {
						t.Fatalf("open after Consolidate: %v", err)
					}
					check("consolidated", o, region.Whole(o.Shape()))
					// Partial decode of chunk (0,0) through the pipeline.
					enc, err := s.Get(ctx, a.ChunkKey([]int64{0, 0}), -1)
					if err != nil {
						t.Fatalf("chunk 0,0: %v", err)
					}
					pl := a.Pipeline()
					if dt.IsVariableLength() {
						return
					}
					r := region.FromShape([]int64{1, 1}, []int64{2, 1})
					dst := make([]byte, 2*dt.Size())
					if err := pl.DecodeRegion(ctx, sliceReader(enc), r, dst, nil); err != nil {
						t.Fatalf("DecodeRegion: %v", err)
					}
					want := append(append([]byte(nil), model[1*5+1]...), model[2*5+1]...)
					if !bytes.Equal(dst, want) {
						t.Errorf("DecodeRegion: % x, want % x", dst, want)
					}
				})
			}
		}
	}
}

// specialFill returns a fill value of dt other than zero: NaN where the
// type has one, NaT, text, bytes, true or one.
func specialFill(t *testing.T, dt numeric.DataType) numeric.Scalar {
	t.Helper()
	for _, raw := range []string{`"NaN"`, `"NaT"`, `"x"`, `"eA=="`, `[1, 2, 3]`, `true`, `[1, 2]`, `1`} {
		if f, err := numeric.ParseFillValue(dt, []byte(raw)); err == nil {
			return f
		}
	}
	t.Fatalf("%v: no special fill", dt)
	return numeric.Scalar{}
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// createErr creates the array at path with the fill (and its type) and the chain,
// returning the error instead of failing.
func createErr(ctx context.Context, s store.Store, path string, fill numeric.Scalar, chain string) (a *Array, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("panic: %v", p)
		}
	}()
	m, err := metaErr([]int64{6, 5}, []int{4, 2}, fill, chain)
	if err != nil {
		return nil, err
	}
	return Create(ctx, s, path, m, nil)
}

// metaErr is newMeta with the fill given as a scalar, returning the error.
func metaErr(shape []int64, chunks []int, fill numeric.Scalar, codecs string) (*metadata.ArrayDefinition, error) {
	chain, err := registry.Default().ParseCodecs(json.RawMessage(codecs), "/codecs")
	if err != nil {
		return nil, err
	}
	return &metadata.ArrayDefinition{Shape: shape, DataType: fill.DataType(), ChunkShape: chunks, FillValue: fill, Codecs: chain.Codecs}, nil
}
