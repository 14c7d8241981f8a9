package numeric

import (
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"strconv"
	"unicode/utf8"

	"github.com/zcodec/zcodec/internal/jsonstr"
)

// Scalars of the text and byte-string types hold their value in Scalar.str:
//
//   - string: the UTF-8 text;
//   - bytes: the bytes;
//   - fixed_length_utf32: the element's UTF-32 code units, little-endian,
//     without the trailing U+0000 units that pad it (so that == compares
//     the values the type distinguishes);
//   - null_terminated_bytes: the element's bytes without trailing NULs
//     (NumPy's |S n reads them so);
//   - r*: all the element's bytes.
//
// PutBytes writes the element encoding of the fixed-length ones (the held
// bytes, then zeros); the variable-length ones have no element encoding of
// a fixed size (Size is 0) and PutBytes writes nothing.

// TextScalar returns v as a scalar of a text type: String, or a
// fixed_length_utf32 type, whose capacity (LengthBytes()/4 code points) v
// must not exceed. v must be valid UTF-8.
func TextScalar(dt DataType, v string) (Scalar, error) {
	if !dt.Valid() || !dt.IsText() {
		return Scalar{}, &ScalarError{DataType: dt, Reason: "not a text type"}
	}
	if !utf8.ValidString(v) {
		return Scalar{}, &ScalarError{DataType: dt, Reason: "text is not valid UTF-8"}
	}
	if dt == String {
		return Scalar{dt: dt, str: v}, nil
	}
	n := utf8.RuneCountInString(v)
	if n > dt.LengthBytes()/4 {
		return Scalar{}, &ScalarError{DataType: dt, Reason: fmt.Sprintf("%d code points exceed the capacity of %d", n, dt.LengthBytes()/4)}
	}
	b := make([]byte, 4*n)
	if err := PutUTF32(b, v); err != nil {
		return Scalar{}, err
	}
	return Scalar{dt: dt, str: string(trimZeroUnits(b))}, nil
}

// ByteStringScalar returns v as a scalar of a byte-string type: Bytes, a
// null_terminated_bytes type (at most LengthBytes() bytes; trailing NULs
// are not part of the value) or a raw type (at most LengthBytes() bytes,
// zero-padded to that length).
func ByteStringScalar(dt DataType, v []byte) (Scalar, error) {
	if !dt.Valid() || !dt.IsByteString() {
		return Scalar{}, &ScalarError{DataType: dt, Reason: "not a byte-string type"}
	}
	switch dt.Kind() {
	case Bytes:
		return Scalar{dt: dt, str: string(v)}, nil
	case NullTerminatedBytes:
		if len(v) > dt.LengthBytes() {
			return Scalar{}, &ScalarError{DataType: dt, Reason: fmt.Sprintf("%d bytes exceed the length of %d", len(v), dt.LengthBytes())}
		}
		return Scalar{dt: dt, str: string(bytes.TrimRight(v, "\x00"))}, nil
	}
	n := dt.LengthBytes()
	if len(v) > n {
		return Scalar{}, &ScalarError{DataType: dt, Reason: fmt.Sprintf("%d bytes exceed the length of %d", len(v), n)}
	}
	full := make([]byte, n)
	copy(full, v)
	return Scalar{dt: dt, str: string(full)}, nil
}

// Text returns the value of a text scalar (string or fixed_length_utf32)
// as UTF-8, without the padding of a fixed-length one; ok is false for
// other types.
func (s Scalar) Text() (v string, ok bool) {
	switch s.dt.Kind() {
	case String:
		return s.str, true
	case FixedLengthUTF32:
		return string(AppendUTF32Text(nil, []byte(s.str))), true
	}
	return "", false
}

// ByteString returns the value of a byte-string scalar (bytes,
// null_terminated_bytes without its trailing NULs, r* whole) as a new
// slice; ok is false for other types.
func (s Scalar) ByteString() (v []byte, ok bool) {
	if !s.dt.IsByteString() {
		return nil, false
	}
	return []byte(s.str), true
}

// AppendUTF32Text appends to dst the text of the fixed_length_utf32
// element elem (little-endian UTF-32 code units, its length a multiple of
// 4) as UTF-8, up to the trailing U+0000 padding, and returns the extended
// slice. NumPy strips trailing U+0000 code points and so does this; U+0000
// inside the text is kept. A code unit that is not a Unicode scalar value
// becomes U+FFFD. PutUTF32 is its inverse.
func AppendUTF32Text(dst, elem []byte) []byte {
	elem = trimZeroUnits(elem)
	for i := 0; i+4 <= len(elem); i += 4 {
		u := binary.LittleEndian.Uint32(elem[i:])
		if u < utf8.RuneSelf {
			dst = append(dst, byte(u))
			continue
		}
		r := rune(u)
		if u > utf8.MaxRune || !utf8.ValidRune(r) {
			r = utf8.RuneError
		}
		dst = utf8.AppendRune(dst, r)
	}
	return dst
}

// PutUTF32 writes the text v as the fixed_length_utf32 element elem
// (UTF-32 code units, little-endian, then U+0000 padding). It fails, leaving elem
// unspecified, when v is not valid UTF-8 or holds more than len(elem)/4
// code points.
func PutUTF32(elem []byte, v string) error {
	i := 0
	for j := 0; j < len(v); {
		r, size := rune(v[j]), 1
		if r >= utf8.RuneSelf {
			r, size = utf8.DecodeRuneInString(v[j:])
			if r == utf8.RuneError && size == 1 {
				return &ScalarError{Reason: "fixed_length_utf32: text is not valid UTF-8"}
			}
		}
		if i+4 > len(elem) {
			return &ScalarError{Reason: fmt.Sprintf("fixed_length_utf32: %q holds more than %d code points", v, len(elem)/4)}
		}
		binary.LittleEndian.PutUint32(elem[i:], uint32(r))
		i += 4
		j += size
	}
	clear(elem[i:])
	return nil
}

// trimZeroUnits removes the trailing all-zero 4-byte units of b.
func trimZeroUnits(b []byte) []byte {
	n := len(b) &^ 3
	for n >= 4 && b[n-1] == 0 && b[n-2] == 0 && b[n-3] == 0 && b[n-4] == 0 {
		n -= 4
	}
	return b[:n]
}

// isStringClass reports whether dt holds its scalars in Scalar.str.
func isStringClass(dt DataType) bool { return dt.IsText() || dt.IsByteString() }

// stringScalarFromElement is ScalarFromBytes for the fixed-length text and
// byte-string types; b has dt.Size() bytes.
func stringScalarFromElement(dt DataType, b []byte) (Scalar, error) {
	switch dt.Kind() {
	case FixedLengthUTF32:
		t := trimZeroUnits(b)
		for i := 0; i < len(t); i += 4 {
			u := binary.LittleEndian.Uint32(t[i:])
			if u > utf8.MaxRune || !utf8.ValidRune(rune(u)) {
				return Scalar{}, &ScalarError{DataType: dt, Reason: fmt.Sprintf("code unit %#x at byte %d is not a Unicode scalar value", u, i)}
			}
		}
		return Scalar{dt: dt, str: string(t)}, nil
	case NullTerminatedBytes:
		return Scalar{dt: dt, str: string(bytes.TrimRight(b, "\x00"))}, nil
	}
	return Scalar{dt: dt, str: string(b)}, nil
}

// putStringBytes is PutBytes for the fixed-length text and byte-string
// types.
func (s Scalar) putStringBytes(b []byte) int {
	n := s.dt.Size()
	if n == 0 { // string, bytes: no element encoding
		return 0
	}
	k := copy(b[:n], s.str)
	clear(b[k:n])
	return n
}

// parseStringFill reads the fill value of a text or byte-string type:
//
//   - string, fixed_length_utf32: a JSON string (at most LengthBytes()/4
//     code points for the latter);
//   - bytes, null_terminated_bytes: a base64 string (standard alphabet,
//     padded) or an array of integers in [0, 255] (null_terminated_bytes:
//     at most LengthBytes() bytes);
//   - r*: an array of exactly LengthBytes() integers in [0, 255] (Zarr v3
//     core), or a base64 string of exactly that many bytes (zarr-python 3
//     writes its raw_bytes fill so).
func (p *fillParser) parseStringFill(dt DataType, v []byte) (Scalar, error) {
	if dt.IsText() {
		if v[0] != '"' {
			return Scalar{}, p.fail("want a JSON string, got %s", jsonKind(v))
		}
		var s string
		if err := json.Unmarshal(v, &s); err != nil {
			return Scalar{}, p.fail("bad JSON string")
		}
		sc, err := TextScalar(dt, s)
		if err != nil {
			return Scalar{}, p.fail("%s", err.(*ScalarError).Reason)
		}
		return sc, nil
	}
	var b []byte
	switch v[0] {
	case '"':
		var s string
		if err := json.Unmarshal(v, &s); err != nil {
			return Scalar{}, p.fail("bad JSON string")
		}
		var err error
		if b, err = base64.StdEncoding.Strict().DecodeString(s); err != nil {
			return Scalar{}, p.fail("not base64 (standard alphabet, padded): %v", err)
		}
	case '[':
		var ints []json.RawMessage
		if err := json.Unmarshal(v, &ints); err != nil {
			return Scalar{}, p.fail("want an array of integers in [0, 255]")
		}
		b = make([]byte, len(ints))
		for i, e := range ints {
			u, err := strconv.ParseUint(string(trimJSONSpace(e)), 10, 8)
			if err != nil {
				return Scalar{}, p.fail("element %d is not an integer in [0, 255]", i)
			}
			b[i] = byte(u)
		}
	default:
		return Scalar{}, p.fail("want a base64 string or an array of integers in [0, 255], got %s", jsonKind(v))
	}
	if dt.Kind() == RawBytes && len(b) != dt.LengthBytes() {
		return Scalar{}, p.fail("want exactly %d bytes, got %d", dt.LengthBytes(), len(b))
	}
	sc, err := ByteStringScalar(dt, b)
	if err != nil {
		return Scalar{}, p.fail("%s", err.(*ScalarError).Reason)
	}
	return sc, nil
}

// appendStringFill appends the canonical fill-value JSON of a text or
// byte-string scalar: a JSON string for text, base64 for bytes and
// null_terminated_bytes (as zarr-python 3 writes them), an array of
// integers for r* (Zarr v3 core).
func appendStringFill(b []byte, s Scalar) []byte {
	switch {
	case s.dt.IsText():
		t, _ := s.Text()
		return jsonstr.Append(b, t)
	case s.dt.Kind() == RawBytes:
		b = append(b, '[')
		for i := 0; i < len(s.str); i++ {
			if i > 0 {
				b = append(b, ", "...)
			}
			b = strconv.AppendUint(b, uint64(s.str[i]), 10)
		}
		return append(b, ']')
	}
	b = append(b, '"')
	b = base64.StdEncoding.AppendEncode(b, []byte(s.str))
	return append(b, '"')
}
