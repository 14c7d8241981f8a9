package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"testing"
)

// zcodecBin is the command built once for all tests, so that they run the
// real program with real files.
var zcodecBin string

func TestMain(m *testing.M) {
	if argv := os.Getenv(peakRSSEnv); argv != "" {
		os.Exit(launchForPeakRSS(argv))
	}
	// The parallel tests spend most of their time waiting on Python
	// (Dask, the peers) and on parts slowed down on purpose: unless -parallel
	// is given, more of them run at once than there are cores.
	flag.Parse()
	given := false
	flag.Visit(func(f *flag.Flag) { given = given || f.Name == "test.parallel" })
	if !given {
		flag.Set("test.parallel", strconv.Itoa(4*runtime.GOMAXPROCS(0)))
	}
	dir, err := os.MkdirTemp("", "zcodec-cli")
	if err != nil {
		panic(err)
	}
	zcodecBin = filepath.Join(dir, "zcodec")
	if out, err := exec.Command("go", "build", "-o", zcodecBin, ".").CombinedOutput(); err != nil {
		os.RemoveAll(dir)
		panic("building zcodec: " + err.Error() + "\n" + string(out))
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

const meta = "../../testdata/metadata/"

// runIn runs the command in-process with stdin and returns stdout, stderr
// and the exit status. Object stores retry at once: no test here waits
// for the backoff, which the stores' own tests check.
func runIn(t *testing.T, stdin []byte, args ...string) (string, string, int) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(&environment{stdin: bytes.NewReader(stdin), stdout: &out, stderr: &errb, backoff: -1}, args)
	return out.String(), errb.String(), code
}

// zcodec runs the command in-process as main runs it (standard error
// through a safeWriter) with stdin and returns stdout, stderr and the exit
// status; a panic fails the test, as it would end the program.
func zcodec(t *testing.T, stdin []byte, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	defer func() {
		if p := recover(); p != nil {
			t.Errorf("zcodec %s: panic: %v\n%s", strings.Join(args, " "), p, debug.Stack())
			code = 2 // the status of a Go program that panics
		}
	}()
	var out, errb bytes.Buffer
	env := &environment{ctx: context.Background(), stdin: bytes.NewReader(stdin), stdout: &out, stderr: newSafeWriter(&errb), backoff: -1}
	code = exitStatus(env.ctx, run(env, args))
	return out.String(), errb.String(), code
}

// zcodecProcess runs the built command as a process with stdin and returns
// stdout, stderr and the exit status.
func zcodecProcess(t *testing.T, stdin []byte, args ...string) (string, string, int) {
	t.Helper()
	cmd := exec.Command(zcodecBin, args...)
	cmd.Stdin = bytes.NewReader(stdin)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatalf("running zcodec %v: %v", args, err)
	}
	return out.String(), errb.String(), code
}

func TestValidateValid(t *testing.T) {
	out, stderr, code := zcodec(t, nil, "validate", meta+"valid_int16_big.json", meta+"valid_uint8_shorthand.json")
	if code != 0 {
		t.Fatalf("exit %d, stdout:\n%s\nstderr:\n%s", code, out, stderr)
	}
	for _, want := range []string{
		"valid_int16_big.json: valid",
		"array: int16, shape [4 6], chunks [2 3], fill_value -1",
		"codec 0 bytes (array->bytes): int16 [2 3] fill -1 -> 12 bytes",
		"valid_uint8_shorthand.json: valid",
		"codec 0 bytes (array->bytes): uint8 [5] fill 255 -> 5 bytes",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

func TestValidateWarnings(t *testing.T) {
	out, _, code := zcodec(t, nil, "validate", meta+"valid_float32_plus_infinity.json")
	if code != 0 {
		t.Fatalf("exit %d:\n%s", code, out)
	}
	for _, want := range []string{
		`fill_value "Infinity"`,
		`warning: /fill_value: "+Infinity" is not a Zarr v3 fill-value string`,
		`warning: /codecs/1: unknown codec "zcodec.example_checksum" skipped`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

func TestValidateInvalid(t *testing.T) {
	tests := []struct {
		file  string
		lines []string // every line of the output, in order
	}{
		{"invalid_config.json", []string{
			`/codecs/0/configuration/endian: bytes: "middle" is not one of "little", "big"`,
			`/codecs/1/name: no_such_codec: unknown codec "no_such_codec"`,
		}},
		{"invalid_endian_required.json", []string{
			`/codecs/0/configuration/endian: bytes: endian is required for float64 (8-byte elements)`,
		}},
		{"invalid_chain_order.json", []string{
			`/codecs/1: bytes: second array->bytes codec; a chain has exactly one`,
		}},
		{"invalid_fill_and_grid.json", []string{
			`/chunk_grid/configuration/chunk_shape: chunk_shape has 1 dimensions, shape has 2`,
			`/fill_value: value 1.5 is not a valid int8: want an integer with no fraction or exponent`,
		}},
		{"invalid_header.json", []string{
			`/zarr_format: zarr_format is 2, want 3`,
			`/node_type: node_type is "group", want "array"`,
			`/data_type: unsupported data type "int128"`,
			`/chunk_grid: a rectilinear chunk grid needs a configuration with "kind" and "chunk_shapes"`,
			`/codecs: the codec chain is empty; it needs an array->bytes codec such as "bytes"`,
			`/my_extension: unknown member "my_extension" must be understood`,
		}},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			out, _, code := zcodec(t, nil, "validate", meta+tt.file)
			if code != 1 {
				t.Fatalf("exit %d, want 1:\n%s", code, out)
			}
			got := strings.Split(strings.TrimSpace(out), "\n")
			if len(got) != len(tt.lines) {
				t.Fatalf("got %d lines, want %d:\n%s", len(got), len(tt.lines), out)
			}
			for i, want := range tt.lines {
				if !strings.HasPrefix(got[i], meta+tt.file+": "+want) {
					t.Errorf("line %d = %q\nwant prefix %q", i, got[i], meta+tt.file+": "+want)
				}
			}
		})
	}
}

func TestValidateJSONAndStdin(t *testing.T) {
	data, err := os.ReadFile(meta + "valid_int16_big.json")
	if err != nil {
		t.Fatal(err)
	}
	out, _, code := zcodec(t, data, "validate", "--json", "-", meta+"invalid_endian_required.json")
	if code != 1 {
		t.Fatalf("exit %d, want 1 (one file is invalid)", code)
	}
	var doc struct {
		Files []validateReport `json:"files"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatalf("--json output is not JSON: %v\n%s", err, out)
	}
	if len(doc.Files) != 2 {
		t.Fatalf("got %d file reports, want 2", len(doc.Files))
	}
	ok, bad := doc.Files[0], doc.Files[1]
	if !ok.Valid || ok.File != "-" || ok.DataType != "int16" || string(ok.FillValue) != "-1" || len(ok.Steps) != 1 {
		t.Errorf("stdin report = %+v", ok)
	}
	if st := ok.Steps[0]; st.Codec != "bytes" || st.Encoded.Bytes == nil || *st.Encoded.Bytes != 12 || st.Decoded.DataType != "int16" {
		t.Errorf("step = %+v", st)
	}
	if bad.Valid || len(bad.Problems) != 1 || bad.Problems[0].Pointer != "/codecs/0/configuration/endian" || bad.Problems[0].Codec != "bytes" {
		t.Errorf("invalid report = %+v", bad)
	}
}

func TestEncodeDecodeFiles(t *testing.T) {
	decoded, err := os.ReadFile(meta + "int16_2x3.decoded")
	if err != nil {
		t.Fatal(err)
	}
	encoded, err := os.ReadFile(meta + "int16_2x3.encoded_big")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	encOut := filepath.Join(dir, "chunk.enc")
	if out, stderr, code := zcodec(t, nil, "encode", "--metadata", meta+"valid_int16_big.json", "-i", meta+"int16_2x3.decoded", "-o", encOut); code != 0 {
		t.Fatalf("encode exit %d: %s %s", code, out, stderr)
	}
	got, _ := os.ReadFile(encOut)
	if !bytes.Equal(got, encoded) {
		t.Errorf("encoded = %x, want %x", got, encoded)
	}
	// decode through stdin/stdout
	out, stderr, code := zcodec(t, encoded, "decode", "--metadata", meta+"valid_int16_big.json")
	if code != 0 {
		t.Fatalf("decode exit %d: %s", code, stderr)
	}
	if !bytes.Equal([]byte(out), decoded) {
		t.Errorf("decoded = %x, want %x", out, decoded)
	}
}

func TestChunkErrorsWriteNothing(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out.bin")
	tests := []struct {
		name  string
		stdin []byte
		args  []string
		want  string
	}{
		{"short chunk", []byte{1, 2, 3}, []string{"decode", "--metadata", meta + "valid_int16_big.json", "-o", out}, "corrupt chunk: chunk has 3 bytes, want 12"},
		{"long input", make([]byte, 13), []string{"encode", "--metadata", meta + "valid_int16_big.json", "-o", out}, "more than the 12 bytes"},
		{"wrong size", make([]byte, 10), []string{"encode", "--metadata", meta + "valid_int16_big.json", "-o", out}, "decoded chunk has 10 bytes, want 12"},
		{"invalid metadata", make([]byte, 8), []string{"encode", "--metadata", meta + "invalid_endian_required.json", "-o", out}, "/codecs/0/configuration/endian"},
		{"missing input", nil, []string{"decode", "--metadata", meta + "valid_int16_big.json", "-i", filepath.Join(dir, "nope"), "-o", out}, "no such file"},
		{"bool byte 2", []byte{0, 1, 2, 0, 0}, []string{"decode", "--metadata", meta + "valid_bool.json", "-o", out}, "bool element 2 is byte 0x02"},
		{"uint8 byte 2 is fine", []byte{0, 1, 2, 0, 0}, []string{"decode", "--metadata", meta + "valid_uint8_shorthand.json", "-o", out}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, stderr, code := zcodec(t, tt.stdin, tt.args...)
			if tt.want == "" { // a valid chunk: succeeds
				if code != 0 {
					t.Fatalf("exit %d: %s", code, stderr)
				}
				os.Remove(out)
				return
			}
			if code != 1 {
				t.Errorf("exit %d, want 1", code)
			}
			if !strings.Contains(stderr, tt.want) {
				t.Errorf("stderr %q lacks %q", stderr, tt.want)
			}
			entries, _ := os.ReadDir(dir)
			for _, e := range entries {
				t.Errorf("left behind %s", e.Name())
			}
		})
	}
}

func TestUsageErrors(t *testing.T) {
	for _, args := range [][]string{{}, {"frobnicate"}, {"encode"}, {"validate"}, {"decode", "--metadata"}} {
		if _, _, code := zcodec(t, nil, args...); code != 2 {
			t.Errorf("zcodec %v: exit %d, want 2", args, code)
		}
	}
}

func TestCodecs(t *testing.T) {
	out, _, code := zcodec(t, nil, "codecs")
	if code != 0 || !strings.Contains(out, "bytes") || !strings.Contains(out, "array->bytes") {
		t.Errorf("codecs: exit %d\n%s", code, out)
	}
}
