package npdtype

import (
	"fmt"

	"github.com/zcodec/zcodec/numeric"
)

// charCodes are NumPy's one-character codes of the supported types whose
// size is the same on every platform NumPy runs on (C short, int and long
// long are 16, 32 and 64 bits wherever NumPy builds).
var charCodes = map[byte]numeric.DataType{
	'?': numeric.Bool,
	'b': numeric.Int8, 'B': numeric.Uint8, 'h': numeric.Int16, 'H': numeric.Uint16,
	'i': numeric.Int32, 'I': numeric.Uint32, 'q': numeric.Int64, 'Q': numeric.Uint64,
	'e': numeric.Float16, 'f': numeric.Float32, 'd': numeric.Float64,
	'F': numeric.Complex64, 'D': numeric.Complex128,
}

// names are NumPy 1.24's names of the supported types (np.sctypeDict)
// whose size is the same on every platform.
var names = map[string]numeric.DataType{
	"bool": numeric.Bool, "bool_": numeric.Bool, "bool8": numeric.Bool,
	"int8": numeric.Int8, "int16": numeric.Int16, "int32": numeric.Int32, "int64": numeric.Int64,
	"uint8": numeric.Uint8, "uint16": numeric.Uint16, "uint32": numeric.Uint32, "uint64": numeric.Uint64,
	"byte": numeric.Int8, "ubyte": numeric.Uint8, "short": numeric.Int16, "ushort": numeric.Uint16,
	"intc": numeric.Int32, "uintc": numeric.Uint32, "longlong": numeric.Int64, "ulonglong": numeric.Uint64,
	"float16": numeric.Float16, "float32": numeric.Float32, "float64": numeric.Float64,
	"half": numeric.Float16, "single": numeric.Float32, "double": numeric.Float64,
	"float": numeric.Float64, "float_": numeric.Float64,
	"complex64": numeric.Complex64, "complex128": numeric.Complex128, "complex": numeric.Complex128,
	"complex_": numeric.Complex128, "csingle": numeric.Complex64, "singlecomplex": numeric.Complex64,
	"cfloat": numeric.Complex128, "cdouble": numeric.Complex128,
}

// platformDependent are the spellings NumPy reads as C long or a pointer-
// sized integer, whose size differs between platforms (32 bits on
// Windows, 64 elsewhere), with the explicit forms to write instead.
var platformDependent = map[string]string{
	"l": `"<i8" or "<i4"`, "L": `"<u8" or "<u4"`, "p": `"<i8" or "<i4"`, "P": `"<u8" or "<u4"`,
	"int": `"<i8" or "<i4"`, "int_": `"<i8" or "<i4"`, "int0": `"<i8" or "<i4"`, "intp": `"<i8" or "<i4"`,
	"long": `"<i8" or "<i4"`, "uint": `"<u8" or "<u4"`, "uint0": `"<u8" or "<u4"`, "uintp": `"<u8" or "<u4"`,
	"ulong": `"<u8" or "<u4"`,
}

// ParseNumPy reads any spelling numpy.dtype() accepts for a supported type
// and that means the same on every platform (docs/decisions.md#d22): a
// type string as Parse reads it ("<i4", "i4", "|u1"); a name ("int32",
// "float64", "double", as zarr-python 3 writes them for v3 arrays); or a
// one-character code ("i", "d", "?", "B"), alone or after a byte-order
// character ("<d", ">i"). Names take no byte-order character, as in NumPy.
// The spellings of C long and pointer-sized integers ("l", "int", "intp",
// "uint") are refused, naming the explicit forms: their size depends on
// the platform that wrote them, and so are the string types Parse reads
// (numcodecs' filters compute on numbers). Format writes the explicit form of the
// result. Every spelling is checked against NumPy 1.24
// (testdata/numpy_names.json).
func ParseNumPy(s string) (numeric.DataType, numeric.Endian, error) {
	dt, e, err := Parse(s)
	if err == nil && (dt.IsText() || dt.IsByteString()) {
		// The numcodecs filters compute on numbers.
		return 0, 0, &Error{Text: s, Reason: "string types (U, S, V) are not types a numcodecs filter computes in"}
	}
	if err == nil {
		return dt, e, nil
	}
	code, order := s, byte(0)
	if len(s) == 2 && (s[0] == '<' || s[0] == '>' || s[0] == '|' || s[0] == '=') {
		code, order = s[1:], s[0]
	}
	if alt, ok := platformDependent[code]; ok {
		return 0, 0, &Error{Text: s, Reason: fmt.Sprintf("NumPy reads it as a C long or pointer-sized integer, whose size depends on the platform that wrote it; write %s", alt)}
	}
	if len(code) == 1 {
		if dt, ok := charCodes[code[0]]; ok {
			return dt, endianOf(dt, order), nil
		}
	} else if dt, ok := names[s]; ok {
		return dt, endianOf(dt, 0), nil
	}
	return 0, 0, err
}

// endianOf is the byte order of dt's stored elements under the byte-order
// character order (0 for none): unset for one-byte types, big for '>',
// else little (native order, little-endian on every platform Zarr data
// comes from).
func endianOf(dt numeric.DataType, order byte) numeric.Endian {
	switch {
	case dt.Size() == 1:
		return numeric.EndianUnset
	case order == '>':
		return numeric.BigEndian
	}
	return numeric.LittleEndian
}
