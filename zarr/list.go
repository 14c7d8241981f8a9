package zarr

import (
	"context"
	"strings"

	"github.com/zcodec/zcodec/store"
)

// StoredChunk is a chunk key found in the store under an array.
type StoredChunk struct {
	Key    string  // the key, with the array's path
	Coords []int64 // the chunk's grid coordinates
	Size   int64   // the stored size in bytes, -1 when the store cannot tell
	// InGrid is false for a key that has the form of a chunk key of the
	// array but names a chunk outside its grid (left over from a larger
	// array, say): readers never look at it.
	InGrid bool
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
	if !a.keys.v2 && a.keys.sep == "/" && len(a.grid.counts) > 0 {
		prefix = base + "c/"
	}
	rank := len(a.grid.counts)
	err := a.st.List(ctx, prefix, func(e store.Entry) error {
		rel := strings.TrimPrefix(e.Key, base)
		coords, ok := a.keys.parse(rel, rank)
		if !ok {
			return nil
		}
		return fn(StoredChunk{Key: e.Key, Coords: coords, Size: e.Size, InGrid: a.grid.inGrid(coords)})
	})
	if err != nil {
		return &NodeError{Kind: "array", Path: a.path, Err: err}
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
}

// Stats lists the array's chunks (see ListChunks) and counts them.
func (a *Array) Stats(ctx context.Context) (ChunkStats, error) {
	st := ChunkStats{Total: a.grid.numChunks()}
	err := a.ListChunks(ctx, func(c StoredChunk) error {
		if !c.InGrid {
			st.Stray++
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
