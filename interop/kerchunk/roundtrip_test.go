package kerchunk

import (
	"bytes"
	"context"
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/zcodec/zcodec/store"
)

func sampleSet() *Set {
	s := NewSet()
	s.Put(".zgroup", Ref{Inline: true, Data: []byte(`{"zarr_format":2}`)})
	s.Put("a/.zarray", Ref{Inline: true, Data: []byte(`{"chunks":[2,3],"compressor":null,"dtype":"<i2","fill_value":0,"filters":null,"order":"C","shape":[5,7],"zarr_format":2}`)})
	s.Put("a/.zattrs", Ref{Inline: true, Data: []byte(`{"_ARRAY_DIMENSIONS":["y","x"],"units":"m é"}`)})
	s.Put("a/0.0", Ref{URL: "data.h5", Offset: 100, Length: 12})
	s.Put("a/0.2", Ref{Inline: true, Data: []byte{0, 1, 2, 0xff}})
	s.Put("a/2.1", Ref{URL: "s3://b/k.h5", Length: -1})
	s.Put("a/2.2", Ref{Inline: true, Data: []byte{}})
	s.Put("g/s/.zarray", Ref{Inline: true, Data: []byte(`{"chunks":[],"compressor":null,"dtype":"<f8","fill_value":"NaN","filters":null,"order":"C","shape":[],"zarr_format":2}`)})
	s.Put("g/s/0", Ref{Inline: true, Data: []byte("base64:looks like")})
	return s
}

func dump(t *testing.T, r Refs) map[string]Ref {
	t.Helper()
	out := map[string]Ref{}
	err := r.Keys(context.Background(), "", func(k string, size int64) error {
		ref, ok, err := r.Ref(context.Background(), k)
		if err != nil || !ok {
			t.Fatalf("%s: %v %v", k, ok, err)
		}
		if ref.size() != size {
			t.Errorf("%s: size %d, listed %d", k, ref.size(), size)
		}
		if ref.Inline && ref.Data == nil {
			ref.Data = []byte{}
		}
		out[k] = ref
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func TestJSONRoundTrip(t *testing.T) {
	s := sampleSet()
	var buf bytes.Buffer
	if err := s.WriteJSON(&buf); err != nil {
		t.Fatal(err)
	}
	t.Log(buf.String())
	back, err := ReadJSON(buf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(dump(t, s), dump(t, back)); d != "" {
		t.Error(d)
	}
}

func TestParquetRoundTrip(t *testing.T) {
	ctx := context.Background()
	s := sampleSet()
	m := store.NewMemory()
	if err := WriteParquet(ctx, m, s, 4); err != nil {
		t.Fatal(err)
	}
	p, err := OpenParquet(ctx, m)
	if err != nil {
		t.Fatal(err)
	}
	want := dump(t, s)
	got := dump(t, p)
	delete(got, ZMetadataKey)
	if d := cmp.Diff(want, got); d != "" {
		t.Error(d)
	}
}

// jsonEqual reports whether two JSON texts hold the same value.
func jsonEqual(a, b []byte) bool {
	var x, y any
	if json.Unmarshal(a, &x) != nil || json.Unmarshal(b, &y) != nil {
		return false
	}
	return cmp.Equal(x, y)
}
