package advisor

import (
	"context"
	"encoding/binary"
	"math"
	"testing"
	"time"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/numeric"
)

// FuzzMeter: the Meter decides every element as the rational reference
// does, whatever the values and bounds.
func FuzzMeter(f *testing.F) {
	f.Add(0.1, 0.15000000000000002, 0.05, 0.0, uint8(0))
	f.Add(-0.02, 0.03, 0.05, 0.0, uint8(0))
	f.Add(273.15, 273.2, 0.0, 1.8e-4, uint8(0))
	f.Add(999.9, 1000.3, 0.0, 0.0, uint8(4))
	f.Add(1e-310, 2e-310, 0.0, 0.5, uint8(1))
	f.Add(math.NaN(), math.Inf(1), 1.0, 0.0, uint8(0))
	f.Fuzz(func(t *testing.T, x, d, abs, rel float64, digits uint8) {
		tol := Tolerance{Abs: math.Abs(abs), Rel: math.Abs(rel), SigDigits: int(digits % 18)}
		if tol.Validate() != nil {
			return
		}
		if got, want := meterVerdict(t, x, d, tol), refWithin(x, d, tol); got != want {
			t.Fatalf("x=%v d=%v %v: within %v, want %v", x, d, tol, got, want)
		}
	})
}

// FuzzAdvise: any float32 chunk, fill value and tolerance give a report
// without panicking, and the chosen chain keeps the tolerance on the chunk
// when run again through a pipeline of its own.
func FuzzAdvise(f *testing.F) {
	smooth := make([]byte, 4*64)
	for i := range 64 {
		binary.LittleEndian.PutUint32(smooth[4*i:], math.Float32bits(float32(20+5*math.Sin(float64(i)/9))))
	}
	f.Add(smooth, uint32(0x7fc00000), 0.05, 0.0, uint8(0))
	f.Add(smooth, uint32(0), 0.0, 0.001, uint8(0))
	f.Add(smooth, uint32(0xc61c3c00), 0.0, 0.0, uint8(3)) // fill -9999
	holes := append([]byte(nil), smooth...)
	binary.LittleEndian.PutUint32(holes[8:], 0x7fc00000)
	binary.LittleEndian.PutUint32(holes[40:], 0x7f800000)
	f.Add(holes, uint32(0x7fc00000), 0.5, 0.0, uint8(0))
	f.Fuzz(func(t *testing.T, data []byte, fillBits uint32, abs, rel float64, digits uint8) {
		n := min(len(data)/4, 256)
		if n == 0 {
			return
		}
		tol := Tolerance{Abs: math.Abs(abs), Rel: math.Abs(rel), SigDigits: int(digits % 8)}
		if tol.Validate() != nil {
			return
		}
		spec := codec.ChunkSpec{DataType: numeric.Float32, Shape: []int{n}, FillValue: numeric.ScalarFromBits(numeric.Float32, uint64(fillBits), 0)}
		s := &Sample{Spec: spec, Chunks: [][]byte{data[:4*n]}, Complete: true}
		start := time.Now()
		rep, err := Advise(context.Background(), s, Options{Tolerance: tol, Compressors: []string{"lz4"}, Finalists: 1, Concurrency: 1})
		if took := time.Since(start); took > 3*time.Second {
			t.Fatalf("%v took %v", tol, took)
		}
		if err != nil {
			t.Fatal(err)
		}
		best := rep.Chosen()
		if best == nil {
			t.Fatalf("nothing chosen for %v: %v", tol, rep.Notes)
		}
		e := verifyWhole(t, field{name: "fuzz", spec: spec, chunks: s.Chunks}, best.Codecs, tol)
		if !e.Within() || e != best.Errors {
			t.Fatalf("%s: measured %+v again, reported %+v", best.Label, e, best.Errors)
		}
	})
}
