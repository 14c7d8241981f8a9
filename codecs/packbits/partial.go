package packbits

import (
	"context"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/region"
	"github.com/zcodec/zcodec/store/byterange"
)

// DecodeRegion decodes box, a region of a chunk, from the byte range holding its
// elements (codec.PartialDecoder): the range starts at a byte boundary of
// the bit sequence at or before the region's first element in C order and
// ends with its last, and is decoded as a run of elements of its own. The
// padding count is not read. opts is not used: one range is read.
func (b *bound) DecodeRegion(ctx context.Context, r byterange.Reader, box region.Box, dst []byte, _ *codec.Options) error {
	shape := b.spec.Shape
	es := b.spec.DataType.Size()
	if want := int(box.Size()) * es; len(dst) != want {
		return &codec.SizeError{What: "region destination", Got: len(dst), Want: want}
	}
	if box.Size() == 0 {
		return nil
	}
	// flat C-order indices of the region's first and last elements
	first, last := 0, 0
	for i := range shape {
		first = first*shape[i] + int(box.Start[i])
		last = last*shape[i] + int(box.Stop[i]) - 1
	}
	perElem := b.layout.m / b.spec.NumElements() // components per element
	k := perElem * b.layout.width                // bits per element
	group := 8 / gcd(k, 8)                       // elements per whole number of bytes
	start := first - first%group
	off := start * k / 8
	end := ((last+1)*k + 7) / 8
	if b.padding == PaddingFirstByte {
		off, end = off+1, end+1
	}
	value, err := codec.ReadRange(ctx, r, byterange.Range{Offset: int64(off), Length: int64(end - off)}, Name)
	if err != nil {
		return err
	}
	n := last - start + 1
	run := newLayout(n*perElem, b.layout.size, b.layout.first, b.layout.width, b.layout.signed, b.layout.isBool)
	buf := make([]byte, n*es)
	if len(value) < run.packed {
		return &codec.CorruptError{Codec: Name, Reason: "stored value ends inside the region"}
	}
	run.decode(buf, value[:run.packed])
	// copy the rows of the region's innermost dimension out of the run
	rank := len(shape)
	if rank == 0 {
		copy(dst, buf)
		return nil
	}
	row := int(box.Len(rank-1)) * es
	idx := make([]int, rank) // position inside the region, innermost dimension fixed at 0
	for o := 0; o < len(dst); o += row {
		flat := 0
		for i := range shape {
			flat = flat*shape[i] + int(box.Start[i]) + idx[i]
		}
		copy(dst[o:o+row], buf[(flat-start)*es:])
		for d := rank - 2; d >= 0; d-- {
			idx[d]++
			if idx[d] < int(box.Len(d)) {
				break
			}
			idx[d] = 0
		}
	}
	return nil
}

func gcd(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}
