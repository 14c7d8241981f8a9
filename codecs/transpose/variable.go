package transpose

import (
	"encoding/binary"

	"github.com/zcodec/zcodec/codec"
)

// Chunks of a variable-length data type (string, bytes) are transposed in
// their vlen form (see package codec): the elements are moved, as for a
// fixed-size type, and their bytes are not looked at. Zarr v2 object
// arrays in Fortran order use this.

// AppendEncodeVlen appends the transpose of the vlen-form chunk src.
func (b *bound) AppendEncodeVlen(dst, src []byte) ([]byte, error) {
	return permuteVlen(dst, src, b.decodedShape, b.order)
}

// AppendDecodeVlen appends the inverse transpose of the vlen-form chunk src.
func (b *bound) AppendDecodeVlen(dst, src []byte) ([]byte, error) {
	return permuteVlen(dst, src, b.encoded.Shape, inverse(b.order))
}

// permuteVlen appends the elements of src, a vlen-form chunk of shape in,
// in the C order of the shape whose dimension k is in[order[k]].
func permuteVlen(dst, src []byte, in []int, order []int) ([]byte, error) {
	n := 1
	for _, d := range in {
		n *= d
	}
	offs := make([]int, 0, n) // the start of each element's length
	err := codec.VlenElements(Name, src, n, func(_, off, _ int) error {
		offs = append(offs, off-4)
		return nil
	})
	if err != nil {
		return dst, err
	}
	rank := len(in)
	stride := make([]int, rank) // of the input, in elements
	for d, s := rank-1, 1; d >= 0; d-- {
		stride[d] = s
		s *= in[d]
	}
	out := make([]int, rank)
	step := make([]int, rank) // the input stride of output dimension k
	for k, d := range order {
		out[k], step[k] = in[d], stride[d]
	}
	start := len(dst)
	dst = append(dst, src[:4]...)
	dst = append(dst, make([]byte, len(src)-4)...)[:start+4]
	idx := make([]int, rank)
	at := 0 // the input index of output element idx
	for range n {
		o := offs[at]
		l := int(binary.LittleEndian.Uint32(src[o:]))
		dst = append(dst, src[o:o+4+l]...)
		for k := rank - 1; k >= 0; k-- {
			idx[k]++
			at += step[k]
			if idx[k] < out[k] {
				break
			}
			at -= step[k] * out[k]
			idx[k] = 0
		}
	}
	return dst, nil
}
