// Package npdtype reads NumPy array-interface type strings ("<f4", ">i2",
// "|u1") as a zcodec data type and a byte order. HDF5 dataset descriptions
// and Zarr v2 .zarray files both spell data types this way.
package npdtype

import (
	"fmt"

	bytescodec "github.com/zcodec/zcodec/codecs/bytes"
	"github.com/zcodec/zcodec/numeric"
)

// Error reports a type string that is not a supported NumPy type.
type Error struct {
	Text   string
	Reason string
}

func (e *Error) Error() string { return fmt.Sprintf("data type %q: %s", e.Text, e.Reason) }

var kinds = map[string]numeric.DataType{
	"b1": numeric.Bool,
	"i1": numeric.Int8, "i2": numeric.Int16, "i4": numeric.Int32, "i8": numeric.Int64,
	"u1": numeric.Uint8, "u2": numeric.Uint16, "u4": numeric.Uint32, "u8": numeric.Uint64,
	"f2": numeric.Float16, "f4": numeric.Float32, "f8": numeric.Float64,
	"c8": numeric.Complex64, "c16": numeric.Complex128,
}

// Parse reads a NumPy type string: a byte-order character ('<' little,
// '>' big, '|' not applicable, '=' native, taken as little-endian), a kind
// (b, i, u, f, c) and a size in bytes. One-byte types have no byte order
// (EndianUnset) whatever the character; '|' on a wider type is an error.
func Parse(s string) (numeric.DataType, bytescodec.Endian, error) {
	if len(s) < 3 {
		return 0, 0, &Error{Text: s, Reason: "want a byte order, a kind and a size, such as \"<f4\""}
	}
	order, rest := s[0], s[1:]
	dt, ok := kinds[rest]
	if !ok {
		return 0, 0, &Error{Text: s, Reason: "not one of the supported NumPy types b1, i1..i8, u1..u8, f2, f4, f8, c8, c16"}
	}
	if dt.Size() == 1 {
		if order != '<' && order != '>' && order != '|' && order != '=' {
			return 0, 0, &Error{Text: s, Reason: fmt.Sprintf("byte order %q is not one of < > | =", order)}
		}
		return dt, bytescodec.EndianUnset, nil
	}
	switch order {
	case '<', '=':
		return dt, bytescodec.LittleEndian, nil
	case '>':
		return dt, bytescodec.BigEndian, nil
	case '|':
		return 0, 0, &Error{Text: s, Reason: "a multi-byte type needs byte order < or >"}
	}
	return 0, 0, &Error{Text: s, Reason: fmt.Sprintf("byte order %q is not one of < > | =", order)}
}

// Format returns the NumPy type string of dt in byte order e ("|" for
// one-byte types).
func Format(dt numeric.DataType, e bytescodec.Endian) string {
	for k, v := range kinds {
		if v == dt {
			switch {
			case dt.Size() == 1:
				return "|" + k
			case e == bytescodec.BigEndian:
				return ">" + k
			}
			return "<" + k
		}
	}
	return ""
}

// BytesCodecJSON returns the JSON of the bytes codec for dt stored in byte
// order e: no configuration for one-byte types, {"endian": ...} otherwise.
func BytesCodecJSON(dt numeric.DataType, e bytescodec.Endian) map[string]any {
	if dt.Size() == 1 {
		return map[string]any{"name": "bytes"}
	}
	if e == bytescodec.EndianUnset {
		e = bytescodec.LittleEndian
	}
	return map[string]any{"name": "bytes", "configuration": map[string]any{"endian": e.String()}}
}
