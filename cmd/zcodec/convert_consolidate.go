package main

import (
	"context"

	"github.com/zcodec/zcodec/store"
	"github.com/zcodec/zcodec/zarr"
)

// consolidateStore writes the consolidated metadata of the hierarchy at
// the root of s (--consolidate), once every node is written.
func consolidateStore(ctx context.Context, s store.Store) error {
	_, err := zarr.Consolidate(ctx, s, "")
	return err
}
