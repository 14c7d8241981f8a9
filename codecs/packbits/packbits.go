package packbits

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/numeric"
)

// Name is the name of the packbits codec.
const Name = "packbits"

// Padding says whether and where an encoded chunk records the number of
// zero bits that pad its bit sequence to whole bytes.
type Padding uint8

// The padding encodings of the "padding_encoding" member.
const (
	PaddingNone      Padding = iota // "none" (the default): not recorded
	PaddingFirstByte                // "first_byte": one byte before the packed bits
	PaddingLastByte                 // "last_byte": one byte after the packed bits
)

// String returns "none", "first_byte" or "last_byte", and "Padding(n)"
// for a value that is none of them.
func (p Padding) String() string {
	switch p {
	case PaddingNone:
		return "none"
	case PaddingFirstByte:
		return "first_byte"
	case PaddingLastByte:
		return "last_byte"
	}
	return "Padding(" + strconv.Itoa(int(p)) + ")"
}

// Codec is the zarr-extensions "packbits" array->bytes codec: each element
// is encoded as the bits FirstBit to LastBit of each of its components,
// the elements one after the other in a bit sequence filled from the least
// significant bit of each byte (see the package documentation).
//
//	{"name": "packbits", "configuration": {"padding_encoding": "first_byte", "first_bit": 0, "last_bit": 3}}
type Codec struct {
	// Padding is where the padding count is recorded.
	Padding Padding
	// FirstBit is the lowest bit of a component that is encoded; nil
	// (JSON null or absent) means 0.
	FirstBit *int
	// LastBit is the highest bit of a component that is encoded
	// (inclusive); nil means the component's last bit.
	LastBit *int
}

// NewFromConfig is the registry factory of the packbits codec. first_bit
// and last_bit are integers from 0 to 63 or null; a last_bit below
// first_bit is an error here, one beyond the data type's component at
// resolution.
func NewFromConfig(cfg *codec.Config) (codec.Codec, error) {
	c := &Codec{}
	p, ok, err := cfg.Enum("padding_encoding", "none", "first_byte", "last_byte")
	if err != nil {
		return nil, err
	}
	if ok {
		switch p {
		case "first_byte":
			c.Padding = PaddingFirstByte
		case "last_byte":
			c.Padding = PaddingLastByte
		}
	}
	if c.FirstBit, err = optionalBit(cfg, "first_bit"); err != nil {
		return nil, err
	}
	if c.LastBit, err = optionalBit(cfg, "last_bit"); err != nil {
		return nil, err
	}
	if c.FirstBit != nil && c.LastBit != nil && *c.LastBit < *c.FirstBit {
		return nil, cfg.Errorf("last_bit", "last_bit %d is less than first_bit %d", *c.LastBit, *c.FirstBit)
	}
	return c, cfg.Finish()
}

// optionalBit reads key as a bit index from 0 to 63, or null.
func optionalBit(cfg *codec.Config, key string) (*int, error) {
	raw, ok := cfg.Raw(key)
	if !ok || bytes.Equal(bytes.TrimSpace(raw), []byte("null")) {
		return nil, nil
	}
	v, _, err := cfg.Int(key, 0, 63)
	if err != nil {
		return nil, err
	}
	b := int(v)
	return &b, nil
}

// Name returns "packbits".
func (c *Codec) Name() string { return Name }

// MarshalJSON returns the codec's metadata: padding_encoding always, and
// first_bit and last_bit when they are set.
func (c *Codec) MarshalJSON() ([]byte, error) {
	if c.Padding > PaddingLastByte {
		return nil, &codec.ConfigError{Codec: Name, Key: "padding_encoding", Reason: "unknown padding " + c.Padding.String()}
	}
	type config struct {
		Padding  string `json:"padding_encoding"`
		FirstBit *int   `json:"first_bit,omitempty"`
		LastBit  *int   `json:"last_bit,omitempty"`
	}
	return codec.MarshalCodec(Name, config{Padding: c.Padding.String(), FirstBit: c.FirstBit, LastBit: c.LastBit})
}

var _ json.Marshaler = (*Codec)(nil)

// components returns the number of components of an element of dt, the
// width of a component in bits (N) and in bytes of the decoded layout, and
// whether the component is sign-extended when decoded; ok is false for a
// data type the codec does not encode.
func components(dt numeric.DataType) (n, bits, size int, signed, ok bool) {
	switch {
	case dt == numeric.Bool:
		return 1, 1, 1, false, true
	case dt.IsComplex():
		comp := dt.ComponentType()
		return 2, comp.Bits(), comp.Size(), false, true
	case dt.IsInteger() || dt.IsFloat():
		return 1, dt.Bits(), dt.Size(), dt.IsSigned(), true
	}
	return 0, 0, 0, false, false
}

// ResolveBytes binds the codec to decoded. The data type must be bool, an
// integer, a float or a complex type (see the package documentation), and
// first_bit and last_bit must lie inside one component.
func (c *Codec) ResolveBytes(decoded codec.ChunkSpec) (codec.BoundArrayToBytes, error) {
	dt := decoded.DataType
	ncomp, bits, size, signed, ok := components(dt)
	if !ok {
		return nil, &codec.ConfigError{Codec: Name, Reason: fmt.Sprintf("data type %v is not supported: packbits encodes bool, integer, float and complex types", dt)}
	}
	first, last := 0, bits-1
	if c.FirstBit != nil {
		first = *c.FirstBit
	}
	if c.LastBit != nil {
		last = *c.LastBit
	}
	if first < 0 {
		return nil, &codec.ConfigError{Codec: Name, Key: "first_bit", Reason: fmt.Sprintf("first_bit %d is negative", first)}
	}
	if c.Padding > PaddingLastByte {
		return nil, &codec.ConfigError{Codec: Name, Key: "padding_encoding", Reason: "unknown padding " + c.Padding.String()}
	}
	if last >= bits {
		return nil, &codec.ConfigError{Codec: Name, Key: "last_bit", Reason: fmt.Sprintf("last_bit %d is outside a %d-bit component of %v", last, bits, dt)}
	}
	if first > last {
		key := "first_bit"
		return nil, &codec.ConfigError{Codec: Name, Key: key, Reason: fmt.Sprintf("first_bit %d is beyond last_bit %d of %v", first, last, dt)}
	}
	l := newLayout(decoded.NumElements()*ncomp, size, first, last-first+1, signed, dt == numeric.Bool)
	return &bound{spec: decoded, padding: c.Padding, layout: l}, nil
}
