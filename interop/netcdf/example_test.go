package netcdf_test

import (
	"fmt"

	"github.com/zcodec/zcodec/interop/netcdf"
)

func ExampleParse() {
	fs, err := netcdf.Parse("307,9|32004,-17b,1.5d")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(fs)
	fmt.Println(netcdf.Format(fs))
	// Output:
	// [{307 [9]} {32004 [239 0 1073217536]}]
	// 307,9|32004,239,0,1073217536
}

func ExampleParse_error() {
	_, err := netcdf.Parse("307,9|1,2.5")
	fmt.Println(err)
	// Output:
	// filter spec: at offset 8: "2.5" has a fraction or exponent: tag it f (32-bit float) or d (64-bit double); netcdf-c 4.9.0 would store its integer part
	// 	307,9|1,2.5
	// 	        ^
}

func ExampleParseCopySpec() {
	cs, _ := netcdf.ParseCopySpec("v1&v2,307,9|4,32,32")
	fmt.Printf("%+v\n", cs)
	// Output:
	// {Variables:[v1 v2] None:false Filters:[{ID:307 Params:[9]} {ID:4 Params:[32 32]}]}
}
