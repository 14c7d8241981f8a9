package hdf5lz4

import (
	"encoding/binary"
	"fmt"
	"slices"
	"sync"

	lz4block "github.com/pierrec/lz4/v4"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/codecs/internal/bounded"
	"github.com/zcodec/zcodec/registry"
)

// Name is the codec's name.
const Name = "zcodec.hdf5_lz4"

// DefaultBlockSize is the filter's block size when none is configured.
const DefaultBlockSize = 1 << 30

// MaxBlockSize is the largest block size (LZ4_MAX_INPUT_SIZE).
const MaxBlockSize = 0x7E000000

const headerSize = 12

func init() {
	registry.Register(registry.Registration{
		Name:    Name,
		Kind:    codec.KindBytesToBytes,
		New:     NewFromConfig,
		Summary: "HDF5 lz4 filter (id 32004): BE total size, BE block size, BE-length-prefixed LZ4 blocks",
	})
}

// Codec is the unbound zcodec.hdf5_lz4 codec.
type Codec struct {
	// BlockSize is the configured block size; 0 means DefaultBlockSize.
	BlockSize int
}

// NewFromConfig is the registry factory.
func NewFromConfig(cfg *codec.Config) (codec.Codec, error) {
	bs, _, err := cfg.Int("blocksize", 0, MaxBlockSize)
	if err != nil {
		return nil, err
	}
	return &Codec{BlockSize: int(bs)}, cfg.Finish()
}

// Name returns "zcodec.hdf5_lz4".
func (c *Codec) Name() string { return Name }

// MarshalJSON returns the codec's metadata; a default block size is written
// without configuration.
func (c *Codec) MarshalJSON() ([]byte, error) {
	if c.BlockSize == 0 {
		return codec.MarshalCodec(Name, nil)
	}
	return codec.MarshalCodec(Name, map[string]int{"blocksize": c.BlockSize})
}

// ResolveBytesToBytes binds the codec to the byte strings it will encode.
func (c *Codec) ResolveBytesToBytes(decoded codec.BytesSpec) (codec.BoundBytesToBytes, error) {
	bs := c.BlockSize
	if bs == 0 {
		bs = DefaultBlockSize
	}
	return &bound{decoded: decoded, blockSize: bs, encoded: codec.VariableBytes(MaxEncodedLen(decoded.MaxSize, bs), decoded.Array)}, nil
}

// MaxEncodedLen returns the largest encoding of n bytes with block size bs.
func MaxEncodedLen(n, bs int) int {
	if bs > n {
		bs = n
	}
	if n == 0 {
		return headerSize
	}
	blocks := (n + bs - 1) / bs
	return headerSize + 4*blocks + n
}

type bound struct {
	decoded   codec.BytesSpec
	encoded   codec.BytesSpec
	blockSize int
}

var compressors = sync.Pool{New: func() any { return new(lz4block.Compressor) }}

func (b *bound) Encoded() codec.BytesSpec { return b.encoded }

func (b *bound) AppendEncode(dst, src []byte) ([]byte, error) {
	bs := min(b.blockSize, len(src))
	dst = binary.BigEndian.AppendUint64(dst, uint64(len(src)))
	dst = binary.BigEndian.AppendUint32(dst, uint32(bs))
	if len(src) == 0 {
		return dst, nil
	}
	comp := compressors.Get().(*lz4block.Compressor)
	defer compressors.Put(comp)
	for len(src) > 0 {
		blk := src[:min(bs, len(src))]
		src = src[len(blk):]
		at := len(dst)
		dst = binary.BigEndian.AppendUint32(dst, 0)
		start := len(dst)
		dst = slices.Grow(dst, lz4block.CompressBlockBound(len(blk)))
		dst = dst[:start+lz4block.CompressBlockBound(len(blk))]
		n, err := comp.CompressBlock(blk, dst[start:])
		if err != nil || n == 0 || n >= len(blk) {
			// stored raw, as the filter stores a block LZ4 does not shrink
			dst = append(dst[:start], blk...)
			n = len(blk)
		} else {
			dst = dst[:start+n]
		}
		binary.BigEndian.PutUint32(dst[at:], uint32(n))
	}
	return dst, nil
}

func (b *bound) AppendDecode(dst, src []byte) ([]byte, error) {
	if len(src) < headerSize {
		return dst, b.corrupt("chunk has %d bytes, shorter than the %d-byte header", len(src), headerSize)
	}
	total64 := binary.BigEndian.Uint64(src)
	if total64 > uint64(b.decoded.MaxSize) {
		return dst, b.corrupt("header claims %d decoded bytes, more than the %d a chunk can hold", total64, b.decoded.MaxSize)
	}
	total := int(total64)
	if err := b.decoded.CheckDecoded(Name, total); err != nil {
		return dst, err
	}
	bs := int(binary.BigEndian.Uint32(src[8:]))
	if bs > total {
		bs = total
	}
	if bs == 0 && total > 0 {
		return dst, b.corrupt("block size is 0")
	}
	in := src[headerSize:]
	start := len(dst)
	dst = bounded.Grow(dst, total)
	out := dst[start:]
	for done := 0; done < total; {
		n := min(bs, total-done)
		if len(in) < 4 {
			return dst[:start], b.corrupt("block at decoded offset %d: length missing", done)
		}
		clen := int(binary.BigEndian.Uint32(in))
		in = in[4:]
		if clen > len(in) {
			return dst[:start], b.corrupt("block at decoded offset %d claims %d bytes, %d left", done, clen, len(in))
		}
		blk := in[:clen]
		in = in[clen:]
		if clen == n {
			copy(out[done:done+n], blk)
		} else {
			got, err := lz4block.UncompressBlock(blk, out[done:done+n])
			if err != nil {
				return dst[:start], &codec.CorruptError{Codec: Name, Reason: fmt.Sprintf("block at decoded offset %d", done), Err: err}
			}
			if got != n {
				return dst[:start], b.corrupt("block at decoded offset %d decoded to %d bytes, want %d", done, got, n)
			}
		}
		done += n
	}
	return dst, nil
}

func (b *bound) corrupt(format string, args ...any) error {
	return &codec.CorruptError{Codec: Name, Reason: fmt.Sprintf(format, args...)}
}
