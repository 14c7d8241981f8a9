// Package crc32c implements the Zarr v3 core "crc32c" bytes->bytes codec:
// https://zarr-specs.readthedocs.io/en/latest/v3/codecs/crc32c/index.html
//
// Name: "crc32c" (no aliases). It has no configuration; an empty
// configuration object is accepted and any key is an error.
//
//	{"name": "crc32c"}
//
// Encoding appends the CRC-32C (Castagnoli) checksum of the chunk as 4
// little-endian bytes; decoding checks and removes it. A byte string
// shorter than 4 bytes, a checksum mismatch, or a payload whose length the
// chunk spec forbids is an error. The encoded spec is the decoded one plus
// 4 bytes. The checksum is computed with hash/crc32 (hardware-accelerated
// where available). The codec is stateless and safe for concurrent use.
package crc32c

import (
	"encoding/binary"
	"fmt"
	"hash/crc32"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/codecs/internal/bounded"
	"github.com/zcodec/zcodec/registry"
)

// Name is the codec's registered name.
const Name = "crc32c"

// Size is the length of the checksum the codec appends.
const Size = 4

var table = crc32.MakeTable(crc32.Castagnoli)

func init() {
	registry.Register(registry.Registration{
		Name:    Name,
		Kind:    codec.KindBytesToBytes,
		New:     NewFromConfig,
		Summary: "Zarr v3 core: 4-byte little-endian CRC-32C appended",
	})
}

// Codec is the crc32c codec; it has no configuration.
type Codec struct{}

// NewFromConfig is the registry factory: it accepts no configuration keys.
func NewFromConfig(cfg *codec.Config) (codec.Codec, error) {
	return &Codec{}, cfg.Finish()
}

// Name returns "crc32c".
func (c *Codec) Name() string { return Name }

// MarshalJSON returns {"name": "crc32c"}.
func (c *Codec) MarshalJSON() ([]byte, error) { return codec.MarshalCodec(Name, nil) }

// ResolveBytesToBytes binds the codec to decoded.
func (c *Codec) ResolveBytesToBytes(decoded codec.BytesSpec) (codec.BoundBytesToBytes, error) {
	return bound{spec: decoded}, nil
}

// Checksum returns the CRC-32C of b.
func Checksum(b []byte) uint32 { return crc32.Checksum(b, table) }

type bound struct{ spec codec.BytesSpec }

func (b bound) Encoded() codec.BytesSpec {
	if b.spec.Fixed() {
		return codec.FixedBytes(b.spec.Size+Size, b.spec.Array)
	}
	return codec.VariableBytes(b.spec.MaxSize+Size, b.spec.Array)
}

func (b bound) AppendEncode(dst, src []byte) ([]byte, error) {
	if b.spec.Fixed() && len(src) != b.spec.Size || len(src) > b.spec.MaxSize {
		return dst, &codec.SizeError{What: Name + " input", Got: len(src), Want: b.spec.MaxSize}
	}
	dst = bounded.Reserve(dst, len(src)+Size)
	dst = append(dst, src...)
	return binary.LittleEndian.AppendUint32(dst, Checksum(src)), nil
}

func (b bound) AppendDecode(dst, src []byte) ([]byte, error) {
	if len(src) < Size {
		return dst, &codec.CorruptError{Codec: Name, Reason: fmt.Sprintf("%d bytes, too short for the 4-byte checksum", len(src))}
	}
	payload := src[:len(src)-Size]
	if err := b.spec.CheckDecoded(Name, len(payload)); err != nil {
		return dst, err
	}
	want := binary.LittleEndian.Uint32(src[len(payload):])
	if got := Checksum(payload); got != want {
		return dst, &codec.CorruptError{Codec: Name, Reason: fmt.Sprintf("checksum mismatch: stored %#08x, computed %#08x", want, got)}
	}
	return append(dst, payload...), nil
}
