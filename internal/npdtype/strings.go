package npdtype

import (
	"strconv"

	"github.com/zcodec/zcodec/numeric"
)

// parseText reads the fixed-length text and byte-string type strings:
// "<U n" and ">U n" (n code points: fixed_length_utf32 of 4n bytes, in the
// given byte order; "|U n" and "U n" little-endian), "|S n" (and its
// older spelling "|a n": null_terminated_bytes of n bytes) and "|V n" (the
// raw type r<8n>), n a positive decimal without sign or leading zeros. ok
// is false for anything else.
func parseText(s string) (numeric.DataType, numeric.Endian, bool) {
	code, order := s, byte(0)
	if len(s) > 0 && (s[0] == '<' || s[0] == '>' || s[0] == '|' || s[0] == '=') {
		code, order = s[1:], s[0]
	}
	if len(code) < 2 || code[1] < '1' || code[1] > '9' {
		return 0, 0, false
	}
	n, err := strconv.Atoi(code[1:])
	if err != nil || n > numeric.MaxElementBytes {
		return 0, 0, false
	}
	var dt numeric.DataType
	endian := numeric.EndianUnset
	switch code[0] {
	case 'U':
		if n > numeric.MaxElementBytes/4 {
			return 0, 0, false
		}
		dt, err = numeric.NewFixedLengthUTF32(4 * n)
		endian = numeric.LittleEndian
		if order == '>' {
			endian = numeric.BigEndian
		}
	case 'S', 'a':
		dt, err = numeric.NewNullTerminatedBytes(n)
	case 'V':
		dt, err = numeric.NewRawBytes(n)
	default:
		return 0, 0, false
	}
	return dt, endian, err == nil
}

// formatText is Format for the fixed-length text and byte-string types,
// or "".
func formatText(dt numeric.DataType, e numeric.Endian) string {
	n := dt.LengthBytes()
	switch dt.Kind() {
	case numeric.FixedLengthUTF32:
		if e == numeric.BigEndian {
			return ">U" + strconv.Itoa(n/4)
		}
		return "<U" + strconv.Itoa(n/4)
	case numeric.NullTerminatedBytes:
		return "|S" + strconv.Itoa(n)
	case numeric.RawBytes:
		return "|V" + strconv.Itoa(n)
	}
	return ""
}
