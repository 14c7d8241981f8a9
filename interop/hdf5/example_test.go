package hdf5_test

import (
	"fmt"
	"github.com/zcodec/zcodec/interop/hdf5/h5file"
	"os"

	"github.com/zcodec/zcodec/interop/hdf5"
	"github.com/zcodec/zcodec/metadata"
	"github.com/zcodec/zcodec/numeric"
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
	fmt.Println(t.Array.Pipeline)
	zarrJSON, _ := t.Array.MarshalJSON()
	os.Stdout.Write(zarrJSON)
	// Output:
	// float32 [8 16] fill 3.4028235e+38 -> bytes -> numcodecs.shuffle -> numcodecs.zlib
	// {
	//   "zarr_format": 3,
	//   "node_type": "array",
	//   "shape": [
	//     20,
	//     30
	//   ],
	//   "data_type": "float32",
	//   "chunk_grid": {
	//     "name": "regular",
	//     "configuration": {
	//       "chunk_shape": [
	//         8,
	//         16
	//       ]
	//     }
	//   },
	//   "chunk_key_encoding": {
	//     "name": "default",
	//     "configuration": {
	//       "separator": "/"
	//     }
	//   },
	//   "fill_value": 3.4028235e+38,
	//   "codecs": [
	//     {
	//       "name": "bytes",
	//       "configuration": {
	//         "endian": "little"
	//       }
	//     },
	//     {
	//       "name": "numcodecs.shuffle",
	//       "configuration": {
	//         "elementsize": 4
	//       }
	//     },
	//     {
	//       "name": "numcodecs.zlib",
	//       "configuration": {
	//         "level": 4
	//       }
	//     }
	//   ],
	//   "attributes": {
	//     "_FillValue": "AAAA4P//70c="
	//   }
	// }
}

// A filter with no Zarr codec is an error that names it.
func ExampleTranslate_unsupported() {
	d, _ := hdf5.ParseDescription([]byte(`{"data_type": "<f4", "shape": [8], "chunks": [4],
		"filters": [{"id": 32013, "cd_values": [1, 2, 3]}]}`))
	_, err := hdf5.Translate(d)
	fmt.Println(err)
	// Output:
	// filter 0 (id 32013, zfp): ZFP (LLNL's compressed floating-point format) has no codec in zcodec yet, so these chunks cannot be decoded
}

// The reverse: the HDF5 pipeline that writes the chunks a zarr.json's
// chain reads.
func ExampleFiltersFromPipeline() {
	a, err := metadata.Parse([]byte(`{"zarr_format": 3, "node_type": "array", "shape": [100],
		"data_type": "int16", "chunk_grid": {"name": "regular", "configuration": {"chunk_shape": [50]}},
		"chunk_key_encoding": {"name": "default"}, "fill_value": 0, "codecs": [
		{"name": "bytes", "configuration": {"endian": "big"}},
		{"name": "numcodecs.shuffle", "configuration": {"elementsize": 2}},
		{"name": "numcodecs.bz2", "configuration": {"level": 9}}]}`), nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	fp, err := hdf5.FiltersFromPipeline(a.Pipeline)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(fp.DataType, fp.Endian)
	for _, f := range fp.Filters {
		fmt.Println(f.ID, f.Name, f.CDValues)
	}
	// Output:
	// int16 big
	// 2 shuffle [2]
	// 307 bzip2 [9]
}

// The chain of a dataset whose chunks HDF5's blosc filter (32001) wrote:
// lz4 at clevel 7 with bit shuffle, as h5py reports the filter.
func ExampleCodecs() {
	filters := []h5file.Filter{{ID: hdf5.FilterBlosc, Flags: h5file.FlagOptional, CDValues: []uint32{2, 2, 4, 2048, 7, 2, 1}}}
	codecs, err := hdf5.Codecs(numeric.Float32, numeric.LittleEndian, filters, 0)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, c := range codecs {
		j, _ := c.MarshalJSON()
		fmt.Println(string(j))
	}
	// Output:
	// {"name":"bytes","configuration":{"endian":"little"}}
	// {"name":"blosc","configuration":{"cname":"lz4","clevel":7,"shuffle":"bitshuffle","typesize":4,"blocksize":0}}
}
