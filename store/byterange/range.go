package byterange

import (
	"context"
	"fmt"
)

// Range selects bytes of one stored value: Offset >= 0 and Length >= 0
// for [Offset, Offset+Length); Offset >= 0 and Length == -1 for everything
// from Offset; Offset < 0 (Length == -Offset) for the last -Offset bytes (a
// suffix, as HTTP "Range: bytes=-N").
type Range struct{ Offset, Length int64 }

// Whole is the Range of a whole stored value.
var Whole = Range{Offset: 0, Length: -1}

// IsSuffix reports whether r selects the last -r.Offset bytes.
func (r Range) IsSuffix() bool { return r.Offset < 0 }

// Valid reports whether r is one of the three forms Range describes.
func (r Range) Valid() bool {
	switch {
	case r.Offset < 0:
		return r.Length == -r.Offset
	case r.Length == -1:
		return true
	}
	return r.Length >= 0
}

// String returns the range in the spelling of an HTTP Range header without
// the unit: "0-99" for 100 bytes at 0, "100-" for everything from 100,
// "-16" for the last 16 bytes; an empty range at 10 is "10+0".
func (r Range) String() string {
	switch {
	case r.Offset < 0:
		return fmt.Sprintf("-%d", -r.Offset)
	case r.Length < 0:
		return fmt.Sprintf("%d-", r.Offset)
	case r.Length == 0:
		return fmt.Sprintf("%d+0", r.Offset)
	}
	return fmt.Sprintf("%d-%d", r.Offset, r.Offset+r.Length-1)
}

// Reader reads ranges of one stored value (for the partial decoders of
// package codec: one stored encoded chunk, a shard).
//
// ReadRange returns the bytes r selects. For a range that reaches past the
// end of the value it returns what there is (a shorter slice) or an error;
// partial decoders treat a short read as a corrupt value. The caller may
// keep the returned slice; the reader must not change it afterwards.
// ReadRange may be called from several goroutines at once.
type Reader interface {
	ReadRange(ctx context.Context, r Range) ([]byte, error)
}

// Sizer is an optional interface of a Reader that knows the length of the
// stored value without reading it (a file's size, an object's length). A
// partial decoder that finds it checks every byte range it will read
// against the value's end before reading any; without it, a range past
// the end shows as a short read.
type Sizer interface {
	Size(ctx context.Context) (int64, error)
}

// Bounds returns the half-open interval [start, end) that r selects of a
// value of size bytes, or an error matched by ErrRange when r is not valid
// or does not lie inside the value. Stores use it to serve GetRange.
func Bounds(r Range, size int64) (start, end int64, err error) {
	if !r.Valid() {
		return 0, 0, &RangeError{Range: r, Size: size, Reason: "not a valid range"}
	}
	switch {
	case r.Offset < 0:
		n := -r.Offset
		if n > size {
			return 0, 0, &RangeError{Range: r, Size: size, Reason: "the suffix is longer than the value"}
		}
		return size - n, size, nil
	case r.Length < 0:
		if r.Offset > size {
			return 0, 0, &RangeError{Range: r, Size: size, Reason: "starts after the end of the value"}
		}
		return r.Offset, size, nil
	default:
		if r.Offset > size || r.Length > size-r.Offset {
			return 0, 0, &RangeError{Range: r, Size: size, Reason: "ends after the end of the value"}
		}
		return r.Offset, r.Offset + r.Length, nil
	}
}
