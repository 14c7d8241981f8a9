package blosc

import (
	"encoding/binary"

	"github.com/zcodec/zcodec/codecs/internal/bitshuffle"
	"github.com/zcodec/zcodec/codecs/internal/bounded"
	"github.com/zcodec/zcodec/codecs/shuffle"
)

// appendFrame appends the Blosc frame of src to dst, laid out as c-blosc
// 1.x lays it out for the same settings: the same block size, split flag
// and shuffle, so that the frame compresses as c-blosc's does and c-blosc
// reads it. Only the compressed streams differ. A frame never exceeds the
// data plus its header: when compression does not pay, the data is stored
// as it is (the memcpy flag), as c-blosc does.
func appendFrame(dst, src []byte, s settings, sc *scratch) ([]byte, error) {
	n := len(src)
	ts := s.typesize
	bs := computeBlocksize(s.comp, s.clevel, ts, n, s.blocksize)
	nb := blocks(n, bs)
	flags := byte(s.comp.format()) << 5
	switch s.shuffle {
	case ByteShuffle:
		flags |= flagByteShuffle
	case BitShuffle:
		flags |= flagBitShuffle
	}
	split := splitBlock(s.comp, ts, bs)
	if !split {
		flags |= flagDontSplit
	}

	start := len(dst)
	out := bounded.Reserve(dst, n+headerSize)
	frame := out[start : start+n+headerSize]
	size := 0
	if s.clevel > 0 && n >= minBuffer {
		var err error
		if size, err = compressBlocks(frame, src, s, bs, nb, split, sc); err != nil {
			return dst, err
		}
	}
	if size == 0 {
		// stored: too small, clevel 0, or not worth compressing
		flags |= flagMemcpy
		copy(frame[headerSize:], src)
		size = n + headerSize
	}
	frame[0], frame[1], frame[2], frame[3] = 2, 1, flags, byte(ts)
	le := binary.LittleEndian
	le.PutUint32(frame[4:], uint32(n))
	le.PutUint32(frame[8:], uint32(bs))
	le.PutUint32(frame[12:], uint32(size))
	return out[:start+size], nil
}

// compressBlocks writes the block offsets and the compressed blocks of src
// into frame (header left blank) and returns the frame size, or 0 when the
// result would not be smaller than frame.
func compressBlocks(frame, src []byte, s settings, bs, nb int, split bool, sc *scratch) (int, error) {
	le := binary.LittleEndian
	ts := s.typesize
	pos := headerSize + 4*nb
	for j := range nb {
		block := src[j*bs : min((j+1)*bs, len(src))]
		last := len(block) < bs
		le.PutUint32(frame[headerSize+4*j:], uint32(pos))
		data := shuffleBlock(block, s.shuffle, ts, sc)
		nsplits := 1
		if split && !last {
			nsplits = ts
		}
		neblock := len(block) / nsplits
		for k := range nsplits {
			part := data[k*neblock : (k+1)*neblock]
			if pos+4 > len(frame) {
				return 0, nil
			}
			// A stream must be shorter than its data: one of the same
			// length means "stored as it is" to the reader.
			room := min(neblock-1, len(frame)-pos-4)
			c := 0
			if room > 0 {
				var err error
				if c, err = compressSplit(s.comp, s.clevel, frame[pos+4:pos+4+room], part, sc); err != nil {
					return 0, err
				}
			}
			if c == 0 {
				if neblock > len(frame)-pos-4 {
					return 0, nil
				}
				c = copy(frame[pos+4:], part)
			}
			le.PutUint32(frame[pos:], uint32(c))
			pos += 4 + c
		}
	}
	return pos, nil
}

// shuffleBlock returns the block as the compressor sees it: shuffled into
// scratch space, or the block itself.
func shuffleBlock(block []byte, sh Shuffle, ts int, sc *scratch) []byte {
	bsize := len(block)
	switch {
	case sh == ByteShuffle && ts > 1:
		sc.block = grow(sc.block, bsize)
		q := bsize / ts * ts
		shuffle.Shuffle(sc.block[:q], block[:q], ts)
		copy(sc.block[q:], block[q:])
		return sc.block
	case sh == BitShuffle && bsize >= ts:
		ne := bsize / ts
		if ne%8 != 0 {
			return block // c-blosc leaves such blocks as they are
		}
		sc.block = grow(sc.block, bsize)
		q := ne * ts
		if ts != 1 {
			sc.tmp = grow(sc.tmp, q)
		}
		bitshuffle.Shuffle(sc.block[:q], block[:q], sc.tmp, ts)
		copy(sc.block[q:], block[q:])
		return sc.block
	}
	return block
}

// splitBlock reports whether c-blosc splits the blocks (its default,
// "forward compatible" rule): one stream per byte of the type, for every
// compressor but zstd, types up to 16 bytes and blocks of at least 128
// elements.
func splitBlock(c compressor, ts, bs int) bool {
	return c != compZstd && ts <= maxSplits && bs/ts >= minBuffer
}

// computeBlocksize returns the block size c-blosc 1.x chooses for n bytes
// of ts-byte elements (ts <= 255) at clevel, given the requested size
// (0 = automatic).
func computeBlocksize(c compressor, clevel, ts, n, requested int) int {
	if n < ts {
		return 1
	}
	bs := n
	switch {
	case requested != 0:
		bs = min(max(requested, minBuffer), maxBlocksize)
	case n >= l1:
		bs = l1
		if c.highRatio() {
			bs *= 2
		}
		switch clevel {
		case 0:
			bs /= 4
		case 1:
			bs /= 2
		case 2:
		case 3:
			bs *= 2
		case 4, 5:
			bs *= 4
		case 6, 7, 8:
			bs *= 8
		default:
			bs *= 8
			if c.highRatio() {
				bs *= 2
			}
		}
	}
	// splitting compressors work on larger blocks
	if clevel > 0 && splitBlock(c, ts, bs) {
		bs = min(bs, 1<<18) * ts
		bs = min(max(bs, 1<<16), 1<<20)
	}
	bs = min(bs, n)
	if bs > ts {
		bs = bs / ts * ts
	}
	return bs
}
