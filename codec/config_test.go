package codec_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/numeric"
)

const cfgPointer = "/codecs/2/configuration"

func newConfig(t *testing.T, raw string) *codec.Config {
	t.Helper()
	c, err := codec.NewConfig("demo", cfgPointer, json.RawMessage(raw))
	if err != nil {
		t.Fatalf("NewConfig(%s): %v", raw, err)
	}
	return c
}

// wantConfigError checks that err is a *codec.ConfigError with the given
// pointer and a message containing reason.
func wantConfigError(t *testing.T, what string, err error, pointer, reason string) {
	t.Helper()
	var ce *codec.ConfigError
	if !errors.As(err, &ce) {
		t.Errorf("%s: error %v (%T) is not a *codec.ConfigError", what, err, err)
		return
	}
	if ce.Pointer != pointer || !strings.Contains(ce.Reason, reason) || ce.Codec != "demo" {
		t.Errorf("%s: got pointer %q codec %q reason %q; want pointer %q reason containing %q", what, ce.Pointer, ce.Codec, ce.Reason, pointer, reason)
	}
	if !errors.Is(err, codec.ErrConfig) {
		t.Errorf("%s: errors.Is(err, ErrConfig) is false", what)
	}
}

func TestNewConfigErrors(t *testing.T) {
	tests := []struct{ raw, pointer, reason string }{
		{`null`, "", "must be a JSON object"},
		{`[]`, "", "must be a JSON object"},
		{`"little"`, "", "must be a JSON object"},
		{`1`, "", "must be a JSON object"},
		{`{"a": 1, "a": 2}`, "/a", `duplicate configuration key "a"`},
		{`{"a": 1, "\u0061": 2}`, "/a", `duplicate configuration key "a"`},
		{`{"a": {"b": 1, "b": 2}}`, "/a/b", `duplicate key "b"`},
		{`{"a": 1,}`, "", "configuration is not valid JSON: trailing comma before '}' at line 1, column 8 (byte 7)"},
		{`{"a" 1}`, "", "want ':' after the key at line 1"},
		{`{"a": 1} x`, "", "data after the JSON value"},
		{`{`, "", "unexpected end of input"},
		{`{"a": NaN}`, "/a", `bare NaN is not JSON; write the string "NaN"`},
		{"\xef\xbb\xbf{}", "", "byte-order mark"},
		{strings.Repeat(`{"a":`, 70) + "1" + strings.Repeat("}", 70), strings.Repeat("/a", 64), "nest deeper than 64 levels"},
	}
	for _, tt := range tests {
		_, err := codec.NewConfig("demo", cfgPointer, json.RawMessage(tt.raw))
		wantConfigError(t, tt.raw, err, cfgPointer+tt.pointer, tt.reason)
	}
	c := newConfig(t, ` {"a": {"b": 1}} `)
	if !c.Present() || !c.Has("a") || c.Has("b") || c.Codec() != "demo" {
		t.Errorf("config state wrong")
	}
	if c := newConfig(t, ""); c.Present() || c.Has("a") {
		t.Errorf("absent configuration reports present")
	}
	if c := codec.EmptyConfig("demo"); c.Present() || c.Finish() != nil {
		t.Errorf("EmptyConfig not empty")
	}
}

func TestConfigInt(t *testing.T) {
	tests := []struct {
		raw    string
		want   int64
		reason string
	}{
		{`0`, 0, ""},
		{`-5`, -5, ""},
		{`9`, 9, ""},
		{`10`, 0, "10 is out of range [-5, 9]"},
		{`-6`, 0, "-6 is out of range [-5, 9]"},
		{`99999999999999999999`, 0, "out of range"},
		{`1.0`, 0, "want an integer, got 1.0"},
		{`1e1`, 0, "want an integer"},
		{`"3"`, 0, `want an integer, got "3"`},
		{`true`, 0, "want an integer"},
		{`null`, 0, "want an integer"},
		{`[1]`, 0, "want an integer"},
	}
	for _, tt := range tests {
		c := newConfig(t, `{"level": `+tt.raw+`}`)
		v, ok, err := c.Int("level", -5, 9)
		if tt.reason != "" {
			wantConfigError(t, tt.raw, err, cfgPointer+"/level", tt.reason)
			continue
		}
		if err != nil || !ok || v != tt.want {
			t.Errorf("Int(%s) = %d, %v, %v", tt.raw, v, ok, err)
		}
		if err := c.Finish(); err != nil {
			t.Errorf("Finish after reading: %v", err)
		}
	}
	c := newConfig(t, `{}`)
	if v, ok, err := c.Int("level", 0, 9); v != 0 || ok || err != nil {
		t.Errorf("absent Int = %d, %v, %v", v, ok, err)
	}
	long := newConfig(t, `{"level": "`+strings.Repeat("x", 100)+`"}`)
	_, _, err := long.Int("level", 0, 9)
	if err == nil || len(err.Error()) > 120 {
		t.Errorf("long value not shortened: %v", err)
	}
}

func TestConfigGetters(t *testing.T) {
	c := newConfig(t, `{"s": "x\u00e9", "e": "big", "b": true, "f": false, "dt": "float16", "fill": "NaN", "raw": [1, 2]}`)
	if v, ok, err := c.String("s"); v != "xé" || !ok || err != nil {
		t.Errorf("String = %q, %v, %v", v, ok, err)
	}
	if v, ok, err := c.Enum("e", "little", "big"); v != "big" || !ok || err != nil {
		t.Errorf("Enum = %q, %v, %v", v, ok, err)
	}
	if v, ok, err := c.Bool("b"); !v || !ok || err != nil {
		t.Errorf("Bool = %v, %v, %v", v, ok, err)
	}
	if v, ok, err := c.Bool("f"); v || !ok || err != nil {
		t.Errorf("Bool = %v, %v, %v", v, ok, err)
	}
	if v, ok, err := c.DataType("dt"); v != numeric.Float16 || !ok || err != nil {
		t.Errorf("DataType = %v, %v, %v", v, ok, err)
	}
	if v, ok, err := c.FillValue("fill", numeric.Float16); !ok || err != nil || v != numeric.ScalarFromBits(numeric.Float16, 0x7e00, 0) {
		t.Errorf("FillValue = %v, %v, %v", v, ok, err)
	}
	if err := c.Finish(); err == nil || !strings.Contains(err.Error(), `unknown configuration key "raw"`) {
		t.Errorf("Finish before reading raw = %v", err)
	}
	if v, ok := c.Raw("raw"); string(v) != "[1, 2]" || !ok {
		t.Errorf("Raw = %s, %v", v, ok)
	}
	if err := c.Finish(); err != nil {
		t.Errorf("Finish = %v", err)
	}
	for _, get := range []func() (bool, error){
		func() (bool, error) { _, ok, err := c.String("none"); return ok, err },
		func() (bool, error) { _, ok, err := c.Enum("none", "a"); return ok, err },
		func() (bool, error) { _, ok, err := c.Bool("none"); return ok, err },
		func() (bool, error) { _, ok, err := c.DataType("none"); return ok, err },
		func() (bool, error) { _, ok, err := c.FillValue("none", numeric.Int8); return ok, err },
		func() (bool, error) { _, ok := c.Raw("none"); return ok, nil },
	} {
		if ok, err := get(); ok || err != nil {
			t.Errorf("absent key: ok=%v err=%v", ok, err)
		}
	}
}

func TestConfigGetterErrors(t *testing.T) {
	tests := []struct {
		raw    string
		get    func(c *codec.Config) error
		reason string
	}{
		{`1`, func(c *codec.Config) error { _, _, err := c.String("k"); return err }, "want a string, got 1"},
		{`null`, func(c *codec.Config) error { _, _, err := c.String("k"); return err }, "want a string, got null"},
		{`"mid"`, func(c *codec.Config) error { _, _, err := c.Enum("k", "a", "b"); return err }, `"mid" is not one of "a", "b"`},
		{`2`, func(c *codec.Config) error { _, _, err := c.Enum("k", "a"); return err }, "want a string"},
		{`"true"`, func(c *codec.Config) error { _, _, err := c.Bool("k"); return err }, `want true or false, got "true"`},
		{`1`, func(c *codec.Config) error { _, _, err := c.Bool("k"); return err }, "want true or false"},
		{`"float8"`, func(c *codec.Config) error { _, _, err := c.DataType("k"); return err }, `unsupported data type "float8"`},
		{`7`, func(c *codec.Config) error { _, _, err := c.DataType("k"); return err }, "want a string"},
		{`300`, func(c *codec.Config) error { _, _, err := c.FillValue("k", numeric.Uint8); return err }, "out of range [0, 255]"},
		{`"0x7fc0"`, func(c *codec.Config) error { _, _, err := c.FillValue("k", numeric.Float32); return err }, "hex needs exactly 8 digits"},
	}
	for _, tt := range tests {
		c := newConfig(t, `{"k": `+tt.raw+`}`)
		wantConfigError(t, tt.raw, tt.get(c), cfgPointer+"/k", tt.reason)
	}
	// the numeric errors stay inspectable
	c := newConfig(t, `{"dt": "float8", "fill": 300}`)
	_, _, err := c.DataType("dt")
	var de *numeric.DataTypeError
	if !errors.As(err, &de) || de.Name != "float8" {
		t.Errorf("DataType error %v does not wrap a *numeric.DataTypeError", err)
	}
	_, _, err = c.FillValue("fill", numeric.Uint8)
	var fe *numeric.FillValueError
	if !errors.As(err, &fe) || fe.DataType != numeric.Uint8 {
		t.Errorf("FillValue error %v does not wrap a *numeric.FillValueError", err)
	}
}

func TestConfigRequireFinishPointer(t *testing.T) {
	c := newConfig(t, `{"b": 1, "a/x~y": 2, "c": 3}`)
	wantConfigError(t, "Require", c.Require("b", "missing", "c"), cfgPointer, `missing required key "missing"`)
	if err := c.Require("b", "c"); err != nil {
		t.Errorf("Require of present keys: %v", err)
	}
	c.Raw("b")
	// the first unread key in document order, with its pointer escaped (RFC 6901)
	wantConfigError(t, "Finish", c.Finish(), cfgPointer+"/a~1x~0y", `unknown configuration key "a/x~y"`)
	if p := c.Pointer("a/x~y"); p != cfgPointer+"/a~1x~0y" {
		t.Errorf("Pointer = %q", p)
	}
	e := c.Errorf("", "whole config %d", 1)
	if e.Pointer != cfgPointer || e.Key != "" || e.Reason != "whole config 1" {
		t.Errorf("Errorf(\"\") = %+v", e)
	}
	e = c.Errorf("c", "bad %s", "c")
	if e.Pointer != cfgPointer+"/c" || e.Key != "c" || e.Error() != cfgPointer+"/c: demo: bad c" {
		t.Errorf("Errorf(c) = %+v", e)
	}
	absent := newConfig(t, "")
	wantConfigError(t, "Require without configuration", absent.Require("data_type"), cfgPointer, `configuration with "data_type" is required`)
}

func TestConfigNested(t *testing.T) {
	c := newConfig(t, `{"scalar_map": {"encode": [["NaN", 0]], "decod": []}, "order": [2, 0, 1], "bad": [0, 9]}`)
	sub, ok, err := c.Object("scalar_map")
	if err != nil || !ok {
		t.Fatalf("Object = %v, %v", ok, err)
	}
	list, ok, err := sub.Array("encode")
	if err != nil || !ok || len(list) != 1 || string(list[0]) != `["NaN", 0]` {
		t.Errorf("Array = %q, %v, %v", list, ok, err)
	}
	// An unknown nested key names the configuration key it is in, and the
	// keys that were asked for.
	var ce *codec.ConfigError
	err = sub.Finish()
	wantConfigError(t, "nested Finish", err, cfgPointer+"/scalar_map/decod", `unknown scalar_map key "decod" (known keys: "encode")`)
	if errors.As(err, &ce) && ce.Key != "scalar_map" {
		t.Errorf("nested error Key = %q, want scalar_map", ce.Key)
	}
	if e := sub.Errorf("encode", "entry %d", 0); e.Key != "scalar_map" || e.Pointer != cfgPointer+"/scalar_map/encode" {
		t.Errorf("nested Errorf = %+v", e)
	}
	if v, ok, err := c.Ints("order", 0, 2); err != nil || !ok || len(v) != 3 || v[0] != 2 {
		t.Errorf("Ints = %v, %v, %v", v, ok, err)
	}
	_, _, err = c.Ints("bad", 0, 2)
	wantConfigError(t, "Ints", err, cfgPointer+"/bad/1", "9 is out of range [0, 2]")
	if _, _, err := c.Object("order"); err == nil {
		t.Error("Object of an array succeeded")
	}
	if err := c.Finish(); err != nil {
		t.Errorf("Finish = %v", err)
	}
	// Finish names the keys the factory asked for.
	c = newConfig(t, `{"levle": 1}`)
	c.Int("level", 0, 9)
	c.Bool("checksum")
	wantConfigError(t, "Finish", c.Finish(), cfgPointer+"/levle", `unknown configuration key "levle" (known keys: "level", "checksum")`)
}

// TestConfigErrorMessagesShort checks that a huge key or value is shown
// shortened, once.
func TestConfigErrorMessagesShort(t *testing.T) {
	long := strings.Repeat("k", 1<<20)
	for _, raw := range []string{`{"` + long + `": 1}`, `{"a": "` + long + `"}`} {
		c := newConfig(t, raw)
		_, _, err := c.Int("a", 0, 1)
		if err == nil {
			err = c.Finish()
		}
		if err == nil || len(err.Error()) > 200 {
			t.Errorf("message of %d bytes: %.300s", len(fmt.Sprint(err)), err)
		}
	}
}

// listParser is a codec.ChainParser that records what it is asked.
type listParser struct{ pointers []string }

func (l *listParser) ParseCodecs(raw json.RawMessage, pointer string) (codec.Chain, error) {
	l.pointers = append(l.pointers, pointer)
	return codec.Chain{}, nil
}

// TestConfigCodecsNested checks that an object nested in a configuration
// builds codec lists with the configuration's parser, at its own pointer.
func TestConfigCodecsNested(t *testing.T) {
	c := newConfig(t, `{"codecs": [], "inner": {"codecs": ["bytes"]}}`)
	if _, _, err := c.Codecs("codecs"); err == nil {
		t.Error("Codecs without a parser succeeded")
	}
	lp := &listParser{}
	c.SetChainParser(lp)
	sub, _, err := c.Object("inner")
	if err != nil {
		t.Fatal(err)
	}
	if _, ok, err := sub.Codecs("codecs"); !ok || err != nil {
		t.Fatalf("nested Codecs: %v, %v", ok, err)
	}
	if len(lp.pointers) != 1 || lp.pointers[0] != cfgPointer+"/inner/codecs" {
		t.Errorf("parser asked for %q", lp.pointers)
	}
}
