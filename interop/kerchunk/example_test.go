package kerchunk_test

import (
	"context"
	"fmt"
	"log"

	"github.com/zcodec/zcodec/interop/hdf5/h5store"
	"github.com/zcodec/zcodec/interop/kerchunk"
)

// The reference set of a small netCDF-4 file: Zarr v2 metadata for its
// variables and, for every chunk, where its bytes lie in the file (small
// chunks are inlined, as kerchunk does).
func ExampleFromHDF5() {
	ctx := context.Background()
	h, err := h5store.OpenFile(ctx, "../../testdata/hdf5files/h5netcdf.nc", nil)
	if err != nil {
		log.Fatal(err)
	}
	defer h.Close()
	// No chunk is inlined here, however small, to show the references.
	res, err := kerchunk.FromHDF5(ctx, h, "s3://bucket/h5netcdf.nc", &kerchunk.Options{InlineThreshold: -1})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%d referenced, %d inlined, %d refused\n", res.Stats.Referenced, res.Stats.Inlined, len(res.Refused))
	ref, _, _ := res.Set.Ref(ctx, "data/.zarray")
	fmt.Printf("%s\n", ref.Data)
	chunk, _, _ := res.Set.Ref(ctx, "data/1.0")
	fmt.Println(chunk.URL, chunk.Offset, chunk.Length)
	// Output:
	// 6 referenced, 0 inlined, 0 refused
	// {"chunks":[1,3],"compressor":null,"dtype":"<i2","fill_value":-1,"filters":[{"id":"zlib","level":4}],"order":"C","shape":[2,3],"zarr_format":2}
	// s3://bucket/h5netcdf.nc 8226 14
}
