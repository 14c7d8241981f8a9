// Package blosclz reads and writes BloscLZ, the LZ77 format of c-blosc's
// own "blosclz" compressor (a descendant of FastLZ level 2). It has no
// header: a stream is a sequence of instructions, each starting with a
// control byte c.
//
//   - c < 32: a literal run; the next c+1 bytes are copied to the output.
//     The first control byte of a stream is always a literal run; its top
//     three bits are a marker (writers set 0x20) that readers ignore.
//   - c >= 32: a match. Its length is (c>>5)+2, except that c>>5 == 7
//     means 9 plus the sum of the extension bytes that follow, which
//     continue while a byte is 255. Then comes a byte d; the match copies
//     from D+1 bytes back, where D = (c&31)<<8 | d. When c&31 == 31 and
//     d == 255 two more bytes e0, e1 follow instead and D = 8191 +
//     (e0<<8 | e1). Copies may overlap their own output (D+1 < length
//     repeats a pattern).
//
// A stream never ends with a match: c-blosc's decoder stops before copying
// a match that has no instruction after it, so such a stream decodes short
// there. Decompress treats it as an error, as it does every read past the
// input and every write past the expected output.
//
// Compress is this package's own greedy encoder (a hash table of 4-byte
// sequences, matches of at least 4 bytes near and 8 bytes far); its output
// differs from c-blosc's but every stream it writes is one c-blosc decodes.
package blosclz

import "errors"

// Format limits.
const (
	// maxLiteral is the longest literal run one control byte carries.
	maxLiteral = 32
	// nearLimit bounds the D of a match coded in two bytes; D from
	// nearLimit on takes the four-byte far form.
	nearLimit = 8191
	// maxD bounds D: the far form stores D-nearLimit in 16 bits.
	maxD = nearLimit + 0xffff
)

// ErrCorrupt is returned by Decompress for a stream that is malformed: it
// reads past its end, copies from before the start of the output, writes
// past the expected output, or ends with a match.
var ErrCorrupt = errors.New("blosclz: corrupt stream")
