package lz4

import (
	"encoding/binary"
	"fmt"
	"math"
	"sync"

	"github.com/pierrec/lz4/v4"
	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/codecs/internal/bounded"
	"github.com/zcodec/zcodec/registry"
)

// Name is the codec's registered name.
const Name = "numcodecs.lz4"

func init() {
	registry.Register(registry.Registration{
		Name:    Name,
		Kind:    codec.KindBytesToBytes,
		New:     NewFromConfig,
		Summary: "numcodecs LZ4: 4-byte little-endian length + one LZ4 block (acceleration >= 1)",
	})
}

// Codec is an unbound numcodecs.lz4 codec.
type Codec struct {
	// Acceleration is LZ4_compress_fast's acceleration, >= 1. numcodecs
	// wrote 0 and negative values, which liblz4 takes as 1: the codec
	// ForReading returns reads them, keeps them and encodes with 1; the
	// codec itself refuses them (docs/decisions.md#d23).
	Acceleration int
	// reading is set on the codec ForReading returns.
	reading bool
}

// NewFromConfig is the registry factory: it reads the optional integer
// "acceleration" (1 to 2^31-1, default 1; any 32-bit integer is read,
// see Acceleration).
func NewFromConfig(cfg *codec.Config) (codec.Codec, error) {
	a, ok, err := cfg.Int("acceleration", math.MinInt32, math.MaxInt32)
	if err != nil {
		return nil, err
	}
	if !ok {
		a = 1
	}
	return &Codec{Acceleration: int(a)}, cfg.Finish()
}

// Name returns "numcodecs.lz4".
func (c *Codec) Name() string { return Name }

// MarshalJSON returns {"name": "numcodecs.lz4", "configuration":
// {"acceleration": A}}.
func (c *Codec) MarshalJSON() ([]byte, error) {
	return codec.MarshalCodec(Name, map[string]int{"acceleration": c.Acceleration})
}

// maxLen is the largest length the 4-byte header can hold (and an int,
// on 32-bit platforms too).
const maxLen = min(math.MaxUint32, math.MaxInt)

// ForReading returns the codec a reader resolves (codec.ReadingCodec): an
// acceleration below 1 encodes as 1, as liblz4 takes it, with a warning;
// decoding never depends on it.
func (c *Codec) ForReading() codec.Codec {
	r := *c
	r.reading = true
	return &r
}

// AsWritten returns the codec with the acceleration liblz4 encoded with:
// below 1 as 1 (codec.WritableCodec).
func (c *Codec) AsWritten() codec.Codec {
	r := *c
	r.Acceleration, r.reading = max(c.Acceleration, 1), false
	return &r
}

// ResolveBytesToBytes binds the codec to decoded. An acceleration below 1
// is an error matching codec.ErrReadOnlyConfig, except for the codec
// ForReading returns.
func (c *Codec) ResolveBytesToBytes(decoded codec.BytesSpec) (codec.BoundBytesToBytes, error) {
	if c.Acceleration > math.MaxInt32 {
		return nil, &codec.ConfigError{Codec: Name, Key: "acceleration", Reason: fmt.Sprintf("acceleration %d is out of range [1, %d]", c.Acceleration, math.MaxInt32)}
	}
	var warnings []codec.Warning
	accel := c.Acceleration
	if accel < 1 {
		if !c.reading {
			return nil, &codec.ConfigError{Codec: Name, Key: "acceleration", Reason: fmt.Sprintf("acceleration %d is out of range [1, %d]; a reader takes it as 1, as liblz4 does (docs/decisions.md#d23)", c.Acceleration, math.MaxInt32), Err: codec.ErrReadOnlyConfig}
		}
		accel = 1
		warnings = []codec.Warning{{Message: fmt.Sprintf("acceleration %d is below 1: kept in the metadata, encoding uses 1 as liblz4 did for the writer (docs/decisions.md#d23)", c.Acceleration)}}
	}
	return &bound{accel: accel, spec: decoded, warnings: warnings}, nil
}

type bound struct {
	accel    int
	spec     codec.BytesSpec
	warnings []codec.Warning // what was accepted for reading (codec.Warner)
}

// Warnings returns what the codec accepted only for reading (codec.Warner).
func (b *bound) Warnings() []codec.Warning { return b.warnings }

func (b *bound) Encoded() codec.BytesSpec {
	return codec.VariableBytes(bounded.CompressedBound(b.spec.MaxSize), b.spec.Array)
}

var compressors = sync.Pool{New: func() any { return new(lz4.CompressorCCompat) }}

func (b *bound) AppendEncode(dst, src []byte) ([]byte, error) {
	if b.spec.Fixed() && len(src) != b.spec.Size || len(src) > b.spec.MaxSize {
		return dst, &codec.SizeError{What: Name + " input", Got: len(src), Want: b.spec.MaxSize}
	}
	if len(src) > maxLen {
		return dst, &codec.SizeError{What: Name + " input (4-byte length header)", Got: len(src), Want: maxLen}
	}
	n := len(dst)
	out := bounded.Grow(dst, 4+lz4.CompressBlockBound(len(src)))
	binary.LittleEndian.PutUint32(out[n:], uint32(len(src)))
	if len(src) == 0 {
		out[n+4] = 0 // an empty block: one token with no literals
		return out[:n+5], nil
	}
	c := compressors.Get().(*lz4.CompressorCCompat)
	c.Acceleration = b.accel
	k, err := c.CompressBlock(src, out[n+4:])
	compressors.Put(c)
	if err != nil || k == 0 {
		return dst, fmt.Errorf("%s: block compression failed (%d bytes): %v", Name, k, err)
	}
	return out[:n+4+k], nil
}

func (b *bound) AppendDecode(dst, src []byte) ([]byte, error) {
	if len(src) < 4 {
		return dst, &codec.CorruptError{Codec: Name, Reason: fmt.Sprintf("%d bytes, too short for the 4-byte length header", len(src))}
	}
	size := int64(binary.LittleEndian.Uint32(src))
	limit, exact := bounded.Limit(b.spec)
	switch {
	case exact && size != int64(limit):
		return dst, &codec.CorruptError{Codec: Name, Reason: fmt.Sprintf("header gives a decoded length of %d bytes, want %d", size, limit)}
	case size > int64(limit):
		return dst, &codec.CorruptError{Codec: Name, Reason: fmt.Sprintf("header gives a decoded length of %d bytes, more than the %d a chunk can hold", size, limit)}
	}
	block := src[4:]
	if size == 0 {
		if len(block) == 0 || len(block) == 1 && block[0] == 0 {
			return dst, nil
		}
		return dst, &codec.CorruptError{Codec: Name, Reason: fmt.Sprintf("header gives a decoded length of 0 but %d block bytes follow", len(block))}
	}
	n := len(dst)
	out := bounded.Grow(dst, int(size))
	k, err := lz4.UncompressBlock(block, out[n:])
	if err != nil {
		return dst, &codec.CorruptError{Codec: Name, Reason: fmt.Sprintf("block does not decode to the %d bytes of its header", size), Err: err}
	}
	if k != int(size) {
		return dst, &codec.CorruptError{Codec: Name, Reason: fmt.Sprintf("block decodes to %d bytes, header says %d", k, size)}
	}
	return out, nil
}
