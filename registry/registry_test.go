package registry_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/codecs/bytescodec"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/registry"
)

// demoCodec is a bytes->bytes codec with one optional integer "level" in
// [0, 9] and a required string "mode" ("fast" or "small").
type demoCodec struct {
	level int64
	mode  string
}

func (c *demoCodec) Name() string { return "demo" }
func (c *demoCodec) MarshalJSON() ([]byte, error) {
	return codec.MarshalCodec("demo", map[string]any{"level": c.level, "mode": c.mode})
}
func (c *demoCodec) ResolveBytesToBytes(codec.BytesSpec) (codec.BoundBytesToBytes, error) {
	return nil, errors.New("not used")
}

func newDemo(cfg *codec.Config) (codec.Codec, error) {
	if err := cfg.Require("mode"); err != nil {
		return nil, err
	}
	c := &demoCodec{level: 1}
	if v, ok, err := cfg.Int("level", 0, 9); err != nil {
		return nil, err
	} else if ok {
		c.level = v
	}
	m, _, err := cfg.Enum("mode", "fast", "small")
	if err != nil {
		return nil, err
	}
	c.mode = m
	return c, cfg.Finish()
}

// testRegistry holds bytes (alias "endian") and demo (alias "numcodecs.demo").
func testRegistry() *registry.Registry {
	r := registry.New()
	r.Register(registry.Registration{Name: "bytes", Aliases: []string{"endian"}, Kind: codec.KindArrayToBytes, New: bytescodec.NewFromConfig, Summary: "bytes"})
	r.Register(registry.Registration{Name: "demo", Aliases: []string{"numcodecs.demo"}, Kind: codec.KindBytesToBytes, New: newDemo, Summary: "demo"})
	return r
}

func TestParseCodecsForms(t *testing.T) {
	r := testRegistry()
	ch, err := r.ParseCodecs(json.RawMessage(` [
		"bytes",
		{"name": "numcodecs.demo", "configuration": {"mode": "fast", "level": 3}},
		{"name": "unknown.ext", "must_understand": false, "configuration": {"x": 1}},
		{"name": "demo", "must_understand": true, "configuration": {"mode": "small"}},
		{"name": "demo", "must_understand": false, "configuration": {"mode": "small"}}
	] `), "/codecs")
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"/codecs/0", "/codecs/1", "/codecs/3", "/codecs/4"}, ch.Pointers); diff != "" {
		t.Errorf("Pointers (-want +got):\n%s", diff)
	}
	var names []string
	for _, c := range ch.Codecs {
		j, _ := c.MarshalJSON()
		names = append(names, string(j))
	}
	want := []string{
		`{"name":"bytes"}`,
		`{"name":"demo","configuration":{"level":3,"mode":"fast"}}`,
		`{"name":"demo","configuration":{"level":1,"mode":"small"}}`,
		`{"name":"demo","configuration":{"level":1,"mode":"small"}}`,
	}
	if diff := cmp.Diff(want, names); diff != "" {
		t.Errorf("codecs (-want +got):\n%s", diff)
	}
	if len(ch.Warnings) != 1 || ch.Warnings[0].Pointer != "/codecs/2" || !strings.Contains(ch.Warnings[0].Message, `unknown codec "unknown.ext" skipped`) {
		t.Errorf("Warnings = %v", ch.Warnings)
	}
	if s := ch.Warnings[0].String(); !strings.HasPrefix(s, "/codecs/2: ") {
		t.Errorf("Warning.String() = %q", s)
	}
	// an alias of the bytes codec builds the canonical codec
	ch, err = r.ParseCodecs(json.RawMessage(`[{"name": "endian", "configuration": {"endian": "big"}}]`), "/codecs")
	if err != nil || len(ch.Codecs) != 1 || ch.Codecs[0].Name() != "bytes" || ch.Codecs[0].(*bytescodec.Codec).Endian != numeric.BigEndian {
		t.Errorf("alias endian: %v, %v", ch, err)
	}
	// an empty list is a valid (if useless) chain
	if ch, err := r.ParseCodecs(json.RawMessage(`[]`), "/codecs"); err != nil || len(ch.Codecs) != 0 {
		t.Errorf("empty list: %v, %v", ch, err)
	}
}

func TestParseCodecsErrors(t *testing.T) {
	r := testRegistry()
	tests := []struct {
		json    string
		pointer string
		codec   string
		reason  string
		unknown bool
	}{
		{`{}`, "/codecs", "", "codecs must be a JSON array", false},
		{`null`, "/codecs", "", "codecs must be a JSON array", false},
		{`[1,]`, "/codecs", "", "not valid JSON: trailing comma before ']' at line 1, column 3 (byte 2)", false},
		{`[{"name": NaN}]`, "/codecs/0/name", "", `bare NaN is not JSON; write the string "NaN" at line 1`, false},
		{`["gzip"]`, "/codecs/0", "gzip", `unknown codec "gzip"`, true},
		{`[{"name": "gzip"}]`, "/codecs/0/name", "gzip", `unknown codec "gzip"`, true},
		{`[{"name": "gzip", "must_understand": true}]`, "/codecs/0/name", "gzip", `unknown codec "gzip"`, true},
		{`["Bytes"]`, "/codecs/0", "Bytes", `unknown codec "Bytes"`, true},
		{`[1]`, "/codecs/0", "", `a codec must be a name or an object with "name"`, false},
		{`[null]`, "/codecs/0", "", `a codec must be a name or an object`, false},
		{`[["bytes"]]`, "/codecs/0", "", `a codec must be a name or an object`, false},
		{`[{}]`, "/codecs/0", "", `codec object has no "name"`, false},
		{`[{"configuration": {}}]`, "/codecs/0", "", `codec object has no "name"`, false},
		{`[{"name": 5}]`, "/codecs/0/name", "", "want a string, got 5", false},
		{`[{"name": "bytes", "name": "demo"}]`, "/codecs/0/name", "", `duplicate key "name" in codec object`, false},
		{`[{"name": "bytes", "must_understand": "no"}]`, "/codecs/0/must_understand", "bytes", `want true or false, got "no"`, false},
		{`[{"name": "bytes", "extra": 1}]`, "/codecs/0/extra", "bytes", `unknown key "extra" in codec object`, false},
		{`[{"name": "bytes", "configuration": null}]`, "/codecs/0/configuration", "bytes", "configuration must be a JSON object, not null", false},
		{`[{"name": "bytes", "configuration": []}]`, "/codecs/0/configuration", "bytes", "configuration must be a JSON object", false},
		{`[{"name": "bytes", "configuration": "big"}]`, "/codecs/0/configuration", "bytes", "configuration must be a JSON object", false},
		{`["bytes", {"name": "demo", "configuration": {"mode": "fast", "mode": "small"}}]`, "/codecs/1/configuration/mode", "demo", `duplicate configuration key "mode"`, false},
		{`["bytes", {"name": "demo", "configuration": {"mode": "fast", "x": {"a": 1, "a": 1}}}]`, "/codecs/1/configuration/x/a", "demo", `duplicate key "a"`, false},
		{`["bytes", {"name": "demo", "configuration": {"mode": "fast", "speed": 1}}]`, "/codecs/1/configuration/speed", "demo", `unknown configuration key "speed"`, false},
		{`["bytes", {"name": "demo", "configuration": {"mode": 1}}]`, "/codecs/1/configuration/mode", "demo", "want a string, got 1", false},
		{`["bytes", {"name": "demo", "configuration": {"mode": "fast", "level": 10}}]`, "/codecs/1/configuration/level", "demo", "10 is out of range [0, 9]", false},
		{`["bytes", {"name": "demo", "configuration": {"mode": "fast", "level": -1}}]`, "/codecs/1/configuration/level", "demo", "out of range", false},
		{`["bytes", {"name": "demo", "configuration": {"mode": "fast", "level": 2.5}}]`, "/codecs/1/configuration/level", "demo", "want an integer, got 2.5", false},
		{`["bytes", {"name": "demo", "configuration": {"mode": "fast", "level": "2"}}]`, "/codecs/1/configuration/level", "demo", `want an integer, got "2"`, false},
		{`["bytes", {"name": "demo", "configuration": {}}]`, "/codecs/1/configuration", "demo", `missing required key "mode"`, false},
		{`["bytes", "demo"]`, "/codecs/1", "demo", `configuration with "mode" is required`, false},
		{`["bytes", {"name": "demo"}]`, "/codecs/1/configuration", "demo", `configuration with "mode" is required`, false},
		// must_understand false does not excuse a bad configuration of a known codec
		{`[{"name": "demo", "must_understand": false, "configuration": {"mode": "x"}}]`, "/codecs/0/configuration/mode", "demo", `"x" is not one of "fast", "small"`, false},
		{`[{"name": "bytes", "configuration": {"endian": "middle"}}]`, "/codecs/0/configuration/endian", "bytes", `"middle" is not one of`, false},
	}
	for _, tt := range tests {
		_, err := r.ParseCodecs(json.RawMessage(tt.json), "/codecs")
		var ce *codec.ConfigError
		if !errors.As(err, &ce) {
			t.Errorf("%s: error %v (%T) is not a *codec.ConfigError", tt.json, err, err)
			continue
		}
		if ce.Pointer != tt.pointer || ce.Codec != tt.codec || !strings.Contains(ce.Reason, tt.reason) {
			t.Errorf("%s:\n got pointer %q codec %q reason %q\nwant pointer %q codec %q reason containing %q", tt.json, ce.Pointer, ce.Codec, ce.Reason, tt.pointer, tt.codec, tt.reason)
		}
		if !errors.Is(err, codec.ErrConfig) || errors.Is(err, codec.ErrUnknownCodec) != tt.unknown {
			t.Errorf("%s: errors.Is ErrConfig=%v ErrUnknownCodec=%v", tt.json, errors.Is(err, codec.ErrConfig), errors.Is(err, codec.ErrUnknownCodec))
		}
		if !strings.HasPrefix(err.Error(), tt.pointer+": ") {
			t.Errorf("%s: message %q does not start with the pointer", tt.json, err)
		}
	}
}

// TestParseCodecsAllErrors checks that every bad entry is reported.
func TestParseCodecsAllErrors(t *testing.T) {
	r := testRegistry()
	ch, err := r.ParseCodecs(json.RawMessage(`["gzip", "bytes", {"name": "demo", "configuration": {"mode": 1}}, 7]`), "/array/codecs")
	joined, ok := err.(interface{ Unwrap() []error })
	if !ok {
		t.Fatalf("error %v is not a joined error", err)
	}
	var pointers []string
	for _, e := range joined.Unwrap() {
		var ce *codec.ConfigError
		if !errors.As(e, &ce) {
			t.Fatalf("%v is not a *ConfigError", e)
		}
		pointers = append(pointers, ce.Pointer)
	}
	if diff := cmp.Diff([]string{"/array/codecs/0", "/array/codecs/2/configuration/mode", "/array/codecs/3"}, pointers); diff != "" {
		t.Errorf("pointers (-want +got):\n%s", diff)
	}
	if !errors.Is(err, codec.ErrUnknownCodec) {
		t.Errorf("joined error does not match ErrUnknownCodec")
	}
	if len(ch.Codecs) != 1 || ch.Pointers[0] != "/array/codecs/1" {
		t.Errorf("partial chain = %v", ch)
	}
}

func TestParseCodecWrongKind(t *testing.T) {
	r := registry.New()
	r.Register(registry.Registration{Name: "liar", Kind: codec.KindArrayToArray, New: bytescodec.NewFromConfig})
	_, _, err := r.ParseCodec(json.RawMessage(`{"name": "liar"}`), "/codecs/0")
	var ce *codec.ConfigError
	if !errors.As(err, &ce) || !strings.Contains(ce.Reason, "the factory built an array->bytes codec, registered as array->array") {
		t.Errorf("wrong kind: %v", err)
	}
}

func TestRegisterPanics(t *testing.T) {
	ok := registry.Registration{Name: "good", Kind: codec.KindBytesToBytes, New: newDemo}
	tests := []struct {
		name string
		reg  registry.Registration
		want string
	}{
		{"duplicate name", registry.Registration{Name: "demo", Kind: codec.KindBytesToBytes, New: newDemo}, `codec name "demo" registered twice`},
		{"name taken by an alias", registry.Registration{Name: "endian", Kind: codec.KindBytesToBytes, New: newDemo}, `"endian" registered twice`},
		{"alias taken by a name", registry.Registration{Name: "fresh", Aliases: []string{"bytes"}, Kind: codec.KindBytesToBytes, New: newDemo}, `"bytes" registered twice`},
		{"alias repeats the name", registry.Registration{Name: "fresh", Aliases: []string{"fresh"}, Kind: codec.KindBytesToBytes, New: newDemo}, `"fresh" registered twice`},
		{"upper case", registry.Registration{Name: "Gzip", Kind: codec.KindBytesToBytes, New: newDemo}, "not a valid codec name"},
		{"empty", registry.Registration{Name: "", Kind: codec.KindBytesToBytes, New: newDemo}, "not a valid codec name"},
		{"space", registry.Registration{Name: "my codec", Kind: codec.KindBytesToBytes, New: newDemo}, "not a valid codec name"},
		{"digit first", registry.Registration{Name: "1codec", Kind: codec.KindBytesToBytes, New: newDemo}, "not a valid codec name"},
		{"bad alias", registry.Registration{Name: "fresh", Aliases: []string{"numcodecs/zlib"}, Kind: codec.KindBytesToBytes, New: newDemo}, "not a valid codec name"},
		{"nil factory", registry.Registration{Name: "fresh", Kind: codec.KindBytesToBytes}, "nil factory"},
		{"no kind", registry.Registration{Name: "fresh", New: newDemo}, "invalid kind"},
		{"bad kind", registry.Registration{Name: "fresh", Kind: 9, New: newDemo}, "invalid kind"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := testRegistry()
			before := len(r.Codecs())
			func() {
				defer func() {
					p := recover()
					if p == nil {
						t.Fatalf("Register(%+v) did not panic", tt.reg)
					}
					if s, _ := p.(string); !strings.Contains(s, tt.want) {
						t.Errorf("panic %v, want %q", p, tt.want)
					}
				}()
				r.Register(tt.reg)
			}()
			// a failed registration leaves the registry as it was
			if len(r.Codecs()) != before {
				t.Errorf("registry changed by a failed Register")
			}
			if _, found := r.Lookup("fresh"); found {
				t.Errorf("a failed Register left %q behind", "fresh")
			}
			r.Register(ok) // and usable
		})
	}
}

func TestLookupCodecsClone(t *testing.T) {
	r := testRegistry()
	reg, ok := r.Lookup("numcodecs.demo")
	if !ok || reg.Name != "demo" || reg.Kind != codec.KindBytesToBytes || reg.Summary != "demo" {
		t.Fatalf("Lookup(alias) = %+v, %v", reg, ok)
	}
	if _, ok := r.Lookup("nope"); ok {
		t.Errorf("Lookup(nope) found something")
	}
	// the returned registration is a copy
	reg.Aliases[0] = "changed"
	reg.Name = "changed"
	if again, _ := r.Lookup("demo"); again.Name != "demo" || again.Aliases[0] != "numcodecs.demo" {
		t.Errorf("Lookup result shares memory with the registry: %+v", again)
	}
	var names []string
	for _, reg := range r.Codecs() {
		names = append(names, reg.Name)
	}
	if diff := cmp.Diff([]string{"bytes", "demo"}, names); diff != "" {
		t.Errorf("Codecs() (-want +got):\n%s", diff)
	}

	c := r.Clone()
	c.Register(registry.Registration{Name: "extra", Kind: codec.KindBytesToBytes, New: newDemo})
	r.Register(registry.Registration{Name: "only.original", Kind: codec.KindBytesToBytes, New: newDemo})
	if _, ok := r.Lookup("extra"); ok {
		t.Errorf("registering in a clone changed the original")
	}
	if _, ok := c.Lookup("only.original"); ok {
		t.Errorf("registering in the original changed the clone")
	}
	if _, ok := c.Lookup("endian"); !ok {
		t.Errorf("clone lost an alias")
	}
	// registering the same name in both is fine: they are independent
	c.Register(registry.Registration{Name: "only.original", Kind: codec.KindBytesToBytes, New: newDemo})
}

func TestDefaultRegistry(t *testing.T) {
	reg, ok := registry.Default().Lookup("bytes")
	if !ok || reg.Kind != codec.KindArrayToBytes {
		t.Fatalf("default registry has no bytes codec")
	}
	if alias, ok := registry.Default().Lookup("endian"); !ok || alias.Name != "bytes" {
		t.Errorf("default registry has no endian alias")
	}
	// a parsed chain resolves into a pipeline
	ch, err := registry.Default().ParseCodecs(json.RawMessage(`[{"name": "bytes", "configuration": {"endian": "big"}}]`), "/codecs")
	if err != nil {
		t.Fatal(err)
	}
	p, err := codec.NewPipeline(codec.ChunkSpec{DataType: numeric.Uint16, Shape: []int{2}, FillValue: numeric.Zero(numeric.Uint16)}, ch.Codecs, nil)
	if err != nil {
		t.Fatal(err)
	}
	if enc, _ := p.AppendEncode(nil, []byte{1, 2, 3, 4}); string(enc) != "\x02\x01\x04\x03" {
		t.Errorf("Encode = % x", enc)
	}
}

// TestConcurrentLookup reads a registry while another goroutine registers;
// run with -race.
func TestConcurrentLookup(t *testing.T) {
	r := testRegistry()
	done := make(chan bool)
	go func() {
		for _, n := range []string{"c.a", "c.b", "c.c", "c.d"} {
			r.Register(registry.Registration{Name: n, Kind: codec.KindBytesToBytes, New: newDemo})
		}
		close(done)
	}()
	for i := 0; i < 1000; i++ {
		if _, ok := r.Lookup("bytes"); !ok {
			t.Fatal("lost bytes")
		}
		_ = r.Codecs()
	}
	<-done
	if len(r.Codecs()) != 6 {
		t.Errorf("%d codecs after concurrent registration", len(r.Codecs()))
	}
}

// TestParseCodecLongValuesShortened checks that a huge codec name or key is
// quoted shortened, once, in the message.
func TestParseCodecLongValuesShortened(t *testing.T) {
	r := testRegistry()
	long := strings.Repeat("n", 1<<20)
	for _, entry := range []string{`"` + long + `"`, `{"name": "` + long + `"}`, `{"name": "bytes", "` + long + `": 1}`, `{"name": "bytes", "configuration": {"` + long + `": 1}}`} {
		_, _, err := r.ParseCodec(json.RawMessage(entry), "/codecs/0")
		if err == nil || len(err.Error()) > 300 {
			t.Errorf("message of %d bytes: %.300v", len(fmt.Sprint(err)), err)
		}
	}
}

// TestPickleRefused checks that numcodecs.pickle is refused with the
// reason: unpickling runs code.
func TestPickleRefused(t *testing.T) {
	_, _, err := registry.Default().ParseCodec(json.RawMessage(`{"name": "numcodecs.pickle", "configuration": {"protocol": 5}}`), "/codecs/0")
	if err == nil || !errors.Is(err, codec.ErrUnknownCodec) || !strings.Contains(err.Error(), "unpickling runs code") {
		t.Fatalf("pickle: %v", err)
	}
}

// TestBuild: Build builds a codec from its typed configuration as
// ParseCodec builds it from the entry, with the same errors, pointers
// relative to the entry.
func TestBuild(t *testing.T) {
	t.Parallel()
	r := testRegistry()
	type demoConfig struct {
		Level int    `json:"level"`
		Mode  string `json:"mode"`
	}
	c, err := r.Build("demo", demoConfig{Level: 7, Mode: "small"})
	if err != nil {
		t.Fatal(err)
	}
	parsed, _, err := r.ParseCodec(json.RawMessage(`{"name":"demo","configuration":{"level":7,"mode":"small"}}`), "")
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(parsed, c, cmp.AllowUnexported(demoCodec{})); diff != "" {
		t.Errorf("Build and ParseCodec differ (-parsed +built):\n%s", diff)
	}
	if _, err := r.Build("bytes", nil); err != nil {
		t.Errorf("Build of a codec without a configuration: %v", err)
	}
	var ce *codec.ConfigError
	if _, err := r.Build("demo", demoConfig{Level: 12, Mode: "fast"}); !errors.As(err, &ce) || ce.Pointer != "/configuration/level" || ce.Codec != "demo" {
		t.Errorf("Build with an out-of-range level: %v (pointer %q)", err, ce.Pointer)
	}
	if _, err := r.Build("nope", demoConfig{}); !errors.As(err, &ce) || !errors.Is(err, codec.ErrUnknownCodec) || ce.Pointer != "/name" {
		t.Errorf("Build of an unknown codec: %v", err)
	}
	if _, err := r.Build("demo", []int{1}); !errors.As(err, &ce) || ce.Pointer != "/configuration" {
		t.Errorf("Build with a list for configuration: %v", err)
	}
	if _, err := r.Build("demo", func() {}); !errors.As(err, &ce) || ce.Pointer != "/configuration" {
		t.Errorf("Build with a configuration JSON cannot hold: %v", err)
	}
}
