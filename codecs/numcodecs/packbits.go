package numcodecs

import (
	"encoding/binary"
	"fmt"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/numeric"
)

// PackBitsName is the name of the numcodecs PackBits codec in Zarr v3
// metadata. "packbits" is the zarr-extensions codec of package
// codecs/packbits (docs/decisions.md#d26).
const PackBitsName = "numcodecs.packbits"

// PackBits is numcodecs' PackBits filter as an array->array codec: a bool
// chunk of n elements becomes 1 + ceil(n/8) uint8 elements, the number of
// padding bits in the last byte followed by the elements eight to a byte,
// the first element in the most significant bit (np.packbits).
type PackBits struct{}

// NewPackBitsFromConfig is the registry factory of numcodecs.packbits,
// whose configuration is empty.
func NewPackBitsFromConfig(cfg *codec.Config) (codec.Codec, error) {
	return &PackBits{}, cfg.Finish()
}

// Name returns "numcodecs.packbits".
func (c *PackBits) Name() string { return PackBitsName }

// MarshalJSON returns {"name": "numcodecs.packbits", "configuration": {}},
// as zarr-python writes it.
func (c *PackBits) MarshalJSON() ([]byte, error) {
	return codec.MarshalCodec(PackBitsName, struct{}{})
}

// FillRoundTripAdvisory reports true: fill value round-trip failures of
// numcodecs filters are warnings (docs/decisions.md#d17); PackBits has none.
func (c *PackBits) FillRoundTripAdvisory() bool { return true }

// ResolveArray binds the codec to a bool chunk. The encoded spec is uint8
// with shape [1 + ceil(n/8)]; its fill value is the byte eight fill values
// pack into (0x00 or 0xff), which decodes back to the fill.
func (c *PackBits) ResolveArray(decoded codec.ChunkSpec) (codec.BoundArrayToArray, error) {
	if decoded.DataType != numeric.Bool {
		return nil, &codec.ConfigError{Codec: PackBitsName, Reason: fmt.Sprintf("data type %v is not supported: packbits packs bool arrays", decoded.DataType)}
	}
	n := decoded.NumElements()
	fill := numeric.ScalarFromBits(numeric.Uint8, 0, 0)
	if decoded.FillValue.Bool() {
		fill = numeric.ScalarFromBits(numeric.Uint8, 0xff, 0)
	}
	return &packBitsBound{n: n, enc: codec.ChunkSpec{DataType: numeric.Uint8, Shape: []int{1 + (n+7)/8}, FillValue: fill}}, nil
}

// packBitsBound is numcodecs.packbits bound to a chunk spec.
type packBitsBound struct {
	n   int // bool elements per chunk
	enc codec.ChunkSpec
}

// Encoded returns the spec of the encoded chunks, fill value included.
func (b *packBitsBound) Encoded() codec.ChunkSpec {
	return b.enc.Clone()
}

// padding returns the number of unused bits in the last byte.
func (b *packBitsBound) padding() byte { return byte((8 - b.n%8) % 8) }

// EncodeArray packs src, n bools (any non-zero byte is true, as NumPy reads
// a bool array), into dst.
func (b *packBitsBound) EncodeArray(dst, src []byte) error {
	if len(src) != b.n {
		return &codec.SizeError{What: "decoded chunk", Got: len(src), Want: b.n}
	}
	if len(dst) != 1+(b.n+7)/8 {
		return &codec.SizeError{What: "destination", Got: len(dst), Want: 1 + (b.n+7)/8}
	}
	dst[0] = b.padding()
	packBitsFrom(dst[1:], src, packBitsVec(vecISA, dst[1:1+b.n/8], src))
	return nil
}

// packBitsFrom packs the bools of src into out, eight to a byte, from
// output byte from (a multiple of 8) on: the Go loop, and the twin of the
// vector loops. len(out) == ceil(len(src)/8).
func packBitsFrom(out, src []byte, from int) {
	full := len(src) / 8
	i := from
	for ; i+8 <= full; i += 8 { // 64 bools into one 8-byte store
		s := src[8*i : 8*i+64 : 8*i+64]
		w0, w1 := binary.LittleEndian.Uint64(s[0:]), binary.LittleEndian.Uint64(s[8:])
		w2, w3 := binary.LittleEndian.Uint64(s[16:]), binary.LittleEndian.Uint64(s[24:])
		w4, w5 := binary.LittleEndian.Uint64(s[32:]), binary.LittleEndian.Uint64(s[40:])
		w6, w7 := binary.LittleEndian.Uint64(s[48:]), binary.LittleEndian.Uint64(s[56:])
		if (w0|w1|w2|w3|w4|w5|w6|w7)&^0x0101010101010101 != 0 {
			// some byte is neither 0 nor 1: make each byte 0 or 1
			w0, w1, w2, w3 = nonZeroBytes(w0), nonZeroBytes(w1), nonZeroBytes(w2), nonZeroBytes(w3)
			w4, w5, w6, w7 = nonZeroBytes(w4), nonZeroBytes(w5), nonZeroBytes(w6), nonZeroBytes(w7)
		}
		w := packBits01(w0) | packBits01(w1)<<8 | packBits01(w2)<<16 | packBits01(w3)<<24 |
			packBits01(w4)<<32 | packBits01(w5)<<40 | packBits01(w6)<<48 | packBits01(w7)<<56
		binary.LittleEndian.PutUint64(out[i:i+8], w)
	}
	for ; i < full; i++ {
		out[i] = packByte(binary.LittleEndian.Uint64(src[8*i:]))
	}
	if rest := src[8*full:]; len(rest) > 0 {
		var tail [8]byte
		copy(tail[:], rest)
		out[full] = packByte(binary.LittleEndian.Uint64(tail[:]))
	}
}

// packByte packs the eight bytes of x (byte 0 first) into one byte, most
// significant bit first, a non-zero byte giving a 1 bit.
func packByte(x uint64) byte {
	return byte(packBits01(nonZeroBytes(x)))
}

// packBits01 packs the eight bytes of x, each 0 or 1, into the low byte of
// the result, byte 0 in the most significant bit: bit 0 of byte k moves
// to bit 63-k, the products of the bits with the multiplier's landing on
// distinct bits, so nothing carries.
func packBits01(x uint64) uint64 {
	return x * 0x8040201008040201 >> 56
}

// nonZeroBytes returns 1 in each byte of the result whose byte in x is
// not zero, 0 in the others: the low seven bits plus 0x7f carry into bit 7
// (and no further) exactly when one of them is set.
func nonZeroBytes(x uint64) uint64 {
	const low7 = 0x7f7f7f7f7f7f7f7f
	return ((x&low7 + low7) | x) >> 7 & 0x0101010101010101
}

// DecodeArray unpacks src into n bools (0 or 1). A padding count other
// than the one the chunk shape gives is a *codec.CorruptError; the padding
// bits themselves are ignored, as numcodecs ignores them.
func (b *packBitsBound) DecodeArray(dst, src []byte) error {
	if len(src) != 1+(b.n+7)/8 {
		return &codec.SizeError{What: "encoded chunk", Got: len(src), Want: 1 + (b.n+7)/8}
	}
	if len(dst) != b.n {
		return &codec.SizeError{What: "destination", Got: len(dst), Want: b.n}
	}
	if src[0] != b.padding() {
		return &codec.CorruptError{Codec: PackBitsName, Reason: fmt.Sprintf("%d padding bits recorded, but a chunk of %d elements has %d", src[0], b.n, b.padding())}
	}
	unpackBitsFrom(dst, src[1:], unpackBitsVec(vecISA, dst, src[1:1+b.n/8]))
	return nil
}

// unpackBitsFrom unpacks the bytes of in into the bools of dst, eight to
// a byte, from input byte from (a multiple of 8) on: the Go loop, and the
// twin of the vector loops. len(in) == ceil(len(dst)/8).
func unpackBitsFrom(dst, in []byte, from int) {
	full := len(dst) / 8
	t := &unpackTable
	i := from
	for ; i+8 <= full; i += 8 { // 8 packed bytes, 64 bools
		w := binary.LittleEndian.Uint64(in[i : i+8])
		d := dst[8*i : 8*i+64 : 8*i+64]
		binary.LittleEndian.PutUint64(d[0:], t[uint8(w)])
		binary.LittleEndian.PutUint64(d[8:], t[uint8(w>>8)])
		binary.LittleEndian.PutUint64(d[16:], t[uint8(w>>16)])
		binary.LittleEndian.PutUint64(d[24:], t[uint8(w>>24)])
		binary.LittleEndian.PutUint64(d[32:], t[uint8(w>>32)])
		binary.LittleEndian.PutUint64(d[40:], t[uint8(w>>40)])
		binary.LittleEndian.PutUint64(d[48:], t[uint8(w>>48)])
		binary.LittleEndian.PutUint64(d[56:], t[uint8(w>>56)])
	}
	for ; i < full; i++ {
		binary.LittleEndian.PutUint64(dst[8*i:], t[in[i]])
	}
	if rest := dst[8*full:]; len(rest) > 0 {
		var tail [8]byte
		binary.LittleEndian.PutUint64(tail[:], t[in[full]])
		copy(rest, tail[:])
	}
}

// unpackTable holds the eight bools of each byte value, as the
// little-endian uint64 whose byte k is bit 7-k of the value.
var unpackTable = func() (t [256]uint64) {
	for v := range t {
		t[v] = unpackByte(byte(v))
	}
	return t
}()

// unpackByte spreads the bits of v, most significant first, over the eight
// bytes of the result (byte 0 first), each 0 or 1: v is copied into every
// byte, byte k keeps bit 7-k, and nonZeroBytes makes that 0 or 1.
func unpackByte(v byte) uint64 {
	return nonZeroBytes(uint64(v) * 0x0101010101010101 & 0x0102040810204080)
}

// DecodeFill decodes an encoded byte as its first (most significant) bit.
func (b *packBitsBound) DecodeFill(encoded numeric.Scalar) (numeric.Scalar, error) {
	if encoded.DataType() != numeric.Uint8 {
		return encoded, fmt.Errorf("%s: fill value %v is a %v, want uint8", PackBitsName, encoded, encoded.DataType())
	}
	v, _ := encoded.Uint64()
	return numeric.BoolScalar(v&0x80 != 0), nil
}
