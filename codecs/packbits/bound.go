package packbits

import (
	"fmt"
	"slices"

	"github.com/zcodec/zcodec/codec"
)

// bound is the packbits codec bound to a chunk spec.
type bound struct {
	spec    codec.ChunkSpec
	padding Padding
	layout  layout
}

// header returns the bytes of the padding count: 0 or 1.
func (b *bound) header() int {
	if b.padding == PaddingNone {
		return 0
	}
	return 1
}

// encodedSize returns the byte size of an encoded chunk.
func (b *bound) encodedSize() int { return b.layout.packed + b.header() }

func (b *bound) Encoded() codec.BytesSpec { return codec.FixedBytes(b.encodedSize(), b.spec) }

// data returns the packed bits of an encoded chunk enc.
func (b *bound) data(enc []byte) []byte {
	if b.padding == PaddingFirstByte {
		return enc[1:]
	}
	return enc[:b.layout.packed]
}

func (b *bound) AppendEncodeBytes(dst, src []byte) ([]byte, error) {
	if want := b.spec.Size(); len(src) != want {
		return dst, &codec.SizeError{What: "array chunk", Got: len(src), Want: want}
	}
	n := len(dst)
	dst = slices.Grow(dst, b.encodedSize())[:len(dst)+b.encodedSize()]
	out := dst[n:]
	switch b.padding {
	case PaddingFirstByte:
		out[0] = b.layout.pad
	case PaddingLastByte:
		out[b.layout.packed] = b.layout.pad
	}
	b.layout.encode(b.data(out), src)
	return dst, nil
}

func (b *bound) DecodeBytes(dst, src []byte) error {
	if err := b.check(src); err != nil {
		return err
	}
	if want := b.spec.Size(); len(dst) != want {
		return &codec.SizeError{What: "destination", Got: len(dst), Want: want}
	}
	b.layout.decode(dst, b.data(src))
	return nil
}

// check reports whether src has the size of an encoded chunk and records
// the padding count the chunk spec gives.
func (b *bound) check(src []byte) error {
	if len(src) != b.encodedSize() {
		return &codec.CorruptError{Codec: Name, Reason: fmt.Sprintf("chunk has %d bytes, want %d", len(src), b.encodedSize())}
	}
	var got byte
	switch b.padding {
	case PaddingFirstByte:
		got = src[0]
	case PaddingLastByte:
		got = src[b.layout.packed]
	default:
		return nil
	}
	if got != b.layout.pad {
		return &codec.CorruptError{Codec: Name, Reason: fmt.Sprintf("%d padding bits recorded, but a chunk of %d elements has %d", got, b.spec.NumElements(), b.layout.pad)}
	}
	return nil
}

// IsIdentity reports whether the encoding is the chunk's bytes themselves:
// every bit of a byte-multiple type and no padding count (codec.Identity).
func (b *bound) IsIdentity() bool {
	return b.layout.kind == kernelCopy && b.padding == PaddingNone
}

// CheckIdentity makes the checks DecodeBytes makes (codec.Identity).
func (b *bound) CheckIdentity(src []byte) error { return b.check(src) }
