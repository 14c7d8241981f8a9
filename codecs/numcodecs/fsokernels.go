package numcodecs

import (
	"math"

	"github.com/zcodec/zcodec/internal/elements"
	"github.com/zcodec/zcodec/numeric"
)

// fsoKernels returns whole-chunk kernels for the common case of a float32
// or float64 array whose arithmetic NumPy keeps in that type, stored as
// integers; nil for other combinations, which go element by element
// through the NumPy model.
func fsoKernels(p *fsoPlan) (enc, dec func(dst, src []byte)) {
	if !p.astype.IsInteger() {
		return nil, nil
	}
	if p.t1 == p.dtype && p.t2 == p.dtype {
		switch p.dtype {
		case numeric.Float32:
			enc = fsoEncoder[float32](p.astype, float32(p.encOff.f), float32(p.encSc.f))
		case numeric.Float64:
			enc = fsoEncoder[float64](p.astype, p.encOff.f, p.encSc.f)
		}
	}
	if p.t3 == numeric.Float64 && p.t4 == numeric.Float64 && (p.dtype == numeric.Float32 || p.dtype == numeric.Float64) {
		dec = fsoDecoder(p.astype, p.dtype, p.decSc.f, p.decOff.f)
	}
	return enc, dec
}

func fsoEncoder[F float32 | float64](astype numeric.DataType, off, scale F) func(dst, src []byte) {
	switch astype {
	case numeric.Int8:
		return fsoEnc32[F, int8](off, scale)
	case numeric.Uint8:
		return fsoEnc32[F, uint8](off, scale)
	case numeric.Int16:
		return fsoEnc32[F, int16](off, scale)
	case numeric.Uint16:
		return fsoEnc32[F, uint16](off, scale)
	case numeric.Int32:
		return fsoEnc32[F, int32](off, scale)
	}
	return func(dst, src []byte) {
		s := elements.Load[F](src)
		switch astype {
		case numeric.Uint32:
			d, direct := elements.Output[uint32](dst)
			for i, x := range s[:len(d)] {
				d[i] = uint32(floatToInt(math.RoundToEven(float64(F(F(x-off)*scale))), numeric.Uint32))
			}
			elements.Store(dst, d, direct)
		case numeric.Int64:
			d, direct := elements.Output[int64](dst)
			for i, x := range s[:len(d)] {
				d[i] = cvtInt64(math.RoundToEven(float64(F(F(x-off) * scale))))
			}
			elements.Store(dst, d, direct)
		default:
			d, direct := elements.Output[uint64](dst)
			for i, x := range s[:len(d)] {
				d[i] = floatToInt(math.RoundToEven(float64(F(F(x-off)*scale))), numeric.Uint64)
			}
			elements.Store(dst, d, direct)
		}
	}
}

// fsoEnc32 encodes to the integer types NumPy converts through int32.
func fsoEnc32[F float32 | float64, I int8 | uint8 | int16 | uint16 | int32](off, scale F) func(dst, src []byte) {
	return func(dst, src []byte) {
		s := elements.Load[F](src)
		d, direct := elements.Output[I](dst)
		fsoEnc32Loop(d, s, off, scale)
		elements.Store(dst, d, direct)
	}
}

func fsoEnc32Loop[F float32 | float64, I int8 | uint8 | int16 | uint16 | int32](d []I, s []F, off, scale F) {
	s = s[:len(d)]
	for i, x := range s {
		// rintSmall is exact below 2^51; beyond, the conversion gives the
		// out-of-range result whatever the rounding.
		r := elements.RintSmall(float64(F(F(x-off) * scale)))
		v := int32(math.MinInt32)
		if r > -2147483649 && r < 2147483648 {
			v = int32(r)
		}
		d[i] = I(v)
	}
}

func fsoDecoder(astype, dtype numeric.DataType, scale, off float64) func(dst, src []byte) {
	switch astype {
	case numeric.Int8:
		return fsoDec[int8](dtype, scale, off)
	case numeric.Uint8:
		return fsoDec[uint8](dtype, scale, off)
	case numeric.Int16:
		return fsoDec[int16](dtype, scale, off)
	case numeric.Uint16:
		return fsoDec[uint16](dtype, scale, off)
	case numeric.Int32:
		return fsoDec[int32](dtype, scale, off)
	case numeric.Uint32:
		return fsoDec[uint32](dtype, scale, off)
	case numeric.Int64:
		return fsoDec[int64](dtype, scale, off)
	}
	return fsoDec[uint64](dtype, scale, off)
}

func fsoDec[I int8 | uint8 | int16 | uint16 | int32 | uint32 | int64 | uint64](dtype numeric.DataType, scale, off float64) func(dst, src []byte) {
	// a power-of-two scale divides by multiplying with its exact reciprocal
	recip, useRecip := 1/scale, elements.IsPow2(scale) && elements.IsPow2(1/scale)
	return func(dst, src []byte) {
		s := elements.Load[I](src)
		if dtype == numeric.Float64 {
			d, direct := elements.Output[float64](dst)
			s = s[:len(d)]
			if useRecip {
				for i, x := range s {
					d[i] = float64(float64(x)*recip) + off
				}
			} else {
				for i, x := range s {
					d[i] = float64(float64(x)/scale) + off
				}
			}
			elements.Store(dst, d, direct)
			return
		}
		d, direct := elements.Output[float32](dst)
		s = s[:len(d)]
		for i, x := range s {
			var v float64
			if useRecip {
				v = float64(float64(x)*recip) + off
			} else {
				v = float64(float64(x)/scale) + off
			}
			if math.Abs(v) <= math.MaxFloat32 {
				d[i] = float32(v)
			} else {
				d[i] = float32(roundFloat(v, numeric.Float32))
			}
		}
		elements.Store(dst, d, direct)
	}
}
