package hdf5szip

import (
	"fmt"
	"math"
)

// The bits of options_mask (szlib's SZ_*_OPTION_MASK values, which HDF5
// stores as cd_values[0]).
const (
	// OptionAllowK13 allows split-sample options up to k = 13 for 16-bit
	// samples; HDF5 always sets it. It changes nothing here: every k the
	// sample width allows is decoded and considered when encoding.
	OptionAllowK13 = 1
	// OptionChip is szip's chip-compatible mode; HDF5 always clears it. It
	// changes nothing here.
	OptionChip = 2
	// OptionEC selects entropy coding without a preprocessor.
	OptionEC = 4
	// OptionLSB says the samples are little-endian; HDF5 sets it for
	// little-endian data types.
	OptionLSB = 8
	// OptionMSB says the samples are big-endian; HDF5 sets it for
	// big-endian data types. It takes precedence over OptionLSB.
	OptionMSB = 16
	// OptionNN selects the unit-delay (nearest-neighbour) preprocessor. It
	// takes precedence over OptionEC.
	OptionNN = 32
	// OptionRaw says the stream has no szip header; HDF5 always sets it
	// and the stream never has one.
	OptionRaw = 128

	knownOptions = OptionAllowK13 | OptionChip | OptionEC | OptionLSB | OptionMSB | OptionNN | OptionRaw
)

// Limits of the parameters.
const (
	// MaxPixelsPerBlock is the largest block size J (CCSDS 121.0-B-3
	// allows 8, 16, 32 and 64; HDF5 writes even sizes up to 32).
	MaxPixelsPerBlock = 64
	// MaxBlocksPerScanline is the largest reference sample interval, in
	// blocks, that a scanline may need (CCSDS 121.0-B-3's limit r <= 4096).
	MaxBlocksPerScanline = 4096
)

// params is a validated set of the four filter parameters and what follows
// from them: how chunk bytes become CCSDS samples.
type params struct {
	mask uint32
	ppb  int // J, samples per block
	bpp  int // bits_per_pixel as configured
	pps  int // pixels (samples) per scanline

	n     uint // bits per CCSDS sample
	size  int  // bytes per CCSDS sample in the chunk: 1, 2 or 4
	word  int  // bytes per interleaved word (4 or 8), or 0
	msb   bool // samples are big-endian
	nn    bool // the preprocessor is on
	rsi   int  // blocks per scanline (the reference sample interval)
	line  int  // samples per padded scanline: rsi * ppb
	idLen uint // bits of the option identifier
	xmax  uint32
}

// maxChunk is the largest chunk, in bytes, that HDF5's 4-byte size header
// describes (and an int holds).
const maxChunk = min(math.MaxUint32, math.MaxInt)

// paramError names the parameter at fault: its key, its index in
// cd_values, its value and the rule it breaks.
type paramError struct {
	key   string
	index int
	value int64
	rule  string
}

// reason says what is wrong, naming the parameter by its key.
func (e *paramError) reason() string { return fmt.Sprintf("%s %d %s", e.key, e.value, e.rule) }

// cdReason says what is wrong, naming the parameter by its place in
// cd_values.
func (e *paramError) cdReason() string {
	return fmt.Sprintf("cd_values[%d] = %d %s", e.index, e.value, e.rule)
}

// newParams validates the four parameters.
func newParams(mask uint32, ppb, bpp, pps int64) (params, *paramError) {
	fail := func(index int, value int64, format string, args ...any) (params, *paramError) {
		keys := [...]string{"options_mask", "pixels_per_block", "bits_per_pixel", "pixels_per_scanline"}
		return params{}, &paramError{key: keys[index], index: index, value: value, rule: fmt.Sprintf(format, args...)}
	}
	if mask&^knownOptions != 0 {
		return fail(0, int64(mask), "has bits %#x that are no szip option (known: 1, 2, 4, 8, 16, 32, 128)", mask&^knownOptions)
	}
	if ppb < 2 || ppb > MaxPixelsPerBlock || ppb%2 != 0 {
		return fail(1, ppb, "is not an even number from 2 to %d", MaxPixelsPerBlock)
	}
	switch {
	case bpp >= 1 && bpp <= 32, bpp == 64:
	default:
		return fail(2, bpp, "is not 1 to 32 or 64")
	}
	if pps < 1 || (pps+ppb-1)/ppb > MaxBlocksPerScanline {
		return fail(3, pps, "is not 1 to %d (%d blocks of %d pixels)", MaxBlocksPerScanline*ppb, MaxBlocksPerScanline, ppb)
	}
	p := params{mask: mask, ppb: int(ppb), bpp: int(bpp), pps: int(pps)}
	p.msb = mask&OptionMSB != 0
	p.nn = mask&OptionNN != 0
	p.n = uint(bpp)
	if bpp == 32 || bpp == 64 {
		// 32- and 64-bit pixels are split into byte planes of 8-bit samples.
		p.word = int(bpp / 8)
		p.n = 8
	}
	switch {
	case p.n > 16:
		p.size, p.idLen = 4, 5
	case p.n > 8:
		p.size, p.idLen = 2, 4
	default:
		p.size, p.idLen = 1, 3
	}
	p.xmax = uint32(uint64(1)<<p.n - 1)
	p.rsi = (p.pps + p.ppb - 1) / p.ppb
	p.line = p.rsi * p.ppb
	return p, nil
}

// unit is the number of bytes a chunk's length must be a multiple of.
func (p *params) unit() int {
	if p.word > 0 {
		return p.word
	}
	return p.size
}

// samples is the number of CCSDS samples in a chunk of n bytes.
func (p *params) samples(n int) int { return n / p.size }

// scanlines is the number of (padded) scanlines a chunk of s samples is
// coded in.
func (p *params) scanlines(s int) int { return (s + p.pps - 1) / p.pps }

// maxEncodedLen bounds the encoding of a chunk of n bytes: the header and
// every block of every padded scanline as long as its uncompressed option,
// with room for a zero-block run's codeword.
func (p *params) maxEncodedLen(n int) int {
	blocks := p.scanlines(p.samples(n)) * p.rsi
	bitsPerBlock := int(p.idLen) + p.ppb*int(p.n) + 3
	return headerSize + (blocks*bitsPerBlock+7)/8 + 1
}
