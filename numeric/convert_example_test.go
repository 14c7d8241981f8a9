package numeric_test

import (
	"fmt"
	"math"

	"github.com/zcodec/zcodec/numeric"
)

// A typed Caster converts whole slices; a pass that fuses another
// computation with the cast hands it one block at a time.
func ExampleCaster() {
	c, err := numeric.NewCaster[float32, int16](numeric.NearestEven, numeric.OutOfRangeClamp, nil)
	if err != nil {
		panic(err)
	}
	src := []float32{0.5, 1.5, -2.5, 40000, -1e9}
	dst := make([]int16, len(src))
	i, failure := c.Cast(dst, src)
	fmt.Println(dst, i, failure)
	_, failure = c.One(float32(castExampleNaN()))
	fmt.Println(failure)
	// Output:
	// [0 2 -2 32767 -32768] -1 ok
	// NaN has no integer value and scalar_map does not map it
}

// NewCast chooses a conversion at run time and works on little-endian
// element bytes.
func ExampleNewCast() {
	c, err := numeric.NewCast(numeric.CastSpec{From: numeric.Uint64, To: numeric.Float64, Rounding: numeric.TowardsZero})
	if err != nil {
		panic(err)
	}
	x, _ := numeric.UintScalar(numeric.Uint64, 1<<64-1)
	y, failure := c.Scalar(x)
	fmt.Printf("%v = %.0f %v\n", y, y.Float64(), failure)
	// Output:
	// 1.844674407370955e+19 = 18446744073709549568 ok
}

func castExampleNaN() float64 {
	var zero float64
	return zero / zero
}

// A ByteTable holds the 256 results of a conversion from 8-bit data, made
// once with the exact scalar code; applying it looks each element up.
func ExampleByteTable() {
	// uint8 quantised temperatures back to kelvin: x / 4 + 243.15, and
	// 255 means "missing" (NaN).
	t := numeric.NewByteTable(func(b uint8) (float64, numeric.CastFailure) {
		if b == 255 {
			return math.NaN(), numeric.CastOK
		}
		return float64(b)/4 + 243.15, numeric.CastOK
	})
	dst := make([]float64, 3)
	i, f := t.Apply(dst, []byte{0, 120, 255})
	fmt.Println(dst, i, f, t.Failing())
	// Output: [243.15 273.15 NaN] -1 ok false
}
