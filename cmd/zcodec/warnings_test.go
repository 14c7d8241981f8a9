package main

import (
	"context"
	"slices"
	"testing"

	"github.com/zcodec/zcodec/store"
	"github.com/zcodec/zcodec/zarr"
)

// TestArrayWarnings: the commands print an array's warnings as file,
// pointer and message, as they did when zarr gave strings.
func TestArrayWarnings(t *testing.T) {
	ctx := context.Background()
	s := store.NewMemory()
	s.Set(ctx, "a/.zarray", []byte(`{"zarr_format":2,"shape":[4],"chunks":[4],"dtype":"|u1","compressor":null,"fill_value":null,"filters":null,"order":"C"}`))
	s.Set(ctx, "b/zarr.json", []byte(`{"zarr_format":3,"node_type":"array","shape":[4],"data_type":"float32",
		"chunk_grid":{"name":"regular","configuration":{"chunk_shape":[4]}},"chunk_key_encoding":{"name":"default"},
		"fill_value":"+Infinity","codecs":[{"name":"bytes","configuration":{"endian":"little"}}]}`))
	for path, want := range map[string][]string{
		"a": {".zarray: /fill_value: null; missing chunks read as zero"},
		"b": {`zarr.json: /fill_value: "+Infinity" is not a Zarr v3 fill-value string; read as "Infinity"`},
	} {
		a, err := zarr.Open(ctx, s, path, nil)
		if err != nil {
			t.Fatal(err)
		}
		if got := arrayWarnings(a); !slices.Equal(got, want) {
			t.Errorf("%s: %q, want %q", path, got, want)
		}
	}
}
