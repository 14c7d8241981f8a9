package main

import (
	"encoding/binary"
	"strconv"

	"github.com/zcodec/zcodec/numeric"
)

// timeFormatter returns the function that appends the text of one element
// of a date or duration type (its little-endian int64 count), or nil for
// other types: NumPy's text (numeric.AppendTime): ISO 8601 dates to the
// unit's precision ("2001-02-03T04:05:06.789"), durations as "10 seconds",
// Not a Time as "NaT". A date of the generic unit, which NumPy cannot
// print, is written as its count.
func timeFormatter(dt numeric.DataType) func([]byte, []byte) []byte {
	if !dt.IsTime() {
		return nil
	}
	return func(dst, b []byte) []byte { return appendTimeText(dst, dt, int64(binary.LittleEndian.Uint64(b))) }
}

// appendTimeText appends NumPy's text of the count v of the date or
// duration type dt, or the count itself where NumPy has no text.
func appendTimeText(dst []byte, dt numeric.DataType, v int64) []byte {
	if out, err := numeric.AppendTime(dst, dt, v); err == nil {
		return out
	}
	return strconv.AppendInt(dst, v, 10)
}

// fillValueText is the text info shows beside the fill value of a date or
// duration array ("2000-01-01"), or "" for other types.
func fillValueText(fill numeric.Scalar) string {
	v, ok := fill.TimeCount()
	if !ok || v == numeric.NaT {
		return ""
	}
	return string(appendTimeText(nil, fill.DataType(), v))
}
