package kerchunk

import (
	"context"

	"github.com/zcodec/zcodec/numeric"

	"github.com/zcodec/zcodec/interop/hdf5/h5file"
	"github.com/zcodec/zcodec/region"
	"github.com/zcodec/zcodec/zarr"
)

// contiguousChunks chooses the chunks a contiguous dataset of shape and
// element size elem is referenced in, so that every chunk is one range of
// the file and as few as possible need inlining: the whole dataset when it
// is at most target bytes; else the trailing dimensions whole while they
// fit target, one index of the leading ones, and along the dimension
// between (cut) the largest number of rows that divides it and fits
// target, when that chunk is at least target/16 bytes; failing that, as
// many rows as fit target, the last chunk then padded (and inlined).
func contiguousChunks(shape []int64, elem, target int64) (chunks []int64, cut int) {
	rank := len(shape)
	chunks = make([]int64, rank)
	total := elem
	for i, d := range shape {
		chunks[i] = max(d, 1)
	}
	for _, d := range shape {
		if d == 0 {
			return chunks, -1
		}
		if total <= target {
			total *= min(d, target+1) // bounded: only whether it exceeds target matters
		}
	}
	if total <= target || rank == 0 {
		return chunks, -1
	}
	inner := elem
	d := rank - 1
	for ; d >= 0 && shape[d] <= target/inner; d-- {
		inner *= shape[d]
	}
	// d >= 0 here: the whole dataset does not fit.
	for i := range d {
		chunks[i] = 1
	}
	rows := max(target/inner, 1)
	rows = min(rows, shape[d])
	best := int64(0)
	for r := rows; r >= 1 && r*16 >= rows; r-- {
		if shape[d]%r == 0 {
			best = r
			break
		}
	}
	if best > 0 {
		rows = best
	}
	chunks[d] = rows
	return chunks, d
}

// contiguous adds the chunks of a contiguous dataset of fixed-size values,
// in the chunks contiguousChunks chooses: each a range of the file, or
// inline when smaller than the inline threshold or padded at the end of
// the dataset (the rows outside it are zeros). It returns the chunks.
func (c *converter) contiguous(ctx context.Context, ar *arrayRefs, za *zarr.Array, ds *h5file.Dataset, chain *v2Chain) ([]int64, error) {
	shape := za.Shape()
	dt := za.DataType()
	elem := int64(dt.Size())
	chunks, _ := contiguousChunks(shape, elem, c.opts.ContiguousChunkBytes)
	if ds.Layout.Address == ^uint64(0) {
		return chunks, nil // never written: every chunk reads as the fill value
	}
	base := c.st.File().Offset(ds.Layout.Address)
	rg := region.NewRegular(shape, chunks)
	g := grid(rg.GridShape())
	total := region.GridBox(rg).Size()
	want := elem
	for _, v := range chunks {
		want *= v
	}
	for n := int64(0); n < total; n++ {
		if n%1024 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		coords := coordsOf(g, n)
		// The chunk's box inside the dataset and the offset of its first
		// element.
		box := region.ChunkBox(rg, coords)
		start := int64(0)
		stride := elem
		for d := len(shape) - 1; d >= 0; d-- {
			start += box.Start[d] * stride
			stride *= shape[d]
		}
		have := elem * box.Size()
		if have == want && want >= int64(c.opts.InlineThreshold) {
			ar.put(coords, Ref{URL: c.url, Offset: base + start, Length: want})
			continue
		}
		buf := make([]byte, have, want)
		if err := za.ReadRegion(ctx, box, buf); err != nil {
			if ctx.Err() != nil {
				return nil, ctx.Err()
			}
			return nil, refuse(ar.path, err)
		}
		if chain.endian == numeric.BigEndian {
			swap(buf, dt)
		}
		if have == want {
			ar.put(coords, inline(buf))
			continue
		}
		// The last chunk along the cut dimension, padded with zeros.
		buf = buf[:want]
		if err := ar.force(coords, buf, "the padded last chunk of a contiguous dataset"); err != nil {
			return nil, err
		}
	}
	return chunks, nil
}
