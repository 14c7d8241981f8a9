package metadata

import (
	"errors"
	"testing"
)

// TestParseKeyEncoding checks the one reader of chunk_key_encoding: the
// separators by default and as given, and each problem at the pointer of
// the member in zarr.json, as Parse reports it.
func TestParseKeyEncoding(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		raw     string
		want    KeyEncoding
		pointer string // of the problem, "" for none
	}{
		{"", DefaultKeyEncoding, ""},
		{`{"name":"default"}`, KeyEncoding{"default", "/"}, ""},
		{`{"name":"v2"}`, KeyEncoding{"v2", "."}, ""},
		{`{"name":"default","configuration":{"separator":"."}}`, KeyEncoding{"default", "."}, ""},
		{`{"name":"v2","configuration":{"separator":"/"}}`, KeyEncoding{"v2", "/"}, ""},
		{`7`, KeyEncoding{}, "/chunk_key_encoding"},
		{`{"name":7}`, KeyEncoding{}, "/chunk_key_encoding"},
		{`{"name":"other"}`, KeyEncoding{}, "/chunk_key_encoding/name"},
		{`{"name":"default","configuration":7}`, KeyEncoding{}, "/chunk_key_encoding/configuration"},
		{`{"name":"default","configuration":{"separator":"-"}}`, KeyEncoding{}, "/chunk_key_encoding/configuration/separator"},
		{`{"name":"default","configuration":{"sep":"/"}}`, KeyEncoding{}, "/chunk_key_encoding/configuration/sep"},
	} {
		k, err := ParseKeyEncoding([]byte(c.raw))
		var ve *ValidationError
		switch {
		case c.pointer == "" && (err != nil || k != c.want):
			t.Errorf("%s: %+v, %v; want %+v", c.raw, k, err, c.want)
		case c.pointer != "" && (!errors.As(err, &ve) || ve.Problems[0].Pointer != c.pointer):
			t.Errorf("%s: %v; want a problem at %s", c.raw, err, c.pointer)
		}
		if c.pointer == "" {
			if back, err := ParseKeyEncoding(k.JSON()); err != nil || back != k {
				t.Errorf("%s: JSON %s reads back as %+v, %v", c.raw, k.JSON(), back, err)
			}
		}
	}
}
