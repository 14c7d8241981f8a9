package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// endless is standard input that never ends, as `yes |` gives.
type endless struct{}

func (endless) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = "y\n"[i%2]
	}
	return len(p), nil
}

// runEndless runs the binary with an endless standard input and returns
// its output (standard output and error together) and exit status; it fails
// the test if the command does not finish in time.
func runEndless(t *testing.T, args ...string) (string, int) {
	t.Helper()
	cmd := exec.Command(zcodecBin, args...)
	cmd.Stdin = endless{}
	var stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stderr, &stderr
	done := make(chan error, 1)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { done <- cmd.Wait() }()
	select {
	case <-done:
	case <-time.After(60 * time.Second):
		cmd.Process.Kill()
		t.Fatalf("zcodec %v did not finish reading an endless input", args)
	}
	return stderr.String(), cmd.ProcessState.ExitCode()
}

// TestMetadataInputsAreCapped: no metadata input is read past 64 MiB.
func TestMetadataInputsAreCapped(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	big := filepath.Join(dir, "big.json")
	f, _ := os.Create(big)
	f.Truncate(65 << 20)
	f.Close()
	cases := [][]string{
		{"validate", "-"},
		{"encode", "--metadata", "-", "-i", meta + "int16_2x3.decoded"},
		{"hdf5", "translate", "-"},
		{"hdf5", "filters", "-"},
		{"v2", "convert", "-"},
		{"netcdf", "format-filter", "-"},
	}
	t.Run("endless", func(t *testing.T) {
		for _, args := range cases {
			t.Run(strings.Join(args[:2], "_"), func(t *testing.T) {
				t.Parallel()
				stderr, code := runEndless(t, args...)
				if code != 1 || !strings.Contains(stderr, "larger than 64 MiB") {
					t.Errorf("%v with an endless input: exit %d, stderr %q", args, code, stderr)
				}
			})
		}
	})
	for _, args := range [][]string{{"validate", big}, {"v2", "convert", big}, {"decode", "--metadata", big}} {
		out, stderr, code := zcodec(t, nil, args...)
		if code != 1 || !strings.Contains(out+stderr, "larger than 64 MiB") {
			t.Errorf("%v: exit %d, %q %q", args, code, out, stderr)
		}
	}
	if _, err := os.Stat("/dev/zero"); err == nil {
		out, _, code := zcodec(t, nil, "validate", "/dev/zero")
		if code != 1 || !strings.Contains(out, "larger than 64 MiB") {
			t.Errorf("validate /dev/zero: exit %d, %q", code, out)
		}
	}
}

// hugeChunk is a zarr.json whose one chunk decodes to 2 GiB.
const hugeChunk = `{"zarr_format": 3, "node_type": "array", "shape": [2147483648], "data_type": "uint8",
	"chunk_grid": {"name": "regular", "configuration": {"chunk_shape": [2147483648]}},
	"chunk_key_encoding": {"name": "default"}, "fill_value": 0,
	"codecs": ["bytes", {"name": "zstd", "configuration": {"level": 1}}]}`

// TestMaxChunkBytes: encode and decode refuse a chunk larger than
// --max-chunk-bytes (1 GiB by default) before reading their input.
func TestMaxChunkBytes(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	huge := filepath.Join(dir, "zarr.json")
	os.WriteFile(huge, []byte(hugeChunk), 0o644)
	for _, op := range []string{"encode", "decode"} {
		stderr, code := runEndless(t, op, "--metadata", huge, "-o", filepath.Join(dir, "out"))
		if code != 1 || !strings.Contains(stderr, "decodes to 2147483648 bytes, more than --max-chunk-bytes 1GiB") {
			t.Errorf("%s: exit %d, stderr %q", op, code, stderr)
		}
	}
	decoded, _ := os.ReadFile(meta + "int16_2x3.decoded")
	_, stderr, code := zcodec(t, decoded, "encode", "--metadata", meta+"valid_int16_big.json", "--max-chunk-bytes", "11")
	if code != 1 || !strings.Contains(stderr, "decodes to 12 bytes, more than --max-chunk-bytes 11") {
		t.Errorf("--max-chunk-bytes 11: exit %d, %q", code, stderr)
	}
	if _, stderr, code := zcodec(t, decoded, "encode", "--metadata", meta+"valid_int16_big.json", "--max-chunk-bytes", "1KiB"); code != 0 {
		t.Errorf("--max-chunk-bytes 1KiB: exit %d, %q", code, stderr)
	}
	for _, bad := range []string{"0", "-5", "1XB", "lots", "99999999999TiB"} {
		if _, _, code := zcodec(t, decoded, "encode", "--metadata", meta+"valid_int16_big.json", "--max-chunk-bytes", bad); code != 2 {
			t.Errorf("--max-chunk-bytes %s: exit %d, want 2", bad, code)
		}
	}
}

// TestValidateJSONKeepsArrows: --json writes "->", "<" and ">" as they are.
func TestValidateJSONKeepsArrows(t *testing.T) {
	out, _, code := runIn(t, nil, "validate", "--json", meta+"valid_int16_big.json", meta+"invalid_chain_order.json")
	if code != 1 {
		t.Fatalf("exit %d", code)
	}
	if strings.Contains(out, `\u003e`) || strings.Contains(out, `\u003c`) || !strings.Contains(out, `"kind": "array->bytes"`) {
		t.Fatalf("escaped output:\n%s", out)
	}
}

// TestLongValuesAreShortened: a huge command name, filter spec or file
// name is not echoed whole.
func TestLongValuesAreShortened(t *testing.T) {
	huge := strings.Repeat("x", 10<<20)
	spec := strings.Repeat("307,9|", 20000) + "307,,9"
	for _, args := range [][]string{
		{huge},
		{"hdf5", huge},
		{"netcdf", "parse-filter", spec},
		{"validate", huge},
		{"encode", "--metadata", huge},
		{"fillvalue", "encode", "--dtype", "uint8", "-" + huge[:1<<20]},
		{"fillvalue", "encode", "--dtype", huge[:1<<20], "1"},
	} {
		out, stderr, _ := runIn(t, nil, args...)
		if len(out)+len(stderr) > 2000 {
			t.Errorf("zcodec %.40q...: %d bytes of output", args, len(out)+len(stderr))
		}
	}
}

// TestConcurrencyWithin: --max-chunk-bytes bounds the chunks at work at
// once, measured against the library's default, which over an object
// store is its preferred concurrency rather than GOMAXPROCS.
func TestConcurrencyWithin(t *testing.T) {
	for _, c := range []struct {
		limit, chunk int64
		defaultConc  int
		want         int
	}{
		{0, 1 << 20, 64, 0},         // no limit: the default
		{64 << 20, 1 << 20, 64, 0},  // the default fits
		{16 << 20, 1 << 20, 64, 16}, // 64 in flight would hold 64 MiB
		{16 << 20, 1 << 20, 2, 0},   // two fit
		{1 << 20, 8 << 20, 2, 1},    // at least one
	} {
		if got := concurrencyWithin(c.limit, c.chunk, c.defaultConc); got != c.want {
			t.Errorf("concurrencyWithin(%d, %d, %d) = %d, want %d", c.limit, c.chunk, c.defaultConc, got, c.want)
		}
	}
}
