package hdf5lzf

import (
	"fmt"
	"slices"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/codecs/internal/bounded"
	"github.com/zcodec/zcodec/registry"
)

// Name is the codec's name.
const Name = "zcodec.hdf5_lzf"

// FilterID is the HDF5 filter id of h5py's LZF filter.
const FilterID = 32000

func init() {
	registry.Register(registry.Registration{
		Name:    Name,
		Kind:    codec.KindBytesToBytes,
		New:     NewFromConfig,
		Summary: "HDF5 LZF filter (id 32000, h5py compression='lzf'): one liblzf stream per chunk",
	})
}

// Codec is the unbound zcodec.hdf5_lzf codec. It has no configuration: the
// decoded size of a chunk comes from the chain.
type Codec struct{}

// NewFromConfig is the registry factory. The codec takes no configuration keys.
func NewFromConfig(cfg *codec.Config) (codec.Codec, error) {
	return &Codec{}, cfg.Finish()
}

// FromCDValues returns the codec of an LZF filter whose client data values
// are cd, as stored in an HDF5 file: h5py writes [filter version (4), liblzf
// version (0x105), chunk size in bytes], and decoding needs none of them.
// elemSize is the dataset's element size in bytes (0 if unknown); when it
// and the chunk size are both known, a chunk size that is not a whole
// number of elements is an error, as is a negative elemSize. Errors are
// *codec.ConfigError values with Key "cd_values".
func FromCDValues(cd []uint32, elemSize int) (*Codec, error) {
	if elemSize < 0 {
		return nil, cdError("element size %d is negative", elemSize)
	}
	if len(cd) >= 3 && cd[2] != 0 && elemSize > 0 && int64(cd[2])%int64(elemSize) != 0 {
		return nil, cdError("chunk size %d (cd_values[2]) is not a whole number of %d-byte elements", cd[2], elemSize)
	}
	return &Codec{}, nil
}

func cdError(format string, args ...any) error {
	return &codec.ConfigError{Codec: Name, Key: "cd_values", Reason: fmt.Sprintf(format, args...)}
}

// Name returns "zcodec.hdf5_lzf".
func (c *Codec) Name() string { return Name }

// MarshalJSON returns {"name": "zcodec.hdf5_lzf"}.
func (c *Codec) MarshalJSON() ([]byte, error) { return codec.MarshalCodec(Name, nil) }

// ResolveBytesToBytes binds the codec to the byte strings it will encode.
func (c *Codec) ResolveBytesToBytes(decoded codec.BytesSpec) (codec.BoundBytesToBytes, error) {
	return &bound{decoded: decoded, encoded: codec.VariableBytes(MaxEncodedLen(decoded.MaxSize), decoded.Array)}, nil
}

type bound struct {
	decoded codec.BytesSpec
	encoded codec.BytesSpec
}

func (b *bound) Encoded() codec.BytesSpec { return b.encoded }

func (b *bound) AppendEncode(dst, src []byte) ([]byte, error) {
	if b.decoded.Fixed() && len(src) != b.decoded.Size || len(src) > b.decoded.MaxSize {
		return dst, &codec.SizeError{What: Name + " input", Got: len(src), Want: b.decoded.MaxSize}
	}
	c := compressors.Get().(*compressor)
	defer compressors.Put(c)
	dst = slices.Grow(dst, MaxEncodedLen(len(src)))
	return c.appendCompressed(dst, src), nil
}

func (b *bound) AppendDecode(dst, src []byte) ([]byte, error) {
	limit, exact := bounded.Limit(b.decoded)
	if !exact {
		// walk the stream first, so as to allocate what it decodes to
		n, at, reason := decodedLen(src, limit)
		if reason != errNone {
			return dst, corrupt(reason, at, limit)
		}
		limit = n
	}
	start := len(dst)
	dst = bounded.Grow(dst, limit)
	n, at, reason := decompress(dst[start:], src)
	if reason != errNone {
		return dst[:start], corrupt(reason, at, limit)
	}
	if n != limit {
		return dst[:start], &codec.CorruptError{Codec: Name, Reason: fmt.Sprintf("stream decodes to %d bytes, want %d", n, limit)}
	}
	return dst, nil
}

// corrupt describes a decoding failure of the item at byte at of the
// stream.
func corrupt(reason, at, limit int) error {
	var msg string
	switch reason {
	case errTooLong:
		msg = fmt.Sprintf("item at byte %d decodes past the %d bytes a chunk holds", at, limit)
	case errTruncated:
		msg = fmt.Sprintf("stream ends inside the item at byte %d", at)
	default:
		msg = fmt.Sprintf("back reference at byte %d reaches before the start of the chunk", at)
	}
	return &codec.CorruptError{Codec: Name, Reason: msg}
}
