package numcodecs

import (
	"math"
	"unsafe"

	"github.com/zcodec/zcodec/internal/elements"
	"github.com/zcodec/zcodec/numeric"
)

// quantizeKernels returns whole-chunk loops for a Quantize on float32 or
// float64 data that NumPy computes in the data's own type, stored as
// float32 or float64; nil for other combinations, which go element by
// element through the NumPy model. Decoding between different types is
// astype's loop (between equal types the bound codec copies).
func quantizeKernels(from, mid, to numeric.DataType, scale float64) (enc, dec func(dst, src []byte)) {
	fast := func(dt numeric.DataType) bool { return dt == numeric.Float32 || dt == numeric.Float64 }
	if from == mid && fast(from) && fast(to) {
		if from == numeric.Float32 {
			q := newQuantizer(float32(scale))
			if to == numeric.Float32 {
				enc = quantizeBlocks[float32, float32](q.run)
			} else {
				enc = quantizeBlocks[float32, float64](q.run)
			}
		} else {
			q := newQuantizer(scale)
			if to == numeric.Float64 {
				enc = quantizeBlocks[float64, float64](q.run)
			} else {
				enc = quantizeBlocks[float64, float32](q.run)
			}
		}
	}
	if from != to {
		dec = newNPCastKernel(to, from).run
	}
	return enc, dec
}

// quantizer computes round(x * scale) / scale in F, rounding half to even.
type quantizer[F float32 | float64] struct {
	scale, recip F
	// useRecip: scale and 1/scale are both powers of two of F, so dividing
	// by scale is multiplying by its exact reciprocal (one rounding of the
	// same exact quotient, subnormal results included).
	useRecip bool
}

func newQuantizer[F float32 | float64](scale F) *quantizer[F] {
	q := &quantizer[F]{scale: scale, recip: 1 / scale}
	q.useRecip = elements.IsPow2(float64(scale)) && elements.IsPow2(float64(q.recip))
	return q
}

// run quantises s into d (of the same length). The arithmetic stays in F:
// converting float32 to float64 and back on the way would make each
// element wait for the one before (the conversions write only part of
// their register).
func (q *quantizer[F]) run(d, s []F) {
	d = d[:len(s)]
	scale, recip := q.scale, q.recip
	if q.useRecip {
		i := 0
		for ; i+4 <= len(s); i += 4 { // four independent elements
			w := s[i : i+4 : i+4]
			o := d[i : i+4 : i+4]
			o[0] = F(roundHalfEven(F(w[0]*scale)) * recip)
			o[1] = F(roundHalfEven(F(w[1]*scale)) * recip)
			o[2] = F(roundHalfEven(F(w[2]*scale)) * recip)
			o[3] = F(roundHalfEven(F(w[3]*scale)) * recip)
		}
		for ; i < len(s); i++ {
			d[i] = F(roundHalfEven(F(s[i]*scale)) * recip)
		}
		return
	}
	for i, x := range s {
		d[i] = F(roundHalfEven(F(x*scale)) / scale)
	}
}

// roundHalfEven is np.around for a value of F, computed in F. float64
// uses math.RoundToEven (one ROUNDSD instruction where the CPU has
// SSE4.1). For float32, below 2^22, adding and subtracting 1.5 * 2^23
// leaves no fraction bits and IEEE addition rounds to nearest-even; a
// zero takes the sign of y (rint(-0.3) is -0.0). Larger float32 values are integers already, or NaN or ±Infinity.
func roundHalfEven[F float32 | float64](y F) F {
	if unsafe.Sizeof(y) == 8 {
		return F(math.RoundToEven(float64(y)))
	}
	const limit, magic = 1 << 22, 3 << 22
	if y < limit && y > -limit {
		r := F(F(y+magic) - magic)
		if r == 0 {
			return y * 0
		}
		return r
	}
	return F(math.RoundToEven(float64(y)))
}

// quantizeBlocks runs q over a chunk of F elements and stores the results
// as T (nearest-even, overflowing to ±Infinity, as NumPy's astype):
// directly when T is F, else through a small block that stays in cache.
func quantizeBlocks[F, T float32 | float64](q func(d, s []F)) func(dst, src []byte) {
	return func(dst, src []byte) {
		s := elements.Load[F](src)
		d, direct := elements.Output[T](dst)
		if dd, same := any(d).([]F); same {
			q(dd, s)
		} else {
			var block [512]F
			for base := 0; base < len(s); base += len(block) {
				m := min(len(block), len(s)-base)
				q(block[:m], s[base:base+m])
				out := d[base : base+m]
				for i, v := range block[:m] {
					out[i] = T(v)
				}
			}
		}
		elements.Store(dst, d, direct)
	}
}
