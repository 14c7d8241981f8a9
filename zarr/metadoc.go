package zarr

import (
	"context"

	"github.com/zcodec/zcodec/internal/strictjson"
	"github.com/zcodec/zcodec/store"
)

// getMetadata reads the metadata document at key (zarr.json, .zarray,
// .zgroup, .zattrs, .zmetadata), at most maxMetadataBytes, as Python's
// json reads it: the bare NaN, Infinity and -Infinity that zarr 2.x and
// netcdf-c write are read as the strings "NaN", "Infinity" and
// "-Infinity" (docs/decisions.md#d21), which is what every reader below
// understands and what is written again.
func getMetadata(ctx context.Context, s store.Store, key string) ([]byte, error) {
	v, err := s.Get(ctx, key, maxMetadataBytes)
	if err != nil {
		return nil, err
	}
	v, _ = strictjson.FromPython(v)
	return v, nil
}
