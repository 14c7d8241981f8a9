package blosc

import (
	"encoding/binary"
	"fmt"
	"math"
)

// Constants of the c-blosc 1.x frame format and of its encoder.
const (
	headerSize = 16 // also the most a frame adds to the data it holds
	minBuffer  = 128
	maxSplits  = 16
	l1         = 32 << 10
	maxTypes   = 255
	// maxBlocksize is c-blosc's largest block.
	maxBlocksize = (math.MaxInt32 - maxTypes*4) / 3
	// MaxChunkBytes is the largest chunk a frame holds: its sizes are
	// signed 32-bit integers that include the header.
	MaxChunkBytes = math.MaxInt32 - headerSize
)

// Header flags.
const (
	flagByteShuffle = 0x01
	flagMemcpy      = 0x02
	flagBitShuffle  = 0x04
	flagReserved    = 0x08
	flagDontSplit   = 0x10
)

// compressor is a compressor code (the index of its name in compressorNames).
type compressor int

const (
	compBlosclz compressor = iota
	compLZ4
	compLZ4HC
	compSnappy
	compZlib
	compZstd
)

// format is the code of a compressor's stream format in the header's top
// three bits.
type format int

const (
	formatBlosclz format = iota
	formatLZ4            // lz4 and lz4hc
	formatSnappy
	formatZlib
	formatZstd
	numFormats
)

var formatNames = [numFormats]string{"blosclz", "lz4", "snappy", "zlib", "zstd"}

// format returns the stream format a compressor writes.
func (c compressor) format() format {
	return [...]format{formatBlosclz, formatLZ4, formatLZ4, formatSnappy, formatZlib, formatZstd}[c]
}

// highRatio reports whether c-blosc counts the compressor among those
// meant for high compression ratios (larger blocks).
func (c compressor) highRatio() bool { return c == compLZ4HC || c == compZlib || c == compZstd }

// header is a parsed frame header.
type header struct {
	version, versionLZ, flags byte
	typesize                  int
	nbytes, blocksize, cbytes int
}

func (h header) format() format { return format(h.flags >> 5) }

// parseHeader reads the header of the frame at the start of src and checks
// it on its own: sizes within src and the format, versions and flags that
// c-blosc 1.x writes. The decoded size is the caller's to check.
func parseHeader(src []byte) (header, string) {
	if len(src) < headerSize {
		return header{}, fmt.Sprintf("%d bytes, shorter than the %d-byte frame header", len(src), headerSize)
	}
	le := binary.LittleEndian
	h := header{version: src[0], versionLZ: src[1], flags: src[2], typesize: int(src[3])}
	n, b, c := le.Uint32(src[4:]), le.Uint32(src[8:]), le.Uint32(src[12:])
	switch {
	case h.version != 1 && h.version != 2:
		return h, fmt.Sprintf("format version %d; c-blosc 1.x frames have 1 or 2 (Blosc2 chunks are not read)", h.version)
	case n > MaxChunkBytes || b > math.MaxInt32 || c > math.MaxInt32:
		return h, fmt.Sprintf("header sizes %d/%d/%d exceed 2^31-1", n, b, c)
	}
	h.nbytes, h.blocksize, h.cbytes = int(n), int(b), int(c)
	switch {
	case h.cbytes < headerSize:
		return h, fmt.Sprintf("header gives a frame size of %d bytes, less than the header", h.cbytes)
	case h.cbytes > len(src):
		return h, fmt.Sprintf("header gives a frame size of %d bytes; only %d are present", h.cbytes, len(src))
	case h.nbytes == 0:
		return h, "" // an empty chunk: nothing else is read
	case h.flags&flagReserved != 0:
		return h, fmt.Sprintf("reserved flag bit 3 is set (flags %#02x)", h.flags)
	case h.typesize == 0:
		return h, "type size 0"
	case h.blocksize == 0 || h.blocksize > maxBlocksize:
		return h, fmt.Sprintf("block size %d is out of range [1, %d]", h.blocksize, maxBlocksize)
	}
	if h.flags&flagMemcpy != 0 {
		if h.cbytes != h.nbytes+headerSize {
			return h, fmt.Sprintf("stored frame of %d bytes for %d bytes of data; want %d", h.cbytes, h.nbytes, h.nbytes+headerSize)
		}
		return h, ""
	}
	if h.format() >= numFormats {
		return h, fmt.Sprintf("unknown compressor format %d", h.format())
	}
	if h.versionLZ != 1 {
		return h, fmt.Sprintf("%s format version %d; only 1 exists", formatNames[h.format()], h.versionLZ)
	}
	if nb := h.nblocks(); nb > (h.cbytes-headerSize)/4 {
		return h, fmt.Sprintf("%d blocks but room for only %d block offsets", nb, (h.cbytes-headerSize)/4)
	}
	return h, ""
}

// blockSize returns the block size, capped at the data size (c-blosc 1.x
// writes no larger block; c-blosc 2 reads one as a single block, and so
// does zcodec).
func (h header) blockSize() int { return min(h.blocksize, h.nbytes) }

// nblocks returns the number of blocks.
func (h header) nblocks() int { return blocks(h.nbytes, h.blockSize()) }

// blocks returns the number of blocks of bs bytes (the last one shorter)
// that n bytes make, without overflowing where int has 32 bits.
func blocks(n, bs int) int {
	nb := n / bs
	if n%bs != 0 {
		nb++
	}
	return nb
}
