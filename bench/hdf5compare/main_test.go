package main

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/zcodec/zcodec/internal/cputime"
	"github.com/zcodec/zcodec/internal/hdf5bench"
)

func TestMedian(t *testing.T) {
	for _, tc := range []struct {
		v    []float64
		want float64
	}{{nil, 0}, {[]float64{3}, 3}, {[]float64{5, 1, 3}, 3}, {[]float64{4, 1, 3, 2}, 2.5}} {
		if got := median(tc.v); got != tc.want {
			t.Errorf("median(%v) = %v, want %v", tc.v, got, tc.want)
		}
	}
}

// TestRates checks that rates use each timing's own N (a peer scan that
// stopped early did less per call) and that the median pairs run i of
// each side.
func TestRates(t *testing.T) {
	ours := []timing{{CPU: 1, Wall: 2, N: 100}, {CPU: 2, Wall: 2, N: 100}}
	peer := []timing{{CPU: 1, Wall: 1, N: 10}, {CPU: 1, Wall: 1, N: 50}}
	if got := best(ours, true, 1); got != 100 {
		t.Errorf("best ours by CPU = %v, want 100", got)
	}
	if got := best(peer, false, 10); got != 5 {
		t.Errorf("best peer by wall over 10 = %v, want 5", got)
	}
	// pairs: 100/10 = 10 and 50/50 = 1
	if got := pairedMedian(ours, peer); got != 5.5 {
		t.Errorf("pairedMedian = %v, want 5.5", got)
	}
	if got := rate(timing{N: 5}, true, 1); got != 0 {
		t.Errorf("rate of no time = %v, want 0", got)
	}
}

// files returns the generated files or skips.
func files(t testing.TB) *hdf5bench.Manifest {
	m, err := hdf5bench.Load()
	if err != nil {
		t.Skipf("%v; %s", err, hdf5bench.Hint)
	}
	return m
}

// TestChecks runs every row's check against h5py, where the files and
// the peer are there: the read's bytes, the scans' offsets and sizes and
// the open's node count must agree with h5py's, and each side must time.
func TestChecks(t *testing.T) {
	if testing.Short() {
		t.Skip("reads hundreds of MB and starts Python")
	}
	m := files(t)
	big, _ := m.Big()
	e := &env{files: m, cap: 0.5, out: t.TempDir()}
	n := int64(4)
	for _, s := range big.Shape {
		n *= s
	}
	e.buf = make([]byte, n)
	p, err := startPeer(t.TempDir())
	if err != nil {
		t.Skipf("no peer: %v", err)
	}
	defer p.close()
	ctx := context.Background()
	var notes []string
	for _, r := range e.rows() {
		if r.check != nil {
			note, err := r.check(ctx, p)
			if err != nil {
				t.Errorf("%s: %v", r.name, err)
			}
			if note != "" {
				notes = append(notes, note)
			}
		}
	}
	if len(notes) != 12 {
		t.Errorf("%d checks compared with h5py, want 12 (2 reads, 7 scans, 1 open, 2 conversions): %q", len(notes), notes)
	}
	rep, err := p.time(peerRequest{Op: "scan", File: m.Path(m.Files[0]), Dataset: "data", Cap: 0.5}, time.Millisecond)
	if err != nil || rep.Error != "" || rep.Timing.Wall <= 0 || rep.Timing.CPU <= 0 || rep.Timing.N <= 0 {
		t.Errorf("a peer scan: %+v, %v", rep, err)
	}
	if _, err := p.time(peerRequest{Op: "no such op", File: "x"}, time.Millisecond); err != nil {
		t.Fatal(err)
	}
}

// BenchmarkConvert converts the big file into a new Zarr v3 directory
// store (chunks copied verbatim) as the convert rows do, beside io.Copy
// of the file's bytes; MB/s of the HDF5 file's size.
func BenchmarkConvert(b *testing.B) {
	m := files(b)
	big, _ := m.Big()
	path := m.Path(big)
	ctx := context.Background()
	for _, c := range []struct {
		name string
		f    func(out string) (float64, error)
	}{
		{"zcodec", func(out string) (float64, error) { return convert(ctx, path, out, big.Bytes) }},
		{"io.Copy", func(out string) (float64, error) { return copyFile(path, out) }},
	} {
		b.Run(c.name, func(b *testing.B) {
			out := filepath.Join(b.TempDir(), "out")
			if err := os.Mkdir(out, 0o755); err != nil {
				b.Fatal(err)
			}
			b.SetBytes(big.Bytes)
			b.ReportAllocs()
			cputime.Loop(b, int(big.Bytes), func() {
				if _, err := c.f(out); err != nil {
					b.Fatal(err)
				}
				b.StopTimer()
				cleanDir(out)
				b.StartTimer()
			})
		})
	}
}
