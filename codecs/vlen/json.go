package vlen

import (
	"bytes"
	"encoding/binary"
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
// skipkeys, ensure_ascii, check_circular, allow_nan, sort_keys, indent,
// separators and strict, any of them absent or null for numcodecs'
// default. Decoding reads any JSON numcodecs wrote, whatever the
// configuration; encoding writes byte for byte what numcodecs writes with
// it (see jsonConfig for the configurations that cannot write).
type JSON struct {
	cfg jsonConfig
	raw map[string]any // the configuration as given, for MarshalJSON
}

// jsonConfig is what of the configuration changes the bytes: Python's
// json writes a list of strings and integers the same whatever skipkeys,
// check_circular, allow_nan and sort_keys say (they concern dicts and
// floats), and strict only lets decoding take raw control characters in
// strings, which Python never writes.
//
// An indent or item separator with which Python writes text that is not
// JSON (an indent of other characters than JSON's white space, a float
// indent, which Python refuses as it writes, an item separator other than
// a comma between white space) reads as any other but fails to encode
// (encodeErr), since numcodecs could not read back what it wrote.
type jsonConfig struct {
	ensureASCII bool
	strict      bool
	itemSep     string
	indented    bool   // indent is not null: each item on its own line
	indent      string // with indented, the text of one level
	encodeErr   string // why encoding cannot write, if it cannot
}

// maxIndent bounds the indent encoding writes (Python writes any; an
// indent of more spaces than this is refused rather than written).
const maxIndent = 1 << 10

func newJSONFromConfig(cfg *codec.Config) (codec.Codec, error) {
	c := &JSON{cfg: jsonConfig{ensureASCII: true, strict: true, itemSep: ","}, raw: map[string]any{}}
	if raw, ok := cfg.Raw("encoding"); ok && string(bytes.TrimSpace(raw)) != "null" {
		v, _, err := cfg.String("encoding")
		if err != nil {
			return nil, err
		}
		if e := strings.ToLower(strings.ReplaceAll(v, "_", "-")); e != "utf-8" && e != "utf8" {
			return nil, cfg.Errorf("encoding", "only utf-8 is supported, not %q", v)
		}
		c.raw["encoding"] = v
	}
	// Python takes any value for the flags by its truth.
	for _, key := range []string{"skipkeys", "check_circular", "allow_nan", "sort_keys", "strict", "ensure_ascii"} {
		raw, ok := cfg.Raw(key)
		if !ok {
			continue
		}
		c.raw[key] = json.RawMessage(bytes.TrimSpace(raw))
		switch key { // null is Python's None, false
		case "ensure_ascii":
			c.cfg.ensureASCII = pyTruth(raw)
		case "strict":
			c.cfg.strict = pyTruth(raw)
		}
	}
	if raw, ok := cfg.Raw("indent"); ok {
		c.raw["indent"] = json.RawMessage(bytes.TrimSpace(raw))
		if err := c.cfg.setIndent(raw); err != nil {
			return nil, cfg.Errorf("indent", "%s", err)
		}
	}
	if raw, ok := cfg.Raw("separators"); ok && string(bytes.TrimSpace(raw)) != "null" {
		var seps []string
		if json.Unmarshal(raw, &seps) != nil || len(seps) != 2 {
			return nil, cfg.Errorf("separators", "want two strings, [item separator, key separator]")
		}
		c.cfg.itemSep = seps[0]
		c.raw["separators"] = seps
		if strings.Trim(seps[0], jsonSpace) != "," {
			c.cfg.encodeErr = fmt.Sprintf("the item separator %q is not a comma between white space: Python writes text that is not JSON with it", seps[0])
		}
	} else if c.cfg.indented {
		c.cfg.itemSep = ", " // numcodecs' default with an indent
	}
	return c, cfg.Finish()
}

// jsonSpace is JSON's white space.
const jsonSpace = " \t\n\r"

// setIndent reads numcodecs' indent: null (none), a string (the text of
// one level), an integer (that many spaces, none below 1; a boolean is
// Python's 0 or 1).
func (c *jsonConfig) setIndent(raw json.RawMessage) error {
	raw = bytes.TrimSpace(raw)
	switch s := string(raw); {
	case s == "null":
		return nil
	case s == "true" || s == "false":
		c.indented = true
		if s == "true" {
			c.indent = " "
		}
		return nil
	case len(s) > 0 && s[0] == '"':
		if err := json.Unmarshal(raw, &c.indent); err != nil {
			return fmt.Errorf("not a JSON string: %v", err)
		}
		c.indented = true
		if strings.Trim(c.indent, jsonSpace) != "" {
			c.encodeErr = fmt.Sprintf("the indent %q is not white space: Python writes text that is not JSON with it", c.indent)
		}
		return nil
	}
	var num json.Number
	if err := json.Unmarshal(raw, &num); err != nil {
		return fmt.Errorf("want null, an integer or a string")
	}
	c.indented = true
	n, err := strconv.ParseInt(string(num), 10, 64)
	switch {
	case err != nil:
		c.encodeErr = fmt.Sprintf("the indent %s is not an integer: Python fails to write with it", num)
	case n > maxIndent:
		c.encodeErr = fmt.Sprintf("an indent of %d spaces is more than the %d zcodec writes", n, maxIndent)
	case n > 0:
		c.indent = strings.Repeat(" ", int(n))
	}
	return nil
}

// pyTruth is Python's truth of the JSON value raw: false for false, null,
// zero, "" and empty lists and objects.
func pyTruth(raw json.RawMessage) bool {
	switch s := string(bytes.TrimSpace(raw)); s {
	case "false", "null", `""`:
		return false
	default:
		if len(s) >= 2 && (s[0] == '[' || s[0] == '{') && strings.Trim(s[1:len(s)-1], jsonSpace) == "" {
			return false
		}
		if f, err := strconv.ParseFloat(s, 64); err == nil {
			return f != 0
		}
		return true
	}
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
// walk refuses as unsupported elements. With strict false, Python reads
// raw control characters in strings, which encoding/json refuses: they
// are escaped first.
func (f jsonFormat) parse(src []byte) ([]any, error) {
	if !utf8.Valid(src) {
		return nil, &codec.CorruptError{Codec: JSONName, Reason: "not UTF-8"}
	}
	src, err := pythonJSON(src, f.cfg.strict)
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
// negInfNumber, and unless strict the control characters inside strings
// escaped (a copy only if it holds any of them).
func pythonJSON(src []byte, strict bool) ([]byte, error) {
	var out []byte // the rewritten text, once a token has been rewritten
	last := 0      // src[last:] is not yet in out
	var ctrl func(j int)
	if !strict {
		ctrl = func(j int) {
			out = appendU16(append(out, src[last:j]...), uint16(src[j]))
			last = j + 1
		}
	}
	for i := 0; i < len(src); i++ {
		var token, number string
		switch c := src[i]; {
		case c == '"':
			end, err := checkEscapes(src, i+1, ctrl)
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
	if out == nil && last == 0 {
		return src, nil
	}
	return append(out, src[last:]...), nil
}

// checkEscapes reads the string of src that starts at i, after its
// opening quote, and returns the index of its closing quote (or len(src)).
// A \u escape of a UTF-16 surrogate must be a high one followed by an
// escaped low one; any other is an error. ctrl, if not nil, is called with
// the index of each control character (below U+0020) in the string.
func checkEscapes(src []byte, i int, ctrl func(int)) (int, error) {
	for ; i < len(src) && src[i] != '"'; i++ {
		if src[i] < 0x20 && ctrl != nil {
			ctrl(i)
			continue
		}
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
// ensure_ascii, item separator and indent.
func (f jsonFormat) appendChunk(dst, src []byte, shape []int, _ bool) ([]byte, error) {
	if f.cfg.encodeErr != "" {
		return dst, &codec.ConfigError{Codec: JSONName, Reason: "cannot encode: " + f.cfg.encodeErr}
	}
	w := jsonWriter{cfg: &f.cfg, dst: dst, src: src, pos: 4, limit: len(dst) + maxVariableChunk}
	w.open(0)
	for i := range shape[0] {
		if i > 0 {
			w.sep(0)
		}
		w.list(1, shape[1:])
	}
	if shape[0] > 0 {
		w.sep(0)
	}
	w.dst = append(w.dst, `"|O"`...)
	w.sep(0)
	w.open(1)
	for k, d := range shape {
		if k > 0 {
			w.sep(1)
		}
		w.dst = strconv.AppendInt(w.dst, int64(d), 10)
	}
	w.close(1)
	w.close(0)
	if len(w.dst) > w.limit {
		return dst, &codec.CorruptError{Codec: JSONName, Reason: fmt.Sprintf("the encoded chunk exceeds the limit of %d bytes", maxVariableChunk)}
	}
	return w.dst, nil
}

// jsonWriter writes nested lists of the elements of a vlen-form chunk
// (checked), as Python's json writes them: with an indent, each item on
// its own line, indented by its depth; an empty list as [].
type jsonWriter struct {
	cfg   *jsonConfig
	dst   []byte
	src   []byte
	pos   int // the next element's length in src
	limit int // past this length of dst, writing stops
}

// list writes the item at depth level: an element if shape is empty, else
// a list of shape[0] items.
func (w *jsonWriter) list(level int, shape []int) {
	if len(w.dst) > w.limit {
		return
	}
	if len(shape) == 0 {
		n := int(binary.LittleEndian.Uint32(w.src[w.pos:]))
		w.dst = appendPyString(w.dst, w.src[w.pos+4:w.pos+4+n], w.cfg.ensureASCII)
		w.pos += 4 + n
		return
	}
	if shape[0] == 0 {
		w.dst = append(w.dst, '[', ']')
		return
	}
	w.open(level)
	for i := range shape[0] {
		if i > 0 {
			w.sep(level)
		}
		w.list(level+1, shape[1:])
	}
	w.close(level)
}

// open writes the start of a non-empty list at depth level.
func (w *jsonWriter) open(level int) {
	w.dst = append(w.dst, '[')
	w.newline(level + 1)
}

// sep writes what separates two items of a list at depth level.
func (w *jsonWriter) sep(level int) {
	w.dst = append(w.dst, w.cfg.itemSep...)
	w.newline(level + 1)
}

// close writes the end of a non-empty list at depth level.
func (w *jsonWriter) close(level int) {
	w.newline(level)
	w.dst = append(w.dst, ']')
}

// newline starts a line indented to depth level, if the codec indents.
func (w *jsonWriter) newline(level int) {
	if !w.cfg.indented {
		return
	}
	w.dst = append(w.dst, '\n')
	for range level {
		w.dst = append(w.dst, w.cfg.indent...)
	}
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
