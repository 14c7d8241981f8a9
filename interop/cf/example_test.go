package cf_test

import (
	"encoding/json"
	"fmt"

	"github.com/zcodec/zcodec/interop/cf"
	"github.com/zcodec/zcodec/numeric"
)

func ExampleEncode() {
	for _, v := range []numeric.Scalar{
		numeric.FloatScalar(numeric.Float32, 3.4028235e38),
		numeric.FloatScalar(numeric.Float64, 1.5),
		numeric.ComplexScalar(numeric.Complex64, complex(1.5, -2)),
		numeric.BoolScalar(true),
	} {
		enc, _ := cf.Encode(v)
		fmt.Printf("%v %v -> %s\n", v.DataType(), v, enc)
	}
	i, _ := numeric.IntScalar(numeric.Int16, -9999)
	enc, _ := cf.Encode(i)
	fmt.Printf("int16 -9999 -> %s\n", enc)
	// Output:
	// float32 3.4028235e+38 -> "AAAA4P//70c="
	// float64 1.5 -> "AAAAAAAA+D8="
	// complex64 [1.5, -2] -> ["AAAAAAAA+D8=", "AAAAAAAAAMA="]
	// bool true -> true
	// int16 -9999 -> -9999
}

func ExampleDecode() {
	v, err := cf.Decode(numeric.Float32, json.RawMessage(`"AAAA4P//70c="`))
	fmt.Println(v, err)
	// Output:
	// 3.4028235e+38 <nil>
}

func ExampleConsolidate() {
	c, _ := cf.Consolidate(numeric.Uint8, numeric.Scalar{}, map[string]json.RawMessage{
		"_FillValue":    json.RawMessage(`-9999`),
		"missing_value": json.RawMessage(`255`),
	})
	fmt.Println(c.FillValue, len(c.Attributes), string(c.Attributes["missing_value"]))
	fmt.Println(c.Warnings[0])
	// Output:
	// 0 1 255
	// /attributes/_FillValue: -9999 dropped: -9999 does not fit uint8: outside the type's range (the data stay readable; CF readers will not mask missing values)
}
