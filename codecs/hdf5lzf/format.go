package hdf5lzf

// The LZF format is a sequence of items, each starting with a control byte
// c. When c < 32 it is a literal run: the c+1 bytes that follow are copied
// to the output. Otherwise it is a back reference: length field l = c>>5
// (7 means that the next byte is added to it) and offset o = (c&31)<<8
// plus the byte after that, plus 1; l+2 bytes are copied from o bytes back
// in the output, byte by byte, so that the source may overlap what is being
// written.
const (
	maxLiteral = 32                // longest literal run
	maxOffset  = 1 << 13           // farthest back reference
	minMatch   = 3                 // shortest back reference
	maxMatch   = 7 + 255 + 2       // longest back reference
	refLenMask = 7                 // length field of a back reference
	refOffHigh = maxOffset/256 - 1 // mask of the offset's high bits in a control byte
)

// MaxEncodedLen returns the largest encoding of n bytes: n plus one control
// byte per literal run of at most 32 bytes.
func MaxEncodedLen(n int) int { return n + (n+maxLiteral-1)/maxLiteral }
