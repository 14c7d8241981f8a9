package zarrv2_test

import (
	"encoding/json"
	"fmt"

	"github.com/zcodec/zcodec/interop/zarrv2"
)

func ExampleConvert() {
	res, err := zarrv2.Convert([]byte(`{"chunks": [10], "compressor": {"id": "bz2", "level": 9},
		"dtype": "<i2", "fill_value": -9999, "filters": null, "order": "C", "shape": [25],
		"zarr_format": 2}`), zarrv2.Options{Xarray: true})
	if err != nil {
		fmt.Println(err)
		return
	}
	var doc struct {
		DataType   string          `json:"data_type"`
		FillValue  json.RawMessage `json:"fill_value"`
		Codecs     json.RawMessage `json:"codecs"`
		Attributes json.RawMessage `json:"attributes"`
	}
	_ = json.Unmarshal(res.ZarrJSON, &doc)
	codecs, _ := json.Marshal(json.RawMessage(doc.Codecs))
	attrs, _ := json.Marshal(json.RawMessage(doc.Attributes))
	fmt.Println(doc.DataType, string(doc.FillValue))
	fmt.Println(string(codecs))
	fmt.Println(string(attrs))
	// Output:
	// int16 -9999
	// [{"configuration":{"endian":"little"},"name":"bytes"},{"configuration":{"level":9},"name":"numcodecs.bz2"}]
	// {"_FillValue":-9999}
}
