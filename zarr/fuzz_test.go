package zarr

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/region"
	"github.com/zcodec/zcodec/store"
)

// fuzzOpts keeps fuzzed arrays small: a hostile zarr.json may declare
// any chunk size.
var fuzzOpts = &Options{Options: codec.Options{Concurrency: 2, MaxChunkBytes: 1 << 20}}

// readAllBounded reads the whole array when it is small, and lists and
// verifies its chunks: none of it may panic or hang, whatever the store
// holds.
func readAllBounded(t *testing.T, a *Array) {
	ctx := context.Background()
	whole := region.Whole(a.Shape())
	if n, ok := regionBytes(whole, a.es); ok && n <= 1<<20 {
		buf := make([]byte, n)
		a.ReadRegion(ctx, whole, buf)
		if a.format == 3 {
			a.WriteRegion(ctx, whole, buf)
		}
	}
	a.Verify(ctx, func(Check) error { return nil })
}

// FuzzOpenArray opens hostile Zarr v3 arrays: any zarr.json, with chunk
// values of any content at the first chunk keys of both encodings.
func FuzzOpenArray(f *testing.F) {
	seeds, _ := filepath.Glob("../testdata/metadata/*.json")
	seeds = append(seeds, "../cmd/zcodec/demo/zarr.json")
	for _, p := range seeds {
		if b, err := os.ReadFile(p); err == nil {
			f.Add(b, []byte{1, 2, 3, 4})
		}
	}
	f.Add([]byte(`{"zarr_format":3,"node_type":"array","shape":[5,3],"data_type":"int16","chunk_grid":{"name":"regular","configuration":{"chunk_shape":[2,2]}},"chunk_key_encoding":{"name":"v2","configuration":{"separator":"."}},"fill_value":0,"codecs":[{"name":"bytes","configuration":{"endian":"little"}},{"name":"crc32c"}]}`), []byte("12345678abcd"))
	f.Fuzz(func(t *testing.T, zarrJSON, chunk []byte) {
		ctx := context.Background()
		s := store.NewMemory()
		s.Set(ctx, "a/zarr.json", zarrJSON)
		for _, k := range []string{"a/c/0/0", "a/c/0", "a/0.0", "a/0", "a/c", "a/c.0.0"} {
			s.Set(ctx, k, chunk)
		}
		a, err := Open(ctx, s, "a", fuzzOpts)
		if err != nil {
			return
		}
		readAllBounded(t, a)
	})
}

// FuzzOpenV2Array opens hostile Zarr v2 arrays: any .zarray and .zattrs,
// with chunk values of any content.
func FuzzOpenV2Array(f *testing.F) {
	seeds, _ := filepath.Glob("../testdata/stores/zarr213/*/.zarray")
	for _, p := range seeds {
		zarray, _ := os.ReadFile(p)
		chunk, _ := os.ReadFile(filepath.Join(filepath.Dir(p), "0"))
		if chunk == nil {
			chunk, _ = os.ReadFile(filepath.Join(filepath.Dir(p), "0.0"))
		}
		f.Add(zarray, []byte(`{"units":"K"}`), chunk)
	}
	f.Fuzz(func(t *testing.T, zarray, zattrs, chunk []byte) {
		ctx := context.Background()
		s := store.NewMemory()
		s.Set(ctx, "a/.zarray", zarray)
		s.Set(ctx, "a/.zattrs", zattrs)
		for _, k := range []string{"a/0", "a/0.0", "a/0/0", "a/0.0.0"} {
			s.Set(ctx, k, chunk)
		}
		a, err := Open(ctx, s, "a", fuzzOpts)
		if err != nil {
			return
		}
		readAllBounded(t, a)
	})
}

// FuzzOpenGroup opens hostile groups: any zarr.json or .zgroup with
// .zmetadata, then opens every member it lists.
func FuzzOpenGroup(f *testing.F) {
	if b, err := os.ReadFile("../testdata/stores/zarr213/.zmetadata"); err == nil {
		f.Add([]byte(`{"zarr_format":2}`), b)
	}
	f.Add([]byte(`{"zarr_format":3,"node_type":"group","consolidated_metadata":{"kind":"inline","metadata":{"x":{"zarr_format":3,"node_type":"array","shape":[3],"data_type":"uint8","chunk_grid":{"name":"regular","configuration":{"chunk_shape":[2]}},"chunk_key_encoding":{"name":"default"},"fill_value":7,"codecs":["bytes"]}}}}`), []byte(nil))
	f.Fuzz(func(t *testing.T, group, zmetadata []byte) {
		ctx := context.Background()
		for _, name := range []string{"zarr.json", ".zgroup"} {
			s := store.NewMemory()
			s.Set(ctx, name, group)
			s.Set(ctx, ".zmetadata", zmetadata)
			g, err := OpenGroup(ctx, s, "")
			if err != nil {
				continue
			}
			nodes, err := g.Members(ctx)
			if err != nil {
				continue
			}
			for i := range nodes {
				if a, err := nodes[i].OpenArray(ctx, fuzzOpts); err == nil {
					readAllBounded(t, a)
				}
			}
		}
	})
}
