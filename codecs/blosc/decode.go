package blosc

import (
	"encoding/binary"
	"fmt"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/codecs/internal/bitshuffle"
	"github.com/zcodec/zcodec/codecs/shuffle"
)

// decodeFrame decodes the frame (exactly h.cbytes bytes, header checked by
// parseHeader) into out, h.nbytes bytes. Every offset and size read from
// the frame is checked against the frame before use; nothing is allocated
// beyond one block of scratch space, and a block is never larger than out.
func decodeFrame(out, frame []byte, h header, sc *scratch) *codec.CorruptError {
	if h.nbytes == 0 {
		return nil
	}
	if h.flags&flagMemcpy != 0 {
		copy(out, frame[headerSize:])
		return nil
	}
	bs, nb := h.blockSize(), h.nblocks()
	for j := range nb {
		block := out[j*bs : min((j+1)*bs, len(out))]
		start := int32(binary.LittleEndian.Uint32(frame[headerSize+4*j:]))
		if err := decodeBlock(block, frame, int(start), h, j == nb-1 && len(block) < bs, sc); err != nil {
			err.Reason = fmt.Sprintf("block %d: %s", j, err.Reason)
			return err
		}
	}
	return nil
}

// decodeBlock decodes the block starting at offset start of frame into
// block. last tells the shorter last block, which is never split.
func decodeBlock(block, frame []byte, start int, h header, last bool, sc *scratch) *codec.CorruptError {
	ts, bsize := h.typesize, len(block)
	byteShuffled := h.flags&flagByteShuffle != 0 && ts > 1
	bitShuffled := !byteShuffled && h.flags&flagBitShuffle != 0 && bsize >= ts
	target := block
	if byteShuffled || bitShuffled {
		sc.block = grow(sc.block, bsize)
		target = sc.block
	}
	// Blocks are split into one stream per byte of the type unless the
	// header says not to; frames from before the flag existed split only
	// what c-blosc would split, which c-blosc 1.x still checks.
	nsplits := 1
	if h.flags&flagDontSplit == 0 && ts <= maxSplits && bsize/ts >= minBuffer && !last {
		nsplits = ts
	}
	if bsize%nsplits != 0 {
		return &codec.CorruptError{Reason: fmt.Sprintf("%d bytes do not split into %d streams", bsize, nsplits)}
	}
	neblock := bsize / nsplits
	off := start
	for s := range nsplits {
		if off < 0 || off > len(frame)-4 {
			return &codec.CorruptError{Reason: fmt.Sprintf("stream %d starts at %d, outside the %d-byte frame", s, off, len(frame))}
		}
		csize := int(int32(binary.LittleEndian.Uint32(frame[off:])))
		off += 4
		if csize < 0 || csize > len(frame)-off {
			return &codec.CorruptError{Reason: fmt.Sprintf("stream %d of %d bytes at %d overruns the %d-byte frame", s, csize, off, len(frame))}
		}
		dst := target[s*neblock : (s+1)*neblock]
		if src := frame[off : off+csize]; csize == neblock {
			copy(dst, src) // stored as it is
		} else if err := decompressSplit(h.format(), dst, src, sc); err != nil {
			return &codec.CorruptError{Reason: fmt.Sprintf("%s stream %d", formatNames[h.format()], s), Err: err}
		}
		off += csize
	}
	switch {
	case byteShuffled:
		// whole elements are shuffled; the bytes after the last one are not
		q := bsize / ts * ts
		shuffle.Unshuffle(block[:q], target[:q], ts)
		copy(block[q:], target[q:])
	case bitShuffled:
		// c-blosc bit-shuffles a whole number of 8-element groups, or
		// nothing when the block's elements are not a multiple of 8
		ne := bsize / ts
		if ne%8 != 0 {
			copy(block, target)
			break
		}
		q := ne * ts
		if ts != 1 {
			sc.tmp = grow(sc.tmp, q)
		}
		bitshuffle.Unshuffle(block[:q], target[:q], sc.tmp, ts)
		copy(block[q:], target[q:])
	}
	return nil
}
