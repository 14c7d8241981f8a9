// Package byterange holds the byte ranges of stored values: Range, the
// selection of bytes of one value; Reader and Sizer, the interfaces of a
// value read by ranges; Bounds, the one place a range is resolved against
// a value's size; and RangeError and ErrRange, the error of a range that
// does not lie inside its value. It is a package of its own, importing
// only the standard library, so that the packages that read ranges (the
// partial decoders of package codec, file formats read in place) need not
// import package store and what it links (net/http).
//
// # Byte ranges
//
// A Range is written in the convention of HTTP range requests (RFC 9110,
// section 14.1.2): {Offset, Length} with Offset >= 0 and Length >= 0 is
// [Offset, Offset+Length); Length -1 is everything from Offset; a
// negative Offset is the last -Offset bytes (a suffix, as "Range:
// bytes=-N"), with Length -Offset. Whole is the range of a whole value.
// A range that does not lie inside the value is an error matched by
// ErrRange: stores never return fewer bytes than asked for, so a reader
// that trusts an index inside a value finds a lie at once.
package byterange
