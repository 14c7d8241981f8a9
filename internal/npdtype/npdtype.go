// Package npdtype reads and writes NumPy array-interface type strings
// ("<f4", ">i2", "|u1"): the spelling of data types in Zarr v2 .zarray
// files, in numcodecs codec configurations (dtype, astype, encode_dtype,
// decode_dtype) and in HDF5 dataset descriptions. It is the module's one
// parser of that spelling.
//
// A type string is an optional byte-order character and a type code:
//
//	order   '<' little-endian, '>' big-endian, '|' not applicable,
//	        '=' native, or none (native)
//	code    b1 (bool), i1 i2 i4 i8, u1 u2 u4 u8, f2 f4 f8, c8 c16,
//	        M8 (datetime64) and m8 (timedelta64), alone (NumPy's generic
//	        unit) or with a unit and an optional scale factor: M8[ns],
//	        m8[s], M8[10s] (numpy.datetime64 and numpy.timedelta64),
//	        U n (fixed_length_utf32 of 4n bytes), S n or a n
//	        (null_terminated_bytes of n bytes), V n (r<8n>)
//
// This is the form numpy.dtype(...).str writes, and every string it
// accepts means what NumPy 1.24 reads it as (checked against NumPy in
// testdata/numpy_dtypes.json). One-byte types have no byte order, whatever
// the character. For wider types '|', '=' and no character mean the
// writer's native order, read as little-endian: NumPy itself writes '<' or
// '>' for them, and every platform Zarr data comes from is little-endian.
//
// Rejected although NumPy reads them: single-character codes ("?", "d",
// "b", which NumPy reads as int8), names ("float64"), sizes with leading
// zeros or signs ("<f04", "<M8[010s]"), NumPy's unit divisions ("M8[s/2]"),
// and types zcodec has no data type for (structured and 16-byte floats).
// The error says what to write, or, for object and structured types, that
// arrays of that kind are not supported here (Zarr v2 object arrays are
// read through their object codec: package interop/zarrv2).
package npdtype

import (
	"fmt"

	"github.com/zcodec/zcodec/internal/shorten"
	"github.com/zcodec/zcodec/numeric"
)

// Error reports a type string that npdtype does not read.
type Error struct {
	Text   string // the type string as given
	Reason string
}

// Error returns `data type "TEXT": reason`, with a long TEXT shortened.
func (e *Error) Error() string { return "data type " + shorten.Quote(e.Text) + ": " + e.Reason }

// codes maps the type codes to data types, in the order Format searches.
var codes = []struct {
	code string
	dt   numeric.DataType
}{
	{"b1", numeric.Bool},
	{"i1", numeric.Int8}, {"i2", numeric.Int16}, {"i4", numeric.Int32}, {"i8", numeric.Int64},
	{"u1", numeric.Uint8}, {"u2", numeric.Uint16}, {"u4", numeric.Uint32}, {"u8", numeric.Uint64},
	{"f2", numeric.Float16}, {"f4", numeric.Float32}, {"f8", numeric.Float64},
	{"c8", numeric.Complex64}, {"c16", numeric.Complex128},
}

const supported = "b1, i1, i2, i4, i8, u1, u2, u4, u8, f2, f4, f8, c8 or c16"

// Parse reads a type string (see the package documentation) as a data type
// and the byte order of its stored elements: EndianUnset for one-byte
// types, LittleEndian or BigEndian otherwise.
func Parse(s string) (numeric.DataType, numeric.Endian, error) {
	if dt, e, ok := parseText(s); ok {
		return dt, e, nil
	}
	code, order := s, byte(0)
	if len(s) > 0 && (s[0] == '<' || s[0] == '>' || s[0] == '|' || s[0] == '=') {
		code, order = s[1:], s[0]
	}
	if dt, ok, err := parseTime(code); ok {
		if err != nil {
			return 0, 0, err
		}
		return dt, endianOf(dt, order), nil
	}
	for _, c := range codes {
		if c.code != code {
			continue
		}
		switch {
		case c.dt.Size() == 1:
			return c.dt, numeric.EndianUnset, nil
		case order == '>':
			return c.dt, numeric.BigEndian, nil
		}
		return c.dt, numeric.LittleEndian, nil
	}
	return 0, 0, &Error{Text: s, Reason: reason(s)}
}

// reason explains why s is not read.
func reason(s string) string {
	if what := unsupportedKind(s); what != "" {
		return what + " are not supported: zcodec reads arrays of fixed-size numbers (" + supported + ")"
	}
	switch {
	case s == "":
		return "empty; want a NumPy type string such as \"<f8\""
	case len(s) <= 2 && s != "":
		return fmt.Sprintf("single-character NumPy codes are not read; write a byte order and a type code with its size, such as \"<f8\" (codes: %s)", supported)
	}
	return fmt.Sprintf("want an optional byte order (<, >, |, =) and one of the type codes %s, such as \"<f8\"", supported)
}

// unsupportedKind names the kind of NumPy type that s spells when zcodec
// has no data type of that kind (object, string, datetime, structured
// arrays), else "".
func unsupportedKind(s string) string {
	code := s
	if len(code) > 0 && (code[0] == '<' || code[0] == '>' || code[0] == '|' || code[0] == '=') {
		code = code[1:]
	}
	if code == "" {
		return ""
	}
	// The kind character, then a size or a unit ("U10", "M8[ns]", "V16").
	rest := code[1:]
	sized := rest == "" || rest[0] >= '0' && rest[0] <= '9' || rest[0] == '['
	if !sized {
		return ""
	}
	switch code[0] {
	case 'O':
		return "object arrays (Python objects, variable-length strings)"
	case 'V':
		return "structured arrays"
	}
	return ""
}

// Format returns the type string NumPy writes for dt stored in byte order
// e: "|" for one-byte types, ">" for BigEndian, "<" otherwise. It returns
// "" for a data type NumPy has no type string for (bfloat16).
func Format(dt numeric.DataType, e numeric.Endian) string {
	if dt.IsTime() {
		return formatTime(dt, e)
	}
	if t := formatText(dt, e); t != "" {
		return t
	}
	for _, c := range codes {
		if c.dt != dt {
			continue
		}
		switch {
		case dt.Size() == 1:
			return "|" + c.code
		case e == numeric.BigEndian:
			return ">" + c.code
		}
		return "<" + c.code
	}
	return ""
}
