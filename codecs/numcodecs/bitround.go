package numcodecs

import (
	"fmt"
	"math"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/internal/elements"
	"github.com/zcodec/zcodec/numeric"
)

// BitRoundName is the name of the numcodecs BitRound codec in Zarr v3
// metadata; "bitround" is read as an alias.
const BitRoundName = "numcodecs.bitround"

// BitRound is numcodecs' BitRound filter as an array->array codec: it
// rounds the mantissa of each float element to keepbits bits (round half
// to even, on the element's bits as a signed integer) and keeps the data
// type. Decoding is the identity.
type BitRound struct {
	keepbits int64
}

// NewBitRoundFromConfig is the registry factory of numcodecs.bitround:
// keepbits, a non-negative JSON integer, is required. Whether it fits the
// array's float type is checked at resolution.
func NewBitRoundFromConfig(cfg *codec.Config) (codec.Codec, error) {
	if err := cfg.Require("keepbits"); err != nil {
		return nil, err
	}
	k, _, err := cfg.Int("keepbits", 0, math.MaxInt32)
	if err != nil {
		return nil, err
	}
	return &BitRound{keepbits: k}, cfg.Finish()
}

// Name returns "numcodecs.bitround".
func (c *BitRound) Name() string { return BitRoundName }

// MarshalJSON returns the codec's metadata as numcodecs writes it.
func (c *BitRound) MarshalJSON() ([]byte, error) {
	return codec.MarshalCodec(BitRoundName, map[string]int64{"keepbits": c.keepbits})
}

// FillRoundTripAdvisory reports true: a fill value that BitRound rounds is
// a warning, not an error (docs/decisions.md#d17).
func (c *BitRound) FillRoundTripAdvisory() bool { return true }

// mantissaBits is numcodecs' table of stored mantissa bits per type.
func mantissaBits(dt numeric.DataType) (int64, bool) {
	switch dt {
	case numeric.Float16:
		return 10, true
	case numeric.Float32:
		return 23, true
	case numeric.Float64:
		return 52, true
	}
	return 0, false
}

// ResolveArray binds the codec to decoded, which must be float16, float32
// or float64 with at least keepbits mantissa bits. The encoded spec is the
// decoded one with the fill value rounded.
func (c *BitRound) ResolveArray(decoded codec.ChunkSpec) (codec.BoundArrayToArray, error) {
	dt := decoded.DataType
	bits, ok := mantissaBits(dt)
	if !ok {
		return nil, &codec.ConfigError{Codec: BitRoundName, Reason: fmt.Sprintf("data type %v is not supported: bitround rounds float16, float32 and float64", dt)}
	}
	if c.keepbits > bits {
		return nil, &codec.ConfigError{Codec: BitRoundName, Key: "keepbits", Reason: fmt.Sprintf("keepbits %d is more than the %d mantissa bits of %v", c.keepbits, bits, dt)}
	}
	b := &bitRoundBound{dt: dt, n: decoded.NumElements()}
	if c.keepbits < bits {
		maskbits := uint(bits - c.keepbits)
		switch dt {
		case numeric.Float16:
			b.round = bitRoundLoop[int16](maskbits)
		case numeric.Float32:
			b.round = bitRoundLoop[int32](maskbits)
		default:
			b.round = bitRoundLoop[int64](maskbits)
		}
	}
	fill := decoded.FillValue.Bytes()
	if b.round != nil {
		b.round(fill, decoded.FillValue.Bytes())
	}
	f, _ := numeric.ScalarFromBytes(dt, fill)
	b.enc = decoded.WithDataType(dt, f)
	return b, nil
}

// bitRoundBound is numcodecs.bitround bound to a chunk spec.
type bitRoundBound struct {
	dt    numeric.DataType
	n     int                   // elements per chunk
	round func(dst, src []byte) // nil when keepbits keeps every bit
	enc   codec.ChunkSpec
}

// Encoded returns the spec of the encoded chunks, fill value included.
func (b *bitRoundBound) Encoded() codec.ChunkSpec {
	return b.enc.Clone()
}

// EncodeArray rounds every element of src into dst.
func (b *bitRoundBound) EncodeArray(dst, src []byte) error {
	if err := checkSizes(src, dst, b.n, b.dt, b.dt, "decoded chunk"); err != nil {
		return err
	}
	if b.round == nil {
		copy(dst, src)
		return nil
	}
	b.round(dst, src)
	return nil
}

// DecodeArray copies src: rounded values are stored as they are.
func (b *bitRoundBound) DecodeArray(dst, src []byte) error {
	if err := checkSizes(src, dst, b.n, b.dt, b.dt, "encoded chunk"); err != nil {
		return err
	}
	copy(dst, src)
	return nil
}

// DecodeFill returns encoded: decoding is the identity.
func (b *bitRoundBound) DecodeFill(encoded numeric.Scalar) (numeric.Scalar, error) {
	if encoded.DataType() != b.dt {
		return encoded, fmt.Errorf("%s: fill value %v is a %v, want %v", BitRoundName, encoded, encoded.DataType(), b.dt)
	}
	return encoded, nil
}

// bitRoundLoop returns numcodecs' rounding on the bits of each element,
// read as the signed integer I of the float's width:
//
//	b += ((b >> maskbits) & 1) + (1 << (maskbits-1)) - 1
//	b &= -1 << maskbits
//
// with NumPy's wrapping integer arithmetic (so a NaN's bits may carry into
// the sign: numcodecs turns float16 NaN into -0.0 when keepbits is 0).
func bitRoundLoop[I int16 | int32 | int64](maskbits uint) func(dst, src []byte) {
	mask := I(-1) << maskbits
	half := I(1)<<(maskbits-1) - 1
	return func(dst, src []byte) {
		s := elements.Load[I](src)
		d, direct := elements.Output[I](dst)
		d = d[:len(s)]
		bitRoundFrom(d, s, bitRoundVec(vecISA, d, s, maskbits, half, mask), maskbits, half, mask)
		elements.Store(dst, d, direct)
	}
}

// bitRoundFrom rounds s[i] into d[i] for i from from on: the Go loop, and
// the twin of the vector loops.
func bitRoundFrom[I int16 | int32 | int64](d, s []I, from int, maskbits uint, half, mask I) {
	d = d[:len(s)]
	i := from
	for ; i+4 <= len(s); i += 4 {
		w := s[i : i+4 : i+4]
		o := d[i : i+4 : i+4]
		o[0] = (w[0] + (w[0]>>maskbits)&1 + half) & mask
		o[1] = (w[1] + (w[1]>>maskbits)&1 + half) & mask
		o[2] = (w[2] + (w[2]>>maskbits)&1 + half) & mask
		o[3] = (w[3] + (w[3]>>maskbits)&1 + half) & mask
	}
	for ; i < len(s); i++ {
		x := s[i]
		d[i] = (x + (x>>maskbits)&1 + half) & mask
	}
}
