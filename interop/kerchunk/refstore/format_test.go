package refstore

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/zcodec/zcodec/interop/kerchunk"
	"github.com/zcodec/zcodec/region"
	"github.com/zcodec/zcodec/store"
	"github.com/zcodec/zcodec/zarr"
)

// writeSet writes a set of one group "g" holding an array "g/v" of 4
// int32 chunks of 2, their bytes in data.bin beside the set (relative
// URLs), and returns the directory.
func writeSet(t *testing.T) (dir string, set *kerchunk.Set) {
	t.Helper()
	dir = t.TempDir()
	data := make([]byte, 64)
	for i := range 8 {
		binary.LittleEndian.PutUint32(data[16+4*i:], uint32(100+i))
	}
	os.WriteFile(filepath.Join(dir, "data.bin"), data, 0o644)
	set = kerchunk.NewSet()
	set.Put(".zgroup", kerchunk.Ref{Inline: true, Data: []byte(`{"zarr_format":2}`)})
	set.Put("g/.zgroup", kerchunk.Ref{Inline: true, Data: []byte(`{"zarr_format":2}`)})
	set.Put("g/v/.zarray", kerchunk.Ref{Inline: true, Data: []byte(`{"zarr_format":2,"shape":[8],"chunks":[2],"dtype":"<i4","compressor":null,"filters":null,"fill_value":0,"order":"C"}`)})
	set.Put("g/v/.zattrs", kerchunk.Ref{Inline: true, Data: []byte(`{"_ARRAY_DIMENSIONS":["x"]}`)})
	for i := range 4 {
		set.Put(fmt.Sprintf("g/v/%d", i), kerchunk.Ref{URL: "data.bin", Offset: int64(16 + 8*i), Length: 8})
	}
	var b bytes.Buffer
	if err := set.WriteJSON(&b); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, "refs.json"), b.Bytes(), 0o644)
	return dir, set
}

func readV(t *testing.T, s store.Store, path string) []int32 {
	t.Helper()
	ctx := context.Background()
	a, err := zarr.Open(ctx, s, path, nil)
	if err != nil {
		t.Fatalf("open %s: %v", path, err)
	}
	v, err := zarr.Read[int32](ctx, a, region.Whole([]int64{8}))
	if err != nil {
		t.Fatalf("read %s: %v", path, err)
	}
	return v
}

var wantV = []int32{100, 101, 102, 103, 104, 105, 106, 107}

func TestOpenJSONFile(t *testing.T) {
	ctx := context.Background()
	dir, _ := writeSet(t)
	for _, c := range []struct{ loc, path string }{
		{filepath.Join(dir, "refs.json"), "g/v"},
		{filepath.Join(dir, "refs.json", "g"), "v"},
		{filepath.Join(dir, "refs.json", "g", "v"), ""},
	} {
		s, err := store.Open(ctx, c.loc, nil)
		if err != nil {
			t.Fatalf("open %s: %v", c.loc, err)
		}
		if _, ok := s.(*Store); !ok {
			t.Fatalf("open %s: %T, want a *refstore.Store", c.loc, s)
		}
		if got := readV(t, s, c.path); fmt.Sprint(got) != fmt.Sprint(wantV) {
			t.Errorf("%s %s: %v, want %v", c.loc, c.path, got, wantV)
		}
		if err := s.Set(ctx, "x", nil); !errors.Is(err, store.ErrReadOnly) {
			t.Errorf("Set: %v", err)
		}
		s.(io.Closer).Close()
	}
	if _, err := store.Open(ctx, filepath.Join(dir, "refs.json", "nothing"), nil); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("a node the set does not hold: %v", err)
	}
	if _, err := store.Open(ctx, filepath.Join(dir, "refs.json"), &store.OpenOptions{Write: true}); !errors.Is(err, store.ErrReadOnly) {
		t.Errorf("open for writing: %v", err)
	}
	// A JSON file that is not a set is not taken for one.
	os.WriteFile(filepath.Join(dir, "other.json"), []byte(`{"zarr_format": 2}`), 0o644)
	if _, err := store.Open(ctx, filepath.Join(dir, "other.json"), nil); err == nil || !strings.Contains(err.Error(), "not a directory") {
		t.Errorf("a JSON file of no format: %v", err)
	}
	// A set that is recognised but broken says why.
	os.WriteFile(filepath.Join(dir, "broken.json"), []byte(`{"version": 1, "refs": {"a": ["f", 1, 2]}, "gen": 5}`), 0o644)
	if _, err := store.Open(ctx, filepath.Join(dir, "broken.json"), nil); err == nil || !strings.Contains(err.Error(), "kerchunk") {
		t.Errorf("a broken set: %v", err)
	}
}

func TestOpenJSONOverHTTP(t *testing.T) {
	ctx := context.Background()
	dir, _ := writeSet(t)
	refs, _ := os.ReadFile(filepath.Join(dir, "refs.json"))
	data, _ := os.ReadFile(filepath.Join(dir, "data.bin"))
	srv := newFileServer(t, map[string][]byte{"/sets/refs.json": refs, "/sets/data.bin": data})
	s, err := store.Open(ctx, srv.URL+"/sets/refs.json/g/v", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer s.(io.Closer).Close()
	opened := srv.requests.Load()
	if got := readV(t, s, ""); fmt.Sprint(got) != fmt.Sprint(wantV) {
		t.Errorf("%v, want %v", got, wantV)
	}
	// The probes of the location's segments (files and the Parquet
	// directory marker), the set read with the first of them; then the
	// four chunks.
	t.Logf("open: %d requests; read of 4 chunks: %d", opened, srv.requests.Load()-opened)
	if n := srv.requests.Load() - opened; n != 4 {
		t.Errorf("reading 4 chunks cost %d requests, want 4", n)
	}
	if opened > 9 {
		t.Errorf("open cost %d requests", opened)
	}
}

func TestOpenParquetDir(t *testing.T) {
	ctx := context.Background()
	dir, set := writeSet(t)
	parq := filepath.Join(dir, "refs.parq")
	d, err := store.CreateDir(parq)
	if err != nil {
		t.Fatal(err)
	}
	if err := kerchunk.WriteParquet(ctx, d, set, 2); err != nil {
		t.Fatal(err)
	}
	d.Close()
	for _, c := range []struct{ loc, path string }{
		{parq, "g/v"},
		{filepath.Join(parq, "g"), "v"},
		{filepath.Join(parq, "g", "v"), ""},
	} {
		s, err := store.Open(ctx, c.loc, nil)
		if err != nil {
			t.Fatalf("open %s: %v", c.loc, err)
		}
		if _, ok := s.(*Store); !ok {
			t.Fatalf("open %s: %T, want a *refstore.Store", c.loc, s)
		}
		if got := readV(t, s, c.path); fmt.Sprint(got) != fmt.Sprint(wantV) {
			t.Errorf("%s %s: %v, want %v", c.loc, c.path, got, wantV)
		}
		s.(io.Closer).Close()
	}
	// Over HTTP, the same.
	files := map[string][]byte{}
	filepath.Walk(dir, func(p string, fi os.FileInfo, err error) error {
		if err == nil && fi.Mode().IsRegular() {
			rel, _ := filepath.Rel(dir, p)
			files["/x/"+filepath.ToSlash(rel)], _ = os.ReadFile(p)
		}
		return nil
	})
	srv := newFileServer(t, files)
	s, err := store.Open(ctx, srv.URL+"/x/refs.parq", nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := s.(*Store); !ok {
		t.Fatalf("over HTTP: %T, want a *refstore.Store", s)
	}
	if got := readV(t, s, "g/v"); fmt.Sprint(got) != fmt.Sprint(wantV) {
		t.Errorf("over HTTP: %v, want %v", got, wantV)
	}
}
