package registry_test

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/zcodec/zcodec/codec"
)

// FuzzParseCodecs parses arbitrary text as a codec list with a registry
// holding bytes and demo: parsing never panics, every error is a
// *codec.ConfigError, a parsed chain has one pointer per codec, and every
// codec's canonical JSON parses back to the same JSON.
func FuzzParseCodecs(f *testing.F) {
	for _, s := range []string{
		`["bytes"]`,
		`[{"name": "bytes", "configuration": {"endian": "little"}}]`,
		`[{"name": "endian", "configuration": {"endian": "big"}}, {"name": "numcodecs.demo", "configuration": {"mode": "fast", "level": 3}}]`,
		`[{"name": "x.y", "must_understand": false}, "bytes"]`,
		`[{"name": "bytes", "configuration": null}]`,
		`[{"name": "bytes", "configuration": {"endian": "big", "endian": "big"}}]`,
		`[{"name": "bytes", "extra": 1}]`,
		`[{"name": "demo", "configuration": {"mode": "small", "level": 1e1}}]`,
		`[{"name": "demo", "configuration": {"mode": "small", "level": 99999999999999999999}}]`,
		`[{"name": 1}, 2, null, [], {}]`,
		`{"name": "bytes"}`,
		`[{"name": "bytes", "must_understand": "yes"}]`,
		`["\u0062ytes"]`,
		`[`,
		``,
	} {
		f.Add([]byte(s))
	}
	r := testRegistry()
	f.Fuzz(func(t *testing.T, data []byte) {
		ch, err := r.ParseCodecs(json.RawMessage(data), "/codecs")
		if err != nil {
			errs := []error{err}
			if j, ok := err.(interface{ Unwrap() []error }); ok {
				errs = j.Unwrap()
			}
			for _, e := range errs {
				var ce *codec.ConfigError
				if !errors.As(e, &ce) || ce.Pointer == "" {
					t.Fatalf("error %v (%T) is not a *codec.ConfigError with a pointer", e, e)
				}
			}
		}
		if len(ch.Codecs) != len(ch.Pointers) {
			t.Fatalf("%d codecs, %d pointers", len(ch.Codecs), len(ch.Pointers))
		}
		if err != nil {
			return
		}
		for i, c := range ch.Codecs {
			j, err := c.MarshalJSON()
			if err != nil {
				t.Fatalf("codec %d: MarshalJSON: %v", i, err)
			}
			back, _, err := r.ParseCodec(j, "/x")
			if err != nil {
				t.Fatalf("codec %d: canonical JSON %s does not parse: %v", i, j, err)
			}
			j2, _ := back.MarshalJSON()
			if string(j2) != string(j) {
				t.Fatalf("codec %d: %s re-parses as %s", i, j, j2)
			}
		}
	})
}
