package zarr

import (
	"context"
	"runtime"
	"testing"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/region"
	"github.com/zcodec/zcodec/store"
)

// hintingStore is a store that prefers n requests in flight.
type hintingStore struct {
	*gatingStore
	n int
}

func (h hintingStore) PreferredConcurrency() int { return h.n }

// TestConcurrencyHint: over a store.ConcurrencyHint the default budget is
// max(GOMAXPROCS, PreferredConcurrency()), so that more requests than
// processors are in flight, and never more than that budget, shards
// included (outer*inner <= B); a Concurrency given is used as is.
func TestConcurrencyHint(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2))
	ctx := context.Background()
	plain := `[{"name":"bytes","configuration":{"endian":"little"}}]`
	sharded := `[{"name":"sharding_indexed","configuration":{"chunk_shape":[4,4],
		"codecs":[{"name":"bytes","configuration":{"endian":"little"}}],
		"index_codecs":[{"name":"bytes","configuration":{"endian":"little"}},{"name":"crc32c"}]}}]`
	for _, tc := range []struct {
		name     string
		codecs   string
		chunks   []int
		rgn      region.Box
		hint     int
		conc     int   // Options.Concurrency
		wantPeak int32 // the budget
	}{
		// 64 chunks, a hint of 8: 8 in flight, not GOMAXPROCS (2).
		{"plain, hint above", plain, []int{8, 8}, region.FromShape([]int64{0, 0}, []int64{64, 64}), 8, 0, 8},
		// A hint below GOMAXPROCS changes nothing.
		{"plain, hint below", plain, []int{8, 8}, region.FromShape([]int64{0, 0}, []int64{64, 64}), 1, 0, 2},
		// An explicit budget wins over the hint.
		{"plain, explicit", plain, []int{8, 8}, region.FromShape([]int64{0, 0}, []int64{64, 64}), 8, 3, 3},
		// Two shards read in part: outer 2, inner 4 each.
		{"sharded part", sharded, []int{32, 32}, region.FromShape([]int64{2, 2}, []int64{60, 20}), 8, 0, 8},
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
		g := &gatingStore{Store: mem}
		b, err := Open(ctx, hintingStore{g, tc.hint}, "a", &Options{Options: codec.Options{Concurrency: tc.conc, RangeGap: -1}})
		if err != nil {
			t.Fatal(err)
		}
		g.reset()
		got, err := Read[uint16](ctx, b, tc.rgn)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if want := tc.rgn.Start[0]*64 + tc.rgn.Start[1] + 1; int64(got[0]) != want {
			t.Fatalf("%s: first element %d, want %d", tc.name, got[0], want)
		}
		peak := g.peak.Load()
		t.Logf("%s: %d requests, at most %d in flight", tc.name, g.calls.Load(), peak)
		if peak > tc.wantPeak {
			t.Errorf("%s: %d requests in flight, budget %d", tc.name, peak, tc.wantPeak)
		}
		// Requests sleep 2 ms each: with dozens of them, a budget above
		// 2 shows as overlap above 2.
		if tc.wantPeak > 2 && peak <= 2 {
			t.Errorf("%s: at most %d requests in flight, want up to %d", tc.name, peak, tc.wantPeak)
		}
	}
}
