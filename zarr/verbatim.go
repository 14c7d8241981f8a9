package zarr

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math"
	"slices"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/internal/workpool"
	"github.com/zcodec/zcodec/region"
	"github.com/zcodec/zcodec/store"
)

// sameEncoding reports whether dst stores its chunks exactly as src does:
// the same shape, data type, chunk shape, fill value and codec chain
// (codec by codec, as their metadata writes them), so that the bytes src
// stores for a chunk are the bytes dst would store for it. The chunk key
// encodings may differ.
func sameEncoding(dst, src *Array) bool {
	if !slices.Equal(dst.meta.Shape, src.meta.Shape) || dst.meta.DataType != src.meta.DataType ||
		!slices.Equal(dst.meta.ChunkShape, src.meta.ChunkShape) || len(dst.meta.Codecs) != len(src.meta.Codecs) {
		return false
	}
	df, err1 := dst.meta.FillValue.MarshalJSON()
	sf, err2 := src.meta.FillValue.MarshalJSON()
	if err1 != nil || err2 != nil || !bytes.Equal(df, sf) {
		return false
	}
	for i, c := range dst.meta.Codecs {
		dj, err1 := c.MarshalJSON()
		sj, err2 := src.meta.Codecs[i].MarshalJSON()
		if err1 != nil || err2 != nil || !bytes.Equal(dj, sj) {
			return false
		}
	}
	return true
}

// copyVerbatim copies units [first, end) of src into dst as they are
// stored, without decoding or encoding them: each stored chunk's bytes are
// set under dst's key, and, with deleteAbsent, a unit src does not store
// is deleted from dst (a rerun of a part removes what an earlier run left).
// dst and src have the same encoding (sameEncoding). progress, when not
// nil, gets the elements of each unit done, from one goroutine at a time.
func copyVerbatim(ctx context.Context, dst, src *Array, first, end int64, deleteAbsent bool, progress func(int64)) error {
	n := end - first
	if n <= 0 {
		return ctx.Err()
	}
	if n > math.MaxInt32 {
		for lo := first; lo < end; lo += math.MaxInt32 {
			if err := copyVerbatim(ctx, dst, src, lo, min(end, lo+math.MaxInt32), deleteAbsent, progress); err != nil {
				return err
			}
		}
		return nil
	}
	outer, _ := workpool.Split(max(dst.conc, src.conc), int(n))
	report := make(chan int64, outer)
	done := make(chan struct{})
	go func() {
		defer close(done)
		for e := range report {
			if progress != nil {
				progress(e)
			}
		}
	}()
	err := workpool.RunWith(ctx, int(n), outer,
		func() *[]int64 { c := make([]int64, dst.grid.Rank()); return &c }, nil,
		func(coords *[]int64, i int) error {
			dst.unitCoords(first+int64(i), *coords)
			key := src.ChunkKey(*coords)
			b, err := src.st.Get(ctx, key, src.maxEnc)
			dkey := dst.ChunkKey(*coords)
			switch {
			case errors.Is(err, store.ErrNotFound):
				if deleteAbsent {
					if err := dst.st.Delete(ctx, dkey); err != nil {
						return &codec.ChunkError{Array: dst.path, Key: dkey, Err: err}
					}
				}
			case err != nil:
				return &codec.ChunkError{Array: src.path, Key: key, Err: err}
			default:
				if err := dst.st.Set(ctx, dkey, b); err != nil {
					return &codec.ChunkError{Array: dst.path, Key: dkey, Err: err}
				}
			}
			report <- region.ChunkBox(dst.grid, *coords).Size()
			return nil
		})
	close(report)
	<-done
	if pe, ok := err.(*workpool.PanicError); ok {
		return &codec.ChunkError{Array: dst.path, Key: dst.UnitKey(first + int64(pe.Index)), Err: fmt.Errorf("panic: %v", pe.Value)}
	}
	return err
}
