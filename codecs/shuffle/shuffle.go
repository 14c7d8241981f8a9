package shuffle

import (
	"fmt"
	"math"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/codecs/internal/bounded"
	"github.com/zcodec/zcodec/registry"
)

// Name is the codec's registered name.
const Name = "numcodecs.shuffle"

func init() {
	registry.Register(registry.Registration{
		Name:    Name,
		Kind:    codec.KindBytesToBytes,
		New:     NewFromConfig,
		Summary: "numcodecs byte shuffle: byte b of every element together (elementsize, default the dtype size)",
	})
}

// Codec is an unbound numcodecs.shuffle codec.
type Codec struct {
	// ElementSize is the number of bytes per element; 0 means the element
	// size of the chunk's data type, and 1 copies the bytes.
	ElementSize int
}

// NewFromConfig is the registry factory: it reads the optional integer
// "elementsize" (0 to 2^31-1).
func NewFromConfig(cfg *codec.Config) (codec.Codec, error) {
	es, ok, err := cfg.Int("elementsize", 0, math.MaxInt32)
	if err != nil {
		return nil, err
	}
	c := &Codec{}
	if ok {
		c.ElementSize = max(int(es), 1)
	}
	return c, cfg.Finish()
}

// Name returns "numcodecs.shuffle".
func (c *Codec) Name() string { return Name }

// MarshalJSON returns the codec's metadata; elementsize is omitted when it
// is taken from the data type.
func (c *Codec) MarshalJSON() ([]byte, error) {
	if c.ElementSize <= 0 {
		return codec.MarshalCodec(Name, nil)
	}
	return codec.MarshalCodec(Name, map[string]int{"elementsize": c.ElementSize})
}

// ResolveBytesToBytes binds the codec to the byte strings described by
// decoded. It fails when the element size is unknown or does not divide a
// fixed chunk length.
func (c *Codec) ResolveBytesToBytes(decoded codec.BytesSpec) (codec.BoundBytesToBytes, error) {
	es := c.ElementSize
	if es < 0 {
		return nil, &codec.ConfigError{Codec: Name, Key: "elementsize", Reason: fmt.Sprintf("elementsize %d is negative", es)}
	}
	if es == 0 {
		if !decoded.Array.DataType.Valid() {
			return nil, &codec.ConfigError{Codec: Name, Key: "elementsize", Reason: "elementsize is absent and the chunk's data type is unknown"}
		}
		es = decoded.Array.DataType.Size()
	}
	if decoded.Fixed() && es > 1 && decoded.Size%es != 0 {
		return nil, &codec.ConfigError{Codec: Name, Key: "elementsize", Reason: fmt.Sprintf("chunk of %d bytes is not a multiple of elementsize %d", decoded.Size, es)}
	}
	return &bound{es: es, spec: decoded}, nil
}

// bound is numcodecs.shuffle resolved for one BytesSpec.
type bound struct {
	es   int
	spec codec.BytesSpec
}

// ElementSize returns the element size in use after resolution.
func (b *bound) ElementSize() int { return b.es }

func (b *bound) Encoded() codec.BytesSpec { return b.spec }

func (b *bound) check(n int) string {
	switch {
	case b.spec.Fixed() && n != b.spec.Size:
		return fmt.Sprintf("chunk has %d bytes, want %d", n, b.spec.Size)
	case n > b.spec.MaxSize:
		return fmt.Sprintf("chunk has %d bytes, more than %d", n, b.spec.MaxSize)
	case b.es > 1 && n%b.es != 0:
		return fmt.Sprintf("chunk of %d bytes is not a multiple of elementsize %d", n, b.es)
	}
	return ""
}

// AppendEncode appends the shuffled src to dst. dst's spare capacity must not
// overlap src.
func (b *bound) AppendEncode(dst, src []byte) ([]byte, error) {
	if msg := b.check(len(src)); msg != "" {
		return dst, fmt.Errorf("%s: cannot encode: %s: %w", Name, msg, codec.ErrSize)
	}
	out := bounded.Grow(dst, len(src))
	Shuffle(out[len(dst):], src, b.es)
	return out, nil
}

// IsIdentity reports whether the element size is 1, where shuffling is a
// copy (see codec.Identity).
func (b *bound) IsIdentity() bool { return b.es <= 1 }

// CheckIdentity reports whether src is a chunk AppendDecode accepts.
func (b *bound) CheckIdentity(src []byte) error {
	if msg := b.check(len(src)); msg != "" {
		return &codec.CorruptError{Codec: Name, Reason: msg}
	}
	return nil
}

// AppendDecode appends the unshuffled src to dst. dst's spare capacity must not
// overlap src.
func (b *bound) AppendDecode(dst, src []byte) ([]byte, error) {
	if err := b.CheckIdentity(src); err != nil {
		return dst, err
	}
	out := bounded.Grow(dst, len(src))
	Unshuffle(out[len(dst):], src, b.es)
	return out, nil
}

// Shuffle writes the byte planes of src to dst: with count =
// len(src)/elementSize, dst[b*count+i] = src[i*elementSize+b]. An
// elementSize <= 1 copies. It panics unless len(dst) == len(src) and
// len(src) is a multiple of elementSize; dst and src must not overlap.
func Shuffle(dst, src []byte, elementSize int) {
	checkArgs(dst, src, elementSize)
	if elementSize <= 1 {
		copy(dst, src)
		return
	}
	transpose(dst, src, elementSize)
}

// Unshuffle is the inverse of Shuffle: dst[i*elementSize+b] =
// src[b*count+i]. Its preconditions are those of Shuffle.
func Unshuffle(dst, src []byte, elementSize int) {
	checkArgs(dst, src, elementSize)
	if elementSize <= 1 {
		copy(dst, src)
		return
	}
	untranspose(dst, src, elementSize)
}

func checkArgs(dst, src []byte, es int) {
	if len(dst) != len(src) || es > 1 && len(src)%es != 0 {
		panic(fmt.Sprintf("shuffle: %d-byte dst, %d-byte src, elementsize %d", len(dst), len(src), es))
	}
}
