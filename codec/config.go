package codec

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/zcodec/zcodec/numeric"
)

// Config is a codec's "configuration" object being decoded strictly. A codec
// factory reads each key it knows with one of the typed getters and ends
// with Finish, which reports any key left unread. Every error is a
// *ConfigError carrying the JSON pointer of the offending value and the codec
// name.
type Config struct {
	codec   string
	pointer string // pointer of the configuration object
	present bool
	fields  map[string]json.RawMessage
	read    map[string]bool
	parser  CodecListParser // builds nested codec lists; nil outside a registry
}

// CodecListParser builds the codecs of a JSON codec list found at pointer.
// A *registry.Registry is one, and hands itself to every configuration it
// decodes (SetCodecListParser), so that a codec holding chains of its own
// (sharding_indexed) builds them with the registry its own entry was parsed
// with.
type CodecListParser interface {
	ParseCodecList(raw json.RawMessage, pointer string) (CodecList, error)
}

// CodecList is a nested codec list built by a CodecListParser.
type CodecList struct {
	Codecs []Codec
	// Pointers holds the JSON pointer of each codec's entry, parallel to
	// Codecs (entries skipped as unknown with must_understand false leave
	// gaps in the numbering).
	Pointers []string
}

// SetCodecListParser sets the parser that Codecs uses.
func (c *Config) SetCodecListParser(p CodecListParser) { c.parser = p }

// Codecs reads key as a nested codec list (a JSON array of codec entries)
// and builds its codecs with the configuration's CodecListParser. Errors
// carry the pointers of the nested entries. A configuration that was not
// decoded by a registry has no parser: reading a list is then an error.
func (c *Config) Codecs(key string) (list CodecList, ok bool, err error) {
	raw, ok := c.Raw(key)
	if !ok {
		return CodecList{}, false, nil
	}
	if c.parser == nil {
		return CodecList{}, true, c.Errorf(key, "no codec registry to build the nested codec list with")
	}
	list, err = c.parser.ParseCodecList(raw, c.Pointer(key))
	return list, true, err
}

// NewConfig prepares the configuration raw (a JSON object, or nil/empty when
// the codec JSON has no "configuration") of codec name, found at pointer.
func NewConfig(name, pointer string, raw json.RawMessage) (*Config, error) {
	c := &Config{codec: name, pointer: pointer, read: map[string]bool{}}
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 {
		return c, nil
	}
	if raw[0] != '{' {
		return nil, &ConfigError{Pointer: pointer, Codec: name, Reason: "configuration must be a JSON object"}
	}
	if err := checkNoDuplicateKeys(raw); err != nil {
		return nil, &ConfigError{Pointer: pointer, Codec: name, Reason: err.Error()}
	}
	if err := json.Unmarshal(raw, &c.fields); err != nil {
		return nil, &ConfigError{Pointer: pointer, Codec: name, Reason: "configuration is not a valid JSON object"}
	}
	c.present = true
	return c, nil
}

// EmptyConfig returns the configuration of a codec given without one.
func EmptyConfig(name string) *Config {
	c, _ := NewConfig(name, "", nil)
	return c
}

// Codec returns the name of the codec the configuration belongs to.
func (c *Config) Codec() string { return c.codec }

// Present reports whether the codec JSON had a "configuration" object.
func (c *Config) Present() bool { return c.present }

// Has reports whether key is present.
func (c *Config) Has(key string) bool {
	_, ok := c.fields[key]
	return ok
}

// Pointer returns the JSON pointer of key.
func (c *Config) Pointer(key string) string {
	return c.pointer + "/" + escapePointer(key)
}

// Errorf returns a *ConfigError about key (or the whole configuration when
// key is "").
func (c *Config) Errorf(key, format string, args ...any) *ConfigError {
	p := c.pointer
	if key != "" {
		p = c.Pointer(key)
	}
	return &ConfigError{Pointer: p, Codec: c.codec, Key: key, Reason: fmt.Sprintf(format, args...)}
}

// Raw returns the JSON of key and marks it read.
func (c *Config) Raw(key string) (json.RawMessage, bool) {
	v, ok := c.fields[key]
	if ok {
		c.read[key] = true
	}
	return bytes.TrimSpace(v), ok
}

// Require returns an error for the first of keys that is absent.
func (c *Config) Require(keys ...string) error {
	for _, k := range keys {
		if !c.Has(k) {
			if !c.present {
				return c.Errorf("", "configuration with %q is required", k)
			}
			return c.Errorf("", "missing required key %q", k)
		}
	}
	return nil
}

// Int reads key as a JSON integer (no fraction, no exponent) in [lo, hi].
// ok is false when the key is absent.
func (c *Config) Int(key string, lo, hi int64) (v int64, ok bool, err error) {
	raw, ok := c.Raw(key)
	if !ok {
		return 0, false, nil
	}
	if len(raw) == 0 || !(raw[0] == '-' || raw[0] >= '0' && raw[0] <= '9') || bytes.ContainsAny(raw, ".eE") {
		return 0, true, c.Errorf(key, "want an integer, got %s", shorten(raw))
	}
	v, perr := strconv.ParseInt(string(raw), 10, 64)
	if perr != nil || v < lo || v > hi {
		return 0, true, c.Errorf(key, "%s is out of range [%d, %d]", shorten(raw), lo, hi)
	}
	return v, true, nil
}

// String reads key as a JSON string.
func (c *Config) String(key string) (v string, ok bool, err error) {
	raw, ok := c.Raw(key)
	if !ok {
		return "", false, nil
	}
	if len(raw) == 0 || raw[0] != '"' || json.Unmarshal(raw, &v) != nil {
		return "", true, c.Errorf(key, "want a string, got %s", shorten(raw))
	}
	return v, true, nil
}

// Enum reads key as a JSON string that must be one of allowed.
func (c *Config) Enum(key string, allowed ...string) (v string, ok bool, err error) {
	v, ok, err = c.String(key)
	if err != nil || !ok {
		return v, ok, err
	}
	if !slices.Contains(allowed, v) {
		return "", true, c.Errorf(key, "%q is not one of %s", v, quoteAll(allowed))
	}
	return v, true, nil
}

// Bool reads key as a JSON bool.
func (c *Config) Bool(key string) (v bool, ok bool, err error) {
	raw, ok := c.Raw(key)
	if !ok {
		return false, false, nil
	}
	switch string(raw) {
	case "true":
		return true, true, nil
	case "false":
		return false, true, nil
	}
	return false, true, c.Errorf(key, "want true or false, got %s", shorten(raw))
}

// Finish reports the first unread key (in sorted order) as unknown.
func (c *Config) Finish() error {
	for _, k := range slices.Sorted(maps.Keys(c.fields)) {
		if !c.read[k] {
			return c.Errorf(k, "unknown configuration key %q", k)
		}
	}
	return nil
}

func escapePointer(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1")
}

func shorten(raw []byte) string {
	s := string(raw)
	if len(s) > 40 {
		s = s[:37] + "..."
	}
	return s
}

func quoteAll(ss []string) string {
	q := make([]string, len(ss))
	for i, s := range ss {
		q[i] = strconv.Quote(s)
	}
	return strings.Join(q, ", ")
}

// checkNoDuplicateKeys rejects a JSON object with a repeated key at its top
// level: encoding/json would silently keep the last one.
func checkNoDuplicateKeys(raw []byte) error {
	dec := json.NewDecoder(bytes.NewReader(raw))
	if _, err := dec.Token(); err != nil {
		return fmt.Errorf("configuration is not a valid JSON object")
	}
	seen := map[string]bool{}
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return fmt.Errorf("configuration is not a valid JSON object")
		}
		k, _ := t.(string)
		if seen[k] {
			return fmt.Errorf("duplicate configuration key %q", k)
		}
		seen[k] = true
		var skip json.RawMessage
		if err := dec.Decode(&skip); err != nil {
			return fmt.Errorf("configuration is not a valid JSON object")
		}
	}
	return nil
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
		e := c.Errorf(key, "%v", perr)
		e.Err = perr
		return 0, true, e
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
		e := c.Errorf(key, "%v", perr)
		e.Err = perr
		return v, true, e
	}
	return v, true, nil
}
