package hdf5bitshuffle

import (
	"encoding/binary"
	"fmt"

	lz4block "github.com/pierrec/lz4/v4"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/codecs/internal/bounded"
	"github.com/zcodec/zcodec/codecs/zstd"
)

func (b *bound) AppendDecode(dst, src []byte) ([]byte, error) {
	if b.comp == None {
		return b.decodeShuffled(dst, src)
	}
	if len(src) < headerSize {
		return dst, corrupt("chunk has %d bytes, shorter than the %d-byte header", len(src), headerSize)
	}
	total64 := binary.BigEndian.Uint64(src)
	if total64 > uint64(b.decoded.MaxSize) {
		return dst, corrupt("header claims %d decoded bytes, more than the %d a chunk can hold", total64, b.decoded.MaxSize)
	}
	total := int(total64)
	if err := b.decoded.CheckDecoded(Name, total); err != nil {
		return dst, err
	}
	if total%b.es != 0 {
		return dst, corrupt("header claims %d decoded bytes, not a whole number of %d-byte elements", total, b.es)
	}
	// The block size is read as the filter reads it: whole elements of the
	// recorded bytes, 0 meaning the default.
	blockBytes := binary.BigEndian.Uint32(src[8:])
	block := int(blockBytes / uint32(b.es))
	if block == 0 {
		block = DefaultBlockSize(b.es)
	}
	if block%8 != 0 {
		return dst, corrupt("header's block size of %d bytes is %d %d-byte elements, not a multiple of 8", blockBytes, block, b.es)
	}
	n := total / b.es
	l := split(n, block)
	start := len(dst)
	dst = bounded.Grow(dst, total)
	out := dst[start:]
	in := src[headerSize:]
	s := getScratch(min(block, n)*b.es, true)
	defer putScratch(s)
	err := l.blocks(func(at, k int) error {
		if len(in) < 4 {
			return corrupt("block at element %d: length missing", at)
		}
		clen := binary.BigEndian.Uint32(in)
		in = in[4:]
		if uint64(clen) > uint64(len(in)) {
			return corrupt("block at element %d claims %d bytes, %d left", at, clen, len(in))
		}
		blk := in[:clen]
		in = in[clen:]
		ob := out[at*b.es : (at+k)*b.es]
		// decompress into the scratch, then transpose into the output
		tmp := s.b[:k*b.es]
		if err := b.decompress(tmp, blk, at); err != nil {
			return err
		}
		bitUnshuffle(ob, tmp, s.a, b.es)
		return nil
	})
	if err != nil {
		return dst[:start], err
	}
	tail := l.tail * b.es
	if len(in) < tail {
		return dst[:start], corrupt("chunk ends %d bytes into its %d trailing bytes", len(in), tail)
	}
	copy(out[total-tail:], in[:tail])
	return dst, nil
}

// decompress decodes one compressed block into out, which it must fill
// exactly.
func (b *bound) decompress(out, blk []byte, at int) error {
	var got int
	var err error
	if b.comp == LZ4 {
		got, err = lz4block.UncompressBlock(blk, out)
	} else {
		var dec []byte
		dec, err = zstd.DecodeFrames(out[:0:len(out)], blk)
		got = len(dec)
	}
	if err != nil {
		return &codec.CorruptError{Codec: Name, Reason: fmt.Sprintf("%v block at element %d", b.comp, at), Err: err}
	}
	if got != len(out) {
		return corrupt("%v block at element %d decodes to %d bytes, want %d", b.comp, at, got, len(out))
	}
	return nil
}

// decodeShuffled decodes a chunk written without compression: the bit
// planes of each block, then the trailing elements, and nothing else.
func (b *bound) decodeShuffled(dst, src []byte) ([]byte, error) {
	if err := b.decoded.CheckDecoded(Name, len(src)); err != nil {
		return dst, err
	}
	if len(src)%b.es != 0 {
		return dst, corrupt("chunk of %d bytes is not a whole number of %d-byte elements", len(src), b.es)
	}
	n := len(src) / b.es
	l := split(n, b.block)
	start := len(dst)
	dst = bounded.Grow(dst, len(src))
	out := dst[start:]
	s := getScratch(min(b.block, n)*b.es, false)
	defer putScratch(s)
	_ = l.blocks(func(at, k int) error {
		bitUnshuffle(out[at*b.es:(at+k)*b.es], src[at*b.es:(at+k)*b.es], s.a, b.es)
		return nil
	})
	tail := l.tail * b.es
	copy(out[len(src)-tail:], src[len(src)-tail:])
	return dst, nil
}

func corrupt(format string, args ...any) error {
	return &codec.CorruptError{Codec: Name, Reason: fmt.Sprintf(format, args...)}
}
