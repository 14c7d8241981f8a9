package zarr

import (
	"context"
	"fmt"
	"slices"

	"github.com/zcodec/zcodec/region"
)

// slabPlan splits a region into slabs: boxes that are processed one at a
// time so that memory stays bounded whatever the region's size.
//
// Dimensions before dim are stepped in units (one index, or one chunk when
// aligned); dimension dim is cut into bands of up to band elements (whole
// chunks when a chunk fits); dimensions after dim are taken whole. With
// units of one index the slabs, in order, tile the region in C order, so
// their bytes concatenate to the region's.
type slabPlan struct {
	r       region.Box
	chunk   []int64
	dim     int
	band    int64
	aligned bool
}

// planSlabs chooses the largest slabs of r whose bytes fit maxBytes: the
// first dimension where such a slab exists, and the widest band there.
// aligned slabs are made of whole chunks (parts of the chunks at the
// region's edges); a single chunk larger than maxBytes is still one slab.
func planSlabs(r region.Box, chunk []int64, es int, maxBytes int64, aligned bool) slabPlan {
	rank := len(r.Start)
	p := slabPlan{r: r, chunk: chunk, aligned: aligned, dim: rank - 1, band: 1}
	if rank == 0 {
		return p
	}
	inner := make([]int64, rank) // bytes of one index of dimension d, all after it whole
	acc := int64(es)
	for d := rank - 1; d >= 0; d-- {
		inner[d] = acc
		acc = satMul(acc, r.Len(d))
	}
	outer := int64(1) // elements of the units before d
	for d := range rank {
		unit := int64(1)
		if aligned {
			unit = min(chunk[d], max(r.Len(d), 1))
		}
		per := satMul(outer, inner[d]) // bytes of one index of d
		if satMul(per, unit) <= maxBytes || d == rank-1 {
			p.dim = d
			p.band = max(unit, maxBytes/max(per, 1))
			if p.band >= chunk[d] {
				p.band -= p.band % chunk[d]
			}
			return p
		}
		if aligned {
			outer = satMul(outer, unit)
		}
	}
	return p
}

// satMul multiplies non-negative numbers, saturating at the largest int64.
func satMul(a, b int64) int64 {
	if a != 0 && b > (1<<63-1)/a {
		return 1<<63 - 1
	}
	return a * b
}

// each calls fn with every slab, in order. The slab's slices are reused
// between calls.
func (p slabPlan) each(fn func(region.Box) error) error {
	rank := len(p.r.Start)
	slab := p.r.Clone()
	for d := range rank {
		if p.r.Len(d) == 0 {
			return nil
		}
	}
	if rank == 0 {
		return fn(slab)
	}
	// step returns the end of the step that starts at s in dimension d.
	step := func(d int, s int64) int64 {
		end := p.r.Stop[d]
		var e int64
		switch {
		case d == p.dim:
			if p.band >= p.chunk[d] {
				e = (s + p.band) / p.chunk[d] * p.chunk[d]
			} else {
				e = s + p.band
			}
		case p.aligned:
			e = (s/p.chunk[d] + 1) * p.chunk[d]
		default:
			e = s + 1
		}
		return min(e, end)
	}
	for d := 0; d <= p.dim; d++ {
		slab.Stop[d] = step(d, slab.Start[d])
	}
	for {
		if err := fn(slab); err != nil {
			return err
		}
		d := p.dim
		for ; d >= 0; d-- {
			next := slab.Stop[d]
			if next < p.r.Stop[d] {
				slab.Start[d] = next
				slab.Stop[d] = step(d, next)
				break
			}
			slab.Start[d] = p.r.Start[d]
			slab.Stop[d] = step(d, slab.Start[d])
		}
		if d < 0 {
			return nil
		}
	}
}

// ReadSlabs reads region r in slabs, calling fn with each slab's region and
// bytes (laid out as ReadRegion lays them out). The slabs come in C order of
// r: their bytes, concatenated, are r's bytes. One buffer of at most
// maxBytes (or one element, if more) is reused for every slab, so a caller
// that writes each slab out streams any region in bounded memory. data is
// only valid during the call to fn.
//
// Slabs are as large as maxBytes allows, starting with whole rows of chunks
// along the first dimension. When one index of the first dimension (with
// all of the others) exceeds maxBytes, slabs are thinner than a chunk and a
// chunk is decoded once for every slab it meets: give such regions more
// memory where that matters.
func (a *Array) ReadSlabs(ctx context.Context, r region.Box, maxBytes int, fn func(slab region.Box, data []byte) error) error {
	if err := r.Validate(a.meta.Shape); err != nil {
		return &NodeError{Kind: "array", Path: a.path, Err: err}
	}
	p := planSlabs(r, a.grid.ChunkShape(), a.es, int64(max(maxBytes, a.es)), false)
	var buf []byte
	return p.each(func(slab region.Box) error {
		n, ok := regionBytes(slab, a.es)
		if !ok {
			return &NodeError{Kind: "array", Path: a.path, Err: fmt.Errorf("slab %v too large", slab)}
		}
		if cap(buf) < n {
			buf = make([]byte, n)
		}
		if err := a.ReadRegion(ctx, slab, buf[:n]); err != nil {
			return err
		}
		return fn(slab, buf[:n])
	})
}

// CopyOptions control Copy. A nil *CopyOptions gives the defaults, as does
// the zero value of each field.
type CopyOptions struct {
	// MaxBytes bounds the slab of elements held between reading and
	// writing (default 16 MiB; at least one chunk of the destination).
	MaxBytes int
	// Progress, when not nil, is called after every slab with the elements
	// copied so far and the total.
	Progress func(done, total int64)
}

// Copy copies every element of src into dst, which must have the same
// shape and data type: the way to re-encode an array with another codec
// chain or chunking, or to turn a Zarr v2 array into a Zarr v3 one. It
// reads src and writes dst in slabs made of whole chunks of dst, so memory
// stays bounded (MaxBytes plus the chunk buffers of both arrays) and every
// chunk of dst is written once; chunks that are all fill are not written.
//
// When dst encodes exactly as src does (the same shape, data type, chunk
// shape, fill value and codec chain), Copy copies each stored chunk of src
// as it is, without decoding or encoding it: what src stores is what dst
// would, and the copy is bound by reading and writing alone. Chunks src
// does not store are not written; a stored chunk that is all fill is
// copied like the others.
func Copy(ctx context.Context, dst, src *Array, opts *CopyOptions) error {
	if !slices.Equal(dst.meta.Shape, src.meta.Shape) || dst.meta.DataType != src.meta.DataType {
		return &NodeError{Kind: "array", Path: dst.path, Err: fmt.Errorf("cannot copy a %v %v array into a %v %v array",
			src.meta.Shape, src.meta.DataType, dst.meta.Shape, dst.meta.DataType)}
	}
	var o CopyOptions
	if opts != nil {
		o = *opts
	}
	if o.MaxBytes <= 0 {
		o.MaxBytes = 16 << 20
	}
	whole := region.Whole(dst.meta.Shape)
	total := whole.Size()
	var done int64
	if sameEncoding(dst, src) {
		return copyVerbatim(ctx, dst, src, 0, dst.NumUnits(), false, func(elems int64) {
			done += elems
			if o.Progress != nil {
				o.Progress(done, total)
			}
		})
	}
	if src.pipe.VariableLength() {
		return copyStrings(ctx, dst, src, o, total)
	}
	p := planSlabs(whole, dst.grid.ChunkShape(), dst.es, int64(o.MaxBytes), true)
	var buf []byte
	return p.each(func(slab region.Box) error {
		n, ok := regionBytes(slab, dst.es)
		if !ok {
			return &NodeError{Kind: "array", Path: dst.path, Err: fmt.Errorf("slab %v too large", slab)}
		}
		if cap(buf) < n {
			buf = make([]byte, n)
		}
		if err := src.ReadRegion(ctx, slab, buf[:n]); err != nil {
			return err
		}
		if err := dst.WriteRegion(ctx, slab, buf[:n]); err != nil {
			return err
		}
		done += slab.Size()
		if o.Progress != nil {
			o.Progress(done, total)
		}
		return nil
	})
}
