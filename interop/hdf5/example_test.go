package hdf5_test

import (
	"fmt"
	"os"
	"strings"

	"github.com/zcodec/zcodec/interop/hdf5"
)

// A dataset written by h5py with shuffle and deflate and the ICESat-2
// ATL06 fill value, as zarr.json.
func ExampleTranslate() {
	d, err := hdf5.ParseDescription([]byte(`{
		"data_type": "<f4", "shape": [20, 30], "chunks": [8, 16],
		"filters": [{"id": 2, "flags": 0, "cd_values": [4]}, {"id": 1, "flags": 0, "cd_values": [4]}],
		"fill_value": "ffff7f7f",
		"attributes": {"_FillValue": 3.4028234663852886e+38}
	}`))
	if err != nil {
		fmt.Println(err)
		return
	}
	t, err := hdf5.Translate(d)
	if err != nil {
		fmt.Println(err)
		return
	}
	os.Stdout.Write(t.ZarrJSON)
	// Output:
	// {
	//   "zarr_format": 3,
	//   "node_type": "array",
	//   "shape": [
	//     20,
	//     30
	//   ],
	//   "data_type": "float32",
	//   "chunk_grid": {
	//     "configuration": {
	//       "chunk_shape": [
	//         8,
	//         16
	//       ]
	//     },
	//     "name": "regular"
	//   },
	//   "chunk_key_encoding": {
	//     "configuration": {
	//       "separator": "/"
	//     },
	//     "name": "default"
	//   },
	//   "fill_value": 3.4028235e+38,
	//   "codecs": [
	//     {
	//       "configuration": {
	//         "endian": "little"
	//       },
	//       "name": "bytes"
	//     },
	//     {
	//       "configuration": {
	//         "elementsize": 4
	//       },
	//       "name": "numcodecs.shuffle"
	//     },
	//     {
	//       "configuration": {
	//         "level": 4
	//       },
	//       "name": "numcodecs.zlib"
	//     }
	//   ],
	//   "attributes": {
	//     "_FillValue": "AAAA4P//70c="
	//   }
	// }
}

// A filter with no Zarr codec is an error that names it.
func ExampleTranslate_unsupported() {
	d, _ := hdf5.ParseDescription([]byte(`{"data_type": "<u2", "shape": [8], "chunks": [4],
		"filters": [{"id": 6, "cd_values": [2, 0, 4]}]}`))
	_, err := hdf5.Translate(d)
	fmt.Println(strings.SplitN(err.Error(), ";", 2)[0])
	// Output:
	// filter 0 (id 6, scaleoffset): HDF5's scale-offset filter packs each chunk to its own minimum bits with a per-chunk minimum
}

// The reverse: the HDF5 pipeline that writes chunks a Zarr chain reads.
func ExampleFiltersFromZarr() {
	filters, endian, err := hdf5.FiltersFromZarr([]byte(`{"data_type": "int16", "codecs": [
		{"name": "bytes", "configuration": {"endian": "big"}},
		{"name": "numcodecs.shuffle", "configuration": {"elementsize": 2}},
		{"name": "numcodecs.bz2", "configuration": {"level": 9}}]}`))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(endian)
	for _, f := range filters {
		fmt.Println(f.ID, f.Name, f.CDValues)
	}
	// Output:
	// big
	// 2 shuffle [2]
	// 307 bzip2 [9]
}
