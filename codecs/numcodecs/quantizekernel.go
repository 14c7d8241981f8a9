package numcodecs

import (
	"math"

	"github.com/zcodec/zcodec/internal/elements"
	"github.com/zcodec/zcodec/numeric"
)

// quantizeKernels returns whole-chunk loops for a Quantize on float32 or
// float64 data that NumPy computes in the data's own type, stored as
// float32 or float64; nil for other combinations, which go element by
// element through the NumPy model. Decoding between equal types is a copy.
func quantizeKernels(from, mid, to numeric.DataType, scale float64) (enc, dec func(dst, src []byte)) {
	fast := func(dt numeric.DataType) bool { return dt == numeric.Float32 || dt == numeric.Float64 }
	if from == mid && fast(from) && fast(to) {
		switch {
		case from == numeric.Float32 && to == numeric.Float32:
			enc = quantizeLoop[float32, float32](float32(scale))
		case from == numeric.Float32:
			enc = quantizeLoop[float32, float64](float32(scale))
		case to == numeric.Float32:
			enc = quantizeLoop[float64, float32](scale)
		default:
			enc = quantizeLoop[float64, float64](scale)
		}
	}
	if from == to {
		dec = func(dst, src []byte) { copy(dst, src) }
	}
	return enc, dec
}

// quantizeLoop computes round(x * scale) / scale in F, rounding half to
// even, and converts the result to T (nearest-even, overflowing to
// ±Infinity, as NumPy's astype).
func quantizeLoop[F, T float32 | float64](scale F) func(dst, src []byte) {
	return func(dst, src []byte) {
		s := elements.Load[F](src)
		d, direct := elements.Output[T](dst)
		d = d[:len(s)]
		for i, x := range s {
			y := float64(F(x * scale))
			if math.Abs(y) < 1<<51 {
				y = math.Copysign(elements.RintSmall(y), y) // rint(-0.3) is -0.0
			} else {
				y = math.RoundToEven(y) // already an integer, or NaN/±Inf
			}
			d[i] = T(F(F(y) / scale))
		}
		elements.Store(dst, d, direct)
	}
}
