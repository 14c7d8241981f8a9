package advisor

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/registry"
)

// field is a whole test array held as its chunks (decoded bytes).
type field struct {
	name   string
	spec   codec.ChunkSpec
	grid   []int64
	chunks [][]byte // in C order of the grid
}

// makeField builds a random 2-D field of kind "smooth", "noisy" or
// "holes" (smooth with NaN holes) over a grid of chunks.
func makeField(r *rand.Rand, dt numeric.DataType, kind string, fill numeric.Scalar) field {
	cy, cx := 8+r.IntN(24), 8+r.IntN(24)
	gy, gx := 2+r.IntN(4), 2+r.IntN(4)
	ny, nx := cy*gy, cx*gx
	base := r.NormFloat64() * math.Pow(10, float64(r.IntN(5)-1))
	amp := math.Pow(10, float64(r.IntN(4)-1))
	if dt == numeric.Float16 {
		base, amp = math.Mod(base, 100), math.Min(amp, 10)
	}
	noise := amp * 0.01
	if kind == "noisy" {
		noise = amp
	}
	hy, hx, hr := r.IntN(ny), r.IntN(nx), 2+r.IntN(max(ny, nx)/3)
	value := func(y, x int) float64 {
		v := base + amp*math.Sin(float64(y)/float64(ny)*3) + amp*math.Cos(float64(x)/7)/2 + noise*r.NormFloat64()
		if kind == "holes" && (y-hy)*(y-hy)+(x-hx)*(x-hx) < hr*hr {
			return math.NaN()
		}
		return v
	}
	f := field{name: fmt.Sprintf("%s %v %dx%d chunks %dx%d fill %v", kind, dt, ny, nx, cy, cx, fill),
		spec: codec.ChunkSpec{DataType: dt, Shape: []int{cy, cx}, FillValue: fill}, grid: []int64{int64(gy), int64(gx)}}
	size := dt.Size()
	for by := range gy {
		for bx := range gx {
			b := make([]byte, cy*cx*size)
			for y := range cy {
				for x := range cx {
					numeric.FloatScalar(dt, value(by*cy+y, bx*cx+x)).PutBytes(b[(y*cx+x)*size:])
				}
			}
			f.chunks = append(f.chunks, b)
		}
	}
	return f
}

// verifyWhole resolves the chain strictly and encodes, decodes and
// measures every chunk of the field.
func verifyWhole(t *testing.T, f field, codecsJSON []byte, tol Tolerance) ErrorStats {
	t.Helper()
	ch, err := registry.Default().ParseCodecs(codecsJSON, "/codecs")
	if err != nil {
		t.Fatal(err)
	}
	p, err := codec.NewPipeline(f.spec, ch.Codecs, nil)
	if err != nil {
		t.Fatalf("%s: the advised chain does not resolve strictly: %v\n%s", f.name, err, codecsJSON)
	}
	if w := p.Warnings(); len(w) > 0 {
		t.Fatalf("%s: fill round trip warning %v\n%s", f.name, w, codecsJSON)
	}
	m, _ := NewMeter(f.spec.DataType, tol)
	dec := make([]byte, p.DecodedSize())
	for i, c := range f.chunks {
		enc, err := p.AppendEncode(nil, c)
		if err != nil {
			t.Fatalf("%s: chunk %d does not encode with the advised chain: %v\n%s", f.name, i, err, codecsJSON)
		}
		if err := p.Decode(dec, enc); err != nil {
			t.Fatal(err)
		}
		m.Add(c, dec)
	}
	return m.Errors()
}

// TestAdvisedChainKeepsToleranceOverWholeArray is the advisor's promise:
// for random fields (smooth, noisy, with NaN holes), fill values,
// tolerances and float types, advised from a sample of chunks or from all
// of them, the chosen chain keeps the tolerance on every element of the
// whole array, NaN survives, and the fill value survives strictly.
func TestAdvisedChainKeepsToleranceOverWholeArray(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	n := 60
	if testing.Short() {
		n = 15
	}
	lossy := 0
	for i := range n {
		dt := []numeric.DataType{numeric.Float32, numeric.Float64, numeric.Float16}[r.IntN(3)]
		kind := []string{"smooth", "noisy", "holes"}[r.IntN(3)]
		fills := []float64{math.NaN(), 0, -9999, 1e20}
		if dt == numeric.Float16 {
			fills[3] = 60000
		}
		fill := numeric.FloatScalar(dt, fills[r.IntN(len(fills))])
		f := makeField(r, dt, kind, fill)
		var tol Tolerance
		switch r.IntN(4) {
		case 0, 1:
			tol.Abs = math.Pow(10, float64(r.IntN(4)-3)) * (0.5 + r.Float64())
		case 2:
			tol.Rel = math.Pow(10, -float64(1+r.IntN(3)))
		case 3:
			tol.SigDigits = 1 + r.IntN(4)
		}
		s := &Sample{Spec: f.spec, ArrayChunks: int64(len(f.chunks))}
		if r.IntN(2) == 0 {
			s.Chunks, s.Complete = f.chunks, true
		} else {
			for _, c := range SpreadChunks(f.grid, max(2, len(f.chunks)/3)) {
				s.Chunks = append(s.Chunks, f.chunks[c[0]*f.grid[1]+c[1]])
			}
		}
		rep, err := Advise(context.Background(), s, &Options{Tolerance: tol, Compressors: []string{"zstd"}, Finalists: 1})
		if err != nil {
			t.Fatal(err)
		}
		best := rep.Chosen()
		if best == nil {
			t.Fatalf("%d %s %v: nothing chosen; notes %v", i, f.name, tol, rep.Notes)
		}
		if best.Family != FamilyLossless {
			lossy++
		}
		e := verifyWhole(t, f, best.Codecs, tol)
		if !e.Within() {
			t.Fatalf("%d %s, %v, complete %v: %s exceeds the tolerance over the whole array: %+v\n%s", i, f.name, tol, s.Complete, best.Label, e, best.Codecs)
		}
		if e.MaxAbs > best.Errors.MaxAbs && s.Complete {
			t.Fatalf("%d: the whole array (all sampled) measured %v, the report %v", i, e.MaxAbs, best.Errors.MaxAbs)
		}
	}
	if lossy < n/2 {
		t.Fatalf("only %d of %d advised chains are lossy: the cases do not exercise quantisation", lossy, n)
	}
}
