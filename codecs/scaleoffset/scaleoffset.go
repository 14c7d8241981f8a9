package scaleoffset

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/big"
	"strconv"
	"strings"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/internal/elements"
	"github.com/zcodec/zcodec/internal/shorten"
	"github.com/zcodec/zcodec/numeric"
)

// Name is the name of the scale_offset codec.
const Name = "scale_offset"

// Codec is the unbound scale_offset codec: an offset and a scale kept as the
// JSON they were given in, since their meaning depends on the data type of
// the array, known only at resolution.
type Codec struct {
	offset json.RawMessage // nil when absent
	scale  json.RawMessage // nil when absent
}

// New returns a scale_offset codec with the given offset and scale. An
// invalid (zero) numeric.Scalar means the parameter is absent. The values
// are kept as their fill-value JSON and read again in the array's data type
// at resolution, so New(numeric.FloatScalar(numeric.Float64, 5), ...) also
// suits an int32 array.
func New(offset, scale numeric.Scalar) (*Codec, error) {
	c := &Codec{}
	if offset.Valid() {
		c.offset = json.RawMessage(numeric.FormatFillValue(offset))
	}
	if scale.Valid() {
		c.scale = json.RawMessage(numeric.FormatFillValue(scale))
		if isZeroJSON(c.scale) {
			return nil, &codec.ConfigError{Codec: Name, Key: "scale", Reason: "scale must not be zero"}
		}
	}
	return c, nil
}

// NewFromConfig is the registry factory of scale_offset. It checks that
// offset and scale, when present, are JSON numbers or strings and that the
// scale is not written as zero; their full validation against the array's
// data type happens at resolution.
func NewFromConfig(cfg *codec.Config) (codec.Codec, error) {
	c := &Codec{}
	for _, key := range []string{"offset", "scale"} {
		raw, ok := cfg.Raw(key)
		if !ok {
			continue
		}
		if len(raw) == 0 || !(raw[0] == '"' || raw[0] == '-' || raw[0] >= '0' && raw[0] <= '9') {
			return nil, cfg.Errorf(key, "want a number or a string in the fill-value encoding of the array's data type, got %s", shorten.Bytes(raw))
		}
		var compact bytes.Buffer
		if err := json.Compact(&compact, raw); err != nil {
			return nil, cfg.Errorf(key, "invalid JSON %s", shorten.Bytes(raw))
		}
		if key == "offset" {
			c.offset = compact.Bytes()
		} else {
			if isZeroJSON(compact.Bytes()) {
				return nil, cfg.Errorf(key, "scale must not be zero (got %s)", compact.Bytes())
			}
			c.scale = compact.Bytes()
		}
	}
	return c, cfg.Finish()
}

// isZeroJSON reports whether raw spells zero whatever the data type: a JSON
// number equal to 0, or "0x" hex whose bits, less the sign bit of its
// width, are all zero.
func isZeroJSON(raw []byte) bool {
	if len(raw) == 0 {
		return false
	}
	if raw[0] != '"' {
		r, ok := new(big.Rat).SetString(string(raw))
		return ok && r.Sign() == 0
	}
	var s string
	if json.Unmarshal(raw, &s) != nil || len(s) < 3 || !strings.HasPrefix(strings.ToLower(s), "0x") {
		return false
	}
	digits := s[2:]
	if len(digits) != 4 && len(digits) != 8 && len(digits) != 16 {
		return false
	}
	u, err := strconv.ParseUint(digits, 16, 64)
	if err != nil {
		return false
	}
	return u&^(1<<(4*len(digits)-1)) == 0
}

// Name returns "scale_offset".
func (c *Codec) Name() string { return Name }

// MarshalJSON returns the codec's metadata, with offset and scale as they
// were given (compacted). The identity codec is written without a
// configuration.
func (c *Codec) MarshalJSON() ([]byte, error) {
	if c.offset == nil && c.scale == nil {
		return codec.MarshalCodec(Name, nil)
	}
	type config struct {
		Offset json.RawMessage `json:"offset,omitempty"`
		Scale  json.RawMessage `json:"scale,omitempty"`
	}
	return codec.MarshalCodec(Name, config{Offset: c.offset, Scale: c.scale})
}

// kernel is the arithmetic of one data type over whole chunks. encode and
// decode return the index of the first element they cannot map, or -1
// (bound.reason then explains it).
type kernel interface {
	encode(dst, src []byte) int
	decode(dst, src []byte) int
}

// params reads offset and scale as values of data type dt; absent ones are
// 0 and 1 with hasOffset or hasScale false.
func (c *Codec) params(dt numeric.DataType) (offset, scale numeric.Scalar, hasOffset, hasScale bool, err error) {
	if !dt.IsReal() {
		return offset, scale, false, false, &codec.ConfigError{Codec: Name, Reason: fmt.Sprintf("data type %v is not supported (want an integer or float type)", dt)}
	}
	parse := func(key string, raw json.RawMessage) (numeric.Scalar, error) {
		v, err := numeric.ParseFillValue(dt, raw)
		if err != nil {
			return v, &codec.ConfigError{Codec: Name, Key: key, Reason: err.Error()}
		}
		return v, nil
	}
	offset, scale = numeric.Zero(dt), oneOf(dt)
	if c.offset != nil {
		if offset, err = parse("offset", c.offset); err != nil {
			return
		}
		hasOffset = true
	}
	if c.scale != nil {
		if scale, err = parse("scale", c.scale); err != nil {
			return
		}
		if scale.Float64() == 0 && !scale.IsNaN() {
			err = &codec.ConfigError{Codec: Name, Key: "scale", Reason: fmt.Sprintf("scale %s is zero as a %v", c.scale, dt)}
			return
		}
		hasScale = true
	}
	return
}

func oneOf(dt numeric.DataType) numeric.Scalar {
	if dt.IsInteger() {
		return numeric.ScalarFromBits(dt, 1, 0)
	}
	return numeric.FloatScalar(dt, 1)
}

// ResolveArray binds the codec to chunks of decoded's data type. It fails
// for a data type that is not an integer or real float type, for an offset
// or scale that is not a valid value of that type, for a zero scale and for
// a fill value that the codec cannot encode. The encoded spec has the same
// data type and shape, and the fill value encoded.
func (c *Codec) ResolveArray(decoded codec.ChunkSpec) (codec.BoundArrayToArray, error) {
	dt := decoded.DataType
	off, scale, hasOff, hasScale, err := c.params(dt)
	if err != nil {
		return nil, err
	}
	b := &bound{dt: dt, off: off, scale: scale, identity: !hasOff && !hasScale}
	if !b.identity {
		b.k = newKernel(dt, off, scale, hasOff)
	}
	fill, err := b.encodeScalar(decoded.FillValue)
	if err != nil {
		reason := err.Error()
		if ee, ok := err.(*codec.ElementError); ok {
			reason = fmt.Sprintf("fill value %v cannot be encoded: %s", ee.Value, ee.Reason)
		}
		// The offset encodes to 0: a stand-in fill for readers (codec.FillWarn).
		return nil, &codec.ConfigError{Codec: Name, Reason: reason, Err: &codec.FillRoundTripError{Original: decoded.FillValue, EncodeErr: err, StandIn: off}}
	}
	b.enc = decoded.WithDataType(dt, fill)
	return b, nil
}

func newKernel(dt numeric.DataType, off, scale numeric.Scalar, hasOff bool) kernel {
	lo, hi, _ := dt.IntRange()
	soff, _ := off.Int64()
	sscale, _ := scale.Int64()
	uoff, _ := off.Uint64()
	uscale, _ := scale.Uint64()
	switch dt {
	case numeric.Int8, numeric.Int2, numeric.Int4: // int2 and int4 are held as int8; lo and hi are theirs
		return &signedKernel[int8]{off: soff, scale: sscale, lo: lo, hi: int64(hi)}
	case numeric.Int16:
		return &signedKernel[int16]{off: soff, scale: sscale, lo: lo, hi: int64(hi)}
	case numeric.Int32:
		return &signedKernel[int32]{off: soff, scale: sscale, lo: lo, hi: int64(hi)}
	case numeric.Int64:
		return &int64Kernel{off: soff, scale: sscale}
	case numeric.Uint8, numeric.Uint2, numeric.Uint4:
		return &unsignedKernel[uint8]{off: uoff, scale: uscale, hi: hi}
	case numeric.Uint16:
		return &unsignedKernel[uint16]{off: uoff, scale: uscale, hi: hi}
	case numeric.Uint32:
		return &unsignedKernel[uint32]{off: uoff, scale: uscale, hi: hi}
	case numeric.Uint64:
		return &uint64Kernel{off: uoff, scale: uscale}
	case numeric.Float16, numeric.BFloat16:
		return newHalfKernel(dt, off, scale, hasOff)
	case numeric.Float32:
		return newFloatKernel[float32](dt, off, scale, hasOff)
	case numeric.Float64:
		return newFloatKernel[float64](dt, off, scale, hasOff)
	}
	if dt.IsFloat() && dt.Size() == 1 {
		return newSmallFloatKernel(dt, off, scale, hasOff)
	}
	return newFloatKernel[float64](dt, off, scale, hasOff)
}

// bound is scale_offset resolved for one data type.
type bound struct {
	dt         numeric.DataType
	off, scale numeric.Scalar
	identity   bool
	k          kernel
	enc        codec.ChunkSpec
}

// Encoded returns the spec of the encoded chunks, fill value included.
func (b *bound) Encoded() codec.ChunkSpec { return b.enc.Clone() }

// EncodeArray encodes src, one whole chunk, into dst.
func (b *bound) EncodeArray(dst, src []byte) error { return b.run(dst, src, false) }

// DecodeArray decodes src, one whole encoded chunk, into dst.
func (b *bound) DecodeArray(dst, src []byte) error { return b.run(dst, src, true) }

func (b *bound) run(dst, src []byte, decode bool) error {
	n := b.enc.Size()
	if len(src) != n {
		what := "decoded chunk"
		if decode {
			what = "encoded chunk"
		}
		return &codec.SizeError{What: what, Got: len(src), Want: n}
	}
	if len(dst) != n {
		return &codec.SizeError{What: "destination", Got: len(dst), Want: n}
	}
	if b.identity {
		copy(dst, src)
		return nil
	}
	var bad int
	if decode {
		bad = b.k.decode(dst, src)
	} else {
		bad = b.k.encode(dst, src)
	}
	if bad < 0 {
		return nil
	}
	x := elements.ScalarAt(b.dt, src, bad)
	return elementError(decode, bad, x, b.reason(x, decode))
}

func (b *bound) reason(x numeric.Scalar, decode bool) string {
	switch k := b.k.(type) {
	case *halfKernel:
		return k.reason(x, decode)
	case *floatKernel[float32]:
		return k.reason(x, decode)
	case *floatKernel[float64]:
		return k.reason(x, decode)
	case *smallFloatKernel:
		return k.reason(x, decode)
	}
	return intReason(b.dt, x, b.off, b.scale, decode)
}

// scalar runs the codec on one value.
func (b *bound) scalar(x numeric.Scalar, decode bool) (numeric.Scalar, error) {
	if x.DataType() != b.dt {
		return x, fmt.Errorf("value %v is a %v, want %v", x, x.DataType(), b.dt)
	}
	if b.identity {
		return x, nil
	}
	src := x.Bytes()
	dst := make([]byte, len(src))
	var bad int
	if decode {
		bad = b.k.decode(dst, src)
	} else {
		bad = b.k.encode(dst, src)
	}
	if bad >= 0 {
		return x, elementError(decode, -1, x, b.reason(x, decode))
	}
	return numeric.ScalarFromBytes(b.dt, dst)
}

func (b *bound) encodeScalar(x numeric.Scalar) (numeric.Scalar, error) { return b.scalar(x, false) }

// DecodeFill decodes one value the way DecodeArray decodes elements.
func (b *bound) DecodeFill(encoded numeric.Scalar) (numeric.Scalar, error) {
	return b.scalar(encoded, true)
}
