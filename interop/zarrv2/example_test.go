package zarrv2_test

import (
	"fmt"

	"github.com/zcodec/zcodec/interop/zarrv2"

	_ "github.com/zcodec/zcodec/codecs" // the standard codec set, which Convert builds the chain from
)

func ExampleConvert() {
	res, err := zarrv2.Convert([]byte(`{"chunks": [10], "compressor": {"id": "bz2", "level": 9},
		"dtype": "<i2", "fill_value": -9999, "filters": [{"id": "shuffle", "elementsize": 2}], "order": "C",
		"shape": [25], "zarr_format": 2}`), &zarrv2.Options{Xarray: true})
	if err != nil {
		fmt.Println(err)
		return
	}
	a := res.Array
	fmt.Println(a.DataType, a.FillValue, string(a.Attributes))
	for _, c := range a.Codecs {
		j, _ := c.MarshalJSON()
		fmt.Println(string(j))
	}
	// Output:
	// int16 -9999 {"_FillValue":-9999}
	// {"name":"bytes","configuration":{"endian":"little"}}
	// {"name":"numcodecs.shuffle","configuration":{"elementsize":2}}
	// {"name":"numcodecs.bz2","configuration":{"level":9}}
}
