package zarr

import (
	"context"
	"errors"
	"slices"
	"strings"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/region"
	"github.com/zcodec/zcodec/store"
)

// StoredChunk is a chunk key found in the store under an array.
type StoredChunk struct {
	Key    string  // the key, with the array's path
	Coords []int64 // the chunk's grid coordinates
	Size   int64   // the stored size in bytes, -1 when the store cannot tell
	ETag   string  // the store's tag of the value's version (store.Entry.ETag), "" when it gives none
	// InGrid is false for a key that has the form of a chunk key of the
	// array but names a chunk outside its grid (left over from a larger
	// array, say): readers never look at it.
	InGrid bool
	// Err is not nil when the store lists the key but cannot read its
	// value (a link out of a directory store, a FIFO, a device): the
	// store's reason. Reading the chunk fails; it is not absent. Err is
	// also set, with Coords nil and InGrid true, for a directory of chunk
	// keys the store cannot read ("c/1" of a 2-dimensional array), since
	// the chunks it may hold cannot be found.
	Err error
}

// ListChunks calls fn for every stored chunk of the array, by listing the
// keys under it: it never reads a chunk. Keys that are not chunk keys of
// the array's key encoding (metadata, attributes, unrelated files) are
// skipped. The store must be able to list (an HTTP store cannot).
func (a *Array) ListChunks(ctx context.Context, fn func(StoredChunk) error) error {
	base := ""
	if a.path != "" {
		base = a.path + "/"
	}
	prefix := base
	if !a.keys.v2 && a.keys.sep == "/" && a.grid.Rank() > 0 {
		prefix = base + "c/"
	}
	rank := a.grid.Rank()
	err := a.st.List(ctx, prefix, func(e store.Entry) error {
		rel := strings.TrimPrefix(e.Key, base)
		coords, ok := a.keys.parse(rel, rank)
		if !ok {
			if err := e.Err; err != nil && a.keys.holdsChunks(rel, rank) {
				// A directory of chunks the store cannot read.
				return fn(StoredChunk{Key: e.Key, Size: e.Size, InGrid: true, Err: err})
			}
			return nil
		}
		return fn(StoredChunk{Key: e.Key, Coords: coords, Size: e.Size, ETag: e.ETag, InGrid: a.chunks.ContainsPoint(coords), Err: e.Err})
	})
	if err != nil {
		return &NodeError{Kind: "array", Path: a.path, Err: err}
	}
	return nil
}

// eachChunk calls fn for every stored chunk of the array as ListChunks
// does, with probe false. When the store cannot list (its List fails
// with errors.ErrUnsupported before finding anything, as an HTTP store's
// does) it walks the grid instead and calls fn for every chunk of it, in
// C order, with probe true and Size -1: only reading such a chunk tells
// whether it is stored. Keys outside the grid are then not found.
func (a *Array) eachChunk(ctx context.Context, fn func(c StoredChunk, probe bool) error) error {
	listed := false
	err := a.ListChunks(ctx, func(c StoredChunk) error {
		listed = true
		return fn(c, false)
	})
	if listed || !errors.Is(err, errors.ErrUnsupported) {
		return err
	}
	for c := range region.Chunks(a.grid, region.Whole(a.meta.Shape)) {
		if err := ctx.Err(); err != nil {
			return err
		}
		coords := slices.Clone(c.Coords)
		if err := fn(StoredChunk{Key: a.ChunkKey(coords), Coords: coords, Size: -1, InGrid: true}, true); err != nil {
			return err
		}
	}
	return nil
}

// ChunkStats summarises the stored chunks of an array.
type ChunkStats struct {
	Total   int64 // chunks in the grid (-1 when it does not fit an int64)
	Present int64 // stored chunks inside the grid
	Stray   int64 // stored chunk keys outside the grid
	// StoredBytes is the sum of the sizes of the present chunks (-1 when
	// the store cannot tell sizes).
	StoredBytes int64
	// Unreadable counts the keys inside the grid that the store lists
	// but cannot read (StoredChunk.Err): they are neither present nor
	// absent, and reading them fails. FirstUnreadable is the first of
	// them found, a *codec.ChunkError naming the key and the store's reason.
	Unreadable      int64
	FirstUnreadable error
}

// Stats lists the array's chunks (see ListChunks) and counts them; it
// reads no chunk. A store that cannot list gives an error matched by
// errors.ErrUnsupported.
func (a *Array) Stats(ctx context.Context) (ChunkStats, error) {
	st := ChunkStats{Total: a.chunks.Size()}
	err := a.ListChunks(ctx, func(c StoredChunk) error {
		if !c.InGrid {
			st.Stray++
			return nil
		}
		if c.Err != nil {
			if st.Unreadable == 0 {
				st.FirstUnreadable = &codec.ChunkError{Array: a.path, Key: c.Key, Err: c.Err}
			}
			st.Unreadable++
			return nil
		}
		st.Present++
		if c.Size < 0 || st.StoredBytes < 0 {
			st.StoredBytes = -1
		} else {
			st.StoredBytes += c.Size
		}
		return nil
	})
	return st, err
}
