package h5store_test

import (
	"context"
	"encoding/json"
	"fmt"

	_ "github.com/zcodec/zcodec/codecs"
	_ "github.com/zcodec/zcodec/interop/hdf5/h5store"
	"github.com/zcodec/zcodec/region"
	"github.com/zcodec/zcodec/store"
	"github.com/zcodec/zcodec/zarr"
)

// Open a netCDF-4 file as a Zarr hierarchy and read a variable: store.Open
// recognises the file by its content (the package's import registers the
// format), and zarr.Open opens a variable by its path in the file.
func Example() {
	ctx := context.Background()
	st, err := store.Open(ctx, "../../../testdata/hdf5files/nc4_groups.nc", nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	a, err := zarr.Open(ctx, st, "lat", nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	lat, err := zarr.Read[float32](ctx, a, region.Whole(a.Shape()))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(a.Shape(), a.DataType(), lat)
	tas, _ := zarr.Open(ctx, st, "tas", nil)
	var dims []string
	json.Unmarshal(tas.Metadata().DimensionNames, &dims)
	fmt.Println(tas.Shape(), tas.DataType(), dims, tas.Metadata().Codecs[1].Name())
	// Output:
	// [4] float32 [-45 -15 15 45]
	// [3 4 5] int16 [time lat lon] numcodecs.shuffle
}
