// Package registry maps codec names to the factories that build codecs from
// their JSON configuration, and parses codec lists as they appear in Zarr v3
// metadata.
//
// Codec packages register themselves with the Default registry in their
// init functions; importing github.com/zcodec/zcodec/codecs brings in the
// whole standard set. New gives an empty registry for tests and
// for embedders who want to choose their codecs. Registering a name twice,
// or a name that is not a valid Zarr v3 codec name, panics: registration is
// a program's set-up, not its input. Lookups never take a lock.
//
// # Parsing codec JSON
//
// A codec entry is either a bare name ("bytes", the short-hand form of
// {"name": "bytes"}) or an object with the keys "name", "configuration"
// (optional) and "must_understand" (optional, default true); any other key
// is an error. An unknown name is an error unless must_understand is false,
// in which case the entry is dropped from the chain with a warning (a
// codec.Warning in the codec.Chain that ParseCodecs returns; Zarr v3 lets
// readers ignore such extensions). Configuration decoding is strict: unknown
// keys, wrong JSON types, missing required keys and out-of-range values are
// *codec.ConfigError values whose Pointer locates the offending value, e.g.
// "/codecs/1/configuration/rounding". The JSON itself is read strictly (a
// key repeated in any object, bare NaN, a trailing comma are errors with
// their line and column; docs/decisions.md#d16), and long names and values
// are shortened in messages.
package registry

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/internal/shorten"
	"github.com/zcodec/zcodec/internal/strictjson"
)

// Factory builds a codec from its configuration. It reads every key it
// knows from cfg and returns cfg.Finish() (or an earlier error) so that
// unknown keys are rejected.
type Factory func(cfg *codec.Config) (codec.Codec, error)

// Registration describes one codec.
type Registration struct {
	// Name is the canonical name, written in metadata the codec produces.
	Name string
	// Aliases are other names read as this codec ("numcodecs.gzip").
	Aliases []string
	// Kind is the kind of every codec New returns.
	Kind codec.Kind
	// New builds the codec from its configuration.
	New Factory
	// Summary is a one-line description for listings.
	Summary string
}

// Registry maps codec names and aliases to registrations. The zero value is
// not usable; use New.
type Registry struct {
	mu      sync.Mutex // serialises writers
	entries atomic.Pointer[map[string]*Registration]
}

var defaultRegistry = New()

// Default returns the process-wide registry that codec packages register
// with.
func Default() *Registry { return defaultRegistry }

// Register adds reg to the Default registry. It panics like
// (*Registry).Register.
func Register(reg Registration) { defaultRegistry.Register(reg) }

// New returns an empty registry.
func New() *Registry {
	r := &Registry{}
	m := map[string]*Registration{}
	r.entries.Store(&m)
	return r
}

var nameRE = regexp.MustCompile(`^[a-z][a-z0-9\-_.]+$`)

// Register adds reg under its name and aliases. It panics if a name is
// already registered, is not a valid Zarr v3 codec name, or if New is nil or
// Kind is invalid.
func (r *Registry) Register(reg Registration) {
	if reg.New == nil {
		panic("registry: Register " + reg.Name + " with a nil factory")
	}
	if reg.Kind < codec.KindArrayToArray || reg.Kind > codec.KindBytesToBytes {
		panic("registry: Register " + reg.Name + " with an invalid kind")
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	old := *r.entries.Load()
	m := maps.Clone(old)
	e := reg
	e.Aliases = slices.Clone(reg.Aliases)
	for _, n := range append([]string{reg.Name}, reg.Aliases...) {
		if !nameRE.MatchString(n) {
			panic(fmt.Sprintf("registry: %q is not a valid codec name", n))
		}
		if _, dup := m[n]; dup {
			panic(fmt.Sprintf("registry: codec name %q registered twice", n))
		}
		m[n] = &e
	}
	r.entries.Store(&m)
}

// Lookup returns a copy of the registration of a name or alias.
func (r *Registry) Lookup(name string) (Registration, bool) {
	e, ok := (*r.entries.Load())[name]
	if !ok {
		return Registration{}, false
	}
	return e.copy(), true
}

// copy returns e with its own Aliases slice, so that callers cannot change
// the registry through the registrations it hands out.
func (e *Registration) copy() Registration {
	c := *e
	c.Aliases = slices.Clone(e.Aliases)
	return c
}

// Codecs returns a copy of every registration once, sorted by name.
func (r *Registry) Codecs() []Registration {
	seen := map[string]bool{}
	var out []Registration
	for _, e := range *r.entries.Load() {
		if !seen[e.Name] {
			seen[e.Name] = true
			out = append(out, e.copy())
		}
	}
	slices.SortFunc(out, func(a, b Registration) int { return cmpString(a.Name, b.Name) })
	return out
}

// Clone returns a new registry holding the same registrations, to extend
// without touching r.
func (r *Registry) Clone() *Registry {
	c := New()
	m := maps.Clone(*r.entries.Load())
	c.entries.Store(&m)
	return c
}

func cmpString(a, b string) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// ParseCodec builds one codec from its JSON entry found at pointer. A nil
// codec with a nil error means the entry was an unknown codec with
// must_understand false; the warning says so.
func (r *Registry) ParseCodec(raw json.RawMessage, pointer string) (codec.Codec, *codec.Warning, error) {
	// name is set as soon as it is read: every error built after that
	// names the codec.
	var name string
	opts := strictjson.Options{Pointer: pointer, NewError: func(e *strictjson.Error) error { return entryError(e, e.Path, name) }}
	raw = bytes.TrimSpace(raw)
	if len(raw) > 0 && raw[0] == '"' {
		if err := strictjson.Check(raw, opts); err != nil {
			return nil, nil, err
		}
		_ = json.Unmarshal(raw, &name) // checked: cannot fail
		c, err := r.build(name, pointer, pointer, nil)
		return c, nil, err
	}
	obj, err := strictjson.Parse(raw, opts)
	if err != nil {
		return nil, nil, err
	}
	var ok bool
	if name, ok, err = obj.String("name"); err != nil {
		return nil, nil, err
	}
	if !ok {
		return nil, nil, &codec.ConfigError{Pointer: pointer, Reason: `codec object has no "name"`}
	}
	must, hasMust, err := obj.Bool("must_understand")
	if err != nil {
		return nil, nil, err
	}
	cfg, _ := obj.Raw("configuration")
	if err := obj.Finish(); err != nil {
		return nil, nil, err
	}
	if hasMust && !must {
		if _, known := r.Lookup(name); !known {
			return nil, &codec.Warning{Pointer: pointer, Message: fmt.Sprintf("unknown codec %s skipped (must_understand is false)", shorten.Quote(name))}, nil
		}
	}
	if string(cfg) == "null" {
		return nil, nil, &codec.ConfigError{Pointer: pointer + "/configuration", Codec: name, Reason: "configuration must be a JSON object, not null"}
	}
	c, err := r.build(name, pointer+"/name", pointer+"/configuration", cfg)
	return c, nil, err
}

// entryError builds the *codec.ConfigError of a problem the JSON reader
// found in a codec entry of codec name ("" before the name is known). rel
// is the problem's path below the entry.
func entryError(e *strictjson.Error, rel []string, name string) error {
	reason := e.Reason
	switch e.Kind {
	case strictjson.KindSyntax, strictjson.KindDepth:
		reason = "not valid JSON: " + e.Reason + " at " + e.Position()
	case strictjson.KindType:
		if len(rel) == 0 {
			reason = `a codec must be a name or an object with "name"`
		}
	case strictjson.KindUnknown:
		if len(rel) == 1 {
			reason = fmt.Sprintf("unknown key %s in codec object (want name, configuration, must_understand)", shorten.Quote(e.Key))
		}
	case strictjson.KindDuplicate:
		switch {
		case len(rel) == 1:
			reason = fmt.Sprintf("duplicate key %s in codec object", shorten.Quote(e.Key))
		case len(rel) == 2 && rel[0] == "configuration":
			reason = "duplicate configuration key " + shorten.Quote(e.Key)
		}
	}
	return &codec.ConfigError{Pointer: e.Pointer, Codec: name, Reason: reason}
}

// listError builds the *codec.ConfigError of a problem the JSON reader
// found while checking the codec list raw: the list itself, or a value
// inside entry Path[0], named after that entry's codec where it has one.
func listError(e *strictjson.Error, raw []byte) error {
	if len(e.Path) == 0 {
		if e.Kind == strictjson.KindType {
			return &codec.ConfigError{Pointer: e.Pointer, Reason: "codecs must be a JSON array"}
		}
		return entryError(e, nil, "")
	}
	name := ""
	if len(e.Path) > 2 || len(e.Path) == 2 && e.Path[1] != "name" {
		name = entryName(raw, e.Path[0])
	}
	return entryError(e, e.Path[1:], name)
}

// entryName returns the "name" of entry index of a codec list that is not
// strictly valid, as far as a lenient reading finds one, for a message.
func entryName(raw []byte, index string) string {
	var entries []json.RawMessage
	i, err := strconv.Atoi(index)
	if err != nil || json.Unmarshal(raw, &entries) != nil || i >= len(entries) {
		return ""
	}
	var entry struct{ Name string }
	_ = json.Unmarshal(entries[i], &entry)
	return entry.Name
}

// Build builds the codec name from config, its typed configuration: a
// value that encoding/json marshals into the codec's "configuration" object
// (a struct with json tags, a map), or nil for a codec without one. It
// stands for parsing the entry {"name": name, "configuration": config}
// with ParseCodec, without writing the entry: the errors are the same
// *codec.ConfigError, with pointers relative to the entry ("/name",
// "/configuration/..."). A config that does not marshal into a JSON object
// is a *codec.ConfigError too.
func (r *Registry) Build(name string, config any) (codec.Codec, error) {
	if config == nil {
		return r.build(name, "", "", nil)
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(config); err != nil {
		return nil, &codec.ConfigError{Pointer: "/configuration", Codec: name, Reason: "configuration cannot be written as JSON", Err: err}
	}
	raw := bytes.TrimSpace(b.Bytes())
	if len(raw) == 0 || raw[0] != '{' {
		return nil, &codec.ConfigError{Pointer: "/configuration", Codec: name, Reason: fmt.Sprintf("configuration must be a JSON object, not %s", shorten.Quote(string(raw)))}
	}
	return r.build(name, "/name", "/configuration", raw)
}

func (r *Registry) build(name, namePointer, cfgPointer string, cfg json.RawMessage) (codec.Codec, error) {
	reg, ok := r.Lookup(name)
	if !ok {
		reason := "unknown codec " + shorten.Quote(name)
		if why, ok := refused[name]; ok {
			reason = why
		}
		return nil, &codec.ConfigError{Pointer: namePointer, Codec: name, Reason: reason, Err: codec.ErrUnknownCodec}
	}
	conf, err := codec.NewConfig(reg.Name, cfgPointer, cfg)
	if err != nil {
		return nil, err
	}
	conf.SetChainParser(r)
	c, err := reg.New(conf)
	if err != nil {
		return nil, err
	}
	if k := codec.KindOf(c); k != reg.Kind {
		return nil, &codec.ConfigError{Pointer: namePointer, Codec: name, Reason: fmt.Sprintf("the factory built an %v codec, registered as %v", k, reg.Kind)}
	}
	return c, nil
}

// ParseCodecs builds every codec of raw, a JSON array of codec entries found
// at pointer (e.g. "/codecs"). It reports every problem it finds, joined with
// errors.Join so that callers can list them all; each is a
// *codec.ConfigError. A Registry is the codec.ChainParser of the
// configurations it decodes, so nested chains (sharding_indexed's) are
// built with it.
func (r *Registry) ParseCodecs(raw json.RawMessage, pointer string) (codec.Chain, error) {
	entries, err := strictjson.ParseArray(raw, strictjson.Options{Pointer: pointer, NewError: func(e *strictjson.Error) error { return listError(e, raw) }})
	if err != nil {
		return codec.Chain{}, err
	}
	var (
		ch   codec.Chain
		errs []error
	)
	for i, e := range entries {
		p := fmt.Sprintf("%s/%d", pointer, i)
		c, w, err := r.ParseCodec(e, p)
		switch {
		case err != nil:
			errs = append(errs, err)
		case w != nil:
			ch.Warnings = append(ch.Warnings, *w)
		default:
			ch.Codecs = append(ch.Codecs, c)
			ch.Pointers = append(ch.Pointers, p)
		}
	}
	switch len(errs) {
	case 0:
		return ch, nil
	case 1:
		return ch, errs[0]
	}
	return ch, errors.Join(errs...)
}
