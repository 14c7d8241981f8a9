package zarr

import (
	"context"

	"github.com/zcodec/zcodec/region"
)

// copyStringsElementBytes is the size copyStrings plans its slabs with for
// one element of a variable-length type: a guess, as their sizes are
// known only once read.
const copyStringsElementBytes = 32

// copyStrings is Copy for the variable-length types: slabs of whole chunks
// of dst, read as strings or byte strings and written back.
func copyStrings(ctx context.Context, dst, src *Array, o CopyOptions, total int64) error {
	whole := region.Whole(dst.meta.Shape)
	p := planSlabs(whole, dst.grid.ChunkShape(), copyStringsElementBytes, int64(o.MaxBytes), true)
	var done int64
	text := src.meta.DataType.IsText()
	return p.each(func(slab region.Box) error {
		if text {
			v, err := ReadStrings(ctx, src, slab)
			if err != nil {
				return err
			}
			if err := WriteStrings(ctx, dst, slab, v); err != nil {
				return err
			}
		} else {
			v, err := ReadByteStrings(ctx, src, slab)
			if err != nil {
				return err
			}
			if err := WriteByteStrings(ctx, dst, slab, v); err != nil {
				return err
			}
		}
		done += slab.Size()
		if o.Progress != nil {
			o.Progress(done, total)
		}
		return nil
	})
}
