package kerchunk

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/zcodec/zcodec/store"
)

// jsonSeeds are the committed JSON reference sets.
func jsonSeeds(f *testing.F) {
	for _, name := range []string{"templates.json", "flat_v0.json", "foreign.json"} {
		data, err := os.ReadFile("../../testdata/kerchunk/" + name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	var buf bytes.Buffer
	sampleSet().WriteJSON(&buf)
	f.Add(buf.Bytes())
}

// FuzzReadJSON: ReadJSON never panics, and what it reads WriteJSON
// writes and ReadJSON reads back the same.
func FuzzReadJSON(f *testing.F) {
	jsonSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := ReadJSON(data)
		if err != nil {
			return
		}
		var buf bytes.Buffer
		if err := s.WriteJSON(&buf); err != nil {
			t.Fatal(err)
		}
		back, err := ReadJSON(buf.Bytes())
		if err != nil {
			t.Fatalf("ReadJSON of WriteJSON's output: %v\n%s", err, buf.Bytes())
		}
		if s.Len() != back.Len() {
			t.Fatalf("%d keys, %d read back", s.Len(), back.Len())
		}
		for _, k := range s.SortedKeys() {
			a, _, _ := s.Ref(context.Background(), k)
			b, _, _ := back.Ref(context.Background(), k)
			if a.Inline && a.Data == nil {
				a.Data = []byte{}
			}
			if b.Inline && b.Data == nil {
				b.Data = []byte{}
			}
			if !cmp.Equal(a, b) {
				t.Fatalf("%q: %+v, read back %+v", k, a, b)
			}
		}
	})
}

// recordSeeds are the committed record files and some written here.
func recordSeeds(f *testing.F) {
	files, _ := filepath.Glob("../../testdata/kerchunk/foreign.parq/*/refs.*.parq")
	more, _ := filepath.Glob("../../testdata/kerchunk/foreign.parq/*/*/refs.*.parq")
	for _, p := range append(files, more...) {
		data, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	if len(files) == 0 {
		f.Fatal("no record files")
	}
	data, err := encodeRecord(map[int64]Ref{0: {URL: "f", Offset: 1, Length: 2}, 1: inline([]byte{1}), 3: {URL: "g", Length: -1}}, 5)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(data)
}

// FuzzDecodeRecordFile: a record file of any bytes is decoded or refused,
// never more rows than asked for, never a panic.
func FuzzDecodeRecordFile(f *testing.F) {
	recordSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		refs, ok, err := DecodeRecordFile(data, 64)
		if err != nil {
			return
		}
		if len(refs) > 64 || len(ok) != len(refs) {
			t.Fatalf("%d rows", len(refs))
		}
		for i, r := range refs {
			if ok[i] && !r.Inline && (r.Offset < 0 || r.Length < -1) {
				t.Fatalf("row %d: %+v", i, r)
			}
		}
	})
}

// FuzzOpenParquet: a Parquet set of any .zmetadata and record file opens
// or is refused, and every key it lists reads.
func FuzzOpenParquet(f *testing.F) {
	zm, err := os.ReadFile("../../testdata/kerchunk/foreign.parq/.zmetadata")
	if err != nil {
		f.Fatal(err)
	}
	rec, err := os.ReadFile("../../testdata/kerchunk/foreign.parq/a/refs.0.parq")
	if err != nil {
		f.Fatal(err)
	}
	f.Add(zm, rec)
	m := store.NewMemory()
	WriteParquet(context.Background(), m, sampleSet(), 4)
	zm2, _ := m.Get(context.Background(), ZMetadataKey, -1)
	rec2, _ := m.Get(context.Background(), "a/refs.0.parq", -1)
	f.Add(zm2, rec2)
	f.Fuzz(func(t *testing.T, zm, rec []byte) {
		ctx := context.Background()
		m := store.NewMemory()
		m.Set(ctx, ZMetadataKey, zm)
		m.Set(ctx, "a/refs.0.parq", rec)
		m.Set(ctx, "a/refs.1.parq", rec)
		p, err := OpenParquet(ctx, m)
		if err != nil {
			return
		}
		n := 0
		p.Keys(ctx, "", func(k string, size int64) error {
			if n++; n > 1000 {
				return context.Canceled
			}
			r, ok, err := p.Ref(ctx, k)
			if err != nil || !ok {
				t.Fatalf("%q listed, reads %v %v", k, ok, err)
			}
			if r.size() != size {
				t.Fatalf("%q listed with %d bytes, reads %d", k, size, r.size())
			}
			return nil
		})
	})
}
