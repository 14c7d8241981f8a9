package strictjson_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/zcodec/zcodec/internal/strictjson"
)

// wantError checks that err is a *strictjson.Error of kind at pointer whose
// reason contains reason.
func wantError(t *testing.T, what string, err error, kind strictjson.Kind, pointer, reason string) *strictjson.Error {
	t.Helper()
	var e *strictjson.Error
	if !errors.As(err, &e) {
		t.Errorf("%s: error %v (%T), want a *strictjson.Error", what, err, err)
		return nil
	}
	if e.Kind != kind || e.Pointer != pointer || !strings.Contains(e.Reason, reason) {
		t.Errorf("%s: got kind %v pointer %q reason %q; want kind %v pointer %q reason containing %q", what, e.Kind, e.Pointer, e.Reason, kind, pointer, reason)
	}
	return e
}

func TestSyntaxErrors(t *testing.T) {
	tests := []struct {
		doc          string
		pointer      string
		reason       string
		line, column int
		offset       int64
	}{
		{"", "", "empty document", 1, 1, 0},
		{"  \n ", "", "empty document", 2, 2, 4},
		{"\xef\xbb\xbf{}", "", "byte-order mark", 1, 1, 0},
		{`{"a": 1,}`, "", "trailing comma before '}'", 1, 8, 7},
		{"{\n  \"a\": [1, 2,\n  ]\n}", "/a", "trailing comma before ']'", 2, 13, 14},
		{`{"a": NaN}`, "/a", `bare NaN is not JSON; write the string "NaN"`, 1, 7, 6},
		{`{"a": -Infinity}`, "/a", `bare -Infinity is not JSON; write the string "-Infinity"`, 1, 7, 6},
		{`{"a": Infinity}`, "/a", `write the string "Infinity"`, 1, 7, 6},
		{`{"a": [1, nan]}`, "/a/1", `bare nan is not JSON; write the string "NaN"`, 1, 11, 10},
		{`{"a": 'x'}`, "/a", "single quote", 1, 7, 6},
		{`{"a": 1 // note` + "\n}", "", "comment", 1, 9, 8},
		{`{"a": 1} {}`, "", "data after the JSON value: character '{'", 1, 10, 9},
		{`{"a": 01}`, "/a", "leading zero", 1, 7, 6},
		{`{"a": 1.}`, "/a", "after the decimal point", 1, 9, 8},
		{`{"a": 1e}`, "/a", "exponent", 1, 9, 8},
		{`{"a": +1}`, "/a", "character '+'; want a value", 1, 7, 6},
		{`{"a": "x` + "\n" + `"}`, "/a", "control character U+000A", 1, 9, 8},
		{`{"a": "\q"}`, "/a", `invalid escape "\\q"`, 1, 8, 7},
		{`{"a": "\u12"}`, "/a", `four hex digits`, 1, 8, 7},
		{"{\"a\": \"\xff\"}", "/a", "byte 0xff in a string is not UTF-8", 1, 8, 7},
		{`{"a": "x}`, "/a", "string not terminated", 1, 7, 6},
		{`{"a" 1}`, "", "want ':' after the key", 1, 6, 5},
		{`{a: 1}`, "", "character 'a'; want a key in double quotes", 1, 2, 1},
		{`{"a": tru}`, "/a", "character 't'; want a value", 1, 7, 6},
		{`{"a": 1`, "", "unexpected end of input; want ',' or '}'", 1, 8, 7},
		{`{"é": "€", "b": x}`, "/b", "character 'x'", 1, 17, 19},
		{`{"a": {"b": [1, {"c": }]}}`, "/a/b/1/c", "want a value", 1, 23, 22},
	}
	for _, tt := range tests {
		err := strictjson.Check([]byte(tt.doc), strictjson.Options{})
		e := wantError(t, fmt.Sprintf("%q", tt.doc), err, strictjson.KindSyntax, tt.pointer, tt.reason)
		if e != nil && (e.Line != tt.line || e.Column != tt.column || e.Offset != tt.offset) {
			t.Errorf("%q: at line %d column %d offset %d; want %d, %d, %d", tt.doc, e.Line, e.Column, e.Offset, tt.line, tt.column, tt.offset)
		}
		if e != nil && !strings.Contains(e.Error(), fmt.Sprintf("line %d, column %d (byte %d)", tt.line, tt.column, tt.offset)) {
			t.Errorf("%q: message %q lacks the position", tt.doc, e.Error())
		}
	}
}

func TestValidDocuments(t *testing.T) {
	for _, doc := range []string{
		`{}`, ` { } `, `{"a": [], "b": {}, "c": [1, -0, 0.5, -1.25e-3, 1E+9, true, false, null, "\"\\\/\b\f\n\r\t\u00e9\ud83d\ude00"]}`,
		"{\"\u00e9\u20ac\U0001F600\": 1}", `[1, {"a": [{"a": 1}]}]`, `"x"`, `0`, `-0.0e0`, `null`,
	} {
		if err := strictjson.Check([]byte(doc), strictjson.Options{}); err != nil {
			t.Errorf("Check(%s) = %v", doc, err)
		}
	}
}

func TestDuplicateKeys(t *testing.T) {
	tests := []struct{ doc, pointer, key string }{
		{`{"a": 1, "a": 2}`, "/a", "a"},
		{`{"a": 1, "\u0061": 2}`, "/a", "a"},
		{`{"x": {"b": 1, "b": 2}}`, "/x/b", "b"},
		{`{"x": [0, {"a/b": 1, "a/b": 2}]}`, "/x/1/a~1b", "a/b"},
	}
	for _, tt := range tests {
		_, err := strictjson.Parse([]byte(tt.doc), strictjson.Options{})
		e := wantError(t, tt.doc, err, strictjson.KindDuplicate, tt.pointer, "duplicate key")
		if e != nil && (e.Key != tt.key || e.Line != 1) {
			t.Errorf("%s: key %q line %d", tt.doc, e.Key, e.Line)
		}
	}
	_, err := strictjson.Parse([]byte(`{"x": [0, {"a/b": 1, "a/b": 2}]}`), strictjson.Options{Pointer: "/doc"})
	if e := wantError(t, "path", err, strictjson.KindDuplicate, "/doc/x/1/a~1b", "duplicate"); e != nil && strings.Join(e.Path, "|") != "x|1|a/b" {
		t.Errorf("Path = %q", e.Path)
	}
	// Many keys (past the point where a map takes over) and one repeat.
	var b strings.Builder
	b.WriteString("{")
	for i := range 100 {
		fmt.Fprintf(&b, `"k%d": %d, `, i, i)
	}
	b.WriteString(`"k7": 0}`)
	_, err = strictjson.Parse([]byte(b.String()), strictjson.Options{})
	wantError(t, "100 keys", err, strictjson.KindDuplicate, "/k7", `duplicate key "k7"`)
}

func TestDepth(t *testing.T) {
	deep := func(n int) string { return strings.Repeat(`{"a":`, n-1) + "[]" + strings.Repeat("}", n-1) }
	if err := strictjson.Check([]byte(deep(strictjson.DefaultMaxDepth)), strictjson.Options{}); err != nil {
		t.Errorf("depth %d: %v", strictjson.DefaultMaxDepth, err)
	}
	err := strictjson.Check([]byte(deep(strictjson.DefaultMaxDepth+1)), strictjson.Options{})
	wantError(t, "too deep", err, strictjson.KindDepth, strings.Repeat("/a", strictjson.DefaultMaxDepth), "nest deeper than 64 levels")
	err = strictjson.Check([]byte(`[[[1]]]`), strictjson.Options{MaxDepth: 2})
	wantError(t, "MaxDepth 2", err, strictjson.KindDepth, "/0/0", "deeper than 2")
	// A million open brackets is an error, not a stack overflow.
	err = strictjson.Check([]byte(strings.Repeat("[", 1<<20)), strictjson.Options{})
	wantError(t, "a million brackets", err, strictjson.KindDepth, strings.Repeat("/0", strictjson.DefaultMaxDepth), "deeper")
}

func TestNotAnObject(t *testing.T) {
	for doc, got := range map[string]string{`[1]`: "an array [1]", `null`: "null", `"s"`: `a string "s"`, `12`: "a number 12"} {
		_, err := strictjson.Parse([]byte(doc), strictjson.Options{Pointer: "/p"})
		wantError(t, doc, err, strictjson.KindType, "/p", "want a JSON object, got "+got)
	}
	_, err := strictjson.ParseArray([]byte(`{}`), strictjson.Options{})
	wantError(t, "ParseArray", err, strictjson.KindType, "", "want a JSON array, got an object {}")
	elems, err := strictjson.ParseArray([]byte(` [ 1 , {"a": [2]} ,"x"] `), strictjson.Options{})
	if err != nil || len(elems) != 3 || string(elems[1]) != `{"a": [2]}` || string(elems[2]) != `"x"` {
		t.Errorf("ParseArray = %q, %v", elems, err)
	}
}

func TestGetters(t *testing.T) {
	o, err := strictjson.Parse([]byte(`{"s": "x\u00e9", "e": "big", "t": true, "f": false, "i": -5, "n": null,
		"ints": [1, 2, 3], "obj": {"k": "v"}, "arr": [1, "two", {"three": 3}], "extra": 0}`), strictjson.Options{Pointer: "/cfg"})
	if err != nil {
		t.Fatal(err)
	}
	if v, ok, err := o.String("s"); v != "xé" || !ok || err != nil {
		t.Errorf("String = %q %v %v", v, ok, err)
	}
	if v, ok, err := o.Enum("e", "little", "big"); v != "big" || !ok || err != nil {
		t.Errorf("Enum = %q %v %v", v, ok, err)
	}
	if v, ok, err := o.Bool("t"); !v || !ok || err != nil {
		t.Errorf("Bool(t) = %v %v %v", v, ok, err)
	}
	if v, ok, err := o.Bool("f"); v || !ok || err != nil {
		t.Errorf("Bool(f) = %v %v %v", v, ok, err)
	}
	if v, ok, err := o.Int("i", -10, 10); v != -5 || !ok || err != nil {
		t.Errorf("Int = %v %v %v", v, ok, err)
	}
	if v, ok := o.Raw("n"); string(v) != "null" || !ok {
		t.Errorf("Raw = %s %v", v, ok)
	}
	if v, ok, err := o.Ints("ints", 1, 3); fmt.Sprint(v) != "[1 2 3]" || !ok || err != nil {
		t.Errorf("Ints = %v %v %v", v, ok, err)
	}
	sub, ok, err := o.Object("obj")
	if err != nil || !ok || sub.Pointer() != "/cfg/obj" {
		t.Fatalf("Object = %v %v %v", sub, ok, err)
	}
	if v, _, err := sub.String("k"); v != "v" || err != nil || sub.Finish() != nil {
		t.Errorf("sub String = %q %v", v, err)
	}
	if e := wantError(t, "nested", sub.Errorf("k", "bad"), strictjson.KindInvalid, "/cfg/obj/k", "bad"); e != nil && strings.Join(e.Path, "|") != "obj|k" {
		t.Errorf("nested Path = %q", e.Path)
	}
	if elems, ok, err := o.Array("arr"); len(elems) != 3 || !ok || err != nil || string(elems[2]) != `{"three": 3}` {
		t.Errorf("Array = %q %v %v", elems, ok, err)
	}
	if got := o.Keys(); len(got) != 10 || got[0] != "s" || got[9] != "extra" || o.Len() != 10 {
		t.Errorf("Keys = %q", got)
	}
	err = o.Finish()
	e := wantError(t, "Finish", err, strictjson.KindUnknown, "/cfg/extra", `unknown key "extra"`)
	if e != nil && strings.Join(e.Allowed, ",") != "s,e,t,f,i,n,ints,obj,arr" {
		t.Errorf("Allowed = %q", e.Allowed)
	}
	if _, ok := o.Raw("extra"); !ok || o.Finish() != nil {
		t.Error("Finish after reading every member")
	}
	for _, get := range []func() (bool, error){
		func() (bool, error) { _, ok, err := o.String("none"); return ok, err },
		func() (bool, error) { _, ok, err := o.Enum("none", "a"); return ok, err },
		func() (bool, error) { _, ok, err := o.Bool("none"); return ok, err },
		func() (bool, error) { _, ok, err := o.Int("none", 0, 1); return ok, err },
		func() (bool, error) { _, ok, err := o.Ints("none", 0, 1); return ok, err },
		func() (bool, error) { _, ok, err := o.Object("none"); return ok, err },
		func() (bool, error) { _, ok, err := o.Array("none"); return ok, err },
		func() (bool, error) { _, ok := o.Raw("none"); return ok, nil },
	} {
		if ok, err := get(); ok || err != nil {
			t.Errorf("absent member: ok=%v err=%v", ok, err)
		}
	}
	if o.Has("none") || !o.Has("s") {
		t.Error("Has")
	}
}

func TestGetterErrors(t *testing.T) {
	tests := []struct {
		value  string
		get    func(o *strictjson.Object) error
		kind   strictjson.Kind
		ptr    string
		reason string
	}{
		{`1`, func(o *strictjson.Object) error { _, _, err := o.String("k"); return err }, strictjson.KindType, "/k", "want a string, got 1"},
		{`"mid"`, func(o *strictjson.Object) error { _, _, err := o.Enum("k", "a", "b"); return err }, strictjson.KindEnum, "/k", `"mid" is not one of "a", "b"`},
		{`"true"`, func(o *strictjson.Object) error { _, _, err := o.Bool("k"); return err }, strictjson.KindType, "/k", `want true or false, got "true"`},
		{`10`, func(o *strictjson.Object) error { _, _, err := o.Int("k", -5, 9); return err }, strictjson.KindRange, "/k", "10 is out of range [-5, 9]"},
		{`99999999999999999999`, func(o *strictjson.Object) error { _, _, err := o.Int("k", 0, 9); return err }, strictjson.KindRange, "/k", "out of range"},
		{`1.0`, func(o *strictjson.Object) error { _, _, err := o.Int("k", 0, 9); return err }, strictjson.KindType, "/k", "want an integer, got 1.0"},
		{`1e1`, func(o *strictjson.Object) error { _, _, err := o.Int("k", 0, 9); return err }, strictjson.KindType, "/k", "want an integer"},
		{`[1, 0, 3]`, func(o *strictjson.Object) error { _, _, err := o.Ints("k", 1, 9); return err }, strictjson.KindRange, "/k/1", "0 is out of range [1, 9]"},
		{`[1, "2"]`, func(o *strictjson.Object) error { _, _, err := o.Ints("k", 1, 9); return err }, strictjson.KindType, "/k/1", `want an integer, got "2"`},
		{`{"a": 1}`, func(o *strictjson.Object) error { _, _, err := o.Ints("k", 1, 9); return err }, strictjson.KindType, "/k", "want an array of integers"},
		{`[]`, func(o *strictjson.Object) error { _, _, err := o.Object("k"); return err }, strictjson.KindType, "/k", "want an object, got []"},
		{`{}`, func(o *strictjson.Object) error { _, _, err := o.Array("k"); return err }, strictjson.KindType, "/k", "want an array, got {}"},
		{`1`, func(o *strictjson.Object) error { return o.Require("k", "other") }, strictjson.KindMissing, "", `missing required key "other"`},
		{`1`, func(o *strictjson.Object) error { return o.Errorf("k", "must be %s", "even") }, strictjson.KindInvalid, "/k", "must be even"},
		{`1`, func(o *strictjson.Object) error { return o.Errorf("", "whole object") }, strictjson.KindInvalid, "", "whole object"},
		{`"` + strings.Repeat("z", 5000) + `"`, func(o *strictjson.Object) error { _, _, err := o.Int("k", 0, 9); return err }, strictjson.KindType, "/k", "... (5002 bytes)"},
	}
	for _, tt := range tests {
		o, err := strictjson.Parse([]byte(`{"k": `+tt.value+`}`), strictjson.Options{})
		if err != nil {
			t.Fatal(err)
		}
		e := wantError(t, tt.value, tt.get(o), tt.kind, tt.ptr, tt.reason)
		if e != nil && len(e.Error()) > 200 {
			t.Errorf("%.20s: message of %d bytes", tt.value, len(e.Error()))
		}
	}
}

// codeError is a caller's own error type, built by NewError.
type codeError struct {
	where, what string
}

func (e *codeError) Error() string { return e.where + ": " + e.what }

func TestNewError(t *testing.T) {
	calls := 0
	opts := strictjson.Options{Pointer: "/codecs/0/configuration", NewError: func(e *strictjson.Error) error {
		calls++
		what := e.Reason
		if e.Kind == strictjson.KindUnknown {
			what = fmt.Sprintf("unknown configuration key %q (want %s)", e.Key, strictjson.QuoteList(e.Allowed))
		}
		return &codeError{where: e.Pointer, what: what}
	}}
	o, err := strictjson.Parse([]byte(`{"level": 3, "x": {"y": 1}}`), opts)
	if err != nil {
		t.Fatal(err)
	}
	o.Int("level", 0, 9)
	o.Has("checksum")
	var ce *codeError
	if err := o.Finish(); !errors.As(err, &ce) || ce.where != "/codecs/0/configuration/x" || ce.what != `unknown configuration key "x" (want "level", "checksum")` {
		t.Errorf("Finish = %v", err)
	}
	x, _, _ := o.Object("x")
	if err := x.Finish(); !errors.As(err, &ce) || ce.where != "/codecs/0/configuration/x/y" {
		t.Errorf("nested Finish = %v", err)
	}
	if _, err := strictjson.Parse([]byte(`{"a": [1,]}`), opts); !errors.As(err, &ce) || ce.where != "/codecs/0/configuration/a" {
		t.Errorf("syntax error through NewError = %v", err)
	}
	if calls != 3 {
		t.Errorf("NewError called %d times, want 3", calls)
	}
}

func TestPointer(t *testing.T) {
	tests := []struct {
		base   string
		tokens []string
		want   string
	}{
		{"", nil, ""},
		{"", []string{"a/b"}, "/a~1b"},
		{"/codecs", []string{"0", "configuration"}, "/codecs/0/configuration"},
		{"", []string{"m~n", "~1", ""}, "/m~0n/~01/"},
	}
	for _, tt := range tests {
		if got := strictjson.Pointer(tt.base, tt.tokens...); got != tt.want {
			t.Errorf("Pointer(%q, %q) = %q, want %q", tt.base, tt.tokens, got, tt.want)
		}
	}
	if strictjson.Escape("~/") != "~0~1" {
		t.Error("Escape")
	}
}

// TestKeysMatchEncodingJSON checks that keys decode as encoding/json
// decodes them, escapes included.
func TestKeysMatchEncodingJSON(t *testing.T) {
	doc := `{"plain": 1, "tab\t": 2, "\u00e9\u0301": 3, "\ud83d\ude00": 4, "\ud800": 5, "q\"": 6}`
	o, err := strictjson.Parse([]byte(doc), strictjson.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal([]byte(doc), &m); err != nil {
		t.Fatal(err)
	}
	for _, k := range o.Keys() {
		if _, ok := m[k]; !ok {
			t.Errorf("key %q not a key of encoding/json's decoding", k)
		}
	}
}

func ExampleParse() {
	obj, err := strictjson.Parse([]byte(`{"level": 3, "checksum": false, "lvl": 1}`), strictjson.Options{Pointer: "/codecs/1/configuration"})
	if err != nil {
		fmt.Println(err)
		return
	}
	level, _, err := obj.Int("level", -131072, 22)
	fmt.Println(level, err)
	checksum, _, err := obj.Bool("checksum")
	fmt.Println(checksum, err)
	fmt.Println(obj.Finish())

	_, err = strictjson.Parse([]byte("{\n  \"level\": NaN\n}"), strictjson.Options{})
	fmt.Println(err)
	// Output:
	// 3 <nil>
	// false <nil>
	// /codecs/1/configuration/lvl: unknown key "lvl"
	// /level: bare NaN is not JSON; write the string "NaN" at line 2, column 12 (byte 13)
}
