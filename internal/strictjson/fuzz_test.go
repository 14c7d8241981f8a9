package strictjson_test

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"testing"
	"unicode/utf8"

	"github.com/zcodec/zcodec/internal/strictjson"
)

// FuzzCheck compares Check with encoding/json's validator: whatever Check
// accepts is valid JSON, and valid JSON is accepted unless it repeats a key,
// nests too deep or holds invalid UTF-8. Errors have positions inside the
// input. Parse of an object gives its keys in order.
func FuzzCheck(f *testing.F) {
	files, _ := filepath.Glob("../../testdata/metadata/*.json")
	for _, name := range files {
		if data, err := os.ReadFile(name); err == nil {
			f.Add(data)
		}
	}
	for _, s := range []string{`{}`, `{"a": [1, 2.5e-3, "x\u00e9"], "b": {"c": null}}`, `{"a": 1,}`, `[NaN]`, "\xef\xbb\xbf{}", `{"a":1,"a":2}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		err := strictjson.Check(data, strictjson.Options{MaxDepth: 16})
		valid := json.Valid(data)
		if err == nil {
			if !valid {
				t.Fatalf("Check accepted invalid JSON %q", data)
			}
		} else {
			var e *strictjson.Error
			if !errors.As(err, &e) {
				t.Fatalf("error %v is not a *strictjson.Error", err)
			}
			if e.Line < 1 || e.Column < 1 || e.Offset < 0 || e.Offset > int64(len(data)) {
				t.Fatalf("error %v has a bad position", e)
			}
			if valid && e.Kind != strictjson.KindDuplicate && e.Kind != strictjson.KindDepth && utf8.Valid(data) {
				t.Fatalf("Check rejected valid JSON %q: %v", data, err)
			}
		}
		o, err := strictjson.Parse(data, strictjson.Options{MaxDepth: 16})
		if err != nil {
			return
		}
		var m map[string]json.RawMessage
		if err := json.Unmarshal(data, &m); err != nil {
			t.Fatalf("encoding/json cannot decode an object Parse accepted: %v", err)
		}
		if len(m) != o.Len() {
			t.Fatalf("Parse found %d members, encoding/json %d", o.Len(), len(m))
		}
		for _, k := range o.Keys() {
			raw, _ := o.Raw(k)
			if err := strictjson.Check(raw, strictjson.Options{}); err != nil {
				t.Fatalf("member %q: %v", k, err)
			}
		}
		if o.Finish() != nil {
			t.Fatal("Finish after reading every member")
		}
	})
}
