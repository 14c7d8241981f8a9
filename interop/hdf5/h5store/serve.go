package h5store

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"github.com/zcodec/zcodec/interop/hdf5"
	"slices"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/interop/hdf5/h5file"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/region"
	"github.com/zcodec/zcodec/store"
	"github.com/zcodec/zcodec/store/byterange"
)

// chunkIndex holds the stored chunks of a chunked dataset, by linear
// index over the Zarr grid (C order).
type chunkIndex struct {
	chunks map[int64]h5file.Chunk
	order  []int64
}

// linear returns the C-order index of coords in the grid.
func (a *array) linear(coords []int64) int64 {
	var i int64
	for d, c := range coords {
		i = i*a.grid[d] + c
	}
	return i
}

// coordsOf returns the coordinates of linear index i.
func (a *array) coordsOf(i int64) []int64 {
	c := make([]int64, len(a.grid))
	for d := len(a.grid) - 1; d >= 0; d-- {
		if a.grid[d] > 0 {
			c[d] = i % a.grid[d]
			i /= a.grid[d]
		}
	}
	return c
}

// loadIndex reads the chunk index once (again after a cancelled read).
func (a *array) loadIndex(ctx context.Context) (*chunkIndex, error) {
	a.indexMu.Lock()
	defer a.indexMu.Unlock()
	if a.index != nil {
		return a.index, nil
	}
	ix := &chunkIndex{chunks: map[int64]h5file.Chunk{}}
	err := a.ds.Chunks(ctx, func(c h5file.Chunk) error {
		coords := make([]int64, len(c.Coords))
		for d, v := range c.Coords {
			if v >= uint64(a.grid[d]) {
				return nil // outside the dataset's current extent: never read
			}
			coords[d] = int64(v)
		}
		lin := a.linear(coords)
		if _, dup := ix.chunks[lin]; dup {
			return fmt.Errorf("the chunk index lists chunk %v twice", coords)
		}
		ix.chunks[lin] = c
		ix.order = append(ix.order, lin)
		return nil
	})
	if err != nil {
		return nil, err
	}
	slices.Sort(ix.order)
	a.index = ix
	return ix, nil
}

// mask returns the filters a chunk skipped: its filter mask, or every
// filter for an edge chunk of a dataset that leaves those unfiltered.
func (a *array) mask(c h5file.Chunk) uint32 {
	n := len(a.filters)
	if n == 0 {
		return 0
	}
	all := uint32(1)<<n - 1
	if n >= 32 {
		all = ^uint32(0)
	}
	if a.ds.Layout.DontFilterPartial && a.ds.IsPartialEdge(c.Coords) {
		return all
	}
	return c.FilterMask & all
}

// served reports whether the chunk is served as stored.
func (a *array) served(c h5file.Chunk) bool {
	return a.mt.kind == fixedValues && a.mt.widen == nil && a.mask(c) == 0
}

// eachChunk calls fn with the coordinates of every stored chunk, in C
// order, and the size its value has (-1 when it is made on reading).
func (a *array) eachChunk(ctx context.Context, s *Store, fn func(coords []int64, size int64) error) error {
	switch a.layout {
	case h5file.LayoutChunked:
		ix, err := a.loadIndex(ctx)
		if err != nil {
			return err
		}
		for _, lin := range ix.order {
			c := ix.chunks[lin]
			size := int64(-1)
			if a.served(c) {
				size = int64(c.Size)
			}
			if err := fn(a.coordsOf(lin), size); err != nil {
				return err
			}
		}
		return nil
	case h5file.LayoutContiguous:
		if a.ds.Layout.Address == ^uint64(0) {
			return nil // never written: every chunk is the fill value
		}
	}
	n := int64(1)
	for _, g := range a.grid {
		n *= g
	}
	size := int64(-1)
	if a.mt.kind == fixedValues && a.mt.widen == nil {
		size = int64(a.spec.NumElements()) * int64(a.elemSize)
	}
	for i := int64(0); i < n; i++ {
		if i%4096 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		if err := fn(a.coordsOf(i), size); err != nil {
			return err
		}
	}
	return nil
}

// readFile reads n bytes at absolute offset off.
func (s *Store) readFile(ctx context.Context, off int64, n uint64) ([]byte, error) {
	if n == 0 {
		return nil, nil
	}
	b, err := s.r.ReadRange(ctx, byterange.Range{Offset: off, Length: int64(n)})
	if err != nil {
		return nil, err
	}
	if uint64(len(b)) != n {
		return nil, fmt.Errorf("a read of %d bytes at offset %d returned %d", n, off, len(b))
	}
	return b, nil
}

// tooLarge checks a chunk's size against a Get's limit.
func tooLarge(n, limit int64) error {
	if limit >= 0 && n > limit {
		return &store.TooLargeError{Size: n, Limit: limit}
	}
	return nil
}

// getChunk returns the value of the chunk at coords: the stored bytes
// when they decode under the chain presented, else the chunk decoded
// through the chain it was stored with and encoded again.
func (a *array) getChunk(ctx context.Context, s *Store, coords []int64, limit int64) ([]byte, error) {
	raw, c, err := a.rawChunk(ctx, s, coords, limit)
	if err != nil {
		return nil, err
	}
	if a.mt.kind == vlenStrings {
		return a.vlenChunk(ctx, s, raw, a.mask(c))
	}
	mask := a.mask(c)
	if a.layout != h5file.LayoutChunked {
		mask = 0
	}
	if mask == 0 && a.mt.widen == nil {
		return raw, nil
	}
	// Filters were skipped, or the values need HDF5's conversion: decode
	// with the chain of the chunk's mask, encode with the chain presented.
	dec, err := a.pipeline(mask)
	if err != nil {
		return nil, err
	}
	buf := make([]byte, dec.DecodedSize())
	if err := dec.Decode(buf, raw); err != nil {
		return nil, fmt.Errorf("a chunk stored with filter mask %#x: %w", c.FilterMask, err)
	}
	if a.mt.widen != nil {
		a.mt.widen.apply(buf, a.mt.dt.Size())
	}
	full, err := a.pipeline(^uint32(0))
	if err != nil {
		return nil, err
	}
	out, err := full.AppendEncode(nil, buf)
	if err != nil {
		return nil, err
	}
	return out, tooLarge(int64(len(out)), limit)
}

// rawChunk returns the stored bytes of the chunk at coords (a contiguous
// chunk padded to a whole chunk) and, for a chunked dataset, its index
// entry. An absent chunk is store.ErrNotFound.
func (a *array) rawChunk(ctx context.Context, s *Store, coords []int64, limit int64) ([]byte, h5file.Chunk, error) {
	switch a.layout {
	case h5file.LayoutChunked:
		ix, err := a.loadIndex(ctx)
		if err != nil {
			return nil, h5file.Chunk{}, err
		}
		c, ok := ix.chunks[a.linear(coords)]
		if !ok {
			return nil, c, store.ErrNotFound
		}
		if a.served(c) {
			if err := tooLarge(int64(c.Size), limit); err != nil {
				return nil, c, err
			}
		} else if c.Size > uint64(max(1<<34, limit)) {
			return nil, c, &store.TooLargeError{Size: int64(c.Size), Limit: limit}
		}
		b, err := s.readFile(ctx, c.Offset, c.Size)
		return b, c, err
	case h5file.LayoutCompact:
		want := a.spec.NumElements() * a.elemSize
		data := a.ds.Layout.Compact
		if len(data) != want {
			return nil, h5file.Chunk{}, fmt.Errorf("the compact data hold %d bytes, want %d", len(data), want)
		}
		if a.mt.kind == fixedValues {
			if err := tooLarge(int64(want), limit); err != nil {
				return nil, h5file.Chunk{}, err
			}
		}
		return data, h5file.Chunk{}, nil
	}
	// Contiguous: the chunk's rows are one range of the file.
	l := &a.ds.Layout
	if l.Address == ^uint64(0) {
		return nil, h5file.Chunk{}, store.ErrNotFound
	}
	total := int64(a.elemSize)
	for _, d := range a.shape {
		total *= d
	}
	if l.Size < uint64(total) {
		return nil, h5file.Chunk{}, fmt.Errorf("the contiguous data hold %d bytes, want %d", l.Size, total)
	}
	want := int64(a.spec.NumElements()) * int64(a.elemSize)
	if a.mt.kind == fixedValues {
		if err := tooLarge(want, limit); err != nil {
			return nil, h5file.Chunk{}, err
		}
	}
	box := region.ChunkBox(a.chunks, coords) // clipped at the dataset's edge
	stride := int64(a.elemSize)              // bytes of one index of dimension d
	var start int64
	for d := len(a.shape) - 1; d >= 0; d-- {
		start += box.Start[d] * stride
		stride *= a.shape[d]
	}
	n := want
	if d := a.contigDim; len(a.shape) > 0 {
		rowBytes := want / int64(a.chunk[d])
		n = box.Len(d) * rowBytes
	}
	b, err := s.readFile(ctx, s.f.Offset(l.Address)+start, uint64(n))
	if err != nil {
		return nil, h5file.Chunk{}, err
	}
	if n < want {
		// An edge chunk: the part outside the dataset is never read.
		b = append(b, make([]byte, want-n)...)
	}
	return b, h5file.Chunk{}, nil
}

// chunkRange serves part of a chunk stored as it is straight from the
// file; ok is false when the chunk is not served as stored.
func (a *array) chunkRange(ctx context.Context, s *Store, coords []int64, r byterange.Range) ([]byte, bool, error) {
	if a.layout != h5file.LayoutChunked || a.mt.kind != fixedValues {
		return nil, false, nil
	}
	ix, err := a.loadIndex(ctx)
	if err != nil {
		return nil, true, err
	}
	c, ok := ix.chunks[a.linear(coords)]
	if !ok {
		return nil, true, store.ErrNotFound
	}
	if !a.served(c) {
		return nil, false, nil
	}
	start, end, err := byterange.Bounds(r, int64(c.Size))
	if err != nil {
		return nil, true, err
	}
	b, err := s.readFile(ctx, c.Offset+start, uint64(end-start))
	return b, true, err
}

// pipeline returns the chain that decodes chunks whose filter mask is
// mask (^0: the chain presented, for encoding).
func (a *array) pipeline(mask uint32) (*codec.Pipeline, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if p, ok := a.pipes[mask]; ok {
		return p, nil
	}
	opts := &codec.Options{FillMode: codec.FillWarn}
	var p *codec.Pipeline
	var err error
	switch {
	case mask == ^uint32(0) && a.mt.kind == fixedValues:
		p, err = codec.NewPipeline(a.spec, a.codecs, opts)
	case a.mt.kind == vlenStrings:
		// The stored elements are heap references: bytes.
		n := a.spec.NumElements() * a.elemSize
		spec := codec.ChunkSpec{DataType: numeric.Uint8, Shape: []int{n}, FillValue: numeric.Zero(numeric.Uint8)}
		var cs []codec.Codec
		if cs, err = hdf5.Codecs(numeric.Uint8, numeric.EndianUnset, a.filters, mask); err == nil {
			p, err = codec.NewPipeline(spec, cs, opts)
		}
	default:
		var cs []codec.Codec
		if cs, err = hdf5.Codecs(a.mt.dt, a.mt.endian, a.filters, mask); err == nil {
			p, err = codec.NewPipeline(a.spec, cs, opts)
		}
	}
	if err != nil {
		return nil, err
	}
	a.pipes[mask] = p
	return p, nil
}

// vlenChunk turns a chunk of variable-length string references into the
// vlen-utf8 encoding of the strings: a count, then a length and the bytes
// of each string. References of chunks stored through filters are
// decoded first.
func (a *array) vlenChunk(ctx context.Context, s *Store, raw []byte, mask uint32) ([]byte, error) {
	n := a.spec.NumElements()
	refs := raw
	if a.layout == h5file.LayoutChunked && len(a.filters) > 0 && mask != uint32(1)<<len(a.filters)-1 {
		p, err := a.pipeline(mask)
		if err != nil {
			return nil, err
		}
		refs = make([]byte, n*a.elemSize)
		if err := p.Decode(refs, raw); err != nil {
			return nil, err
		}
	}
	if len(refs) != n*a.elemSize {
		return nil, fmt.Errorf("a chunk of %d bytes of string references, want %d", len(refs), n*a.elemSize)
	}
	fill, _ := a.fill.Text()
	out := binary.LittleEndian.AppendUint32(nil, uint32(n))
	for i := range n {
		e := refs[i*a.elemSize : (i+1)*a.elemSize]
		v, err := s.f.ReadVlen(ctx, e)
		if err != nil {
			return nil, fmt.Errorf("string %d: %w", i, err)
		}
		if k := int(h5file.VlenCount(e)); k < len(v) {
			v = v[:k]
		}
		if v == nil && isNullRef(e) {
			v = []byte(fill)
		}
		v = trimString(v, a.ds.Type.Pad)
		out = binary.LittleEndian.AppendUint32(out, uint32(len(v)))
		out = append(out, v...)
	}
	return out, nil
}

// isNullRef reports whether a variable-length element refers to nothing
// (an element never written).
func isNullRef(e []byte) bool {
	for _, b := range e {
		if b != 0 {
			return false
		}
	}
	return true
}

var _ = errors.New
