// Package bytescodec is the Zarr v3 core "bytes" array->bytes codec: it
// writes the elements of a chunk in C order in a configured byte order.
//
// Specification: https://zarr-specs.readthedocs.io/en/latest/v3/codecs/bytes/index.html
//
// The package registers the codec with the default registry under "bytes"
// and its early-draft name "endian". The package is named bytescodec, not
// bytes, so that it does not shadow the standard library's bytes package.
//
// A chunk's decoded bytes are already little-endian, so in little-endian
// order, or for one-byte types, the codec is the identity: it implements
// codec.Identity and the pipeline hands the array's buffer on instead of
// copying it, still checking the length and, for bool, that every byte is 0
// or 1. Decoding never trusts a length from the data: a chunk must have
// exactly the size the chunk spec gives (docs/decisions.md#d15).
//
// The types of fewer than 8 bits (zarr-extensions int2, int4, uint2,
// uint4, float6_e2m3fn, float6_e3m2fn, float4_e2m1fn) are stored one per
// byte with the upper bits ignored: decoding keeps the low bits and sign-
// extends them (int2, int4) or zero-extends them (the others), the
// in-memory form numeric describes, and encoding writes that same
// canonical byte whatever the upper bits of the array's buffer hold. These
// types are not the identity. endian has no effect on one-byte types.
//
// A multi-byte type needs "endian". zarrita writes {"name": "bytes"}
// without it; a pipeline resolved for reading (codec.FillWarn) reads such a
// codec as little-endian with a warning, as zarr-python 3 does, and
// MarshalJSON writes it back without endian; validating or creating an
// array refuses it (codec.ErrReadOnlyConfig; docs/decisions.md#d23).
//
// Text and byte strings of a fixed length: fixed_length_utf32 elements are
// UTF-32 code units, each 4 bytes in the order endian gives (zarr-extensions
// data-types/fixed_length_utf32); null_terminated_bytes and r* elements are
// bytes, never swapped, and need no endian. The variable-length types
// string and bytes have no fixed element size and are refused: their
// codecs are vlen-utf8 and vlen-bytes (package codecs/vlen).
package bytescodec

import (
	"encoding/binary"
	"fmt"
	"math/bits"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/registry"
)

// Codec is the Zarr v3 core "bytes" array->bytes codec: it writes each
// element in C order in the configured byte order. Complex elements are
// written as two floats (real, imaginary), each in that order.
//
// Configuration: {"endian": "little" | "big"}. endian is required for data
// types wider than one byte (a missing endian is an error at resolution)
// and optional for bool, int8 and uint8.
//
//	{"name": "bytes", "configuration": {"endian": "little"}}
//
// Decoding requires exactly the chunk's byte size; bool bytes other than 0
// and 1 are corrupt. The registry also reads it under the name "endian"
// (the codec's name in early Zarr v3 drafts).
//
// Specification: https://zarr-specs.readthedocs.io/en/latest/v3/codecs/bytes/index.html
type Codec struct {
	Endian numeric.Endian
	// reading is set on the codec ForReading returns: a missing endian on
	// a multi-byte type is then read as little-endian, with a warning.
	reading bool
}

// Name is the name of the bytes codec.
const Name = "bytes"

// NewFromConfig is the registry factory of the bytes codec.
func NewFromConfig(cfg *codec.Config) (codec.Codec, error) {
	c := &Codec{}
	e, ok, err := cfg.Enum("endian", "little", "big")
	if err != nil {
		return nil, err
	}
	if ok {
		c.Endian = numeric.LittleEndian
		if e == "big" {
			c.Endian = numeric.BigEndian
		}
	}
	return c, cfg.Finish()
}

// Name returns "bytes".
func (c *Codec) Name() string { return Name }

// MarshalJSON returns the codec's metadata.
func (c *Codec) MarshalJSON() ([]byte, error) {
	if c.Endian == numeric.EndianUnset {
		return codec.MarshalCodec(Name, nil)
	}
	return codec.MarshalCodec(Name, map[string]string{"endian": c.Endian.String()})
}

// ForReading returns the codec a reader resolves (codec.ReadingCodec): a
// missing endian on a multi-byte type is read as little-endian, as
// zarr-python 3 reads what zarrita writes, with a warning
// (docs/decisions.md#d23). MarshalJSON still writes no endian.
func (c *Codec) ForReading() codec.Codec {
	r := *c
	r.reading = true
	return &r
}

// AsWritten returns the codec with the byte order a reader takes: a
// missing endian as little-endian (codec.WritableCodec).
func (c *Codec) AsWritten() codec.Codec {
	r := *c
	if r.Endian == numeric.EndianUnset {
		r.Endian = numeric.LittleEndian
	}
	r.reading = false
	return &r
}

// ResolveBytes binds the codec to decoded. It fails for a multi-byte data
// type without an endian (an error matching codec.ErrReadOnlyConfig),
// except for the codec ForReading returns.
func (c *Codec) ResolveBytes(decoded codec.ChunkSpec) (codec.BoundArrayToBytes, error) {
	if decoded.DataType.IsVariableLength() {
		return nil, &codec.ConfigError{Codec: Name, Reason: fmt.Sprintf("%v elements have no fixed size; the bytes codec cannot encode them (use vlen-utf8 for string, vlen-bytes for bytes)", decoded.DataType)}
	}
	comp := swapUnit(decoded.DataType)
	var warnings []codec.Warning
	if c.Endian == numeric.EndianUnset && comp > 1 {
		if !c.reading {
			return nil, &codec.ConfigError{Codec: Name, Key: "endian", Reason: fmt.Sprintf("endian is required for %v (%d-byte elements); a reader takes little (docs/decisions.md#d23)", decoded.DataType, decoded.DataType.Size()), Err: codec.ErrReadOnlyConfig}
		}
		warnings = []codec.Warning{{Message: fmt.Sprintf("no endian for %v (%d-byte elements): read as little-endian, as zarr-python does (docs/decisions.md#d23)", decoded.DataType, decoded.DataType.Size())}}
	}
	swap := c.Endian == numeric.BigEndian && comp > 1
	subByte := decoded.DataType.Bits() < 8 && decoded.DataType.Size() == 1
	return &boundBytes{spec: decoded, size: decoded.Size(), swap: swap, width: comp, isBool: decoded.DataType == numeric.Bool,
		subByte: subByte, warnings: warnings}, nil
}

type boundBytes struct {
	spec   codec.ChunkSpec
	size   int
	swap   bool
	width  int // bytes per swapped unit
	isBool bool
	// subByte: a type of fewer than 8 bits (int2, int4, uint2, uint4,
	// float6_*, float4_*) whose stored upper bits are ignored: decoding
	// sign- or zero-extends the low bits, encoding writes that canonical
	// byte (numeric.CanonicalizeBytes).
	subByte bool
	// warnings say what was accepted for reading (codec.Warner).
	warnings []codec.Warning
}

// Warnings returns what the codec accepted only for reading (codec.Warner).
func (b *boundBytes) Warnings() []codec.Warning { return b.warnings }

func (b *boundBytes) Encoded() codec.BytesSpec { return codec.FixedBytes(b.size, b.spec) }

func (b *boundBytes) AppendEncodeBytes(dst, src []byte) ([]byte, error) {
	if len(src) != b.size {
		return dst, &codec.SizeError{What: "array chunk", Got: len(src), Want: b.size}
	}
	n := len(dst)
	dst = growAppend(dst, b.size)
	out := dst[n:]
	if b.swap {
		swapBytes(out, src, b.width)
	} else {
		copy(out, src)
	}
	if b.subByte {
		numeric.CanonicalizeBytes(b.spec.DataType, out)
	}
	return dst, nil
}

func (b *boundBytes) DecodeBytes(dst, src []byte) error {
	if err := b.CheckIdentity(src); err != nil {
		return err
	}
	if len(dst) != b.size {
		return &codec.SizeError{What: "destination", Got: len(dst), Want: b.size}
	}
	if b.swap {
		swapBytes(dst, src, b.width)
	} else {
		copy(dst, src)
	}
	if b.subByte {
		numeric.CanonicalizeBytes(b.spec.DataType, dst)
	}
	return nil
}

// IsIdentity reports whether the encoding is the array's bytes themselves:
// little-endian order, or one-byte elements (see codec.Identity), except
// the types of fewer than 8 bits, whose decoding rewrites the upper bits.
func (b *boundBytes) IsIdentity() bool { return !b.swap && !b.subByte }

// CheckIdentity reports whether src is a valid encoded chunk: exactly the
// chunk's byte size and, for bool, bytes that are 0 or 1. DecodeBytes makes
// the same checks.
func (b *boundBytes) CheckIdentity(src []byte) error {
	if len(src) != b.size {
		return &codec.CorruptError{Codec: Name, Reason: fmt.Sprintf("chunk has %d bytes, want %d", len(src), b.size)}
	}
	if b.isBool {
		if i := firstNonBool(src); i >= 0 {
			return &codec.CorruptError{Codec: Name, Reason: fmt.Sprintf("bool element %d is byte %#02x, neither 0 nor 1", i, src[i])}
		}
	}
	return nil
}

// firstNonBool returns the index of the first byte of b other than 0 and 1,
// or -1. It tests eight bytes at a time.
func firstNonBool(b []byte) int {
	i := 0
	for ; i+8 <= len(b); i += 8 {
		if binary.LittleEndian.Uint64(b[i:])&0xfefefefefefefefe != 0 {
			break
		}
	}
	for ; i < len(b); i++ {
		if b[i] > 1 {
			return i
		}
	}
	return -1
}

// growAppend extends b by n bytes (contents unspecified).
func growAppend(b []byte, n int) []byte {
	if cap(b)-len(b) >= n {
		return b[:len(b)+n]
	}
	nb := make([]byte, len(b)+n, len(b)+n+len(b)/4)
	copy(nb, b)
	return nb
}

// swapBytes reverses the byte order of every width-byte unit of src into
// dst (len(dst) == len(src), a multiple of width; width is 2, 4 or 8).
// The main loops move 32 bytes per iteration as four 64-bit words, swapping
// the units inside each word; the tail goes unit by unit.
func swapBytes(dst, src []byte, width int) {
	n := min(len(dst), len(src)) &^ 31
	switch width {
	case 2:
		for i := 0; i < n; i += 32 {
			s, d := src[i:i+32:i+32], dst[i:i+32:i+32]
			binary.LittleEndian.PutUint64(d[0:], swap16s(binary.LittleEndian.Uint64(s[0:])))
			binary.LittleEndian.PutUint64(d[8:], swap16s(binary.LittleEndian.Uint64(s[8:])))
			binary.LittleEndian.PutUint64(d[16:], swap16s(binary.LittleEndian.Uint64(s[16:])))
			binary.LittleEndian.PutUint64(d[24:], swap16s(binary.LittleEndian.Uint64(s[24:])))
		}
		for i := n; i+2 <= len(src) && i+2 <= len(dst); i += 2 {
			binary.LittleEndian.PutUint16(dst[i:], bits.ReverseBytes16(binary.LittleEndian.Uint16(src[i:])))
		}
	case 4:
		for i := 0; i < n; i += 32 {
			s, d := src[i:i+32:i+32], dst[i:i+32:i+32]
			binary.LittleEndian.PutUint64(d[0:], swap32s(binary.LittleEndian.Uint64(s[0:])))
			binary.LittleEndian.PutUint64(d[8:], swap32s(binary.LittleEndian.Uint64(s[8:])))
			binary.LittleEndian.PutUint64(d[16:], swap32s(binary.LittleEndian.Uint64(s[16:])))
			binary.LittleEndian.PutUint64(d[24:], swap32s(binary.LittleEndian.Uint64(s[24:])))
		}
		for i := n; i+4 <= len(src) && i+4 <= len(dst); i += 4 {
			binary.LittleEndian.PutUint32(dst[i:], bits.ReverseBytes32(binary.LittleEndian.Uint32(src[i:])))
		}
	case 8:
		for i := 0; i < n; i += 32 {
			s, d := src[i:i+32:i+32], dst[i:i+32:i+32]
			binary.LittleEndian.PutUint64(d[0:], binary.BigEndian.Uint64(s[0:]))
			binary.LittleEndian.PutUint64(d[8:], binary.BigEndian.Uint64(s[8:]))
			binary.LittleEndian.PutUint64(d[16:], binary.BigEndian.Uint64(s[16:]))
			binary.LittleEndian.PutUint64(d[24:], binary.BigEndian.Uint64(s[24:]))
		}
		for i := n; i+8 <= len(src) && i+8 <= len(dst); i += 8 {
			binary.LittleEndian.PutUint64(dst[i:], binary.BigEndian.Uint64(src[i:]))
		}
	}
}

// swap16s reverses the bytes of each 16-bit unit of x.
func swap16s(x uint64) uint64 {
	const m = 0x00ff00ff00ff00ff
	return (x&m)<<8 | (x>>8)&m
}

// swap32s reverses the bytes of each 32-bit unit of x.
func swap32s(x uint64) uint64 {
	return bits.RotateLeft64(bits.ReverseBytes64(x), 32)
}

func init() {
	registry.Register(registry.Registration{
		Name:    Name,
		Aliases: []string{"endian"},
		Kind:    codec.KindArrayToBytes,
		New:     NewFromConfig,
		Summary: "Zarr v3 core: elements in C order, little or big endian",
	})
}
