package combine_test

import (
	"context"
	"fmt"
	"log"
	"path/filepath"

	"github.com/zcodec/zcodec/interop/hdf5/h5store"
	"github.com/zcodec/zcodec/interop/kerchunk"
	"github.com/zcodec/zcodec/interop/kerchunk/combine"
	"github.com/zcodec/zcodec/interop/kerchunk/refstore"
	"github.com/zcodec/zcodec/zarr"
)

// Three netCDF-4 files (of 2, 2 and 1 time steps), scanned and combined
// along "time" into one virtual dataset of five, opened as Zarr. The time
// coordinate, whose netCDF chunks of 512 values do not divide the files, is
// rewritten inline.
func ExampleCombine() {
	ctx := context.Background()
	var inputs []combine.Input
	for _, name := range []string{"same_0.nc", "same_1.nc", "same_2.nc"} {
		file, err := filepath.Abs(filepath.Join("../../../testdata/combine", name))
		if err != nil {
			log.Fatal(err)
		}
		h, err := h5store.OpenFile(ctx, file, nil)
		if err != nil {
			log.Fatal(err)
		}
		res, err := kerchunk.FromHDF5(ctx, h, file, nil)
		h.Close()
		if err != nil {
			log.Fatal(err)
		}
		inputs = append(inputs, combine.Input{Name: name, Refs: res.Set})
	}
	res, err := combine.Combine(ctx, inputs, &combine.Options{ConcatDim: "time"})
	if err != nil {
		log.Fatal(err)
	}
	st, err := refstore.New(ctx, res.Set, nil)
	if err != nil {
		log.Fatal(err)
	}
	defer st.Close()
	for _, name := range []string{"tas", "lat", "time"} {
		a, err := zarr.Open(ctx, st, name, nil)
		if err != nil {
			log.Fatal(err)
		}
		fmt.Println(name, a.Shape())
	}
	fmt.Println("rewritten:", res.Rewritten)
	// Output:
	// tas [5 2 3]
	// lat [2]
	// time [5]
	// rewritten: [time]
}
