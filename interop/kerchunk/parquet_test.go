package kerchunk

import (
	"context"
	"errors"
	"os"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/zcodec/zcodec/store"
)

func mustParquet(t *testing.T, s *Set) *ParquetRefs {
	t.Helper()
	m := store.NewMemory()
	if err := WriteParquet(context.Background(), m, s, 3); err != nil {
		t.Fatal(err)
	}
	p, err := OpenParquet(context.Background(), m)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestForeignParquet reads a Parquet set written by another Parquet
// implementation (hyparquet-writer, testdata/kerchunk/make_vectors.mjs)
// in fsspec's layout: nulls, a whole-file row (offset and size 0), a row
// of no key, padding; and compares it with the same set as JSON.
func TestForeignParquet(t *testing.T) {
	ctx := context.Background()
	d, err := store.OpenDir("../../testdata/kerchunk/foreign.parq")
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	p, err := OpenParquet(ctx, d)
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile("../../testdata/kerchunk/foreign.json")
	if err != nil {
		t.Fatal(err)
	}
	s, err := ReadJSON(data)
	if err != nil {
		t.Fatal(err)
	}
	got := dump(t, p)
	delete(got, ZMetadataKey)
	want := dump(t, s)
	if len(want) != 13 {
		t.Fatalf("%d keys in foreign.json", len(want))
	}
	// .zmetadata holds the documents as objects: compare them as JSON.
	for k, r := range want {
		if IsMetadataKey(k) {
			g := got[k]
			if !jsonEqual(g.Data, r.Data) {
				t.Errorf("%s: %s, want %s", k, g.Data, r.Data)
			}
			delete(got, k)
			delete(want, k)
		}
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Error(d)
	}
	if _, ok, err := p.Ref(ctx, "a/1.0"); ok || err != nil {
		t.Errorf("a/1.0, a row of no key: %v %v", ok, err)
	}
	for _, k := range []string{"a/3.0", "a/0", "a/0.0.0", "a/00.0", "a/-1.0", "b/0", "a/.zgroup", "nokey"} {
		if _, ok, err := p.Ref(ctx, k); ok || err != nil {
			t.Errorf("%s: %v %v", k, ok, err)
		}
	}
}

// TestParquetNullAfterValue: a record whose rows alternate inline values,
// ranges and empty rows reads back row for row (parquet-go's generic
// writer wrote the optional raw column of the rows after an inline value
// as empty values, not nulls; records are written with explicit levels).
func TestParquetNullAfterValue(t *testing.T) {
	refs := map[int64]Ref{
		0: {URL: "f", Offset: 1, Length: 2},
		1: {Inline: true, Data: []byte{0, 0, 0}},
		2: {URL: "f", Offset: 3, Length: 4},
		4: {Inline: true, Data: []byte{}},
		5: {URL: "g", Length: -1},
	}
	data, err := encodeRecord(refs, 7)
	if err != nil {
		t.Fatal(err)
	}
	got, ok, err := DecodeRecordFile(data, 7)
	if err != nil {
		t.Fatal(err)
	}
	for i := range int64(7) {
		want, wok := refs[i]
		if want.Inline && want.Data == nil {
			want.Data = []byte{}
		}
		if ok[i] != wok || wok && !cmp.Equal(got[i], want) {
			t.Errorf("row %d: %v %+v, want %v %+v", i, ok[i], got[i], wok, want)
		}
	}
	if _, _, err := DecodeRecordFile(data, 6); err == nil {
		t.Error("7 rows accepted with a record size of 6")
	}
}

func TestWriteParquetRefuses(t *testing.T) {
	ctx := context.Background()
	for _, key := range []string{"stray", "a/9.9", "nogrid/0", "a/0.0.0"} {
		s := sampleSet()
		s.Put(key, inline([]byte{1}))
		if err := WriteParquet(ctx, store.NewMemory(), s, 0); !errors.Is(err, ErrFormat) {
			t.Errorf("%s: %v", key, err)
		}
	}
	s := sampleSet()
	s.Put("a/.zattrs", inline([]byte("{not json")))
	if err := WriteParquet(ctx, store.NewMemory(), s, 0); !errors.Is(err, ErrFormat) {
		t.Errorf("bad metadata: %v", err)
	}
	if err := WriteParquet(ctx, store.NewMemory(), sampleSet(), MaxRecordSize+1); err == nil {
		t.Error("record size too large accepted")
	}
}

func TestOpenParquetRefuses(t *testing.T) {
	ctx := context.Background()
	for _, zm := range []string{
		`[]`, `{"metadata": {}, "record_size": 0}`, `{"metadata": {}, "record_size": 1.5}`,
		`{"metadata": {}}`, `{"metadata": {"a/.zarray": {"shape": [2], "chunks": [0]}}, "record_size": 10}`,
		`{"metadata": {"a/.zarray": {"shape": [4611686018427387904, 4], "chunks": [1, 1]}}, "record_size": 10}`,
		`{"metadata": {"a/.zarray": "{bad"}, "record_size": 10}`,
	} {
		m := store.NewMemory()
		m.Set(ctx, ZMetadataKey, []byte(zm))
		if _, err := OpenParquet(ctx, m); !errors.Is(err, ErrFormat) {
			t.Errorf("%s: %v", zm, err)
		}
	}
	// A record file that is not Parquet fails the reads that need it.
	m := store.NewMemory()
	if err := WriteParquet(ctx, m, sampleSet(), 4); err != nil {
		t.Fatal(err)
	}
	m.Set(ctx, "a/refs.0.parq", []byte("PAR1 not really"))
	p, err := OpenParquet(ctx, m)
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := p.Ref(ctx, "a/0.0"); !errors.Is(err, ErrFormat) {
		t.Errorf("bad record file: %v", err)
	}
}
