package bytescodec

import "github.com/zcodec/zcodec/numeric"

// swapUnit returns the size of the units whose byte order endian sets for
// elements of dt: the component of a complex type, the 4-byte code unit of
// fixed_length_utf32 (zarr-extensions: each UTF-32 code unit in the order
// endian gives), 1 for the byte-string types null_terminated_bytes and r*
// (bytes, never swapped, no endian needed) and the element itself
// otherwise.
func swapUnit(dt numeric.DataType) int {
	switch dt.Kind() {
	case numeric.FixedLengthUTF32:
		return 4
	case numeric.NullTerminatedBytes, numeric.RawBytes:
		return 1
	}
	return dt.ComponentType().Size()
}
