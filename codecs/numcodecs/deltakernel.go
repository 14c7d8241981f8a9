package numcodecs

import (
	"github.com/zcodec/zcodec/internal/elements"
	"github.com/zcodec/zcodec/numeric"
)

// deltaKernels returns whole-chunk loops for a Delta whose dtype and
// astype are the same integer, float32 or float64 type: Go's arithmetic on
// these types is NumPy's (integers wrap, floats round once), and the first
// element needs no conversion. Other combinations return nil and go
// element by element through the NumPy model.
func deltaKernels(from, to numeric.DataType) (enc, dec func(dst, src []byte)) {
	if from != to {
		return nil, nil
	}
	switch from {
	case numeric.Int8:
		return deltaLoops[int8]()
	case numeric.Int16:
		return deltaLoops[int16]()
	case numeric.Int32:
		return deltaLoops[int32]()
	case numeric.Int64:
		return deltaLoops[int64]()
	case numeric.Uint8:
		return deltaLoops[uint8]()
	case numeric.Uint16:
		return deltaLoops[uint16]()
	case numeric.Uint32:
		return deltaLoops[uint32]()
	case numeric.Uint64:
		return deltaLoops[uint64]()
	case numeric.Float32:
		return deltaLoops[float32]()
	case numeric.Float64:
		return deltaLoops[float64]()
	}
	return nil, nil
}

type deltaElem interface {
	int8 | int16 | int32 | int64 | uint8 | uint16 | uint32 | uint64 | float32 | float64
}

func deltaLoops[T deltaElem]() (enc, dec func(dst, src []byte)) {
	enc = func(dst, src []byte) {
		s := elements.Load[T](src)
		d, direct := elements.Output[T](dst)
		deltaEncode(d, s)
		elements.Store(dst, d, direct)
	}
	dec = func(dst, src []byte) {
		s := elements.Load[T](src)
		d, direct := elements.Output[T](dst)
		deltaDecode(d, s)
		elements.Store(dst, d, direct)
	}
	return enc, dec
}

// deltaEncode sets d[0] = s[0] and d[i] = s[i] - s[i-1]. d and s do not
// overlap.
func deltaEncode[T deltaElem](d, s []T) {
	if len(s) == 0 {
		return
	}
	d = d[:len(s)]
	d[0] = s[0]
	deltaEncodeFrom(d, s, deltaVec(vecISA, d, s))
}

// deltaEncodeFrom sets d[i] = s[i] - s[i-1] for i from from (at least 1)
// on: the Go loop, and the twin of the vector loops.
func deltaEncodeFrom[T deltaElem](d, s []T, from int) {
	d = d[:len(s)]
	i := from
	for ; i+4 <= len(s); i += 4 { // four independent differences
		w := s[i-1 : i+4 : i+4]
		o := d[i : i+4 : i+4]
		o[0], o[1], o[2], o[3] = w[1]-w[0], w[2]-w[1], w[3]-w[2], w[4]-w[3]
	}
	for ; i < len(s); i++ {
		d[i] = s[i] - s[i-1]
	}
}

// deltaDecode sets d[i] to the running sum of s[0..i], added in order.
func deltaDecode[T deltaElem](d, s []T) {
	if len(s) == 0 {
		return
	}
	d = d[:len(s)]
	deltaDecodeFrom(d, s, deltaDecodeVec(vecISA, d, s))
}

// deltaDecodeFrom continues the running sum of s into d from element from
// on (d[from-1] holds the sum before it): the Go loop, and the twin of the
// vector loops.
func deltaDecodeFrom[T deltaElem](d, s []T, from int) {
	d = d[:len(s)]
	if from >= len(s) {
		return
	}
	if from == 0 {
		d[0] = s[0] // copied, not added to zero: -0.0 stays -0.0
		from = 1
	}
	sum := d[from-1]
	for i := from; i < len(s); i++ {
		sum += s[i]
		d[i] = sum
	}
}
