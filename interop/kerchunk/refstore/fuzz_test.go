package refstore

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"testing"

	"github.com/zcodec/zcodec/interop/kerchunk"
	"github.com/zcodec/zcodec/store"
	"github.com/zcodec/zcodec/store/byterange"
)

// fuzzURLs are the URLs fuzzed references name: files of a memory store,
// a missing one, relative ones, refused ones.
var fuzzURLs = []string{
	"s3://bkt/f", "s3://bkt/g", "f", "./g", "../f", "s3://bkt/missing", "",
	"https://u:p@h/f", "ftp://h/f", "s3://bkt", "x::s3://bkt/f", "s3://bkt/a//b",
}

// FuzzStore builds a set from data (each 12-byte record a key, a URL, an
// offset and a length, or an inline value), reads every key whole and by
// a range taken from the data, and checks what succeeds against the
// files: a read never panics, never says ErrNotFound for a key the set
// holds, and returns exactly the bytes its reference selects.
func FuzzStore(f *testing.F) {
	f.Add([]byte("\x00\x00\x00\x00\x00\x00\x00\x0a\x00\x00\x00\x05"))
	f.Add([]byte("\x01\x02\x00\x00\x00\x00\x00\x00\xff\xff\xff\xff\x02\x03\x00\x00\x00\x10\x00\x00\x00\x00\x00\x20"))
	f.Add([]byte("\x03\x05\x00\x00\x00\x00\xff\xff\xff\xff\xff\xff\x04\x80abcdefghij"))
	f.Fuzz(func(t *testing.T, data []byte) {
		ctx := context.Background()
		o := newOpener()
		files := map[string][]byte{"f": make([]byte, 300), "g": make([]byte, 17)}
		for name, b := range files {
			for i := range b {
				b[i] = byte(i*7 + len(name))
			}
			o.mem("s3://bkt").Set(ctx, name, b)
		}
		set := kerchunk.NewSet()
		refs := map[string]kerchunk.Ref{}
		for i := 0; i+12 <= len(data) && i < 12*64; i += 12 {
			rec := data[i : i+12]
			key := fmt.Sprintf("k%d/%d", rec[0]%4, rec[0])
			if rec[0]&0x80 != 0 {
				key = string(rec[2:6]) // perhaps not a valid key
			}
			var r kerchunk.Ref
			if rec[1]&0x80 != 0 {
				r = kerchunk.Ref{Inline: true, Data: append([]byte(nil), rec[2:2+int(rec[1]%11)]...)}
			} else {
				r = kerchunk.Ref{
					URL:    fuzzURLs[int(rec[1])%len(fuzzURLs)],
					Offset: int64(int32(binary.BigEndian.Uint32(rec[2:6]))),
					Length: int64(int32(binary.BigEndian.Uint32(rec[6:10]))),
				}
			}
			set.Put(key, r)
			refs[key] = r
		}
		s, err := New(ctx, set, &Options{Location: "s3://bkt/refs.json", OpenStore: o.open, MaxStores: 1})
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		rng := byterange.Range{Offset: 0, Length: -1}
		if len(data) >= 2 {
			rng = byterange.Range{Offset: int64(int8(data[len(data)-2])), Length: int64(int8(data[len(data)-1]))}
		}
		for key, r := range refs {
			valid := store.ValidKey(key) == nil
			for _, rr := range []byterange.Range{byterange.Whole, rng} {
				var got []byte
				if rr == byterange.Whole {
					got, err = s.Get(ctx, key, 64)
				} else {
					got, err = s.GetRange(ctx, key, rr)
				}
				if !valid {
					if !errors.Is(err, store.ErrInvalidKey) {
						t.Fatalf("invalid key %q: %v", key, err)
					}
					continue
				}
				if errors.Is(err, store.ErrNotFound) {
					t.Fatalf("%q %v: %v: ErrNotFound for a key the set holds", key, rr, err)
				}
				if err != nil {
					continue
				}
				want, ok := selected(r, rr, files)
				if !ok {
					t.Fatalf("%q %+v %v: read %d bytes of a range that selects none", key, r, rr, len(got))
				}
				if !bytes.Equal(got, want) {
					t.Fatalf("%q %+v %v: %x, want %x", key, r, rr, got, want)
				}
				if rr == byterange.Whole && len(got) > 64 {
					t.Fatalf("%q: %d bytes past the limit of 64", key, len(got))
				}
			}
		}
		n := 0
		s.List(ctx, "", func(e store.Entry) error { n++; return nil })
		if n != len(refs) {
			t.Fatalf("listed %d keys of %d", n, len(refs))
		}
	})
}

// selected returns the bytes that rr selects of the value a reference
// selects of the fuzzed files; ok is false when it selects none. A range
// inside a reference that reaches past the end of its file is read as far
// as the file holds it (the store does not learn the file's size to
// refuse it); a read of the whole reference is refused.
func selected(r kerchunk.Ref, rr byterange.Range, files map[string][]byte) ([]byte, bool) {
	if r.Inline {
		start, end, err := byterange.Bounds(rr, int64(len(r.Data)))
		return r.Data[start:end], err == nil
	}
	var f []byte
	switch r.URL {
	case "s3://bkt/f", "f", "../f":
		f = files["f"]
	case "s3://bkt/g", "./g":
		f = files["g"]
	default:
		return nil, false
	}
	if r.Offset < 0 || r.Length < -1 || r.Offset > int64(len(f)) {
		return nil, false
	}
	n := r.Length
	if n == -1 {
		n = int64(len(f)) - r.Offset
	}
	start, end, err := byterange.Bounds(rr, n)
	if err != nil || r.Offset+end > int64(len(f)) {
		return nil, false
	}
	return f[r.Offset+start : r.Offset+end], true
}

// FuzzMatchJSON: MatchJSON and MatchParquet never panic, and a whole
// document MatchJSON takes for a set is JSON that ReadJSON reads, or
// refuses with a *kerchunk.FormatError.
func FuzzMatchJSON(f *testing.F) {
	for _, s := range []string{
		`{"version": 1, "refs": {"a/0": ["f", 0, 1]}}`,
		`{".zgroup": "{\"zarr_format\": 2}", "a/0.0": ["f"]}`,
		`{"zarr_format": 2}`, `{"metadata": {}, "zarr_consolidated_format": 1}`,
	} {
		f.Add([]byte(s), int64(len(s)))
	}
	f.Fuzz(func(t *testing.T, head []byte, size int64) {
		if size < int64(len(head)) {
			size = int64(len(head))
		}
		ok := MatchJSON(head, size)
		if ok && size == int64(len(head)) && len(head) <= HeadSize {
			if _, err := kerchunk.ReadJSON(head); err != nil && !errors.Is(err, kerchunk.ErrFormat) {
				t.Fatalf("matched %q, which ReadJSON fails on without a FormatError: %v", head, err)
			}
		}
		MatchParquet(head, head[len(head)/2:], size)
	})
}
