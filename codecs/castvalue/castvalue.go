package castvalue

import (
	"bytes"
	"encoding/json"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/numeric"
)

// Name is the codec's name in Zarr v3 metadata.
const Name = "cast_value"

// Codec is an unbound cast_value codec: its configuration. Build it with
// New or from JSON through the registry; the zero value is not valid.
type Codec struct {
	// DataType is the encoded data type (configuration "data_type").
	DataType numeric.DataType
	// Rounding is the rounding mode; the zero value is nearest-even.
	Rounding numeric.RoundingMode
	// OutOfRange is the policy for values beyond the target's range; the
	// zero value, numeric.OutOfRangeError, means out_of_range is absent.
	OutOfRange numeric.OutOfRange
	// Encode and Decode are the scalar_map entries, in order.
	Encode, Decode []Pair

	roundingGiven bool // "rounding" was written explicitly
}

// Pair is one scalar_map entry as written: In and Out are JSON scalars in
// the fill-value encoding of their own data types. The side whose type is
// data_type is checked when the codec is read; the other side when it is
// resolved against the array's data type.
type Pair struct {
	In, Out json.RawMessage
}

// New returns a cast_value codec with the given configuration. It returns
// the same *codec.ConfigError as the JSON form would.
func New(dataType numeric.DataType, rounding numeric.RoundingMode, oor numeric.OutOfRange, encode, decode []Pair) (*Codec, error) {
	c := &Codec{DataType: dataType, Rounding: rounding, OutOfRange: oor,
		Encode: clonePairs(encode), Decode: clonePairs(decode), roundingGiven: rounding != numeric.NearestEven}
	if err := c.check(); err != nil {
		return nil, err
	}
	return c, nil
}

func clonePairs(ps []Pair) []Pair {
	out := make([]Pair, len(ps))
	for i, p := range ps {
		out[i] = Pair{In: bytes.Clone(p.In), Out: bytes.Clone(p.Out)}
	}
	return out
}

// Name returns "cast_value".
func (c *Codec) Name() string { return Name }

// MarshalJSON returns the codec's metadata. Values on the data_type side of
// scalar_map are written canonically; the other side is written as given,
// compacted, with "+Infinity" as "Infinity". rounding is written when it was
// given or is not the default.
func (c *Codec) MarshalJSON() ([]byte, error) {
	type smap struct {
		Encode [][2]json.RawMessage `json:"encode,omitempty"`
		Decode [][2]json.RawMessage `json:"decode,omitempty"`
	}
	type config struct {
		DataType   string `json:"data_type"`
		Rounding   string `json:"rounding,omitempty"`
		OutOfRange string `json:"out_of_range,omitempty"`
		ScalarMap  *smap  `json:"scalar_map,omitempty"`
	}
	cfg := config{DataType: c.DataType.String()}
	if c.roundingGiven || c.Rounding != numeric.NearestEven {
		cfg.Rounding = c.Rounding.String()
	}
	if c.OutOfRange != numeric.OutOfRangeError {
		cfg.OutOfRange = c.OutOfRange.String()
	}
	if len(c.Encode)+len(c.Decode) > 0 {
		cfg.ScalarMap = &smap{}
		for _, p := range c.Encode {
			out, err := c.canonical(p.Out)
			if err != nil {
				return nil, err
			}
			cfg.ScalarMap.Encode = append(cfg.ScalarMap.Encode, [2]json.RawMessage{foreign(p.In), out})
		}
		for _, p := range c.Decode {
			in, err := c.canonical(p.In)
			if err != nil {
				return nil, err
			}
			cfg.ScalarMap.Decode = append(cfg.ScalarMap.Decode, [2]json.RawMessage{in, foreign(p.Out)})
		}
	}
	return codec.MarshalCodec(Name, cfg)
}

// canonical rewrites a data_type-side scalar in canonical form.
func (c *Codec) canonical(raw json.RawMessage) (json.RawMessage, error) {
	s, err := numeric.ParseFillValue(c.DataType, raw)
	if err != nil {
		return nil, err
	}
	return json.RawMessage(s.String()), nil
}

// foreign compacts a scalar of the array's data type, which is unknown
// here, and spells "+Infinity" as "Infinity".
func foreign(raw json.RawMessage) json.RawMessage {
	var b bytes.Buffer
	if json.Compact(&b, raw) != nil {
		return raw
	}
	if b.String() == `"+Infinity"` {
		return json.RawMessage(`"Infinity"`)
	}
	return b.Bytes()
}
