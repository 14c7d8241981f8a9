package zarr

import (
	"context"
	"runtime"
	"sync/atomic"
	"testing"
	"time"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/region"
	"github.com/zcodec/zcodec/store"
	"github.com/zcodec/zcodec/store/byterange"
)

// gatingStore records the largest number of Get and GetRange calls in
// flight at once; each call waits a little so that calls made at once
// overlap.
type gatingStore struct {
	store.Store
	cur, peak atomic.Int32
	calls     atomic.Int32
}

func (g *gatingStore) enter() {
	g.calls.Add(1)
	n := g.cur.Add(1)
	for p := g.peak.Load(); n > p && !g.peak.CompareAndSwap(p, n); p = g.peak.Load() {
	}
	time.Sleep(2 * time.Millisecond)
}

func (g *gatingStore) leave() { g.cur.Add(-1) }

func (g *gatingStore) reset() { g.peak.Store(0); g.calls.Store(0) }

func (g *gatingStore) Get(ctx context.Context, key string, limit int64) ([]byte, error) {
	g.enter()
	defer g.leave()
	return g.Store.Get(ctx, key, limit)
}

func (g *gatingStore) Set(ctx context.Context, key string, value []byte) error {
	g.enter()
	defer g.leave()
	return g.Store.Set(ctx, key, value)
}

func (g *gatingStore) GetRange(ctx context.Context, key string, r byterange.Range) ([]byte, error) {
	g.enter()
	defer g.leave()
	return g.Store.GetRange(ctx, key, r)
}

// TestConcurrencyBudget: Options.Concurrency bounds the store requests in
// flight of one read, and of one write, at every level: chunks of a plain array, shards read
// in part (a region across several shards and several inner chunks of
// each, with fewer shards than the budget so that the shards get a budget
// of their own), and whole shards.
func TestConcurrencyBudget(t *testing.T) {
	// With many processors, a pool sized by GOMAXPROCS anywhere would show.
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(8))
	ctx := context.Background()
	plain := `[{"name":"bytes","configuration":{"endian":"little"}}]`
	sharded := `[{"name":"sharding_indexed","configuration":{"chunk_shape":[4,4],
		"codecs":[{"name":"bytes","configuration":{"endian":"little"}}],
		"index_codecs":[{"name":"bytes","configuration":{"endian":"little"}},{"name":"crc32c"}]}}]`
	for _, tc := range []struct {
		name   string
		codecs string
		chunks []int
		rgn    region.Box
	}{
		{"plain", plain, []int{8, 8}, region.FromShape([]int64{0, 0}, []int64{64, 64})},
		// Shards [32 32] of 64 inner chunks [4 4]: the region meets two
		// shards, and 13x5 inner chunks in each.
		{"sharded part", sharded, []int{32, 32}, region.FromShape([]int64{2, 2}, []int64{60, 20})},
		{"sharded whole", sharded, []int{32, 32}, region.FromShape([]int64{0, 0}, []int64{64, 64})},
	} {
		mem := store.NewMemory()
		a := create(t, mem, "a", newMeta(t, []int64{64, 64}, tc.chunks, numeric.Uint16, "0", tc.codecs, ""), 4)
		src := make([]uint16, 64*64)
		for i := range src {
			src[i] = uint16(i + 1)
		}
		if err := Write(ctx, a, region.Whole([]int64{64, 64}), src); err != nil {
			t.Fatal(err)
		}
		for _, conc := range []int{1, 2, 4} {
			g := &gatingStore{Store: mem}
			b, err := Open(ctx, g, "a", &Options{Options: codec.Options{Concurrency: conc}})
			if err != nil {
				t.Fatal(err)
			}
			g.reset()
			got, err := Read[uint16](ctx, b, tc.rgn)
			if err != nil {
				t.Fatalf("%s, concurrency %d: %v", tc.name, conc, err)
			}
			if want := tc.rgn.Start[0]*64 + tc.rgn.Start[1] + 1; int64(got[0]) != want {
				t.Fatalf("%s: first element %d, want %d", tc.name, got[0], want)
			}
			peak := g.peak.Load()
			t.Logf("%s, concurrency %d: %d requests, at most %d in flight", tc.name, conc, g.calls.Load(), peak)
			if peak > int32(conc) {
				t.Errorf("%s, concurrency %d: %d requests in flight", tc.name, conc, peak)
			}
			if conc > 1 && tc.name != "sharded whole" && peak < 2 {
				t.Errorf("%s, concurrency %d: requests never overlapped", tc.name, conc)
			}
			g.reset()
			if err := Write(ctx, b, tc.rgn, got); err != nil {
				t.Fatalf("%s, concurrency %d: write: %v", tc.name, conc, err)
			}
			if peak := g.peak.Load(); peak > int32(conc) {
				t.Errorf("%s, concurrency %d: %d requests of a write in flight", tc.name, conc, peak)
			}
		}
	}
}
