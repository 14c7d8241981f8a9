package zarr

import (
	"context"
	"fmt"
	"math"
	"slices"
	"sync"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/internal/workpool"
	"github.com/zcodec/zcodec/region"
	"github.com/zcodec/zcodec/store"
)

// UnitRangeError reports a range of units that is not inside the array's
// grid: CopyPart writes units [First, End) of an array of Units units.
type UnitRangeError struct {
	First, End, Units int64
}

func (e *UnitRangeError) Error() string {
	return fmt.Sprintf("units [%d, %d) are not a range of the array's %d units", e.First, e.End, e.Units)
}

// NumUnits returns the number of units of the array, as CopyPart counts
// them: the stored keys of its grid (the shards of a sharded array, the
// chunks otherwise), NumChunks. It is -1 when the count does not fit an
// int64.
func (a *Array) NumUnits() int64 { return a.chunks.Size() }

// UnitKey returns the store key of unit i of the array: the chunk (shard)
// at the i-th coordinates of its grid in C order.
func (a *Array) UnitKey(i int64) string {
	coords := make([]int64, a.grid.Rank())
	a.unitCoords(i, coords)
	return a.ChunkKey(coords)
}

// unitCoords writes the grid coordinates of unit i (C order) into coords.
func (a *Array) unitCoords(i int64, coords []int64) {
	a.chunks.Point(i, coords)
}

// CopyPart copies the elements of src that units [first, end) of dst
// cover into dst: the piece of Copy that one worker of a conversion split
// across processes or machines runs. A unit is one stored key of dst, a
// chunk, or a whole shard when dst is sharded, numbered in C order over
// dst's chunk grid (see NumUnits and UnitKey); the units of one array split
// into disjoint ranges are written by disjoint sets of keys, so parts need
// no locks and never race on a shard.
//
// Each unit is written whole, from the region of src it covers: its key
// is set to the same bytes Copy writes for it, or deleted when every
// element equals the fill value, so running a part again (after a crash,
// say) rewrites the same bytes and removes what an earlier run may have
// left. dst must have src's shape and data type and be a Zarr v3 array;
// it is typically pending (CreatePending, OpenPending), its metadata
// published once every part is done.
//
// Memory is bounded by the units in flight, whatever the size of the
// arrays: out of dst's concurrency budget B (Options.Concurrency), min(B,
// units) units are at work at once, each holding one decoded unit of dst,
// its encoding, and the chunks of src that reading its region holds within
// its share of the budget (max(1, B/units at once)). opts.MaxBytes is not
// used; opts.Progress, when not nil, is called with the elements of the
// units done and those of the whole range, from one goroutine at a time.
//
// When dst encodes exactly as src does (see Copy), each unit is the chunk
// src stores, copied as it is, or deleted when src stores none; arrays of
// variable-length types can then be copied in parts too.
//
// The cost is least when dst's units hold whole chunks of src: a chunk of
// src that several units meet is read and decoded by each of them (in part,
// when src is sharded). On error some units may have been written and
// others not; the error names the first unit in order that failed.
func CopyPart(ctx context.Context, dst, src *Array, first, end int64, opts *CopyOptions) error {
	if !slices.Equal(dst.meta.Shape, src.meta.Shape) || dst.meta.DataType != src.meta.DataType {
		return &NodeError{Kind: "array", Path: dst.path, Err: fmt.Errorf("cannot copy a %v %v array into a %v %v array",
			src.meta.Shape, src.meta.DataType, dst.meta.Shape, dst.meta.DataType)}
	}
	if dst.format != 3 {
		return &NodeError{Kind: "array", Path: dst.path, Err: fmt.Errorf("arrays opened from Zarr v2 metadata are read-only: %w", store.ErrReadOnly)}
	}
	verbatim := sameEncoding(dst, src)
	if src.pipe.VariableLength() && !verbatim {
		return &NodeError{Kind: "array", Path: dst.path, Err: fmt.Errorf("copying part of an array of the variable-length type %v is not supported; copy it whole (Copy)", src.meta.DataType)}
	}
	units := dst.NumUnits()
	if first < 0 || end < first || end > units {
		return &NodeError{Kind: "array", Path: dst.path, Err: &UnitRangeError{First: first, End: end, Units: units}}
	}
	if verbatim {
		var progress func(int64)
		if opts != nil && opts.Progress != nil && end > first {
			progress = dst.partProgress(first, end, opts.Progress)
		}
		return copyVerbatim(ctx, dst, src, first, end, true, progress)
	}
	n := end - first
	if n == 0 {
		return ctx.Err()
	}
	if n > math.MaxInt32 {
		// workpool counts in ints; split a range this large.
		for lo := first; lo < end; lo += math.MaxInt32 {
			if err := CopyPart(ctx, dst, src, lo, min(end, lo+math.MaxInt32), opts); err != nil {
				return err
			}
		}
		return nil
	}
	var progress func(int64)
	if opts != nil && opts.Progress != nil {
		progress = dst.partProgress(first, end, opts.Progress)
	}
	outer, inner := workpool.Split(dst.conc, int(n))
	type state struct {
		coords []int64
		chunk  *[]byte // one decoded unit of dst
		part   []byte  // the region of an edge unit, as src reads it
		enc    []byte
	}
	err := workpool.RunWith(ctx, int(n), outer,
		func() *state { return &state{coords: make([]int64, dst.grid.Rank()), chunk: dst.getBuf()} },
		func(s *state) { dst.putBuf(s.chunk) },
		func(s *state, i int) error {
			dst.unitCoords(first+int64(i), s.coords)
			elems, err := dst.copyUnit(ctx, src, s.coords, *s.chunk, &s.part, &s.enc, inner)
			if err == nil && progress != nil {
				progress(elems)
			}
			return err
		})
	if pe, ok := err.(*workpool.PanicError); ok {
		return &codec.ChunkError{Array: dst.path, Key: dst.UnitKey(first + int64(pe.Index)), Err: fmt.Errorf("panic: %v", pe.Value)}
	}
	return err
}

// copyUnit writes the unit at coords of a, read from src within a budget of
// conc, and returns its elements inside the array. chunk holds one decoded
// unit; part and enc are scratch.
func (a *Array) copyUnit(ctx context.Context, src *Array, coords []int64, chunk []byte, part, enc *[]byte, conc int) (int64, error) {
	buffer, rb, whole := a.chunkLayout(coords, region.Whole(a.meta.Shape))
	r := rb
	if whole {
		// The unit lies inside the array: src reads straight into it.
		if err := src.readRegionWithin(ctx, r, chunk, conc); err != nil {
			return 0, err
		}
	} else {
		// An edge unit: the part outside the array holds the fill value,
		// as in WriteRegion.
		n, _ := regionBytes(r, a.es) // at most one chunk
		if cap(*part) < n {
			*part = make([]byte, n)
		}
		if err := src.readRegionWithin(ctx, r, (*part)[:n], conc); err != nil {
			return 0, err
		}
		a.fill.fill(chunk)
		copyPart(chunk, buffer, (*part)[:n], rb, rb, a.es)
	}
	return rb.Size(), a.storeChunk(ctx, a.ChunkKey(coords), chunk, enc)
}

// partProgress returns the function that counts the elements of the units
// of [first, end) done and reports them to fn with their total.
func (a *Array) partProgress(first, end int64, fn func(done, total int64)) func(int64) {
	coords := make([]int64, a.grid.Rank())
	var total int64
	for u := first; u < end; u++ {
		a.unitCoords(u, coords)
		total += region.ChunkBox(a.grid, coords).Size()
	}
	var mu sync.Mutex
	var done int64
	return func(elems int64) {
		mu.Lock()
		defer mu.Unlock()
		done += elems
		fn(done, total)
	}
}
