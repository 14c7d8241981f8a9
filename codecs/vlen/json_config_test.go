package vlen_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"testing"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/codecs/vlen"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/registry"
)

// configuredVector is a json2 chunk numcodecs 0.11 wrote with a
// configuration other than its default: of a case's elements, or (Index
// and Type set) of strings beside NaN or an infinity.
type configuredVector struct {
	Config  json.RawMessage `json:"config"`
	Case    string          `json:"case"`
	Shape   []int           `json:"shape"`
	Encoded string          `json:"encoded"`
	Index   *int            `json:"index"`
	Type    string          `json:"type"`
}

// TestJSONConfiguredVectors: json2 chunks numcodecs wrote with indents,
// separators, ensure_ascii and the flags decode to their elements, and
// the elements encode back to the same bytes with the same configuration;
// chunks holding NaN and the infinities (as Python writes them, in those
// layouts) parse and fail with the element's index and type.
func TestJSONConfiguredVectors(t *testing.T) {
	t.Parallel()
	raw, err := os.ReadFile("testdata/vectors.json")
	if err != nil {
		t.Fatal(err)
	}
	var f struct {
		Cases      []map[string]json.RawMessage `json:"cases"`
		Configured []configuredVector           `json:"configured"`
	}
	if err := json.Unmarshal(raw, &f); err != nil {
		t.Fatal(err)
	}
	cases := map[string]struct {
		shape []int
		elems [][]byte
	}{}
	for _, c := range f.Cases {
		var name string
		var elems []string
		var shape []int
		json.Unmarshal(c["name"], &name)
		json.Unmarshal(c["elements"], &elems)
		json.Unmarshal(c["shape"], &shape)
		var es [][]byte
		for _, e := range elems {
			es = append(es, b64(t, e))
		}
		cases[name] = struct {
			shape []int
			elems [][]byte
		}{shape, es}
	}
	encoded, failing := 0, 0
	for _, v := range f.Configured {
		cj := `{"name": "numcodecs.json2", "configuration": ` + string(v.Config) + `}`
		enc := b64(t, v.Encoded)
		if v.Index != nil {
			p := pipeline(t, cj, numeric.String, v.Shape)
			_, err := p.AppendDecode(nil, enc)
			var ee *codec.ElementError
			var ue *vlen.UnsupportedError
			if !errors.As(err, &ee) || !errors.As(err, &ue) || ee.Index != *v.Index || ue.Type != v.Type {
				t.Errorf("%s %q: %v; want element %d of type %s unsupported", v.Config, enc, err, *v.Index, v.Type)
			}
			failing++
			continue
		}
		c, ok := cases[v.Case]
		if !ok {
			t.Fatalf("no case %q", v.Case)
		}
		p := pipeline(t, cj, numeric.String, c.shape)
		want := vlenForm(c.elems)
		got, err := p.AppendDecode(nil, enc)
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("%s %s: decode: %v", v.Config, v.Case, err)
		}
		back, err := p.AppendEncode(nil, want)
		if err != nil || !bytes.Equal(back, enc) {
			t.Errorf("%s %s: encode: %v\n got %.300q\nwant %.300q", v.Config, v.Case, err, back, enc)
		}
		// Reading does not depend on the configuration.
		got, err = pipeline(t, `{"name": "numcodecs.json2"}`, numeric.String, c.shape).AppendDecode(nil, enc)
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("%s %s: decode with the default configuration: %v", v.Config, v.Case, err)
		}
		encoded++
	}
	if encoded < 30 || failing < 25 {
		t.Fatalf("%d configured vectors encoded and %d failing, want 30 and 25", encoded, failing)
	}
}

// TestJSONConfigurations: configurations numcodecs takes but writes no
// JSON with read, and fail to encode with a *codec.ConfigError; those
// numcodecs could not build are refused; strict false reads raw control
// characters in strings, as Python does.
func TestJSONConfigurations(t *testing.T) {
	t.Parallel()
	chunk := []byte(`["a","b","|O",[2]]`)
	want := vlenForm([][]byte{[]byte("a"), []byte("b")})
	for _, cfg := range []string{
		`{"indent": "xx"}`, `{"indent": 1.5}`, `{"indent": 100000}`, `{"separators": [";", ":"]}`,
	} {
		p := pipeline(t, `{"name": "numcodecs.json2", "configuration": `+cfg+`}`, numeric.String, []int{2})
		got, err := p.AppendDecode(nil, chunk)
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("%s: decode: %v", cfg, err)
		}
		var ce *codec.ConfigError
		if _, err := p.AppendEncode(nil, want); !errors.As(err, &ce) {
			t.Errorf("%s: encode: %v; want a *codec.ConfigError", cfg, err)
		}
	}
	for _, cfg := range []string{`{"separators": [","]}`, `{"separators": 1}`, `{"indent": [1]}`, `{"encoding": "latin-1"}`} {
		c := `{"name": "numcodecs.json2", "configuration": ` + cfg + `}`
		if _, _, err := registry.Default().ParseCodec(json.RawMessage(c), ""); err == nil {
			t.Errorf("%s: accepted", cfg)
		}
	}
	raw := []byte("[\"a\tb\",\"c\x01\",\"|O\",[2]]")
	p := pipeline(t, `{"name": "numcodecs.json2", "configuration": {"strict": false}}`, numeric.String, []int{2})
	got, err := p.AppendDecode(nil, raw)
	if err != nil || !bytes.Equal(got, vlenForm([][]byte{[]byte("a\tb"), []byte("c\x01")})) {
		t.Errorf("strict false: %q, %v", got, err)
	}
	p = pipeline(t, `{"name": "numcodecs.json2", "configuration": {"strict": true}}`, numeric.String, []int{2})
	var ce *codec.CorruptError
	if _, err := p.AppendDecode(nil, raw); !errors.As(err, &ce) {
		t.Errorf("strict true: %v; want a *codec.CorruptError", err)
	}
}

func parseCodec(cj string) (codec.Codec, *codec.Warning, error) {
	return registry.Default().ParseCodec(json.RawMessage(cj), "")
}
