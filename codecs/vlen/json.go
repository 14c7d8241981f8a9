package vlen

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/zcodec/zcodec/codec"
)

// JSON is the numcodecs JSON codec (id json2) over object arrays of
// strings. Its configuration is numcodecs': encoding (utf-8 only),
// skipkeys, ensure_ascii, check_circular, allow_nan, sort_keys, indent
// (null only), separators and strict. Decoding reads any JSON numcodecs
// wrote with them; encoding writes what numcodecs writes with them.
type JSON struct {
	cfg jsonConfig
	raw map[string]any // the configuration as given, for MarshalJSON
}

type jsonConfig struct {
	ensureASCII bool
	itemSep     string
}

func newJSONFromConfig(cfg *codec.Config) (codec.Codec, error) {
	c := &JSON{cfg: jsonConfig{ensureASCII: true, itemSep: ","}, raw: map[string]any{}}
	if v, ok, err := cfg.String("encoding"); err != nil {
		return nil, err
	} else if ok {
		if e := strings.ToLower(strings.ReplaceAll(v, "_", "-")); e != "utf-8" && e != "utf8" {
			return nil, cfg.Errorf("encoding", "only utf-8 is supported, not %q", v)
		}
		c.raw["encoding"] = v
	}
	for _, key := range []string{"skipkeys", "check_circular", "allow_nan", "sort_keys", "strict", "ensure_ascii"} {
		v, ok, err := cfg.Bool(key)
		if err != nil {
			return nil, err
		}
		if ok {
			c.raw[key] = v
			if key == "ensure_ascii" {
				c.cfg.ensureASCII = v
			}
		}
	}
	if raw, ok := cfg.Raw("indent"); ok {
		if string(bytes.TrimSpace(raw)) != "null" {
			return nil, cfg.Errorf("indent", "only null is supported (numcodecs' default)")
		}
		c.raw["indent"] = nil
	}
	if elems, ok, err := cfg.Array("separators"); err != nil {
		return nil, err
	} else if ok {
		var seps []string
		for _, e := range elems {
			var s string
			if json.Unmarshal(e, &s) != nil {
				return nil, cfg.Errorf("separators", "want two strings")
			}
			seps = append(seps, s)
		}
		if len(seps) != 2 || strings.TrimSpace(seps[0]) != "," {
			return nil, cfg.Errorf("separators", "want [item separator, key separator], the first a comma and spaces")
		}
		c.cfg.itemSep = seps[0]
		c.raw["separators"] = seps
	}
	return c, cfg.Finish()
}

// Name returns "numcodecs.json2".
func (c *JSON) Name() string { return JSONName }

// MarshalJSON returns the codec with its configuration as given.
func (c *JSON) MarshalJSON() ([]byte, error) { return codec.MarshalCodec(JSONName, c.raw) }

// ResolveBytes binds the codec to chunks of the string data type.
func (c *JSON) ResolveBytes(decoded codec.ChunkSpec) (codec.BoundArrayToBytes, error) {
	return resolveObject(jsonFormat{c.cfg}, decoded, false)
}

type jsonFormat struct{ cfg jsonConfig }

func (jsonFormat) name() string { return JSONName }

// parse reads the chunk with encoding/json after checking that it is UTF-8
// (Python decodes the bytes strictly first; encoding/json would replace
// bad bytes) and that no \u escape is a lone UTF-16 surrogate (Python
// writes one for text it read with surrogate escapes; encoding/json would
// replace it too). Python's json also writes NaN, Infinity and -Infinity,
// which encoding/json does not read: they are read as floats, which the
// walk refuses as unsupported elements.
func (f jsonFormat) parse(src []byte) ([]any, error) {
	if !utf8.Valid(src) {
		return nil, &codec.CorruptError{Codec: JSONName, Reason: "not UTF-8"}
	}
	src, err := pythonJSON(src)
	if err != nil {
		return nil, err
	}
	dec := json.NewDecoder(bytes.NewReader(src))
	dec.UseNumber()
	var top any
	if err := dec.Decode(&top); err != nil {
		return nil, &codec.CorruptError{Codec: JSONName, Reason: "not JSON", Err: err}
	}
	if _, err := dec.Token(); err == nil {
		return nil, &codec.CorruptError{Codec: JSONName, Reason: "data after the JSON value"}
	}
	list, ok := fromJSON(top).([]any)
	if !ok {
		return nil, &codec.CorruptError{Codec: JSONName, Reason: "not a JSON list"}
	}
	return list, nil
}

// The numbers pythonJSON writes for Python's NaN, Infinity and -Infinity:
// exponents no float Python writes has, which fromJSON reads back.
const (
	nanNumber    = "1e99999"
	infNumber    = "2e99999"
	negInfNumber = "-2e99999"
)

// pythonJSON checks the \u escapes of the strings of src, refusing a lone
// UTF-16 surrogate, and returns src with Python's NaN, Infinity and
// -Infinity tokens outside strings written as nanNumber, infNumber and
// negInfNumber (a copy only if it holds them).
func pythonJSON(src []byte) ([]byte, error) {
	var out []byte // the rewritten text, once a token has been rewritten
	last := 0      // src[last:] is not yet in out
	for i := 0; i < len(src); i++ {
		var token, number string
		switch c := src[i]; {
		case c == '"':
			end, err := checkEscapes(src, i+1)
			if err != nil {
				return nil, err
			}
			i = end
			continue
		case c == 'N':
			token, number = "NaN", nanNumber
		case c == 'I':
			token, number = "Infinity", infNumber
		case c == '-' && i+1 < len(src) && src[i+1] == 'I':
			token, number = "-Infinity", negInfNumber
		default:
			continue
		}
		if !bytes.HasPrefix(src[i:], []byte(token)) {
			continue // not JSON: encoding/json says so
		}
		out = append(append(out, src[last:i]...), number...)
		i += len(token) - 1
		last = i + 1
	}
	if out == nil {
		return src, nil
	}
	return append(out, src[last:]...), nil
}

// checkEscapes reads the string of src that starts at i, after its
// opening quote, and returns the index of its closing quote (or len(src)).
// A \u escape of a UTF-16 surrogate must be a high one followed by an
// escaped low one; any other is an error.
func checkEscapes(src []byte, i int) (int, error) {
	for ; i < len(src) && src[i] != '"'; i++ {
		if src[i] != '\\' {
			continue
		}
		i++
		if i >= len(src) || src[i] != 'u' {
			continue
		}
		u, ok := hex4(src, i+1)
		if !ok || u < 0xd800 || u > 0xdfff {
			i += 4
			continue
		}
		if lo, ok := hex4(src, i+7); u < 0xdc00 && ok && src[i+5] == '\\' && src[i+6] == 'u' && lo >= 0xdc00 && lo <= 0xdfff {
			i += 10
			continue
		}
		return 0, &codec.CorruptError{Codec: JSONName, Reason: fmt.Sprintf(
			"not UTF-8: the escape \\u%04x at byte %d is a lone UTF-16 surrogate (as Python writes text it read with surrogate escapes)", u, i-1)}
	}
	return i, nil
}

// hex4 reads the four hex digits of src at i.
func hex4(src []byte, i int) (rune, bool) {
	if i < 0 || i+4 > len(src) {
		return 0, false
	}
	var u rune
	for _, c := range src[i : i+4] {
		switch {
		case c >= '0' && c <= '9':
			u = u<<4 | rune(c-'0')
		case c >= 'a' && c <= 'f':
			u = u<<4 | rune(c-'a'+10)
		case c >= 'A' && c <= 'F':
			u = u<<4 | rune(c-'A'+10)
		default:
			return 0, false
		}
	}
	return u, true
}

// fromJSON maps encoding/json's values to the item types of objectFormat:
// integers to int64, other numbers (NaN and the infinities included) to
// float64.
func fromJSON(v any) any {
	switch v := v.(type) {
	case []any:
		for i := range v {
			v[i] = fromJSON(v[i])
		}
		return v
	case json.Number:
		switch string(v) {
		case nanNumber:
			return math.NaN()
		case infNumber:
			return math.Inf(1)
		case negInfNumber:
			return math.Inf(-1)
		}
		if i, err := strconv.ParseInt(string(v), 10, 64); err == nil {
			return i
		}
		f, _ := v.Float64()
		return f
	}
	return v
}

// appendChunk writes what Python's json.JSONEncoder writes for the list
// [elements as nested lists..., "|O", [shape...]] with the codec's
// ensure_ascii and item separator (and no indent).
func (f jsonFormat) appendChunk(dst, src []byte, shape []int, _ bool) ([]byte, error) {
	start := len(dst)
	dst = append(dst, '[')
	i, n := 0, 1
	for _, d := range shape {
		n *= d
	}
	err := forEachElement(JSONName, src, shape, func(e []byte, opens, closes int) {
		if i > 0 {
			dst = append(dst, f.cfg.itemSep...)
		} else {
			opens--
		}
		if i == n-1 {
			closes--
		}
		for range opens {
			dst = append(dst, '[')
		}
		dst = appendPyString(dst, e, f.cfg.ensureASCII)
		for range closes {
			dst = append(dst, ']')
		}
		i++
	})
	if err != nil {
		return dst[:start], err
	}
	dst = append(dst, f.cfg.itemSep...)
	dst = append(dst, `"|O"`...)
	dst = append(dst, f.cfg.itemSep...)
	dst = append(dst, '[')
	for k, d := range shape {
		if k > 0 {
			dst = append(dst, f.cfg.itemSep...)
		}
		dst = strconv.AppendInt(dst, int64(d), 10)
	}
	return append(dst, ']', ']'), nil
}

const hexDigits = "0123456789abcdef"

// appendPyString appends the UTF-8 text e as Python's json module writes a
// str: \" \\ \n \r \t \b \f, \u00XX for other control characters, and
// with ensureASCII every character outside space..~ as \uXXXX (lower-case
// hex; UTF-16 surrogate pairs beyond U+FFFF).
func appendPyString(dst, e []byte, ensureASCII bool) []byte {
	dst = append(dst, '"')
	for i := 0; i < len(e); {
		c := e[i]
		if c >= 0x20 && c < 0x7f && c != '"' && c != '\\' {
			dst = append(dst, c)
			i++
			continue
		}
		if c < 0x80 {
			switch c {
			case '"':
				dst = append(dst, '\\', '"')
			case '\\':
				dst = append(dst, '\\', '\\')
			case '\n':
				dst = append(dst, '\\', 'n')
			case '\r':
				dst = append(dst, '\\', 'r')
			case '\t':
				dst = append(dst, '\\', 't')
			case '\b':
				dst = append(dst, '\\', 'b')
			case '\f':
				dst = append(dst, '\\', 'f')
			default:
				if c == 0x7f && !ensureASCII {
					dst = append(dst, c)
				} else {
					dst = appendU16(dst, uint16(c))
				}
			}
			i++
			continue
		}
		r, size := utf8.DecodeRune(e[i:])
		if !ensureASCII {
			dst = append(dst, e[i:i+size]...)
		} else if r > math.MaxUint16 {
			r -= 0x10000
			dst = appendU16(dst, uint16(0xd800+(r>>10)))
			dst = appendU16(dst, uint16(0xdc00+(r&0x3ff)))
		} else {
			dst = appendU16(dst, uint16(r))
		}
		i += size
	}
	return append(dst, '"')
}

func appendU16(dst []byte, u uint16) []byte {
	return append(dst, '\\', 'u', hexDigits[u>>12], hexDigits[u>>8&15], hexDigits[u>>4&15], hexDigits[u&15])
}
