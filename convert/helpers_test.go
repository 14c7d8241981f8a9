package convert_test

import (
	"bytes"
	"context"
	"encoding/json"
	"maps"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/zcodec/zcodec/codec"
	_ "github.com/zcodec/zcodec/codecs"
	"github.com/zcodec/zcodec/convert"
	"github.com/zcodec/zcodec/metadata"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/region"
	"github.com/zcodec/zcodec/registry"
	"github.com/zcodec/zcodec/store"
	"github.com/zcodec/zcodec/zarr"
)

// sourceArrays are the arrays of hierarchy: a 1-D array at the root's
// level and two below groups, with edge chunks.
var sourceArrays = []struct {
	path   string
	shape  []int64
	chunks []int
	dt     numeric.DataType
}{
	{"b", []int64{100}, []int{7}, numeric.Int16},
	{"g/a", []int64{40, 30}, []int{8, 8}, numeric.Float32},
	{"g/sub/c", []int64{17, 5, 3}, []int{4, 5, 2}, numeric.Uint8},
}

// chain parses a codec chain.
func chain(t *testing.T, doc string) []codec.Codec {
	t.Helper()
	c, err := registry.Default().ParseCodecs(json.RawMessage(doc), "/codecs")
	if err != nil {
		t.Fatal(err)
	}
	return c.Codecs
}

// hierarchy writes into a new memory store a Zarr v3 hierarchy of the
// sourceArrays in two levels of groups, the first third of each array
// fill and the rest random (seeded with seed).
func hierarchy(t *testing.T, seed uint64) *store.Memory {
	t.Helper()
	ctx := context.Background()
	s := store.NewMemory()
	if _, err := zarr.CreateGroup(ctx, s, "", json.RawMessage(`{"title": "parts"}`)); err != nil {
		t.Fatal(err)
	}
	for _, g := range []string{"g", "g/sub"} {
		if _, err := zarr.CreateGroup(ctx, s, g, nil); err != nil {
			t.Fatal(err)
		}
	}
	for _, spec := range sourceArrays {
		writeArray(t, s, spec.path, spec.shape, spec.chunks, spec.dt, seed)
	}
	return s
}

// writeArray creates the array at path of s and fills it: the first third
// of its bytes zero (the fill value), the rest random.
func writeArray(t *testing.T, s store.Store, path string, shape []int64, chunks []int, dt numeric.DataType, seed uint64) *zarr.Array {
	t.Helper()
	ctx := context.Background()
	fill, _ := numeric.ParseFillValue(dt, []byte("0"))
	a, err := zarr.Create(ctx, s, path, &metadata.ArrayDefinition{Shape: shape, DataType: dt, ChunkShape: chunks, FillValue: fill,
		Codecs: chain(t, `[{"name":"bytes","configuration":{"endian":"little"}},{"name":"zstd","configuration":{"level":1,"checksum":false}}]`)}, nil)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed, uint64(len(path))))
	r := region.Whole(shape)
	data := make([]byte, r.Size()*int64(dt.Size()))
	for i := len(data) / 3; i < len(data); i++ {
		data[i] = byte(rng.IntN(256))
	}
	if dt == numeric.Float32 {
		for i := len(data) / 3 / 4 * 4; i < len(data); i += 4 {
			data[i+3] = 0x3f // finite values
		}
	}
	if err := a.WriteRegion(ctx, r, data); err != nil {
		t.Fatal(err)
	}
	return a
}

// openSource opens the source at the root of s.
func openSource(t *testing.T, s store.Store) *convert.Source {
	t.Helper()
	src, err := convert.OpenSource(context.Background(), s, nil)
	if err != nil {
		t.Fatal(err)
	}
	return src
}

// contents returns every key of s with its value.
func contents(t *testing.T, s store.Store) map[string][]byte {
	t.Helper()
	ctx := context.Background()
	out := map[string][]byte{}
	err := s.List(ctx, "", func(e store.Entry) error {
		if e.Err != nil {
			return e.Err
		}
		v, err := s.Get(ctx, e.Key, -1)
		out[e.Key] = v
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// sameContents fails the test unless got and want hold the same keys with
// the same bytes.
func sameContents(t *testing.T, what string, got, want map[string][]byte) {
	t.Helper()
	if len(want) == 0 {
		t.Fatalf("%s: nothing to compare with", what)
	}
	for _, k := range slices.Sorted(maps.Keys(want)) {
		g, ok := got[k]
		switch {
		case !ok:
			t.Errorf("%s: %s missing", what, k)
		case !bytes.Equal(g, want[k]):
			t.Errorf("%s: %s differs", what, k)
		}
	}
	for _, k := range slices.Sorted(maps.Keys(got)) {
		if _, ok := want[k]; !ok {
			t.Errorf("%s: %s is extra", what, k)
		}
	}
}

// sameValues fails the test unless the array at path of dst, Zarr v3,
// holds the elements of the array at path of src.
func sameValues(t *testing.T, src, dst store.Store, path string) {
	t.Helper()
	ctx := context.Background()
	a, err := zarr.Open(ctx, src, path, nil)
	if err != nil {
		t.Fatal(err)
	}
	b, err := zarr.Open(ctx, dst, path, nil)
	if err != nil {
		t.Fatalf("the converted array %q: %v", path, err)
	}
	if b.Format() != 3 || !slices.Equal(a.Shape(), b.Shape()) || a.DataType() != b.DataType() {
		t.Fatalf("%q: converted to Zarr v%d %v %v from %v %v", path, b.Format(), b.Shape(), b.DataType(), a.Shape(), a.DataType())
	}
	r := region.Whole(a.Shape())
	n := r.Size() * int64(a.DataType().Size())
	want, got := make([]byte, n), make([]byte, n)
	if err := a.ReadRegion(ctx, r, want); err != nil {
		t.Fatal(err)
	}
	if err := b.ReadRegion(ctx, r, got); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%q: the converted elements differ from the source's", path)
	}
}

// planKeys returns the keys of s under convert.Dir.
func planKeys(t *testing.T, s store.Store) []string {
	t.Helper()
	var keys []string
	for k := range contents(t, s) {
		if strings.HasPrefix(k, convert.Dir+"/") {
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)
	return keys
}

// metadataKeys returns the zarr.json keys of s.
func metadataKeys(t *testing.T, s store.Store) []string {
	t.Helper()
	var keys []string
	for k := range contents(t, s) {
		if k == "zarr.json" || strings.HasSuffix(k, "/zarr.json") {
			keys = append(keys, k)
		}
	}
	return keys
}
