package hdf5scaleoffset

import (
	"encoding/binary"
	"fmt"
	"github.com/zcodec/zcodec/codecs/internal/bitpack"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/codecs/internal/bounded"
	"github.com/zcodec/zcodec/internal/hostorder"
)

// blockLen is the number of elements the kernels handle at a time.
const blockLen = 256

// bound is the codec bound to chunks of c.Elements elements.
type bound struct {
	decoded, encoded codec.BytesSpec

	n       int  // elements per chunk
	size    int  // bytes per element
	bits    uint // bits per element
	big     bool // the decoded bytes are big-endian
	signed  bool
	float   bool
	fill    bool   // the dataset defines a fill value
	fillRaw uint64 // its bits

	// identity: an integer scale factor of the full width, for which the
	// filter leaves chunks as they are
	identity bool
	// given is the integer scale factor when it fixes the bits (1 to
	// bits-1); 0 when they are computed per chunk
	given uint

	// the powers of ten of D-scaling: 10^D and the two thresholds of
	// "equal to the fill value", 10^-D as a float32 and as a float64
	// (HDF5 uses both for float32 data)
	pow, negPow32 float32
	pow64, negPow float64
}

func newBound(c *Codec, decoded codec.BytesSpec) *bound {
	b := &bound{decoded: decoded, n: c.Elements, size: c.DataType.Size(), big: c.BigEndian,
		signed: c.DataType.IsSigned(), float: c.DataType.IsFloat()}
	b.bits = uint(8 * b.size)
	if c.Fill.Valid() {
		b.fill = true
		b.fillRaw, _ = c.Fill.Bits()
	}
	total := b.n * b.size
	switch {
	case c.ScaleType == ScaleInt && c.ScaleFactor == int(b.bits):
		b.identity = true
		b.encoded = codec.FixedBytes(total, decoded.Array)
	case c.ScaleType == ScaleInt && c.ScaleFactor > 0:
		b.given = uint(c.ScaleFactor)
		b.encoded = codec.FixedBytes(HeaderSize+int(uint64(b.n)*uint64(b.given)/8)+1, decoded.Array)
	default:
		b.encoded = codec.VariableBytes(HeaderSize+total, decoded.Array)
	}
	if b.float {
		d := int64(c.ScaleFactor)
		b.pow, b.negPow32 = pow10f(d), pow10f(-d)
		b.pow64, b.negPow = pow10d(d), pow10d(-d)
	}
	return b
}

func (b *bound) Encoded() codec.BytesSpec { return b.encoded }

func (b *bound) corrupt(format string, args ...any) error {
	return &codec.CorruptError{Codec: Name, Reason: fmt.Sprintf(format, args...)}
}

// mask returns the low m bits set.
func mask(m uint) uint64 {
	if m >= 64 {
		return ^uint64(0)
	}
	return 1<<m - 1
}

// header is what the filter writes before the values of a chunk.
type header struct {
	minBits uint
	minVal  uint64 // the chunk's minimum: integers sign-extended, floats their bits
}

func (h header) append(dst []byte) []byte {
	dst = binary.LittleEndian.AppendUint32(dst, uint32(h.minBits))
	dst = append(dst, 8)
	dst = binary.LittleEndian.AppendUint64(dst, h.minVal)
	return append(dst, 0, 0, 0, 0, 0, 0, 0, 0)
}

func (b *bound) AppendDecode(dst, src []byte) ([]byte, error) {
	total := b.n * b.size
	if b.identity {
		if err := b.decoded.CheckDecoded(Name, len(src)); err != nil {
			return dst, err
		}
		return append(dst, src...), nil
	}
	if len(src) < HeaderSize {
		return dst, b.corrupt("chunk has %d bytes, shorter than the %d-byte header", len(src), HeaderSize)
	}
	m := binary.LittleEndian.Uint32(src)
	if m > uint32(b.bits) {
		return dst, b.corrupt("header claims %d bits per value; %d-byte elements have %d", m, b.size, b.bits)
	}
	// the filter reads as many bytes of the minimum as byte 4 says, at
	// most 8, least significant first
	var minVal uint64
	for i := range min(int(src[4]), 8) {
		minVal |= uint64(src[5+i]) << (8 * i)
	}
	h := header{minBits: uint(m), minVal: minVal}
	data := src[HeaderSize:]
	if need := bitpack.PackedLen(b.n, h.minBits); len(data) < need {
		return dst, b.corrupt("%d values of %d bits need %d bytes after the header, the chunk has %d", b.n, m, need, len(data))
	}
	start := len(dst)
	dst = bounded.Grow(dst, total)
	out := dst[start:]
	switch {
	case h.minBits == b.bits:
		// stored as they were, in the byte order of the machine that
		// wrote them: little-endian
		copy(out, data[:total])
		if b.big {
			hostorder.SwapUnits(out, b.size)
		}
	case b.float:
		b.decodeFloats(out, data, h)
	default:
		b.decodeInts(out, data, h)
	}
	return dst, nil
}

func (b *bound) AppendEncode(dst, src []byte) ([]byte, error) {
	if len(src) != b.n*b.size {
		return dst, &codec.SizeError{What: Name + " input", Got: len(src), Want: b.n * b.size}
	}
	if b.identity {
		return append(dst, src...), nil
	}
	var h header
	var err error
	if b.float {
		h, err = b.scanFloats(src)
	} else {
		h, err = b.scanInts(src)
	}
	if err != nil {
		return dst, err
	}
	dst = bounded.Reserve(dst, HeaderSize+max(b.n*b.size, bitpack.PackedLen(b.n, h.minBits)+1))
	dst = h.append(dst)
	switch {
	case h.minBits == b.bits:
		return b.appendRaw(dst, src), nil
	case h.minBits == 0:
		// the filter leaves this byte as it finds it in a new buffer
		return append(dst, 0), nil
	}
	start := len(dst)
	p := bitpack.Packer{Out: dst}
	if b.float {
		if err := b.packFloats(&p, src, h); err != nil {
			return dst[:start-HeaderSize], err
		}
	} else {
		b.packInts(&p, src, h)
	}
	p.Flush()
	// the filter's output is one byte longer than the whole bytes of the
	// values, zero-filled
	want := start + int(uint64(b.n)*uint64(h.minBits)/8) + 1
	for len(p.Out) < want {
		p.Out = append(p.Out, 0)
	}
	return p.Out, nil
}

// appendRaw appends the elements of src little-endian, as the filter
// stores a chunk whose values need all their bits.
func (b *bound) appendRaw(dst, src []byte) []byte {
	start := len(dst)
	dst = append(dst, src...)
	if b.big {
		hostorder.SwapUnits(dst[start:], b.size)
	}
	return dst
}
