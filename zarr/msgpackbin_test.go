package zarr

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/codecs/vlen"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/region"
	"github.com/zcodec/zcodec/store"
)

// TestMsgPackBinLaterChunk: a v2 msgpack2 array whose first chunk holds
// str elements reads as strings, and a bin element (Python bytes) in a
// later chunk fails naming it rather than being read as text; when the
// first chunk holds bin, the array reads as bytes, with a warning.
func TestMsgPackBinLaterChunk(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	zarray := `{"zarr_format": 2, "shape": [4], "chunks": [2], "dtype": "|O", "compressor": null, "fill_value": 0,
		"order": "C", "filters": [{"id": "msgpack2", "raw": false, "use_bin_type": true, "use_single_float": false}]}`
	strs := []byte("\x94\xa1a\xa1b\xa2|O\x91\x02")
	bins := []byte("\x94\xc4\x01x\xa1y\xa2|O\x91\x02")
	for _, tc := range []struct {
		first, second []byte
		dt            numeric.DataType
	}{{strs, bins, numeric.String}, {bins, strs, numeric.Bytes}} {
		s := store.NewMemory()
		s.Set(ctx, "a/.zarray", []byte(zarray))
		s.Set(ctx, "a/0", tc.first)
		s.Set(ctx, "a/1", tc.second)
		a, err := Open(ctx, s, "a", nil)
		if err != nil {
			t.Fatal(err)
		}
		if a.DataType() != tc.dt {
			t.Fatalf("data type %v, want %v", a.DataType(), tc.dt)
		}
		if tc.dt == numeric.String {
			got, err := ReadStrings(ctx, a, region.FromShape([]int64{0}, []int64{2}))
			if err != nil || !slices.Equal(got, []string{"a", "b"}) {
				t.Errorf("first chunk: %q, %v", got, err)
			}
			_, err = ReadStrings(ctx, a, region.Whole([]int64{4}))
			var ue *vlen.UnsupportedError
			var ee *codec.ElementError
			if !errors.As(err, &ue) || ue.Type != "bytes" || !errors.As(err, &ee) || ee.Index != 0 {
				t.Errorf("second chunk: %v; want the bin element 0 refused", err)
			}
			continue
		}
		got, err := ReadByteStrings(ctx, a, region.Whole([]int64{4}))
		if err != nil || len(got) != 4 || string(got[0]) != "x" || string(got[3]) != "b" {
			t.Errorf("as bytes: %q, %v", got, err)
		}
		if ws := a.Warnings(); !slices.ContainsFunc(ws, func(w codec.Warning) bool { return strings.Contains(w.Message, "read as bytes") }) {
			t.Errorf("warnings %v lack the bytes note", ws)
		}
	}
}
