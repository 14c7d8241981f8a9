package refstore_test

import (
	"context"
	"fmt"
	"log"
	"os"
	"path/filepath"

	"github.com/zcodec/zcodec/interop/kerchunk/refstore"
	"github.com/zcodec/zcodec/region"
	"github.com/zcodec/zcodec/store"
	"github.com/zcodec/zcodec/zarr"
)

// A reference set opened with store.Open, as any Zarr location is: the
// package, imported, registers the format. Its one chunk lies in a file
// beside the set, named by a relative path.
func Example() {
	dir, err := os.MkdirTemp("", "refstore-example")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	// Six int16 values, 1 to 6, at offset 4 of data.bin.
	data := []byte{'h', 'e', 'a', 'd', 1, 0, 2, 0, 3, 0, 4, 0, 5, 0, 6, 0}
	refs := `{"version": 1, "refs": {
		".zgroup": "{\"zarr_format\": 2}",
		"v/.zarray": "{\"chunks\": [2, 3], \"compressor\": null, \"dtype\": \"<i2\", \"fill_value\": 0, \"filters\": null, \"order\": \"C\", \"shape\": [2, 3], \"zarr_format\": 2}",
		"v/0.0": ["data.bin", 4, 12]
	}}`
	if err := os.WriteFile(filepath.Join(dir, "data.bin"), data, 0o644); err != nil {
		log.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "refs.json"), []byte(refs), 0o644); err != nil {
		log.Fatal(err)
	}

	ctx := context.Background()
	st, err := store.Open(ctx, filepath.Join(dir, "refs.json"), nil)
	if err != nil {
		log.Fatal(err)
	}
	rs, isRefs := st.(*refstore.Store)
	if isRefs {
		defer rs.Close()
	}
	a, err := zarr.Open(ctx, st, "v", nil)
	if err != nil {
		log.Fatal(err)
	}
	buf := make([]byte, 12)
	if err := a.ReadRegion(ctx, region.Whole(a.Shape()), buf); err != nil {
		log.Fatal(err)
	}
	fmt.Println(isRefs, a.Shape(), buf)
	// Output:
	// true [2 3] [1 0 2 0 3 0 4 0 5 0 6 0]
}
