package advisor

import (
	"context"
	"encoding/binary"
	"math"
	"testing"
	"time"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/registry"
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
	f.Add(onGrid(), uint32(0x7fc00000), 0.125, 0.0, uint8(0))
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
		rep, err := Advise(context.Background(), s, &Options{Tolerance: tol, Compressors: []string{"lz4"}, Finalists: 1, Concurrency: 1})
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

// FuzzEdgeChunk: an edge chunk of any shape, extent, fill value and
// contents (the padding holding the fill value) is advised on without
// panicking; the statistics and errors count exactly the elements inside
// the extent, and the chosen chain, run again element by element over the
// extent, measures what was reported.
func FuzzEdgeChunk(f *testing.F) {
	f.Add([]byte("\x00\x00\xa0\x41\x00\x00\xa4\x41\x00\x00\xa8\x41\x00\x00\xac\x41\x00\x00\xb0\x41\x00\x00\xb4\x41"), uint8(3), uint8(2), uint8(1), uint32(0x7fc00000), 0.05)
	f.Add([]byte("\x00\x00\xa0\x41\x00\x00\xc0\x7f\x00\x00\xa8\x41\x00\x00\xac\x41"), uint8(2), uint8(1), uint8(1), uint32(0xc61c3c00), 0.5)
	f.Add([]byte("\x00\x00\x80\x3f\x00\x00\x00\x40\x00\x00\x40\x40"), uint8(3), uint8(3), uint8(0), uint32(0), 0.01)
	f.Fuzz(func(t *testing.T, data []byte, nx, ex, ey uint8, fillBits uint32, abs float64) {
		cols := 1 + int(nx%16)
		rows := min(len(data)/4/cols, 16)
		if rows == 0 {
			return
		}
		ext := []int{1 + int(ey)%rows, 1 + int(ex)%cols}
		tol := Tolerance{Abs: math.Abs(abs)}
		if tol.Validate() != nil {
			return
		}
		fill := numeric.ScalarFromBits(numeric.Float32, uint64(fillBits), 0)
		spec := codec.ChunkSpec{DataType: numeric.Float32, Shape: []int{rows, cols}, FillValue: fill}
		chunk := append([]byte(nil), data[:4*rows*cols]...)
		for y := range rows {
			for x := range cols {
				if y >= ext[0] || x >= ext[1] {
					fill.PutBytes(chunk[4*(y*cols+x):])
				}
			}
		}
		s := &Sample{Spec: spec, Chunks: [][]byte{chunk}, Extents: [][]int{ext}}
		rep, err := Advise(context.Background(), s, &Options{Tolerance: tol, Compressors: []string{"lz4"}, Finalists: 1, Concurrency: 1})
		if err != nil {
			t.Fatal(err)
		}
		inside := int64(ext[0] * ext[1])
		if rep.Stats.Elements != inside {
			t.Fatalf("stats of %d elements, want %d", rep.Stats.Elements, inside)
		}
		best := rep.Chosen()
		if best == nil {
			t.Fatalf("nothing chosen for %v: %v", tol, rep.Notes)
		}
		ch, err := registry.Default().ParseCodecs(best.Codecs, "/codecs")
		if err != nil {
			t.Fatal(err)
		}
		p, err := codec.NewPipeline(spec, ch.Codecs, nil)
		if err != nil {
			t.Fatal(err)
		}
		enc, err := p.AppendEncode(nil, chunk)
		if err != nil {
			t.Fatal(err)
		}
		dec := make([]byte, len(chunk))
		if err := p.Decode(dec, enc); err != nil {
			t.Fatal(err)
		}
		m, _ := NewMeter(numeric.Float32, tol)
		for y := range ext[0] {
			for x := range ext[1] {
				i := 4 * (y*cols + x)
				m.Add(chunk[i:i+4], dec[i:i+4])
			}
		}
		if e := m.Errors(); e != best.Errors || e.Elements != inside || !e.Within() {
			t.Fatalf("%s: measured %+v again, reported %+v", best.Label, e, best.Errors)
		}
	})
}

// onGrid returns 64 float32 values on a 0.25 grid from 243.15.
func onGrid() []byte {
	b := make([]byte, 4*64)
	for i := range 64 {
		k := math.Round(4 * 5 * math.Sin(float64(i)/9))
		binary.LittleEndian.PutUint32(b[4*i:], math.Float32bits(float32(243.15+k/4)))
	}
	return b
}

// FuzzDetectGrid: whatever the values, a grid found has a step of at
// least gridMinSteps times the noise and holds every finite value within
// the noise of ref + k*step.
func FuzzDetectGrid(f *testing.F) {
	f.Add(onGrid())
	f.Add([]byte{0, 0, 128, 63, 0, 0, 0, 64, 0, 0, 64, 64, 0, 0, 128, 64}) // 1, 2, 3, 4
	f.Fuzz(func(t *testing.T, data []byte) {
		n := min(len(data)/4, 512)
		if n == 0 {
			return
		}
		spec := codec.ChunkSpec{DataType: numeric.Float32, Shape: []int{n}, FillValue: numeric.FloatScalar(numeric.Float32, math.NaN())}
		s := &Sample{Spec: spec, Chunks: [][]byte{data[:4*n]}, Complete: true}
		a := gridAdvice(s, Tolerance{Abs: 1})
		g, ok := a.detectGrid()
		if !ok {
			return
		}
		mant, _, _ := numeric.Float32.FloatFormat()
		noise := gridNoiseULPs * math.Ldexp(1, -(mant+1)) * a.stats.MaxAbs()
		if !(g.step >= gridMinSteps*noise) || !(g.noise <= noise) {
			t.Fatalf("step %v noise %v (bound %v)", g.step, g.noise, noise)
		}
		finiteValues(a.sample, func(v float64) {
			d := v - g.ref
			if r := math.Abs(d - math.Round(d/g.step)*g.step); r > noise {
				t.Fatalf("%v is %v off the grid %v + k*%v", v, r, g.ref, g.step)
			}
		})
	})
}
