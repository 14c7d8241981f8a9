package numeric_test

import (
	"fmt"

	"github.com/zcodec/zcodec/numeric"
)

func ExampleParseFillValue() {
	for _, in := range []struct {
		dt   numeric.DataType
		json string
	}{
		{numeric.Float32, `"NaN"`},
		{numeric.Float16, `0.1`},
		{numeric.Float64, `"0x7ff8000000000001"`},
		{numeric.Int64, `9007199254740993`},
		{numeric.Complex64, `[1.5, "-Infinity"]`},
		{numeric.Uint8, `1.0`},
	} {
		s, err := numeric.ParseFillValue(in.dt, []byte(in.json))
		if err != nil {
			fmt.Println("error:", err)
			continue
		}
		lo, _ := s.Bits()
		fmt.Printf("%v %s: bits %#x, canonical %s\n", in.dt, in.json, lo, s)
	}
	// Output:
	// float32 "NaN": bits 0x7fc00000, canonical "NaN"
	// float16 0.1: bits 0x2e66, canonical 0.1
	// float64 "0x7ff8000000000001": bits 0x7ff8000000000001, canonical "0x7ff8000000000001"
	// int64 9007199254740993: bits 0x20000000000001, canonical 9007199254740993
	// complex64 [1.5, "-Infinity"]: bits 0xff8000003fc00000, canonical [1.5, "-Infinity"]
	// error: value 1.0 is not a valid uint8: want an integer with no fraction or exponent
}

func ExampleFormatFillValue() {
	fmt.Println(numeric.FormatFillValue(numeric.FloatScalar(numeric.Float64, 1e21)))
	fmt.Println(numeric.FormatFillValue(numeric.ScalarFromBits(numeric.Float16, 0x8000, 0)))
	fmt.Println(numeric.FormatFillValue(numeric.ScalarFromBits(numeric.Float32, 0x7fc00001, 0)))
	fmt.Println(numeric.FormatFillValue(numeric.FloatScalar(numeric.BFloat16, 0.1)))
	// Output:
	// 1e+21
	// -0
	// "0x7fc00001"
	// 0.1
}

func ExampleNarrowFloat64() {
	for _, m := range numeric.RoundingModes {
		b, overflow := numeric.NarrowFloat64(1.00048828125, numeric.Float16, m)
		fmt.Printf("%-16s %#04x %v\n", m, b, overflow)
	}
	b, overflow := numeric.NarrowFloat64(1e39, numeric.Float32, numeric.NearestEven)
	fmt.Printf("1e39 -> float32: %#x overflow=%v\n", b, overflow)
	// Output:
	// nearest-even     0x3c00 false
	// towards-zero     0x3c00 false
	// towards-positive 0x3c01 false
	// towards-negative 0x3c00 false
	// nearest-away     0x3c01 false
	// 1e39 -> float32: 0x7f800000 overflow=true
}
