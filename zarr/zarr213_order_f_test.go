package zarr

import (
	"bytes"
	"compress/zlib"
	"context"
	"io"
	"strings"
	"testing"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/store"
)

// TestZarr213OrderFObjects: the chunks of zarr 2.13's object arrays in
// Fortran order (generate_zarr213_strings.py; their values are checked by
// TestZarr213Strings) decode and encode back to the bytes zarr stored,
// before its compressor: vlen-utf8, vlen-bytes and vlen-array chunks of
// any shape, and json2 of square chunks without zarr's fill 0 in them
// (json2 and msgpack2 write a transposed chunk's nesting, which zarr reads
// the same).
func TestZarr213OrderFObjects(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	src, err := store.OpenDir(storesDir + "zarr213_strings")
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	checked := 0
	for _, path := range []string{"vlen_utf8_f", "vlen_bytes_f", "json2_f_square", "vlen_array_f", "json2_f", "msgpack2_f"} {
		a, err := Open(ctx, src, path, nil)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		codecs := a.Metadata().Codecs
		if codecs[0].Name() != "transpose" {
			t.Fatalf("%s: chain %v starts without transpose", path, a.Pipeline())
		}
		compressed := codecs[len(codecs)-1].Name() == "numcodecs.zlib"
		if compressed {
			codecs = codecs[:len(codecs)-1]
		}
		p, err := codec.NewPipeline(a.Pipeline().Spec(), codecs, nil)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		exact := !strings.HasSuffix(path, "2_f")
		err = src.List(ctx, path+"/", func(e store.Entry) error {
			if e.Err != nil || strings.Contains(e.Key[len(path)+1:], ".z") {
				return e.Err
			}
			enc, err := src.Get(ctx, e.Key, 1<<20)
			if err != nil {
				return err
			}
			if compressed {
				r, err := zlib.NewReader(bytes.NewReader(enc))
				if err != nil {
					return err
				}
				if enc, err = io.ReadAll(r); err != nil {
					return err
				}
			}
			dec, err := p.AppendDecode(nil, enc)
			if err != nil {
				t.Errorf("%s: %v", e.Key, err)
				return nil
			}
			// zarr's fill 0 in an edge chunk reads (and so writes) as "".
			exact := exact && !bytes.Contains(enc, []byte(",0]")) && !bytes.Contains(enc, []byte("[0,"))
			back, err := p.AppendEncode(nil, dec)
			switch {
			case err != nil:
				t.Errorf("%s: encode: %v", e.Key, err)
			case exact && !bytes.Equal(back, enc):
				t.Errorf("%s: encoded\n %q\nwant %q", e.Key, back, enc)
			case !exact:
				again, err := p.AppendDecode(nil, back)
				if err != nil || !bytes.Equal(again, dec) {
					t.Errorf("%s: re-encoded chunk decodes to other elements: %v", e.Key, err)
				}
			}
			checked++
			return nil
		})
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
	}
	if checked < 13 {
		t.Fatalf("%d chunks checked", checked)
	}
}
