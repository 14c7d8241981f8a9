package codec

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/zcodec/zcodec/internal/shorten"
	"github.com/zcodec/zcodec/internal/strictjson"
	"github.com/zcodec/zcodec/numeric"
)

// Config is a codec's "configuration" object being decoded strictly. A codec
// factory reads each key it knows with one of the typed getters and ends
// with Finish, which reports any key left unread. Every error is a
// *ConfigError carrying the JSON pointer of the offending value and the codec
// name.
//
// The configuration is checked as a whole when it is made: JSON syntax
// (with the line and column of a mistake), a key repeated in any object,
// nesting deeper than 64 levels.
type Config struct {
	codec   string
	pointer string
	// key is, for the Config of an object nested in a configuration, the
	// configuration key it belongs to; "" for the configuration itself.
	key    string
	obj    *strictjson.Object // nil when the codec has no configuration
	parser ChainParser        // builds nested codec lists; nil outside a registry
}

// ChainParser builds the codecs of a JSON codec list found at pointer. A
// *registry.Registry is one, and hands itself to every configuration it
// decodes (SetChainParser), so that a codec holding chains of its own
// (sharding_indexed) builds them with the registry its own entry was
// parsed with.
type ChainParser interface {
	ParseCodecs(raw json.RawMessage, pointer string) (Chain, error)
}

// SetChainParser sets the parser that Codecs uses.
func (c *Config) SetChainParser(p ChainParser) { c.parser = p }

// Codecs reads key as a nested codec list (a JSON array of codec entries)
// and builds its codecs with the configuration's ChainParser. Errors
// carry the pointers of the nested entries. A configuration that was not
// decoded by a registry has no parser: reading a list is then an error.
func (c *Config) Codecs(key string) (list Chain, ok bool, err error) {
	raw, ok := c.Raw(key)
	if !ok {
		return Chain{}, false, nil
	}
	if c.parser == nil {
		return Chain{}, true, c.Errorf(key, "no codec registry to build the nested codec list with")
	}
	list, err = c.parser.ParseCodecs(raw, c.Pointer(key))
	return list, true, err
}

// NewConfig prepares the configuration raw (a JSON object, or nil/empty when
// the codec JSON has no "configuration") of codec name, found at pointer.
func NewConfig(name, pointer string, raw json.RawMessage) (*Config, error) {
	c := &Config{codec: name, pointer: pointer}
	if len(bytes.TrimSpace(raw)) == 0 {
		return c, nil
	}
	obj, err := strictjson.Parse(raw, strictjson.Options{Pointer: pointer, NewError: c.newError})
	if err != nil {
		return nil, err
	}
	c.obj = obj
	return c, nil
}

// EmptyConfig returns the configuration of a codec given without one.
func EmptyConfig(name string) *Config { return &Config{codec: name} }

// newError builds the *ConfigError of a problem the JSON reader found.
// Path[0] is the configuration key concerned; a longer Path is a value
// nested in it.
func (c *Config) newError(e *strictjson.Error) error {
	reason := e.Reason
	switch e.Kind {
	case strictjson.KindSyntax, strictjson.KindDepth:
		reason = "configuration is not valid JSON: " + e.Reason + " at " + e.Position()
	case strictjson.KindType:
		if len(e.Path) == 0 {
			reason = "configuration must be a JSON object"
		}
	case strictjson.KindDuplicate:
		if len(e.Path) == 1 {
			reason = "duplicate configuration key " + shorten.Quote(e.Key)
		}
	case strictjson.KindUnknown:
		if len(e.Path) == 1 {
			reason = "unknown configuration key " + shorten.Quote(e.Key)
		} else {
			reason = "unknown " + shorten.String(e.Path[0]) + " key " + shorten.Quote(e.Key)
		}
		if len(e.Allowed) > 0 {
			reason += " (known keys: " + strictjson.QuoteList(e.Allowed) + ")"
		}
	}
	var key string
	if len(e.Path) > 0 {
		key = e.Path[0]
	}
	return &ConfigError{Pointer: e.Pointer, Codec: c.codec, Key: key, Reason: reason}
}

// Codec returns the name of the codec the configuration belongs to.
func (c *Config) Codec() string { return c.codec }

// Present reports whether the codec JSON had a "configuration" object.
func (c *Config) Present() bool { return c.obj != nil }

// Has reports whether key is present.
func (c *Config) Has(key string) bool { return c.obj != nil && c.obj.Has(key) }

// Pointer returns the JSON pointer of key.
func (c *Config) Pointer(key string) string { return strictjson.Pointer(c.pointer, key) }

// Errorf returns a *ConfigError about key (or the whole configuration when
// key is "").
func (c *Config) Errorf(key, format string, args ...any) *ConfigError {
	return c.wrapf(key, nil, format, args...)
}

// wrapf is Errorf with an underlying error.
func (c *Config) wrapf(key string, err error, format string, args ...any) *ConfigError {
	p, k := c.pointer, c.key
	if key != "" {
		p = c.Pointer(key)
		if k == "" {
			k = key
		}
	}
	return &ConfigError{Pointer: p, Codec: c.codec, Key: k, Reason: fmt.Sprintf(format, args...), Err: err}
}

// Raw returns the JSON of key, as written, and marks it read.
func (c *Config) Raw(key string) (json.RawMessage, bool) {
	if c.obj == nil {
		return nil, false
	}
	return c.obj.Raw(key)
}

// Require returns an error for the first of keys that is absent.
func (c *Config) Require(keys ...string) error {
	if c.obj == nil && len(keys) > 0 {
		return c.Errorf("", "configuration with %s is required", shorten.Quote(keys[0]))
	}
	if c.obj == nil {
		return nil
	}
	return c.obj.Require(keys...)
}

// Int reads key as a JSON integer (no fraction, no exponent) in [lo, hi].
// ok is false when the key is absent.
func (c *Config) Int(key string, lo, hi int64) (v int64, ok bool, err error) {
	if c.obj == nil {
		return 0, false, nil
	}
	return c.obj.Int(key, lo, hi)
}

// Ints reads key as a JSON array of integers in [lo, hi].
func (c *Config) Ints(key string, lo, hi int64) (v []int64, ok bool, err error) {
	if c.obj == nil {
		return nil, false, nil
	}
	return c.obj.Ints(key, lo, hi)
}

// String reads key as a JSON string.
func (c *Config) String(key string) (v string, ok bool, err error) {
	if c.obj == nil {
		return "", false, nil
	}
	return c.obj.String(key)
}

// Enum reads key as a JSON string that must be one of allowed.
func (c *Config) Enum(key string, allowed ...string) (v string, ok bool, err error) {
	if c.obj == nil {
		return "", false, nil
	}
	return c.obj.Enum(key, allowed...)
}

// Bool reads key as a JSON bool.
func (c *Config) Bool(key string) (v bool, ok bool, err error) {
	if c.obj == nil {
		return false, false, nil
	}
	return c.obj.Bool(key)
}

// Array reads key as a JSON array and returns its elements as written.
func (c *Config) Array(key string) (elems []json.RawMessage, ok bool, err error) {
	if c.obj == nil {
		return nil, false, nil
	}
	return c.obj.Array(key)
}

// Object reads key as a JSON object, returned as a Config of its own: its
// getters, Finish and Errorf report errors at pointers below key, with the
// same codec name and Key set to the configuration key it is nested in.
func (c *Config) Object(key string) (sub *Config, ok bool, err error) {
	if c.obj == nil {
		return nil, false, nil
	}
	obj, ok, err := c.obj.Object(key)
	if err != nil || !ok {
		return nil, ok, err
	}
	topKey := c.key
	if topKey == "" {
		topKey = key
	}
	return &Config{codec: c.codec, pointer: obj.Pointer(), key: topKey, obj: obj, parser: c.parser}, true, nil
}

// Finish reports the first unread key (in document order) as unknown.
func (c *Config) Finish() error {
	if c.obj == nil {
		return nil
	}
	return c.obj.Finish()
}

// DataType reads key as a Zarr v3 data type name. An unknown name is a
// *ConfigError wrapping the *numeric.DataTypeError.
func (c *Config) DataType(key string) (dt numeric.DataType, ok bool, err error) {
	name, ok, err := c.String(key)
	if err != nil || !ok {
		return 0, ok, err
	}
	dt, perr := numeric.ParseDataType(name)
	if perr != nil {
		return 0, true, c.wrapf(key, perr, "%v", perr)
	}
	return dt, true, nil
}

// FillValue reads key as a scalar of dt written in the Zarr v3 fill-value
// JSON encoding of dt (see numeric.ParseFillValue). An invalid value is a
// *ConfigError wrapping the *numeric.FillValueError.
func (c *Config) FillValue(key string, dt numeric.DataType) (v numeric.Scalar, ok bool, err error) {
	raw, ok := c.Raw(key)
	if !ok {
		return v, false, nil
	}
	v, perr := numeric.ParseFillValue(dt, raw)
	if perr != nil {
		return v, true, c.wrapf(key, perr, "%v", perr)
	}
	return v, true, nil
}
