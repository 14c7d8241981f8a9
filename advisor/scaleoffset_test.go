package advisor

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/registry"
)

// runScaleOffset encodes and decodes values (of type dt) through
// scale_offset with plan's parameters and cast_value into target, with the
// real codecs, and returns what a Meter measured under tol.
func runScaleOffset(t *testing.T, dt, target numeric.DataType, plan soPlan, values []float64, tol float64) ErrorStats {
	t.Helper()
	js := fmt.Sprintf(`[{"name":"scale_offset","configuration":{"offset":%s,"scale":%s}},`+
		`{"name":"cast_value","configuration":{"data_type":%q}},{"name":"bytes","configuration":{"endian":"little"}}]`,
		numeric.FormatFillValue(numeric.FloatScalar(dt, plan.offset)), numeric.FormatFillValue(numeric.FloatScalar(dt, plan.scale)), target.String())
	ch, err := registry.Default().ParseCodecs([]byte(js), "/codecs")
	if err != nil {
		t.Fatal(err)
	}
	spec := codec.ChunkSpec{DataType: dt, Shape: []int{len(values)}, FillValue: numeric.Zero(dt)}
	p, err := codec.NewPipeline(spec, ch.Codecs, &codec.Options{FillMode: codec.FillWarn})
	if err != nil {
		t.Fatal(err)
	}
	raw := make([]byte, spec.Size())
	for i, v := range values {
		numeric.FloatScalar(dt, v).PutBytes(raw[i*dt.Size():])
	}
	enc, err := p.AppendEncode(nil, raw)
	if err != nil {
		t.Fatalf("%s: encode: %v", js, err)
	}
	dec := make([]byte, len(raw))
	if err := p.Decode(dec, enc); err != nil {
		t.Fatal(err)
	}
	m, _ := NewMeter(dt, Tolerance{Abs: tol})
	m.Add(raw, dec)
	return m.Errors()
}

// TestPlanScaleOffsetKeepsTolerance: for random ranges, tolerances, array
// types and targets, every value of the array's type in the carried range
// (a dense grid, the ends, the data's ends) encodes through the real
// codecs and decodes within the tolerance, and the parameters are exact in
// the array's type.
func TestPlanScaleOffsetKeepsTolerance(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	planned := 0
	for range 600 {
		dt := []numeric.DataType{numeric.Float32, numeric.Float64, numeric.Float16}[r.IntN(3)]
		target := []numeric.DataType{numeric.Uint8, numeric.Int8, numeric.Uint16, numeric.Int16, numeric.Uint32}[r.IntN(5)]
		center := r.NormFloat64() * math.Pow(10, float64(r.IntN(8)-3))
		width := math.Pow(10, float64(r.IntN(8)-3)) * r.Float64()
		lo, hi := center-width/2, center+width/2
		if dt == numeric.Float16 {
			lo, hi = math.Max(lo, -60000), math.Min(hi, 60000)
		}
		lo = numeric.FloatScalar(dt, lo).Float64()
		hi = numeric.FloatScalar(dt, hi).Float64()
		tol := width * math.Pow(2, -float64(r.IntN(30))) * (0.5 + r.Float64())
		if tol < minBound || lo > hi {
			continue
		}
		plan, why := planScaleOffset(soInput{dt: dt, lo: lo, hi: hi, tol: tol, target: target, reserved: r.IntN(3), complete: r.IntN(2) == 0})
		if why != "" {
			continue
		}
		planned++
		if !representable(dt, plan.scale) || !representable(dt, plan.offset) {
			t.Fatalf("%v: scale %v or offset %v not exact in the type", dt, plan.scale, plan.offset)
		}
		if 0.5/plan.scale+plan.floatErr > tol {
			t.Fatalf("plan %+v: half step plus float error above %v", plan, tol)
		}
		var values []float64
		for i := 0; i <= 2000; i++ {
			v := plan.carried[0] + (plan.carried[1]-plan.carried[0])*float64(i)/2000
			values = append(values, numeric.FloatScalar(dt, v).Float64())
		}
		for _, v := range []float64{lo, hi, plan.carried[0], plan.carried[1]} {
			b, _ := numeric.NarrowFloat64(v, dt, numeric.TowardsZero)
			values = append(values, numeric.WidenFloat(b, dt))
		}
		keep := values[:0]
		for _, v := range values {
			if v >= plan.carried[0] && v <= plan.carried[1] {
				keep = append(keep, v)
			}
		}
		if e := runScaleOffset(t, dt, target, plan, keep, tol); !e.Within() {
			t.Fatalf("%v -> %v, range [%v, %v], tol %v, plan %+v: %+v", dt, target, lo, hi, tol, plan, e)
		}
	}
	if planned < 150 {
		t.Fatalf("only %d of the random cases could be planned", planned)
	}
}

// TestStepOfExactlyTwiceTheTolerance is the failure the planner avoids: a
// float32 chain with a step of exactly 2 x 0.05 exceeds 0.05 on real
// temperatures, and the planned one does not.
func TestStepOfExactlyTwiceTheTolerance(t *testing.T) {
	var values []float64
	for i := range 4000 {
		values = append(values, float64(float32(250+float64(i)*0.01)))
	}
	naive := soPlan{scale: 10, offset: 250}
	if e := runScaleOffset(t, numeric.Float32, numeric.Uint16, naive, values, 0.05); e.Within() {
		t.Fatalf("scale 10 kept 0.05 on float32 data: %+v; the test no longer shows the hazard", e)
	}
	plan, why := planScaleOffset(soInput{dt: numeric.Float32, lo: values[0], hi: values[len(values)-1], tol: 0.05, target: numeric.Uint16, reserved: 1})
	if why != "" {
		t.Fatal(why)
	}
	if e := runScaleOffset(t, numeric.Float32, numeric.Uint16, plan, values, 0.05); !e.Within() || e.MaxAbs > 0.05 {
		t.Fatalf("plan %+v: %+v", plan, e)
	}
	if plan.scale != 10.0625 {
		t.Errorf("scale %v, want 10.0625 (the smallest of few bits above 10 with the rounding margin)", plan.scale)
	}
}

func TestRoundScaleUp(t *testing.T) {
	for _, tc := range []struct {
		x    float64
		pow2 bool
		want float64
	}{
		{10.00001, false, 10.0625}, {10, false, 10}, {0.5, false, 0.5}, {3.3, false, 3.3125},
		{1000.7, false, 1008}, {10.00001, true, 16}, {8, true, 8}, {0.0123, true, 0.015625},
	} {
		if got := roundScaleUp(tc.x, tc.pow2, 10); got != tc.want {
			t.Errorf("roundScaleUp(%v, %v) = %v, want %v", tc.x, tc.pow2, got, tc.want)
		}
	}
}
