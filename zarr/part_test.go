package zarr

import (
	"bytes"
	"context"
	"errors"
	"maps"
	"math/rand/v2"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/region"
	"github.com/zcodec/zcodec/store"
	"github.com/zcodec/zcodec/store/byterange"
)

// storeContents returns every key and value of a memory store.
func storeContents(t *testing.T, s store.Store) map[string][]byte {
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

// sameContents fails the test unless two stores hold the same keys with
// the same bytes.
func sameContents(t *testing.T, what string, got, want map[string][]byte) {
	t.Helper()
	for _, k := range slices.Sorted(maps.Keys(want)) {
		g, ok := got[k]
		switch {
		case !ok:
			t.Errorf("%s: key %s missing", what, k)
		case !bytes.Equal(g, want[k]):
			t.Errorf("%s: key %s differs (%d bytes, want %d)", what, k, len(g), len(want[k]))
		}
	}
	for k := range got {
		if _, ok := want[k]; !ok {
			t.Errorf("%s: extra key %s", what, k)
		}
	}
}

// partSource writes an int32 array of the given shape and chunks whose
// values are random, but whose chunk-aligned blocks of [8, 8] at even block
// coordinates are all fill, so that some units of any destination are
// fill.
func partSource(t *testing.T, shape []int64, chunks []int) *Array {
	t.Helper()
	s := store.NewMemory()
	src := create(t, s, "src", newMeta(t, shape, chunks, numeric.Int32, "-7", `[{"name":"bytes","configuration":{"endian":"little"}},{"name":"zstd","configuration":{"level":1,"checksum":false}}]`, ""), 2)
	ref := newReference[int32](shape, -7)
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range ref.data {
		row, col := int64(i)/shape[1], int64(i)%shape[1]
		if (row/8)%2 == 0 && (col/8)%2 == 0 {
			continue
		}
		ref.data[i] = int32(rng.IntN(1000))
	}
	if err := Write(context.Background(), src, region.Whole(shape), ref.data); err != nil {
		t.Fatal(err)
	}
	return src
}

// TestCopyPartMatchesCopy splits the units of destinations (chunked and
// sharded, with edge units and all-fill units, their chunks not aligned
// with the source's) into parts, and checks that the parts write exactly
// the keys and bytes Copy writes, that a rerun over a store holding stale
// and stray values restores them, and that a part writes nothing outside
// its units.
func TestCopyPartMatchesCopy(t *testing.T) {
	ctx := context.Background()
	shape := []int64{37, 53}
	src := partSource(t, shape, []int{7, 9})
	zstd := `[{"name":"bytes","configuration":{"endian":"little"}},{"name":"zstd","configuration":{"level":1,"checksum":false}}]`
	sharded := `[{"name":"sharding_indexed","configuration":{"chunk_shape":[8,8],"codecs":` + zstd + `,"index_codecs":[{"name":"bytes","configuration":{"endian":"little"}},{"name":"crc32c"}],"index_location":"end"}}]`
	for _, c := range []struct {
		name   string
		chunks []int
		codecs string
	}{
		{"chunked", []int{8, 8}, zstd},
		{"sharded", []int{16, 24}, sharded},
	} {
		t.Run(c.name, func(t *testing.T) {
			m := newMeta(t, shape, c.chunks, numeric.Int32, "-7", c.codecs, "")
			whole := store.NewMemory()
			if err := Copy(ctx, create(t, whole, "", m, 3), src, nil); err != nil {
				t.Fatal(err)
			}
			want := storeContents(t, whole)
			delete(want, "zarr.json")

			parts := store.NewMemory()
			p, err := CreatePending(ctx, parts, "", m, &Options{Options: codec.Options{Concurrency: 3}})
			if err != nil {
				t.Fatal(err)
			}
			dst := p.Array()
			units := dst.NumUnits()
			fillUnits := 0
			for u := range units {
				if _, ok := want[dst.UnitKey(u)]; !ok {
					fillUnits++
				}
			}
			if fillUnits == 0 || fillUnits == int(units) {
				t.Fatalf("%d of %d units are fill: the test needs both kinds", fillUnits, units)
			}
			// Parts of uneven sizes, the first empty.
			bounds := []int64{0, 0, 1, units / 3, units - 2, units}
			for i := range len(bounds) - 1 {
				before := len(storeContents(t, parts))
				if err := CopyPart(ctx, dst, src, bounds[i], bounds[i+1], nil); err != nil {
					t.Fatal(err)
				}
				// The part wrote only keys of its units.
				for k := range storeContents(t, parts) {
					u := unitOf(t, dst, k)
					if u >= bounds[i+1] {
						t.Fatalf("part [%d, %d) wrote %s, key of unit %d", bounds[i], bounds[i+1], k, u)
					}
				}
				if i == 0 && len(storeContents(t, parts)) != before {
					t.Fatal("an empty part wrote keys")
				}
			}
			sameContents(t, "parts", storeContents(t, parts), want)
			if _, err := Open(ctx, parts, "", nil); !errors.Is(err, store.ErrNotFound) {
				t.Fatalf("a pending array opened before Publish: %v", err)
			}

			// A crashed earlier run left garbage in a unit that is fill
			// and in one that is not; the rerun of their part restores
			// the bytes.
			var dataUnit, fillUnit int64 = -1, -1
			for u := range units {
				if _, ok := want[dst.UnitKey(u)]; ok && dataUnit < 0 {
					dataUnit = u
				} else if !ok && fillUnit < 0 {
					fillUnit = u
				}
			}
			for _, u := range []int64{dataUnit, fillUnit} {
				if err := parts.Set(ctx, dst.UnitKey(u), []byte("torn write")); err != nil {
					t.Fatal(err)
				}
			}
			lo, hi := min(dataUnit, fillUnit), max(dataUnit, fillUnit)+1
			if err := CopyPart(ctx, dst, src, lo, hi, nil); err != nil {
				t.Fatal(err)
			}
			sameContents(t, "rerun", storeContents(t, parts), want)

			if _, err := p.Publish(ctx); err != nil {
				t.Fatal(err)
			}
			got := storeContents(t, parts)
			if !bytes.Equal(got["zarr.json"], storeContents(t, whole)["zarr.json"]) {
				t.Errorf("published zarr.json differs from Create's:\n%s\n%s", got["zarr.json"], storeContents(t, whole)["zarr.json"])
			}
		})
	}
}

// unitOf returns the unit whose key is k.
func unitOf(t *testing.T, a *Array, k string) int64 {
	t.Helper()
	for u := range a.NumUnits() {
		if a.UnitKey(u) == k {
			return u
		}
	}
	t.Fatalf("key %s is not a unit's", k)
	return -1
}

func TestCopyPartRefuses(t *testing.T) {
	ctx := context.Background()
	src := partSource(t, []int64{16, 16}, []int{8, 8})
	p, err := CreatePending(ctx, store.NewMemory(), "a", newMeta(t, []int64{16, 16}, []int{4, 4}, numeric.Int32, "-7", bytesLE, ""), nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range [][2]int64{{-1, 2}, {3, 2}, {0, 17}, {16, 17}} {
		err := CopyPart(ctx, p.Array(), src, r[0], r[1], nil)
		var ure *UnitRangeError
		if !errors.As(err, &ure) || ure.Units != 16 || ure.First != r[0] {
			t.Errorf("units %v: %v, want a *UnitRangeError", r, err)
		}
	}
	other, err := CreatePending(ctx, store.NewMemory(), "", newMeta(t, []int64{16, 15}, []int{4, 4}, numeric.Int32, "-7", bytesLE, ""), nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := CopyPart(ctx, other.Array(), src, 0, 1, nil); err == nil || !strings.Contains(err.Error(), "cannot copy") {
		t.Errorf("copy between shapes: %v", err)
	}
	// Progress reaches the elements of the range.
	var done, total int64
	err = CopyPart(ctx, p.Array(), src, 2, 7, &CopyOptions{Progress: func(d, n int64) { done, total = d, n }})
	if err != nil || done != 5*16 || total != 5*16 {
		t.Errorf("progress %d of %d, want 80 of 80 (%v)", done, total, err)
	}
}

// TestPending checks that a pending array and group write nothing until
// published, that OpenPending from the document gives the same array,
// and that publishing twice is harmless.
func TestPending(t *testing.T) {
	ctx := context.Background()
	s := store.NewMemory()
	m := newMeta(t, []int64{10}, []int{4}, numeric.Uint8, "0", bytesLE, "")
	p, err := CreatePending(ctx, s, "g/a", m, nil)
	if err != nil {
		t.Fatal(err)
	}
	g, err := CreatePendingGroup(ctx, s, "g", []byte(`{"title": "x"}`))
	if err != nil {
		t.Fatal(err)
	}
	if got := storeContents(t, s); len(got) != 0 {
		t.Fatalf("pending nodes wrote %v", slices.Sorted(maps.Keys(got)))
	}
	q, err := OpenPending(s, "g/a", p.Document(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := q.Array().WriteRegion(ctx, region.Whole([]int64{10}), []byte{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}); err != nil {
		t.Fatal(err)
	}
	for range 2 {
		if _, err := g.Publish(ctx); err != nil {
			t.Fatal(err)
		}
		if _, err := p.Publish(ctx); err != nil {
			t.Fatal(err)
		}
	}
	a, err := Open(ctx, s, "g/a", nil)
	if err != nil {
		t.Fatal(err)
	}
	got, err := Read[uint8](ctx, a, region.Whole([]int64{10}))
	if err != nil || !slices.Equal(got, []uint8{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}) {
		t.Fatalf("read %v, %v", got, err)
	}
	og, err := OpenGroup(ctx, s, "g")
	if err != nil || string(og.Attributes()) != `{"title": "x"}` && !strings.Contains(string(og.Attributes()), `"x"`) {
		t.Fatalf("group: %v %s", err, og.Attributes())
	}
	if _, err := CreatePending(ctx, s, "g/a", m, nil); !errors.Is(err, ErrExists) {
		t.Errorf("CreatePending over an array: %v, want ErrExists", err)
	}
	if _, err := OpenPending(s, "x", []byte(`{"zarr_format":3,"node_type":"group"}`), nil); !errors.Is(err, ErrNotArray) {
		t.Errorf("OpenPending of a group document: %v", err)
	}
	if _, err := OpenPendingGroup(s, "x", p.Document()); !errors.Is(err, ErrNotGroup) {
		t.Errorf("OpenPendingGroup of an array document: %v", err)
	}
	bad := bytes.Replace(p.Document(), []byte(`"uint8"`), []byte(`"uint9"`), 1)
	if _, err := OpenPending(s, "x", bad, nil); err == nil {
		t.Error("OpenPending accepted an invalid document")
	}
}

// endlessSource is a store that holds one zarr.json and answers every
// other key with the same encoded chunk, so that a source array of any
// size costs no memory; it counts the Gets.
type endlessSource struct {
	chunk []byte
	gets  atomic.Int64
}

func (s *endlessSource) Get(_ context.Context, key string, limit int64) ([]byte, error) {
	if strings.HasSuffix(key, ".json") {
		return nil, &store.KeyError{Key: key, Err: store.ErrNotFound}
	}
	s.gets.Add(1)
	return s.chunk, nil
}
func (s *endlessSource) GetRange(ctx context.Context, key string, r byterange.Range) ([]byte, error) {
	return nil, store.ErrReadOnly
}
func (s *endlessSource) Set(context.Context, string, []byte) error { return store.ErrReadOnly }
func (s *endlessSource) Delete(context.Context, string) error      { return store.ErrReadOnly }
func (s *endlessSource) List(context.Context, string, func(store.Entry) error) error {
	return store.ErrReadOnly
}

// sink is a store that keeps nothing: it counts the values set.
type sink struct {
	sets  atomic.Int64
	bytes atomic.Int64
}

func (s *sink) Get(_ context.Context, key string, _ int64) ([]byte, error) {
	return nil, &store.KeyError{Key: key, Err: store.ErrNotFound}
}
func (s *sink) GetRange(_ context.Context, key string, _ byterange.Range) ([]byte, error) {
	return nil, &store.KeyError{Key: key, Err: store.ErrNotFound}
}
func (s *sink) Set(_ context.Context, _ string, v []byte) error {
	s.sets.Add(1)
	s.bytes.Add(int64(len(v)))
	return nil
}
func (s *sink) Delete(context.Context, string) error                        { return nil }
func (s *sink) List(context.Context, string, func(store.Entry) error) error { return nil }

// peakHeap runs fn while sampling the live heap and returns the highest
// HeapAlloc seen above the one before fn.
func peakHeap(fn func()) uint64 {
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	base := ms.HeapAlloc
	var peak atomic.Uint64
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Go(func() {
		var ms runtime.MemStats
		for {
			runtime.ReadMemStats(&ms)
			if ms.HeapAlloc > base && ms.HeapAlloc-base > peak.Load() {
				peak.Store(ms.HeapAlloc - base)
			}
			select {
			case <-stop:
				return
			case <-time.After(time.Millisecond):
			}
		}
	})
	fn()
	close(stop)
	wg.Wait()
	return peak.Load()
}

// TestCopyPartMemory copies 256 MiB parts of arrays of 1 GiB and of 64 GiB
// (1 MiB chunks, a source whose chunks straddle the units) and checks that
// the heap a part holds stays within what its units in flight need,
// whatever the size of the array.
func TestCopyPartMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("copies 256 MiB twice")
	}
	ctx := context.Background()
	defer debug.SetGCPercent(debug.SetGCPercent(20))
	const conc = 4
	const chunkBytes = 1 << 20
	encoded := make([]byte, chunkBytes)
	for i := range encoded {
		encoded[i] = byte(i*7 + 1) // never all fill
	}
	var peaks []uint64
	for _, rows := range []int64{1 << 10, 1 << 16} { // 1 GiB, 64 GiB of uint32
		shape := []int64{rows, 1 << 18}
		src := &endlessSource{chunk: encoded}
		sa, err := OpenPending(src, "", mustJSON(t, newMeta(t, shape, []int{1, 1 << 18}, numeric.Uint32, "0", bytesLE, "")), &Options{Options: codec.Options{Concurrency: conc}})
		if err != nil {
			t.Fatal(err)
		}
		dst := &sink{}
		// Units of 1 MiB that each meet two source chunks.
		da, err := OpenPending(dst, "", mustJSON(t, newMeta(t, shape, []int{2, 1 << 17}, numeric.Uint32, "0", bytesLE, "")), &Options{Options: codec.Options{Concurrency: conc}})
		if err != nil {
			t.Fatal(err)
		}
		var copyErr error
		first := da.Array().NumUnits() / 2
		peak := peakHeap(func() { copyErr = CopyPart(ctx, da.Array(), sa.Array(), first, first+256, nil) })
		if copyErr != nil {
			t.Fatal(copyErr)
		}
		if dst.sets.Load() != 256 || dst.bytes.Load() != 256*chunkBytes || src.gets.Load() != 512 {
			t.Fatalf("%d sets of %d bytes from %d gets, want 256 of 256 MiB from 512", dst.sets.Load(), dst.bytes.Load(), src.gets.Load())
		}
		t.Logf("array of %d GiB: a part of 256 MiB held at most %.1f MiB of heap", rows>>10, float64(peak)/(1<<20))
		peaks = append(peaks, peak)
	}
	// In flight: conc units, each one decoded unit, its encoding and one
	// decoded source chunk: 3 MiB each, 12 MiB; allow for the garbage the
	// collector has not yet freed.
	const bound = 48 << 20
	for _, p := range peaks {
		if p > bound {
			t.Errorf("peak heap %d MiB, more than %d MiB", p>>20, bound>>20)
		}
	}
}

func mustJSON(t *testing.T, m interface{ MarshalJSON() ([]byte, error) }) []byte {
	t.Helper()
	b, err := m.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	return b
}
