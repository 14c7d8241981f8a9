package numeric

import (
	"encoding/binary"
	"math"
)

// Conversions from and to the sub-byte integers and the small floats.
// Every element of these types is one byte, so a conversion from one of
// them is a table of its 256 results, each computed by the exact scalar
// path (the value of the byte, then the conversion of that value); a
// conversion into one of them rounds each element exactly: integers
// through a float64 rounded to odd (intToFloat64Odd), floats from their
// exact float64 value (smallFormat.narrow). float32 into float8 types
// has a branch-light kernel of its own (convert_small_f32.go).

// smallCast returns the byte kernel of spec, one of whose types is small.
func smallCast(spec CastSpec) func(dst, src []byte) (int, CastFailure) {
	if isSmall(spec.From) {
		return smallSourceTable(spec).apply
	}
	var k func(dst, src []byte) (int, CastFailure)
	switch spec.From {
	case Int8:
		k = bytesKernel(byteKernel(intoSmall[int8](spec)))
	case Int16:
		k = bytesKernel(intoSmall[int16](spec))
	case Int32:
		k = bytesKernel(intoSmall[int32](spec))
	case Int64:
		k = bytesKernel(intoSmall[int64](spec))
	case Uint8:
		k = bytesKernel(byteKernel(intoSmall[uint8](spec)))
	case Uint16:
		k = bytesKernel(intoSmall[uint16](spec))
	case Uint32:
		k = bytesKernel(intoSmall[uint32](spec))
	case Uint64:
		k = bytesKernel(intoSmall[uint64](spec))
	case Float16:
		k = bytesKernel(intoSmall[F16](spec))
	case BFloat16:
		k = bytesKernel(intoSmall[BF16](spec))
	case Float32:
		k = bytesKernel(intoSmall[float32](spec))
	default:
		k = bytesKernel(intoSmall[float64](spec))
	}
	return k
}

// smallTable is a conversion from a one-byte small type as the table of
// its 256 results (little-endian element bytes of the target).
type smallTable struct {
	size    int
	vals    []byte // 256 * size
	fail    [256]CastFailure
	failing bool
}

// smallSourceTable tabulates spec, whose source type is small: for each
// byte, the scalar_map entry its value matches, or the conversion of its
// exact value (float64 for the floats, int64 for the integers) to the
// target by the same rounding and out_of_range.
func smallSourceTable(spec CastSpec) *smallTable {
	inner := spec
	inner.Map = nil
	if spec.From.IsFloat() {
		inner.From = Float64
	} else {
		inner.From = Int64
	}
	c, err := NewCast(inner)
	if err != nil { // cannot happen: the spec was validated
		panic(err)
	}
	t := &smallTable{size: spec.To.Size()}
	t.vals = make([]byte, 256*t.size)
	for b := range 256 {
		s := ScalarFromBits(spec.From, uint64(b), 0)
		r, f := smallScalar(spec, c, s)
		if f != CastOK {
			t.fail[b], t.failing = f, true
			continue
		}
		r.PutBytes(t.vals[b*t.size:])
	}
	return t
}

// smallScalar converts s, a value of the small source type of spec, by
// the scalar_map of spec and then by c (from float64 or int64).
func smallScalar(spec CastSpec, c *Cast, s Scalar) (Scalar, CastFailure) {
	for _, e := range spec.Map {
		if e.From.Equal(s) {
			return e.To, CastOK
		}
	}
	var wide Scalar
	if s.dt.IsFloat() {
		wide = ScalarFromBits(Float64, math.Float64bits(s.Float64()), 0)
	} else {
		v, _ := s.Int64()
		wide = ScalarFromBits(Int64, uint64(v), 0)
	}
	return c.Scalar(wide)
}

// apply converts src (one byte per element) into dst.
func (t *smallTable) apply(dst, src []byte) (int, CastFailure) {
	n := t.size
	if len(dst) != len(src)*n {
		return 0, CastBadLength
	}
	if t.failing {
		for i, b := range src {
			if f := t.fail[b]; f != CastOK {
				t.apply(dst[:i*n], src[:i])
				return i, f
			}
		}
	}
	v := t.vals
	switch n {
	case 1:
		dst = dst[:len(src)]
		for i, b := range src {
			dst[i] = v[b]
		}
	case 2:
		for i, b := range src {
			binary.LittleEndian.PutUint16(dst[2*i:], binary.LittleEndian.Uint16(v[2*int(b):]))
		}
	case 4:
		for i, b := range src {
			binary.LittleEndian.PutUint32(dst[4*i:], binary.LittleEndian.Uint32(v[4*int(b):]))
		}
	default:
		for i, b := range src {
			binary.LittleEndian.PutUint64(dst[8*i:], binary.LittleEndian.Uint64(v[8*int(b):]))
		}
	}
	return -1, CastOK
}

// intoSmall returns the kernel from S into the small type spec.To, whose
// elements are written as their in-memory bytes, with the scalar_map of
// spec applied first.
func intoSmall[S CastElement](spec CastSpec) kernel[S, uint8] {
	var k kernel[S, uint8]
	if f := smallFormatOf(spec.To); f != nil {
		if fast := f32IntoSmallFloat[S](f, spec); fast != nil {
			k = any(fast).(kernel[S, uint8])
		} else {
			k = elementKernel(floatConv[S](f, spec.Rounding, spec.OutOfRange))
		}
	} else {
		k = elementKernel(intConv[S](spec.To, spec.Rounding, spec.OutOfRange))
	}
	if len(spec.Map) == 0 {
		return k
	}
	entries := make([]MapEntry, len(spec.Map))
	for i, e := range spec.Map {
		lo, _ := e.To.Bits()
		entries[i] = MapEntry{From: e.From, To: ScalarFromBits(Uint8, lo, 0)}
	}
	return mapKernel(entries, k)
}

// elementKernel runs conv over each element.
func elementKernel[S CastElement](conv func(S) (uint8, CastFailure)) kernel[S, uint8] {
	return func(dst []uint8, src []S) (int, CastFailure) {
		dst = dst[:len(src)]
		for i, x := range src {
			d, f := conv(x)
			if f != CastOK {
				return i, f
			}
			dst[i] = d
		}
		return -1, CastOK
	}
}

// exactFloat64 returns the value of x as a float64: exact for the float
// types and for integers up to 2^53, rounded to odd for larger integers
// (see intToFloat64Odd).
func exactFloat64[S CastElement](x S) float64 {
	switch v := any(x).(type) {
	case float32:
		return float64(v)
	case float64:
		return v
	case F16:
		return v.Float64()
	case BF16:
		return v.Float64()
	case int8:
		return float64(v)
	case int16:
		return float64(v)
	case int32:
		return float64(v)
	case int64:
		if v < 0 {
			return intToFloat64Odd(true, -uint64(v))
		}
		return intToFloat64Odd(false, uint64(v))
	case uint8:
		return float64(v)
	case uint16:
		return float64(v)
	case uint32:
		return float64(v)
	case uint64:
		return intToFloat64Odd(false, v)
	}
	return 0
}

// floatConv returns the conversion of one S into the small float f.
func floatConv[S CastElement](f *smallFormat, m RoundingMode, oor OutOfRange) func(S) (uint8, CastFailure) {
	return func(x S) (uint8, CastFailure) {
		return f.cast(exactFloat64(x), m, oor)
	}
}

// intConv returns the conversion of one S into the sub-byte integer dt.
func intConv[S CastElement](dt DataType, m RoundingMode, oor OutOfRange) func(S) (uint8, CastFailure) {
	lo, hiU, _ := dt.IntRange()
	hi := int64(hiU)
	fit := func(v int64) (uint8, CastFailure) { return uint8(v), CastOK }
	outside := func(low bool, wrapped uint8) (uint8, CastFailure) {
		switch oor {
		case OutOfRangeClamp:
			if low {
				return uint8(lo), CastOK
			}
			return uint8(hi), CastOK
		case OutOfRangeWrap:
			return uint8(canonicalByte(dt, wrapped)), CastOK
		}
		return 0, CastOutOfRange
	}
	var z S
	switch any(z).(type) {
	case float32, float64, F16, BF16:
		return func(x S) (uint8, CastFailure) {
			v := exactFloat64(x)
			switch {
			case v != v:
				return 0, CastNaN
			case math.IsInf(v, 0):
				return 0, CastInfinity
			}
			r := roundToIntegral(v, m)
			if r >= float64(lo) && r <= float64(hi) {
				return fit(int64(r))
			}
			return outside(r < 0, uint8(wrapFloat64(r)))
		}
	case uint64:
		return func(x S) (uint8, CastFailure) {
			u := any(x).(uint64)
			if u <= hiU {
				return fit(int64(u))
			}
			return outside(false, uint8(u))
		}
	}
	return func(x S) (uint8, CastFailure) {
		v := intValue(x)
		if v >= lo && v <= hi {
			return fit(v)
		}
		return outside(v < 0, uint8(v))
	}
}

// intValue returns an integer S other than uint64 as int64.
func intValue[S CastElement](x S) int64 {
	switch v := any(x).(type) {
	case int8:
		return int64(v)
	case int16:
		return int64(v)
	case int32:
		return int64(v)
	case int64:
		return v
	case uint8:
		return int64(v)
	case uint16:
		return int64(v)
	case uint32:
		return int64(v)
	}
	return 0
}
