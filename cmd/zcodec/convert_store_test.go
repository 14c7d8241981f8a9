package main

import (
	"context"
	"errors"
	"testing"

	"github.com/zcodec/zcodec/store"
)

// failingDeletes is a store whose Delete fails after ok successes, as a
// store that becomes unreachable half-way through a removal.
type failingDeletes struct {
	store.Store
	ok int
}

func (f *failingDeletes) Delete(ctx context.Context, key string) error {
	if f.ok == 0 {
		return &store.KeyError{Op: "delete", Key: key, Err: errors.New("connection reset")}
	}
	f.ok--
	return f.Store.Delete(ctx, key)
}

// TestRemoveAllMetadataFirst: however far the removal of a failed
// conversion gets before the store fails, no zarr.json is left over
// chunks that were deleted (it would read as an array of fill values).
func TestRemoveAllMetadataFirst(t *testing.T) {
	ctx := context.Background()
	keys := []string{".zcodec/convert/plan.json", "a/c/0", "a/c/1", "a/zarr.json", "b/.zarray", "b/0", "zarr.json"}
	for ok := 0; ok <= len(keys); ok++ {
		m := store.NewMemory()
		for _, k := range keys {
			if err := m.Set(ctx, k, []byte("x")); err != nil {
				t.Fatal(err)
			}
		}
		d := &destination{s: &failingDeletes{Store: m, ok: ok}, loc: store.Location{Scheme: "s3", Host: "b"}}
		err := d.removeAll(ctx)
		if (err == nil) != (ok == len(keys)) {
			t.Errorf("%d deletes succeed: %v", ok, err)
		}
		var left []string
		chunkGone := false
		for _, k := range keys {
			_, gerr := m.Get(ctx, k, -1)
			switch {
			case gerr == nil && metadataKey(k):
				left = append(left, k)
			case errors.Is(gerr, store.ErrNotFound) && !metadataKey(k):
				chunkGone = true
			}
		}
		if chunkGone && len(left) > 0 {
			t.Errorf("%d deletes succeed: chunks deleted while %v remain", ok, left)
		}
	}
}
