package zarr

import (
	"context"
	"testing"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/store"
)

// TestWarnings: an array's warnings carry the pointer into its metadata
// document and name that document at the end of the message.
func TestWarnings(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct {
		name, doc string
		want      []codec.Warning
	}{
		{"zarr.json", `{"zarr_format":3,"node_type":"array","shape":[4],"data_type":"float32",` +
			`"chunk_grid":{"name":"regular","configuration":{"chunk_shape":[4]}},` +
			`"chunk_key_encoding":{"name":"default"},"fill_value":"+Infinity","codecs":[{"name":"bytes","configuration":{"endian":"little"}}]}`,
			[]codec.Warning{{Pointer: "/fill_value", Message: `"+Infinity" is not a Zarr v3 fill-value string; read as "Infinity" (in zarr.json)`}}},
		{".zarray", `{"zarr_format":2,"shape":[4],"chunks":[4],"dtype":"|u1","compressor":null,"fill_value":null,` +
			`"filters":null,"order":"C","_NCZARR_ARRAY":{"dimrefs":["/x"]}}`,
			[]codec.Warning{
				{Pointer: "/fill_value", Message: "null; missing chunks read as zero (in .zarray)"},
				{Pointer: "/_NCZARR_ARRAY", Message: "netCDF's NCZarr metadata, kept as an attribute; zcodec does not use it (in .zarray)"},
			}},
	} {
		s := store.NewMemory()
		s.Set(ctx, "a/"+c.name, []byte(c.doc))
		a, err := Open(ctx, s, "a", nil)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		got := a.Warnings()
		if len(got) != len(c.want) {
			t.Fatalf("%s: warnings %q, want %q", c.name, got, c.want)
		}
		for i, w := range got {
			if w != c.want[i] {
				t.Errorf("%s: warning %d is %+v, want %+v", c.name, i, w, c.want[i])
			}
		}
		got[0].Message = "changed"
		if a.Warnings()[0].Message == "changed" {
			t.Errorf("%s: Warnings returns the array's own slice", c.name)
		}
	}
	if w := (codec.Warning{Pointer: "/fill_value", Message: "null; missing chunks read as zero (in .zarray)"}).String(); w != "/fill_value: null; missing chunks read as zero (in .zarray)" {
		t.Errorf("String() = %q", w)
	}
}
