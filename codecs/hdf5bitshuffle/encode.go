package hdf5bitshuffle

import (
	"encoding/binary"
	"slices"
	"sync"

	lz4block "github.com/pierrec/lz4/v4"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/codecs/internal/bounded"
	"github.com/zcodec/zcodec/codecs/zstd"
)

// lz4Compressors holds compressors that write the blocks liblz4's
// LZ4_compress_default writes, as the filter does.
var lz4Compressors = sync.Pool{New: func() any { return new(lz4block.CompressorCCompat) }}

func (b *bound) AppendEncode(dst, src []byte) ([]byte, error) {
	if b.decoded.Fixed() && len(src) != b.decoded.Size || len(src) > b.decoded.MaxSize {
		return dst, &codec.SizeError{What: Name + " input", Got: len(src), Want: b.decoded.MaxSize}
	}
	if len(src)%b.es != 0 {
		return dst, &codec.SizeError{What: Name + " input (whole elements)", Got: len(src), Want: len(src) - len(src)%b.es}
	}
	n := len(src) / b.es
	l := split(n, b.block)
	tail := l.tail * b.es
	s := getScratch(min(b.block, n)*b.es, b.comp != None)
	defer putScratch(s)
	if b.comp == None {
		start := len(dst)
		dst = bounded.Grow(dst, len(src))
		out := dst[start:]
		_ = l.blocks(func(at, k int) error {
			bitShuffle(out[at*b.es:(at+k)*b.es], src[at*b.es:(at+k)*b.es], s.a, b.es)
			return nil
		})
		copy(out[len(src)-tail:], src[len(src)-tail:])
		return dst, nil
	}
	start := len(dst)
	dst = slices.Grow(dst, b.maxEncodedLen(len(src)))
	dst = binary.BigEndian.AppendUint64(dst, uint64(len(src)))
	dst = binary.BigEndian.AppendUint32(dst, uint32(b.block*b.es))
	var lz4c *lz4block.CompressorCCompat
	if b.comp == LZ4 {
		lz4c = lz4Compressors.Get().(*lz4block.CompressorCCompat)
		defer lz4Compressors.Put(lz4c)
	}
	err := l.blocks(func(at, k int) error {
		shuffled := s.b[:k*b.es]
		bitShuffle(shuffled, src[at*b.es:(at+k)*b.es], s.a, b.es)
		lenAt := len(dst)
		dst = append(dst, 0, 0, 0, 0)
		var err error
		if b.comp == LZ4 {
			dst, err = appendLZ4(lz4c, dst, shuffled)
		} else {
			dst, err = zstd.AppendFrame(dst, shuffled, b.level)
		}
		binary.BigEndian.PutUint32(dst[lenAt:], uint32(len(dst)-lenAt-4))
		return err
	})
	if err != nil {
		return dst[:start], err
	}
	return append(dst, src[len(src)-tail:]...), nil
}

// appendLZ4 appends the LZ4 block of src to dst. LZ4 blocks are never
// stored raw: the filter's decoder always decompresses them.
func appendLZ4(c *lz4block.CompressorCCompat, dst, src []byte) ([]byte, error) {
	at := len(dst)
	bound := lz4block.CompressBlockBound(len(src))
	dst = slices.Grow(dst, bound)[:at+bound]
	n, err := c.CompressBlock(src, dst[at:])
	if err != nil {
		return dst[:at], err
	}
	return dst[:at+n], nil
}
