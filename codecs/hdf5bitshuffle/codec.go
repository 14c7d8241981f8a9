package hdf5bitshuffle

import (
	"fmt"
	"math"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/codecs/zstd"
	"github.com/zcodec/zcodec/registry"
)

// Name is the codec's name.
const Name = "zcodec.hdf5_bitshuffle"

// FilterID is the HDF5 filter id of the bitshuffle filter.
const FilterID = 32008

// Limits of the configuration.
const (
	// MaxElementSize is the largest element size, in bytes.
	MaxElementSize = 1 << 20
	// MaxBlockSize is the largest block size, in elements.
	MaxBlockSize = 0x7E000000
	// maxLZ4Input is the largest block liblz4 compresses, in bytes
	// (LZ4_MAX_INPUT_SIZE).
	maxLZ4Input = 0x7E000000
)

// Compression is the compression of each bit-shuffled block, with the
// values of the filter's cd_values[4].
type Compression uint32

// The compressions the filter knows.
const (
	None Compression = 0 // bit shuffle only: no header, the blocks as they are
	LZ4  Compression = 2 // one LZ4 block per block
	Zstd Compression = 3 // one zstd frame per block
)

var compressionNames = map[Compression]string{None: "none", LZ4: "lz4", Zstd: "zstd"}

// String returns "none", "lz4", "zstd", or "compression N" for another
// value.
func (c Compression) String() string {
	if s, ok := compressionNames[c]; ok {
		return s
	}
	return fmt.Sprintf("compression %d", uint32(c))
}

func init() {
	registry.Register(registry.Registration{
		Name:    Name,
		Kind:    codec.KindBytesToBytes,
		New:     NewFromConfig,
		Summary: "HDF5 bitshuffle filter (id 32008): blocks bit-transposed, then LZ4 or zstd per block behind a BE header",
	})
}

// Codec is the unbound zcodec.hdf5_bitshuffle codec.
type Codec struct {
	// ElementSize is the size of the elements in bytes, 1 to
	// MaxElementSize; 0 means the size of the chain's data type.
	ElementSize int
	// BlockSize is the number of elements per block, a multiple of 8 up to
	// MaxBlockSize; 0 means DefaultBlockSize(element size).
	BlockSize int
	// Compression is applied to each bit-shuffled block.
	Compression Compression
	// Level is the zstd level (zstd.MinLevel to zstd.MaxLevel; 0 means 3),
	// for Zstd only.
	Level int
}

// DefaultBlockSize returns the block size, in elements, that the filter
// uses when none is given: 8192 bytes' worth of elements rounded down to a
// multiple of 8, and at least 128.
func DefaultBlockSize(elemSize int) int {
	return max(8192/elemSize/8*8, 128)
}

// NewFromConfig is the registry factory. It reads "compression" (required: "none",
// "lz4" or "zstd"), and the optional integers "elementsize", "blocksize"
// and, for zstd only, "level".
func NewFromConfig(cfg *codec.Config) (codec.Codec, error) {
	if err := cfg.Require("compression"); err != nil {
		return nil, err
	}
	es, _, err := cfg.Int("elementsize", 0, MaxElementSize)
	if err != nil {
		return nil, err
	}
	bs, _, err := cfg.Int("blocksize", 0, MaxBlockSize)
	if err != nil {
		return nil, err
	}
	if bs%8 != 0 {
		return nil, cfg.Errorf("blocksize", "blocksize %d is not a multiple of 8", bs)
	}
	name, _, err := cfg.Enum("compression", "none", "lz4", "zstd")
	if err != nil {
		return nil, err
	}
	c := &Codec{ElementSize: int(es), BlockSize: int(bs)}
	for k, v := range compressionNames {
		if v == name {
			c.Compression = k
		}
	}
	level, ok, err := cfg.Int("level", zstd.MinLevel, zstd.MaxLevel)
	if err != nil {
		return nil, err
	}
	if ok && c.Compression != Zstd {
		return nil, cfg.Errorf("level", "level is for zstd compression only, not %s", c.Compression)
	}
	c.Level = int(level)
	return c, cfg.Finish()
}

// FromCDValues returns the codec of a bitshuffle filter whose client data
// values are cd, as stored in an HDF5 file: [major version, minor version,
// element size, block size in elements (0: the default), compression (0,
// 2 or 3), zstd level]; the last three are optional, and absent means 0
// (no compression) and level 3. The version matters in one case: a filter
// before 0.4, which had no zstd, wrote compression 3 as no compression (bit
// shuffle alone, no header), and FromCDValues reads it so.
// elemSize is the dataset's element size in bytes, used when cd_values[2]
// is 0. A zstd level outside libzstd's range is clamped to it, as libzstd
// clamps it. Errors are *codec.ConfigError values with Key "cd_values".
func FromCDValues(cd []uint32, elemSize int) (*Codec, error) {
	if len(cd) < 3 {
		return nil, cdError("want at least 3 cd_values [major, minor, element size, ...], got %d", len(cd))
	}
	es := int64(cd[2])
	if es == 0 {
		es = int64(elemSize)
	}
	if es < 1 || es > MaxElementSize {
		return nil, cdError("element size %d (cd_values[2] %d, dataset %d) is not 1 to %d", es, cd[2], elemSize, MaxElementSize)
	}
	c := &Codec{ElementSize: int(es)}
	if len(cd) > 3 {
		if cd[3]%8 != 0 || cd[3] > MaxBlockSize {
			return nil, cdError("block size %d (cd_values[3]) is not a multiple of 8 up to %d", cd[3], MaxBlockSize)
		}
		c.BlockSize = int(cd[3])
	}
	if len(cd) > 4 {
		c.Compression = Compression(cd[4])
		if _, ok := compressionNames[c.Compression]; !ok {
			return nil, cdError("compression %d (cd_values[4]) is not 0 (none), 2 (lz4) or 3 (zstd)", cd[4])
		}
	}
	if c.Compression == Zstd && (cd[0] == 0 && cd[1] < 4) {
		// bitshuffle before 0.4 knew no zstd: its filter wrote
		// compression 3 as bit shuffle alone, without a header
		c.Compression = None
	}
	if c.Compression == Zstd && len(cd) > 5 {
		c.Level = min(max(int(int32(cd[5])), zstd.MinLevel), zstd.MaxLevel)
	}
	if _, err := c.blockBytes(c.ElementSize); err != nil {
		return nil, cdError("%s", err.Reason)
	}
	return c, nil
}

func cdError(format string, args ...any) error {
	return &codec.ConfigError{Codec: Name, Key: "cd_values", Reason: fmt.Sprintf(format, args...)}
}

// Name returns "zcodec.hdf5_bitshuffle".
func (c *Codec) Name() string { return Name }

// MarshalJSON returns the codec's metadata: the compression always, the
// element size, block size and level when they are not 0.
func (c *Codec) MarshalJSON() ([]byte, error) {
	type config struct {
		ElementSize int    `json:"elementsize,omitempty"`
		BlockSize   int    `json:"blocksize,omitempty"`
		Compression string `json:"compression"`
		Level       int    `json:"level,omitempty"`
	}
	return codec.MarshalCodec(Name, config{c.ElementSize, c.BlockSize, c.Compression.String(), c.Level})
}

// ResolveBytesToBytes binds the codec to the byte strings it will encode.
// It fails when the element size is unknown, does not divide a fixed chunk
// length, or makes a block too large for the header or for LZ4.
func (c *Codec) ResolveBytesToBytes(decoded codec.BytesSpec) (codec.BoundBytesToBytes, error) {
	if err := c.validate(); err != nil {
		return nil, err
	}
	es := c.ElementSize
	if es == 0 {
		if !decoded.Array.DataType.Valid() || decoded.Array.DataType.Size() == 0 {
			return nil, &codec.ConfigError{Codec: Name, Key: "elementsize", Reason: fmt.Sprintf("elementsize is absent and the chunk's data type %v has no fixed size", decoded.Array.DataType)}
		}
		es = decoded.Array.DataType.Size()
	}
	if decoded.Fixed() && decoded.Size%es != 0 {
		return nil, &codec.ConfigError{Codec: Name, Key: "elementsize", Reason: fmt.Sprintf("chunk of %d bytes is not a whole number of %d-byte elements", decoded.Size, es)}
	}
	block, err := c.blockBytes(es)
	if err != nil {
		return nil, err
	}
	b := &bound{decoded: decoded, es: es, block: block / es, comp: c.Compression, level: c.Level}
	switch {
	case c.Compression == None && decoded.Fixed():
		b.encoded = codec.FixedBytes(decoded.Size, decoded.Array)
	case c.Compression == None:
		b.encoded = codec.VariableBytes(decoded.MaxSize, decoded.Array)
	default:
		b.encoded = codec.VariableBytes(b.maxEncodedLen(decoded.MaxSize), decoded.Array)
	}
	return b, nil
}

// validate checks the fields of a codec built without New.
func (c *Codec) validate() error {
	fail := func(key, format string, args ...any) error {
		return &codec.ConfigError{Codec: Name, Key: key, Reason: fmt.Sprintf(format, args...)}
	}
	switch {
	case c.ElementSize < 0 || c.ElementSize > MaxElementSize:
		return fail("elementsize", "elementsize %d is not 0 to %d", c.ElementSize, MaxElementSize)
	case c.BlockSize < 0 || c.BlockSize > MaxBlockSize || c.BlockSize%8 != 0:
		return fail("blocksize", "blocksize %d is not a multiple of 8 from 0 to %d", c.BlockSize, MaxBlockSize)
	case compressionNames[c.Compression] == "":
		return fail("compression", "%v is not none, lz4 or zstd", c.Compression)
	case c.Level != 0 && c.Compression != Zstd:
		return fail("level", "level is for zstd compression only, not %s", c.Compression)
	case c.Level < zstd.MinLevel || c.Level > zstd.MaxLevel:
		return fail("level", "level %d is not %d to %d", c.Level, zstd.MinLevel, zstd.MaxLevel)
	}
	return nil
}

// blockBytes returns the size of a block in bytes for elements of es
// bytes, checking that the header can record it and LZ4 can compress it.
func (c *Codec) blockBytes(es int) (int, *codec.ConfigError) {
	block := c.BlockSize
	if block == 0 {
		block = DefaultBlockSize(es)
	}
	n := int64(block) * int64(es)
	switch {
	case c.Compression != None && n > math.MaxUint32:
		return 0, &codec.ConfigError{Codec: Name, Key: "blocksize", Reason: fmt.Sprintf("blocks of %d %d-byte elements exceed the 4 GiB the header records", block, es)}
	case c.Compression == LZ4 && n > maxLZ4Input:
		return 0, &codec.ConfigError{Codec: Name, Key: "blocksize", Reason: fmt.Sprintf("blocks of %d %d-byte elements exceed the %d bytes LZ4 compresses", block, es, maxLZ4Input)}
	case n > math.MaxInt:
		return 0, &codec.ConfigError{Codec: Name, Key: "blocksize", Reason: fmt.Sprintf("blocks of %d %d-byte elements are too large", block, es)}
	}
	return int(n), nil
}
