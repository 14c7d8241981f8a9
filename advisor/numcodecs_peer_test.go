package advisor

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/registry"
)

// peerEntry is one chain for testdata/advise/numcodecs_decode.py.
type peerEntry struct {
	Name     string          `json:"name"`
	Codecs   json.RawMessage `json:"codecs"`
	DataType string          `json:"data_type"`
	Shape    []int           `json:"shape"`
	Encoded  string          `json:"encoded"`
	Decoded  string          `json:"decoded"`
}

// TestNumcodecsDecodesAdvisedChains checks that the chains the advisor
// runs are ones numcodecs decodes: every candidate that meets the
// tolerance, advised with every compressor family on a smooth float32
// field with NaN and on a noisy float64 field, encodes the field's first
// chunk here, and testdata/advise/numcodecs_decode.py decodes it with
// numcodecs as zarr-python 3 calls it and must get zcodec's decoded chunk
// bit for bit. The chains must include the second-difference and
// big-endian variants. Skipped when /usr/bin/python3 or its numcodecs is
// missing, and in -short mode.
func TestNumcodecsDecodesAdvisedChains(t *testing.T) {
	if testing.Short() {
		t.Skip("-short")
	}
	const python = "/usr/bin/python3"
	if out, err := exec.Command(python, "-c", "import numcodecs.blosc, numcodecs.zstd, numcodecs.bz2, numcodecs.lz4").CombinedOutput(); err != nil {
		t.Skipf("%s cannot import numcodecs: %v %s", python, err, strings.TrimSpace(string(out)))
	}
	dir := t.TempDir()
	noisy := makeField(rand.New(rand.NewPCG(5, 6)), numeric.Float64, "noisy", numeric.FloatScalar(numeric.Float64, -9999))
	fields := []struct {
		f   field
		tol Tolerance
	}{{smoothField(), Tolerance{Abs: 0.05}}, {noisy, Tolerance{Rel: 0.001}}}
	var entries []peerEntry
	seen := map[string]bool{}
	for fi, fc := range fields {
		f := fc.f
		s := &Sample{Spec: f.spec, Chunks: f.chunks, Complete: true, ArrayChunks: int64(len(f.chunks))}
		r, err := Advise(context.Background(), s, &Options{Tolerance: fc.tol, Compressors: CompressorFamilies, Finalists: 3})
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range r.Candidates {
			if !c.Meets() || seen[string(c.Codecs)] {
				continue
			}
			seen[string(c.Codecs)] = true
			ch, err := registry.Default().ParseCodecs(c.Codecs, "/codecs")
			if err != nil {
				t.Fatal(err)
			}
			p, err := codec.NewPipeline(f.spec, ch.Codecs, nil)
			if err != nil {
				t.Fatal(err)
			}
			enc, err := p.AppendEncode(nil, f.chunks[0])
			if err != nil {
				t.Fatal(err)
			}
			dec := make([]byte, p.DecodedSize())
			if err := p.Decode(dec, enc); err != nil {
				t.Fatal(err)
			}
			e := peerEntry{Name: fmt.Sprintf("%s: %s", f.name, c.Label), Codecs: c.Codecs, DataType: f.spec.DataType.String(),
				Shape: f.spec.Shape, Encoded: fmt.Sprintf("%d-%d.enc", fi, len(entries)), Decoded: fmt.Sprintf("%d-%d.dec", fi, len(entries))}
			for name, b := range map[string][]byte{e.Encoded: enc, e.Decoded: dec} {
				if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			entries = append(entries, e)
		}
	}
	var dd, be bool
	for _, e := range entries {
		dd = dd || strings.Contains(e.Name, "delta | delta")
		be = be || strings.Contains(e.Name, "big-endian")
	}
	if !dd || !be {
		t.Fatalf("the chains include no second difference (%v) or no big-endian bytes (%v)", dd, be)
	}
	js, _ := json.MarshalIndent(entries, "", " ")
	if err := os.WriteFile(filepath.Join(dir, "manifest.json"), js, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(python, filepath.Join("..", "testdata", "advise", "numcodecs_decode.py"), "--dir", dir).CombinedOutput()
	if err != nil {
		t.Fatalf("numcodecs_decode.py: %v\n%s", err, out)
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	t.Log(lines[len(lines)-1])
}
