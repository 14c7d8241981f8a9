package transpose

import (
	"encoding/binary"
	"slices"

	"github.com/zcodec/zcodec/codec"
)

// Chunks of a variable-length data type (string, bytes) are transposed in
// their vlen form (see package codec): the offsets of the elements, one
// 8-byte word each, are transposed by the plan of a fixed-size chunk, and
// the elements are then copied in that order; their bytes are not looked
// at. Zarr v2 object arrays in Fortran order use this.

// AppendEncodeVlen appends the transpose of the vlen-form chunk src.
func (b *bound) AppendEncodeVlen(dst, src []byte) ([]byte, error) {
	return permuteVlen(dst, src, b.encode)
}

// AppendDecodeVlen appends the inverse transpose of the vlen-form chunk src.
func (b *bound) AppendDecodeVlen(dst, src []byte) ([]byte, error) {
	return permuteVlen(dst, src, b.decode)
}

// permuteVlen appends src, a vlen-form chunk of the n elements of plan
// p's input, with its elements moved as p moves fixed-size ones.
func permuteVlen(dst, src []byte, p *plan) ([]byte, error) {
	offs := make([]byte, 0, 8*p.n) // the start of each element's length, as u64le
	err := codec.VlenElements(Name, src, p.n, func(_, off, _ int) error {
		offs = binary.LittleEndian.AppendUint64(offs, uint64(off-4))
		return nil
	})
	if err != nil {
		return dst, err
	}
	moved := make([]byte, len(offs))
	runBytes(p, 8, moved, offs)
	dst = slices.Grow(dst, len(src))
	dst = append(dst, src[:4]...) // the element count
	for k := 0; k < len(moved); k += 8 {
		o := int(binary.LittleEndian.Uint64(moved[k:]))
		l := int(binary.LittleEndian.Uint32(src[o:]))
		dst = append(dst, src[o:o+4+l]...)
	}
	return dst, nil
}
