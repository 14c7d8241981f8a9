package strictjson

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/zcodec/zcodec/internal/shorten"
)

// Options control a parse.
type Options struct {
	// Pointer is the JSON pointer of the parsed document within a larger
	// one (such as "/codecs/1/configuration"); "" for a whole document.
	// Every Error's Pointer starts with it.
	Pointer string
	// MaxDepth is the deepest nesting of arrays and objects accepted; 0
	// means DefaultMaxDepth.
	MaxDepth int
	// NewError builds the error returned for each problem; nil returns the
	// *Error itself. It is called once per problem, when the problem is
	// found, so that callers return their own typed errors built right the
	// first time.
	NewError func(*Error) error
}

func (o *Options) maxDepth() int {
	if o.MaxDepth > 0 {
		return o.MaxDepth
	}
	return DefaultMaxDepth
}

func (o *Options) err(e *Error) error {
	if o.NewError != nil {
		return o.NewError(e)
	}
	return e
}

// Object is a JSON object being read. Each getter marks the member it reads
// (present or not) as known; Finish reports the first member that was not
// read. An Object is not safe for concurrent use.
type Object struct {
	opts    *Options
	path    []string // tokens from the document to the object
	pointer string
	data    []byte
	members []member
	read    []bool
	known   []string
}

// Parse checks data, one whole JSON document (white space around it
// allowed), and returns its top-level value, which must be an object.
func Parse(data []byte, opts Options) (*Object, error) {
	s, err := scan(data, &opts, nil)
	if err != nil {
		return nil, err
	}
	if v := bytes.TrimLeft(data, " \t\r\n"); v[0] != '{' {
		return nil, opts.err(&Error{Kind: KindType, Pointer: opts.Pointer, Path: []string{}, Reason: "want a JSON object, got " + Describe(v)})
	}
	return newObject(&opts, nil, data, s.members), nil
}

// ParseArray checks data, one whole JSON document, and returns the
// elements of its top-level value, which must be an array, as they are
// written (without surrounding white space).
func ParseArray(data []byte, opts Options) ([]json.RawMessage, error) {
	return parseArray(data, &opts, nil)
}

// parseArray is ParseArray for the array at path in the document.
func parseArray(data []byte, opts *Options, path []string) ([]json.RawMessage, error) {
	s, err := scan(data, opts, path)
	if err != nil {
		return nil, err
	}
	if v := bytes.TrimLeft(data, " \t\r\n"); v[0] != '[' {
		return nil, opts.err(&Error{Kind: KindType, Pointer: Pointer(opts.Pointer, path...), Path: slices.Clone(path), Reason: "want a JSON array, got " + Describe(v)})
	}
	out := make([]json.RawMessage, len(s.elements))
	for i, e := range s.elements {
		out[i] = bytes.Clone(data[e.start:e.end])
	}
	return out, nil
}

// Check checks that data is one whole JSON document of any type.
func Check(data []byte, opts Options) error {
	_, err := scan(data, &opts, nil)
	return err
}

// scan checks data, the value at path in the document.
func scan(data []byte, opts *Options, path []string) (*scanner, error) {
	s := &scanner{data: data, maxDepth: opts.maxDepth() - len(path), limit: opts.maxDepth(), pointer: opts.Pointer, base: path}
	if e := s.scan(); e != nil {
		return nil, opts.err(e)
	}
	return s, nil
}

func newObject(opts *Options, path []string, data []byte, members []member) *Object {
	return &Object{opts: opts, path: path, pointer: Pointer(opts.Pointer, path...), data: data, members: members, read: make([]bool, len(members))}
}

// Describe names a JSON value for a message: its type and its
// shortened text.
func Describe(v []byte) string {
	switch v[0] {
	case '{':
		return "an object " + shorten.Bytes(v)
	case '[':
		return "an array " + shorten.Bytes(v)
	case '"':
		return "a string " + shorten.Bytes(v)
	case 't', 'f':
		return "a boolean " + string(v)
	case 'n':
		return "null"
	}
	return "a number " + shorten.Bytes(v)
}

// Pointer returns the JSON pointer of the object.
func (o *Object) Pointer() string { return o.pointer }

// PointerTo returns the JSON pointer of member key.
func (o *Object) PointerTo(key string) string { return Pointer(o.pointer, key) }

// Path returns the reference tokens from the document to the object.
func (o *Object) Path() []string { return slices.Clone(o.path) }

// Keys returns the keys of the object in document order.
func (o *Object) Keys() []string {
	keys := make([]string, len(o.members))
	for i, m := range o.members {
		keys[i] = m.key
	}
	return keys
}

// Len returns the number of members.
func (o *Object) Len() int { return len(o.members) }

// find returns the index of member key (or -1) and records key as known.
func (o *Object) find(key string) int {
	if !slices.Contains(o.known, key) {
		o.known = append(o.known, key)
	}
	for i, m := range o.members {
		if m.key == key {
			return i
		}
	}
	return -1
}

// Has reports whether member key is present. It does not mark it read.
func (o *Object) Has(key string) bool { return o.find(key) >= 0 }

// value returns the text of member key and marks it read.
func (o *Object) value(key string) ([]byte, bool) {
	i := o.find(key)
	if i < 0 {
		return nil, false
	}
	o.read[i] = true
	return o.data[o.members[i].start:o.members[i].end], true
}

// Raw returns a copy of the text of member key, as written, and marks it
// read.
func (o *Object) Raw(key string) (json.RawMessage, bool) {
	v, ok := o.value(key)
	if !ok {
		return nil, false
	}
	return bytes.Clone(v), true
}

// pathTo returns a new slice of the tokens from the document to member key
// and then to tokens.
func (o *Object) pathTo(key string, tokens ...string) []string {
	p := make([]string, 0, len(o.path)+1+len(tokens))
	return append(append(append(p, o.path...), key), tokens...)
}

// fail builds the error of a problem with member key.
func (o *Object) fail(kind Kind, key, reason string) error {
	return o.newError(&Error{Kind: kind, Key: key, Reason: reason}, o.pathTo(key))
}

// newError completes e with the path (and pointer) of its value and hands
// it to Options.NewError.
func (o *Object) newError(e *Error, path []string) error {
	e.Path = path
	e.Pointer = Pointer(o.opts.Pointer, path...)
	return o.opts.err(e)
}

// Errorf returns the error (built by Options.NewError) of a finding of the
// caller's own about member key, or about the object when key is "".
func (o *Object) Errorf(key, format string, args ...any) error {
	path := slices.Clone(o.path)
	if key != "" {
		path = o.pathTo(key)
	}
	return o.newError(&Error{Kind: KindInvalid, Key: key, Reason: fmt.Sprintf(format, args...)}, path)
}

// String reads member key as a JSON string. ok is false when it is absent.
func (o *Object) String(key string) (v string, ok bool, err error) {
	raw, ok := o.value(key)
	if !ok {
		return "", false, nil
	}
	if raw[0] != '"' {
		return "", true, o.fail(KindType, key, "want a string, got "+shorten.Bytes(raw))
	}
	_ = json.Unmarshal(raw, &v) // checked when parsed: cannot fail
	return v, true, nil
}

// Enum reads member key as a JSON string that must be one of allowed.
func (o *Object) Enum(key string, allowed ...string) (v string, ok bool, err error) {
	v, ok, err = o.String(key)
	if err != nil || !ok {
		return v, ok, err
	}
	if !slices.Contains(allowed, v) {
		e := &Error{Kind: KindEnum, Key: key, Allowed: slices.Clone(allowed), Reason: shorten.Quote(v) + " is not one of " + QuoteList(allowed)}
		return "", true, o.newError(e, o.pathTo(key))
	}
	return v, true, nil
}

// Bool reads member key as true or false.
func (o *Object) Bool(key string) (v, ok bool, err error) {
	raw, ok := o.value(key)
	if !ok {
		return false, false, nil
	}
	switch string(raw) {
	case "true":
		return true, true, nil
	case "false":
		return false, true, nil
	}
	return false, true, o.fail(KindType, key, "want true or false, got "+shorten.Bytes(raw))
}

// Int reads member key as a JSON integer (no fraction, no exponent) in
// [lo, hi].
func (o *Object) Int(key string, lo, hi int64) (v int64, ok bool, err error) {
	raw, ok := o.value(key)
	if !ok {
		return 0, false, nil
	}
	v, kind, reason := parseInt(raw, lo, hi)
	if kind != 0 {
		return 0, true, o.fail(kind, key, reason)
	}
	return v, true, nil
}

// Ints reads member key as an array of JSON integers in [lo, hi]. An
// element that is not is reported with its own pointer (".../key/3").
func (o *Object) Ints(key string, lo, hi int64) (v []int64, ok bool, err error) {
	raw, ok := o.value(key)
	if !ok {
		return nil, false, nil
	}
	if raw[0] != '[' {
		return nil, true, o.fail(KindType, key, "want an array of integers, got "+shorten.Bytes(raw))
	}
	elems, _ := ParseArray(raw, Options{}) // checked when parsed: cannot fail
	v = make([]int64, len(elems))
	for i, e := range elems {
		n, kind, reason := parseInt(e, lo, hi)
		if kind != 0 {
			return nil, true, o.newError(&Error{Kind: kind, Key: key, Reason: reason}, o.pathTo(key, strconv.Itoa(i)))
		}
		v[i] = n
	}
	return v, true, nil
}

// parseInt reads raw as an integer in [lo, hi]; kind is 0 when it is one.
func parseInt(raw []byte, lo, hi int64) (v int64, kind Kind, reason string) {
	if !(raw[0] == '-' || raw[0] >= '0' && raw[0] <= '9') || bytes.ContainsAny(raw, ".eE") {
		return 0, KindType, "want an integer, got " + shorten.Bytes(raw)
	}
	v, err := strconv.ParseInt(string(raw), 10, 64)
	if err != nil || v < lo || v > hi {
		return 0, KindRange, fmt.Sprintf("%s is out of range [%d, %d]", shorten.Bytes(raw), lo, hi)
	}
	return v, 0, ""
}

// Object reads member key as a JSON object.
func (o *Object) Object(key string) (obj *Object, ok bool, err error) {
	raw, ok := o.value(key)
	if !ok {
		return nil, false, nil
	}
	if raw[0] != '{' {
		return nil, true, o.fail(KindType, key, "want an object, got "+shorten.Bytes(raw))
	}
	s, err := scan(raw, o.opts, o.pathTo(key)) // checked when parsed: cannot fail
	if err != nil {
		return nil, true, err
	}
	return newObject(o.opts, o.pathTo(key), raw, s.members), true, nil
}

// Array reads member key as a JSON array and returns copies of its
// elements as they are written.
func (o *Object) Array(key string) (elems []json.RawMessage, ok bool, err error) {
	raw, ok := o.value(key)
	if !ok {
		return nil, false, nil
	}
	if raw[0] != '[' {
		return nil, true, o.fail(KindType, key, "want an array, got "+shorten.Bytes(raw))
	}
	elems, err = parseArray(raw, o.opts, o.pathTo(key))
	return elems, true, err
}

// Require returns the error of the first of keys that is absent
// (KindMissing, with the object's pointer), or nil.
func (o *Object) Require(keys ...string) error {
	for _, k := range keys {
		if !o.Has(k) {
			return o.newError(&Error{Kind: KindMissing, Key: k, Reason: "missing required key " + shorten.Quote(k)}, slices.Clone(o.path))
		}
	}
	return nil
}

// Finish returns the error of the first member, in document order, that no
// getter read (KindUnknown; Allowed lists the keys asked for), or nil.
func (o *Object) Finish() error {
	for i, m := range o.members {
		if !o.read[i] {
			e := &Error{Kind: KindUnknown, Key: m.key, Allowed: slices.Clone(o.known), Reason: "unknown key " + shorten.Quote(m.key)}
			return o.newError(e, o.pathTo(m.key))
		}
	}
	return nil
}

// QuoteList returns the strings quoted and separated by commas:
// `"a", "b"`.
func QuoteList(ss []string) string {
	q := make([]string, len(ss))
	for i, s := range ss {
		q[i] = shorten.Quote(s)
	}
	return strings.Join(q, ", ")
}
