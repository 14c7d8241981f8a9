package castvalue

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/internal/shorten"
	"github.com/zcodec/zcodec/numeric"
)

// NewFromConfig is the registry factory of cast_value: it reads the
// configuration strictly (see the package documentation) and returns a
// *Codec, or a *codec.ConfigError locating the offending value.
func NewFromConfig(cfg *codec.Config) (codec.Codec, error) {
	if err := cfg.Require("data_type"); err != nil {
		return nil, err
	}
	c := &Codec{}
	if raw, _ := cfg.Raw("data_type"); len(raw) > 0 && raw[0] == '{' {
		return nil, cfg.Errorf("data_type", "extension data types written as objects are not supported; want a Zarr v3 data type name")
	}
	dt, _, err := cfg.DataType("data_type")
	if err != nil {
		return nil, err
	}
	c.DataType = dt
	if !dt.IsReal() {
		return nil, cfg.Errorf("data_type", "%v is not supported: cast_value converts between integer and float types", dt)
	}
	if r, ok, err := cfg.Enum("rounding", roundingNames()...); err != nil {
		return nil, err
	} else if ok {
		c.Rounding, _ = numeric.ParseRoundingMode(r)
		c.roundingGiven = true
	}
	if o, ok, err := cfg.Enum("out_of_range", "clamp", "wrap"); err != nil {
		return nil, err
	} else if ok {
		c.OutOfRange, _ = numeric.ParseOutOfRange(o)
		if c.OutOfRange == numeric.OutOfRangeWrap && !dt.IsInteger() {
			return nil, cfg.Errorf("out_of_range", `"wrap" requires an integer data_type, not %v`, dt)
		}
	}
	if err := c.parseScalarMap(cfg); err != nil {
		return nil, err
	}
	if err := cfg.Finish(); err != nil {
		return nil, err
	}
	return c, nil
}

func roundingNames() []string {
	names := make([]string, len(numeric.RoundingModes))
	for i, m := range numeric.RoundingModes {
		names[i] = m.String()
	}
	return names
}

// parseScalarMap reads {"encode": [[in, out], ...], "decode": [...]}, if
// present.
func (c *Codec) parseScalarMap(cfg *codec.Config) error {
	raw, ok := cfg.Raw("scalar_map")
	if !ok {
		return nil
	}
	if raw[0] != '{' {
		return cfg.Errorf("scalar_map", "scalar_map must be a JSON object with optional \"encode\" and \"decode\" lists")
	}
	sub, _, err := cfg.Object("scalar_map")
	if err != nil {
		return err
	}
	fail := func(ptr, format string, args ...any) error {
		return &codec.ConfigError{Pointer: ptr, Codec: Name, Key: "scalar_map", Reason: fmt.Sprintf(format, args...)}
	}
	for _, side := range []string{"encode", "decode"} {
		list, ok := sub.Raw(side)
		if !ok {
			continue
		}
		if list[0] != '[' {
			return sub.Errorf(side, "want a list of [input, output] pairs")
		}
		entries, _, err := sub.Array(side)
		if err != nil {
			return err
		}
		ptr := sub.Pointer(side)
		for i, e := range entries {
			var pair []json.RawMessage
			if e[0] != '[' || json.Unmarshal(e, &pair) != nil || len(pair) != 2 {
				return fail(fmt.Sprintf("%s/%d", ptr, i), "want a two-element list [input, output], got %s", shorten.Bytes(e))
			}
			p := Pair{In: bytes.TrimSpace(pair[0]), Out: bytes.TrimSpace(pair[1])}
			own, other, at := p.Out, p.In, 1 // the data_type side and the array's
			if side == "decode" {
				own, other, at = p.In, p.Out, 0
			}
			if _, err := numeric.ParseFillValue(c.DataType, own); err != nil {
				return fail(fmt.Sprintf("%s/%d/%d", ptr, i, at), "%v", err)
			}
			// The array's side is checked against its type at resolution;
			// a real value is always a JSON number or string.
			if !(other[0] == '"' || other[0] == '-' || other[0] >= '0' && other[0] <= '9') {
				return fail(fmt.Sprintf("%s/%d/%d", ptr, i, 1-at), "want a number or a string, got %s", shorten.Bytes(other))
			}
			if side == "encode" {
				c.Encode = append(c.Encode, p)
			} else {
				c.Decode = append(c.Decode, p)
			}
		}
	}
	return sub.Finish()
}

// check validates a Codec built in Go (New): what NewFromConfig checks.
func (c *Codec) check() error {
	fail := func(key, format string, args ...any) error {
		return &codec.ConfigError{Codec: Name, Key: key, Reason: fmt.Sprintf(format, args...)}
	}
	switch {
	case !c.DataType.IsReal():
		return fail("data_type", "%v is not supported: cast_value converts between integer and float types", c.DataType)
	case c.Rounding > numeric.NearestAway:
		return fail("rounding", "invalid rounding mode %v", c.Rounding)
	case c.OutOfRange > numeric.OutOfRangeWrap:
		return fail("out_of_range", "invalid out_of_range %v", c.OutOfRange)
	case c.OutOfRange == numeric.OutOfRangeWrap && !c.DataType.IsInteger():
		return fail("out_of_range", `"wrap" requires an integer data_type, not %v`, c.DataType)
	}
	for i, p := range c.Encode {
		if _, err := numeric.ParseFillValue(c.DataType, p.Out); err != nil {
			return fail("scalar_map", "encode entry %d output: %v", i, err)
		}
	}
	for i, p := range c.Decode {
		if _, err := numeric.ParseFillValue(c.DataType, p.In); err != nil {
			return fail("scalar_map", "decode entry %d input: %v", i, err)
		}
	}
	return nil
}
