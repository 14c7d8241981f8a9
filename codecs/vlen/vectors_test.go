package vlen_test

import (
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/codecs/vlen"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/registry"
)

type vectorFile struct {
	Cases  []map[string]json.RawMessage `json:"cases"`
	Arrays []struct {
		Dtype     string   `json:"dtype"`
		Shape     []int    `json:"shape"`
		Elements  []string `json:"elements"`
		VlenArray string   `json:"vlen-array"`
	} `json:"arrays"`
	Unsupported []objectVector `json:"unsupported"`
	Surrogate   objectVector   `json:"surrogate"`
}

// objectVector is a json2 or msgpack2 chunk of numcodecs that zcodec
// refuses, with the index and Python type of the element it refuses.
type objectVector struct {
	Name    string `json:"name"`
	Codec   string `json:"codec"`
	Shape   []int  `json:"shape"`
	Encoded string `json:"encoded"`
	Index   int    `json:"index"`
	Type    string `json:"type"`
}

func readVectors(t *testing.T) vectorFile {
	t.Helper()
	raw, err := os.ReadFile("testdata/vectors.json")
	if err != nil {
		t.Fatal(err)
	}
	var f vectorFile
	if err := json.Unmarshal(raw, &f); err != nil {
		t.Fatal(err)
	}
	return f
}

// TestUnsupportedElementVectors: valid numcodecs 0.11 chunks of object
// arrays holding floats, ints, dicts, NaN, infinities and booleans fail
// with a *codec.ElementError naming the element, wrapping an
// *vlen.UnsupportedError naming its type; they are not corrupt.
func TestUnsupportedElementVectors(t *testing.T) {
	t.Parallel()
	f := readVectors(t)
	if len(f.Unsupported) < 12 {
		t.Fatalf("%d vectors of unsupported elements, want 12", len(f.Unsupported))
	}
	for _, v := range f.Unsupported {
		p := pipeline(t, codecsByKey[v.Codec], numeric.String, v.Shape)
		_, err := p.AppendDecode(nil, b64(t, v.Encoded))
		var ee *codec.ElementError
		var ue *vlen.UnsupportedError
		if !errors.As(err, &ee) || !errors.As(err, &ue) || ee.Index != v.Index || !ee.Decode || ue.Type != v.Type ||
			!errors.Is(err, vlen.ErrUnsupported) || errors.Is(err, codec.ErrCorrupt) {
			t.Errorf("%s: %v; want an unsupported element %d of type %s", v.Name, err, v.Index, v.Type)
			continue
		}
		if msg := err.Error(); !strings.Contains(msg, fmt.Sprintf("element %d", v.Index)) || !strings.Contains(msg, "type "+v.Type) {
			t.Errorf("%s: %q does not name element %d of type %s", v.Name, msg, v.Index, v.Type)
		}
	}
}

// TestLoneSurrogateVector: the \udcff json2 writes for text Python read
// with surrogate escapes is refused as not UTF-8, not read as U+FFFD.
func TestLoneSurrogateVector(t *testing.T) {
	t.Parallel()
	v := readVectors(t).Surrogate
	p := pipeline(t, codecsByKey[v.Codec], numeric.String, v.Shape)
	got, err := p.AppendDecode(nil, b64(t, v.Encoded))
	var ce *codec.CorruptError
	if !errors.As(err, &ce) || !strings.Contains(err.Error(), "not UTF-8") || !strings.Contains(err.Error(), `\udcff`) {
		t.Fatalf("decode: %q, %v; want a *codec.CorruptError saying not UTF-8", got, err)
	}
}

func b64(t testing.TB, s string) []byte {
	t.Helper()
	b, err := base64.StdEncoding.DecodeString(s)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// vlenForm builds the decoded form of a chunk from its elements.
func vlenForm(elems [][]byte) []byte {
	b := binary.LittleEndian.AppendUint32(nil, uint32(len(elems)))
	for _, e := range elems {
		b = binary.LittleEndian.AppendUint32(b, uint32(len(e)))
		b = append(b, e...)
	}
	return b
}

// codecsByKey maps the vector keys to the codec JSON they were written
// with.
var codecsByKey = map[string]string{
	"vlen-utf8":       `{"name": "vlen-utf8"}`,
	"vlen-bytes":      `{"name": "vlen-bytes", "configuration": {}}`,
	"json2":           `{"name": "numcodecs.json2", "configuration": {"encoding": "utf-8", "skipkeys": false, "ensure_ascii": true, "check_circular": true, "allow_nan": true, "indent": null, "separators": [",", ":"], "sort_keys": true, "strict": true}}`,
	"json2-noascii":   `{"name": "numcodecs.json2", "configuration": {"ensure_ascii": false}}`,
	"json2-decode":    `{"name": "numcodecs.json2"}`,
	"msgpack2":        `{"name": "numcodecs.msgpack2", "configuration": {"raw": false, "use_single_float": false, "use_bin_type": true}}`,
	"msgpack2-nobin":  `{"name": "numcodecs.msgpack2", "configuration": {"use_bin_type": false}}`,
	"msgpack2-decode": `{"name": "numcodecs.msgpack2"}`,
}

func pipeline(t testing.TB, codecJSON string, dt numeric.DataType, shape []int) *codec.Pipeline {
	t.Helper()
	c, _, err := registry.Default().ParseCodec(json.RawMessage(codecJSON), "")
	if err != nil {
		t.Fatalf("%s: %v", codecJSON, err)
	}
	p, err := codec.NewPipeline(codec.ChunkSpec{DataType: dt, Shape: shape, FillValue: numeric.Zero(dt)}, []codec.Codec{c}, nil)
	if err != nil {
		t.Fatalf("%s: %v", codecJSON, err)
	}
	return p
}

// TestNumcodecsVectors decodes what numcodecs 0.11 wrote and encodes the
// elements back to the same bytes (testdata/gen_vectors.py).
func TestNumcodecsVectors(t *testing.T) {
	f := readVectors(t)
	checked := 0
	for _, c := range f.Cases {
		var name, kind string
		var shape []int
		var elems []string
		json.Unmarshal(c["name"], &name)
		json.Unmarshal(c["kind"], &kind)
		json.Unmarshal(c["shape"], &shape)
		json.Unmarshal(c["elements"], &elems)
		dt := numeric.String
		if kind == "bytes" {
			dt = numeric.Bytes
		}
		var es [][]byte
		for _, e := range elems {
			es = append(es, b64(t, e))
		}
		want := vlenForm(es)
		for key, cj := range codecsByKey {
			v, ok := c[key]
			if !ok {
				continue
			}
			var s string
			json.Unmarshal(v, &s)
			enc := b64(t, s)
			p := pipeline(t, cj, dt, shape)
			got, err := p.AppendDecode(nil, enc)
			if err != nil || !bytes.Equal(got, want) {
				t.Errorf("%s %s: decode: %v (%d bytes, want %d)", name, key, err, len(got), len(want))
			}
			if !strings.HasSuffix(key, "-decode") {
				back, err := p.AppendEncode(nil, want)
				if err != nil || !bytes.Equal(back, enc) {
					t.Errorf("%s %s: encode: %v\n got %.200q\nwant %.200q", name, key, err, back, enc)
				}
			}
			checked++
		}
	}
	for _, a := range f.Arrays {
		var es [][]byte
		for _, e := range a.Elements {
			es = append(es, b64(t, e))
		}
		p := pipeline(t, `{"name": "numcodecs.vlen-array", "configuration": {"dtype": "`+a.Dtype+`"}}`, numeric.Bytes, a.Shape)
		enc := b64(t, a.VlenArray)
		got, err := p.AppendDecode(nil, enc)
		if err != nil || !bytes.Equal(got, vlenForm(es)) {
			t.Errorf("vlen-array %s: decode %v", a.Dtype, err)
		}
		back, err := p.AppendEncode(nil, vlenForm(es))
		if err != nil || !bytes.Equal(back, enc) {
			t.Errorf("vlen-array %s: encode %v", a.Dtype, err)
		}
		checked++
	}
	if checked < 40 {
		t.Fatalf("only %d vectors checked", checked)
	}
}
