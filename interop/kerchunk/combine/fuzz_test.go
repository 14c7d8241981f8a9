package combine

import (
	"context"
	"testing"

	"github.com/zcodec/zcodec/interop/kerchunk"
)

// FuzzCombine combines two reference sets of any content: errors, never a
// panic.
func FuzzCombine(f *testing.F) {
	a := `{"version":1,"refs":{".zgroup":"{\"zarr_format\":2}","t/.zarray":"{\"chunks\":[2],\"compressor\":null,\"dtype\":\"<f8\",\"fill_value\":null,\"filters\":null,\"order\":\"C\",\"shape\":[2],\"zarr_format\":2}","t/.zattrs":"{\"_ARRAY_DIMENSIONS\":[\"time\"],\"units\":\"days since 2000-01-01\"}","t/0":"base64:AAAAAAAAAAAAAAAAAADwPw=="}}`
	b := `{"version":1,"refs":{".zgroup":"{\"zarr_format\":2}","t/.zarray":"{\"chunks\":[2],\"compressor\":null,\"dtype\":\"<f8\",\"fill_value\":null,\"filters\":null,\"order\":\"C\",\"shape\":[3],\"zarr_format\":2}","t/.zattrs":"{\"_ARRAY_DIMENSIONS\":[\"time\"],\"units\":\"hours since 2000-01-02\"}","t/0":"base64:AAAAAAAAAAAAAAAAAADwPw==","t/1":"base64:AAAAAAAAAAAAAAAAAADwPw=="}}`
	f.Add([]byte(a), []byte(b), true)
	f.Add([]byte(a), []byte(a), false)
	f.Fuzz(func(t *testing.T, x, y []byte, reconcile bool) {
		sx, err := kerchunk.ReadJSON(x)
		if err != nil {
			return
		}
		sy, err := kerchunk.ReadJSON(y)
		if err != nil {
			return
		}
		// Inline values only: a fuzzed reference must not read this
		// machine's files.
		for _, s := range []*kerchunk.Set{sx, sy} {
			for _, k := range s.SortedKeys() {
				if r, _, _ := s.Ref(context.Background(), k); !r.Inline {
					return
				}
			}
		}
		res, err := Combine(context.Background(), []Input{{Name: "x", Refs: sx}, {Name: "y", Refs: sy}}, &Options{ConcatDim: "time", ReconcileTime: reconcile, MaxRewriteBytes: 1 << 16})
		if err == nil && res.Set == nil {
			t.Fatal("no set and no error")
		}
	})
}

// FuzzParseTimeUnits parses any units in every calendar.
func FuzzParseTimeUnits(f *testing.F) {
	for _, s := range []string{"days since 2000-01-01", "hours since 1-1-1 0:0:0.5 -01:30", "seconds since 2000-02-30"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, cal := range []string{"standard", "proleptic_gregorian", "julian", "noleap", "all_leap", "360_day"} {
			u, err := parseTimeUnits(s, cal)
			if err == nil && (u.unit == nil || u.epoch == nil || u.unit.Sign() <= 0) {
				t.Fatalf("%q %s: %+v", s, cal, u)
			}
		}
	})
}
