package scaleoffset

import (
	"fmt"

	"github.com/zcodec/zcodec/numeric"
)

// parseV2DataType reads a Zarr v2 (NumPy) type string such as "<f8", "|u1"
// or ">i2": an optional byte-order character (<, >, |, =), a kind (i, u, f)
// and a size in bytes. Byte order does not matter here: the codecs work on
// values, and the bytes codec decides the order of the stored bytes.
func parseV2DataType(s string) (numeric.DataType, error) {
	t := s
	if len(t) > 0 && (t[0] == '<' || t[0] == '>' || t[0] == '|' || t[0] == '=') {
		t = t[1:]
	}
	types := map[string]numeric.DataType{
		"i1": numeric.Int8, "i2": numeric.Int16, "i4": numeric.Int32, "i8": numeric.Int64,
		"u1": numeric.Uint8, "u2": numeric.Uint16, "u4": numeric.Uint32, "u8": numeric.Uint64,
		"f2": numeric.Float16, "f4": numeric.Float32, "f8": numeric.Float64,
	}
	if dt, ok := types[t]; ok {
		return dt, nil
	}
	return 0, fmt.Errorf("%q is not a supported Zarr v2 data type (want one of <i1..<i8, <u1..<u8, <f2, <f4, <f8, with byte order <, >, | or =)", s)
}
