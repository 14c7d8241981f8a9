// Package base64 implements numcodecs.base64, the Base64 bytes->bytes codec
// of numcodecs (numcodecs.base64.Base64, Python's base64.standard_b64encode
// and standard_b64decode). There is no Zarr specification beyond numcodecs'
// code.
//
// Name: "numcodecs.base64"; a Zarr v2 compressor or filter {"id": "base64"}
// maps to it. It has no configuration.
//
//	{"name": "numcodecs.base64"}
//
// Encoding writes the standard alphabet (RFC 4648 section 4) with "="
// padding, 4 bytes for every 3, as Python does; the bytes are identical to
// numcodecs'. Decoding accepts what numcodecs writes: the standard
// alphabet, padded; missing padding is a *codec.CorruptError, as in Python
// (binascii.Error). zcodec is stricter in one corner: Python's
// standard_b64decode drops characters outside the alphabet (white space,
// line breaks) before decoding, zcodec refuses them as corrupt. The decoded length must be the chunk size the
// pipeline expects, and it is checked from the encoded length before
// anything is decoded (docs/decisions.md#d15).
//
// Bound codecs are stateless and safe for concurrent use.
package base64

import (
	"encoding/base64"
	"fmt"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/codecs/internal/bounded"
	"github.com/zcodec/zcodec/registry"
)

// Name is the codec's registered name.
const Name = "numcodecs.base64"

func init() {
	registry.Register(registry.Registration{
		Name: Name, Kind: codec.KindBytesToBytes, New: NewFromConfig,
		Summary: "numcodecs Base64: standard alphabet, padded (4 bytes for every 3)",
	})
}

// Codec is the numcodecs.base64 codec.
type Codec struct{}

// NewFromConfig is the registry factory: no configuration.
func NewFromConfig(cfg *codec.Config) (codec.Codec, error) { return &Codec{}, cfg.Finish() }

// Name returns "numcodecs.base64".
func (c *Codec) Name() string { return Name }

// MarshalJSON returns {"name": "numcodecs.base64"}.
func (c *Codec) MarshalJSON() ([]byte, error) { return codec.MarshalCodec(Name, nil) }

// ResolveBytesToBytes binds the codec: the encoded length is 4*ceil(n/3).
func (c *Codec) ResolveBytesToBytes(decoded codec.BytesSpec) (codec.BoundBytesToBytes, error) {
	return &bound{spec: decoded}, nil
}

type bound struct{ spec codec.BytesSpec }

func (b *bound) Encoded() codec.BytesSpec {
	if b.spec.Fixed() {
		return codec.FixedBytes(base64.StdEncoding.EncodedLen(b.spec.Size), b.spec.Array)
	}
	return codec.VariableBytes(base64.StdEncoding.EncodedLen(b.spec.MaxSize), b.spec.Array)
}

// AppendEncode appends the base64 encoding of src to dst.
func (b *bound) AppendEncode(dst, src []byte) ([]byte, error) {
	if b.spec.Fixed() && len(src) != b.spec.Size || len(src) > b.spec.MaxSize {
		return dst, &codec.SizeError{What: Name + " input", Got: len(src), Want: b.spec.MaxSize}
	}
	return base64.StdEncoding.AppendEncode(dst, src), nil
}

// AppendDecode appends the decoding of src to dst.
func (b *bound) AppendDecode(dst, src []byte) ([]byte, error) {
	limit, exact := bounded.Limit(b.spec)
	if len(src)%4 != 0 {
		return dst, &codec.CorruptError{Codec: Name, Reason: fmt.Sprintf("%d bytes: base64 comes in groups of 4 (padding missing?)", len(src))}
	}
	n := base64.StdEncoding.DecodedLen(len(src))
	if len(src) > 0 {
		n -= pad(src)
	}
	if n > limit || exact && n != limit {
		return dst, &codec.CorruptError{Codec: Name, Reason: fmt.Sprintf("%d encoded bytes decode to %d, want %d", len(src), n, limit)}
	}
	start := len(dst)
	dst = bounded.Grow(dst, n)
	m, err := base64.StdEncoding.Decode(dst[start:], src)
	if err != nil || m != n {
		return dst[:start], &codec.CorruptError{Codec: Name, Reason: "not base64 (standard alphabet, padded)", Err: err}
	}
	return dst, nil
}

// pad returns the number of '=' at the end of src (0 to 2 in valid input).
func pad(src []byte) int {
	n := 0
	for n < 2 && src[len(src)-1-n] == '=' {
		n++
	}
	return n
}
