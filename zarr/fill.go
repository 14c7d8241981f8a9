package zarr

import (
	"bytes"
	"encoding/binary"
	"math"

	"github.com/zcodec/zcodec/internal/ndcopy"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/region"
)

// filler writes and recognises runs of one fill value.
type filler struct {
	value   []byte // the fill value's bytes
	zero    bool   // every byte of the fill value is 0
	pattern []byte // the fill value repeated, a few KiB
	// nanParts marks, for a float or complex fill, which of its one or
	// two components are NaN: an element matches such a component when it
	// is any NaN, whatever its sign and payload (docs/decisions.md#d1, #d2).
	nanParts [2]bool
	part     numeric.DataType // the component type of a float or complex fill
	complex  bool
}

func newFiller(fill numeric.Scalar) *filler {
	raw := fill.Bytes()
	f := &filler{value: raw, zero: true}
	for _, b := range raw {
		if b != 0 {
			f.zero = false
		}
	}
	f.pattern = bytes.Repeat(raw, max(1, 4096/max(1, len(raw)))) // none for variable-length types
	dt := fill.DataType()
	switch {
	case dt.IsFloat():
		f.part, f.nanParts[0] = dt, fill.IsNaN()
	case dt.IsComplex():
		re, im := fill.Parts()
		f.part, f.nanParts, f.complex = re.DataType(), [2]bool{re.IsNaN(), im.IsNaN()}, true
	}
	return f
}

// fill sets b, whose length is a multiple of the fill value's, to fill
// values.
func (f *filler) fill(b []byte) {
	if f.zero {
		clear(b)
		return
	}
	ndcopy.FillPattern(b, f.value)
}

// isFill reports whether every element of b equals the fill value: the
// same bits, except that any NaN matches a NaN fill (so -0.0 is not a fill
// of 0.0, but every NaN is a fill of NaN).
func (f *filler) isFill(b []byte) bool {
	if ndcopy.IsPattern(b, f.pattern) {
		return true
	}
	return f.nanParts != [2]bool{} && f.isFillNaN(b)
}

// isFillNaN is isFill, element by element, for a fill with a NaN part.
func (f *filler) isFillNaN(b []byte) bool {
	ps := f.part.Size()
	parts := 1
	if f.complex {
		parts = 2
	}
	es := parts * ps
	for i := 0; i+es <= len(b); i += es {
		for p := range parts {
			c := b[i+p*ps : i+(p+1)*ps]
			if f.nanParts[p] {
				if !isNaNBits(c, f.part) {
					return false
				}
			} else if !bytes.Equal(c, f.pattern[p*ps:(p+1)*ps]) {
				return false
			}
		}
	}
	return true
}

// isNaNBits reports whether c, the little-endian bytes of one value of the
// float type dt, is a NaN.
func isNaNBits(c []byte, dt numeric.DataType) bool {
	switch dt {
	case numeric.Float16:
		return numeric.F16(binary.LittleEndian.Uint16(c)).IsNaN()
	case numeric.BFloat16:
		return numeric.BF16(binary.LittleEndian.Uint16(c)).IsNaN()
	case numeric.Float32:
		return math.IsNaN(float64(math.Float32frombits(binary.LittleEndian.Uint32(c))))
	case numeric.Float64:
		return math.IsNaN(math.Float64frombits(binary.LittleEndian.Uint64(c)))
	}
	// the floats of 8 bits and fewer: one byte
	return math.IsNaN(numeric.WidenFloat(uint64(c[0]), dt))
}

// fillPart sets the elements of part in dst, which holds the box to of
// the array, to the fill value.
func (f *filler) fillPart(dst []byte, to, part region.Box) {
	rank := part.Rank()
	ints := make([]int, 3*rank)
	shape, start, extent := ints[:rank], ints[rank:2*rank], ints[2*rank:]
	for d := range rank {
		shape[d], start[d], extent[d] = int(to.Len(d)), int(part.Start[d]-to.Start[d]), int(part.Len(d))
	}
	ndcopy.Fill(dst, shape, start, extent, f.value)
}
