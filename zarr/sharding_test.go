package zarr

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/region"
	"github.com/zcodec/zcodec/store"
	"github.com/zcodec/zcodec/store/byterange"
)

// shardedChain stores inner chunks of [4, 3] in shards, with a crc32c
// checked index at the end.
const shardedChain = `[{"name":"sharding_indexed","configuration":{
	"chunk_shape":[4,3],
	"codecs":[{"name":"bytes","configuration":{"endian":"little"}},{"name":"zstd","configuration":{"level":1,"checksum":false}}],
	"index_codecs":[{"name":"bytes","configuration":{"endian":"little"}},{"name":"crc32c"}],
	"index_location":"end"}}]`

func TestShardedRegions(t *testing.T) {
	ctx := context.Background()
	shape := []int64{20, 17}
	for _, conc := range []int{1, 2} {
		rng := rand.New(rand.NewPCG(9, uint64(conc)))
		a := create(t, store.NewMemory(), "s", newMeta(t, shape, []int{8, 9}, numeric.Uint16, "3", shardedChain, ""), conc)
		ref := newReference[uint16](shape, 3)
		for it := range 60 {
			reg := randomRegion(rng, shape)
			if it%3 == 0 {
				src := make([]uint16, reg.Size())
				for i := range src {
					if rng.IntN(3) > 0 {
						src[i] = uint16(rng.IntN(60000))
					} else {
						src[i] = 3
					}
				}
				if err := Write(ctx, a, reg, src); err != nil {
					t.Fatal(err)
				}
				ref.write(reg, src)
				continue
			}
			got, err := Read[uint16](ctx, a, reg)
			if err != nil {
				t.Fatal(err)
			}
			if want := ref.read(reg); !slices.Equal(got, want) {
				t.Fatalf("read %v:\n got %v\nwant %v", reg, got, want)
			}
		}
	}
}

// TestShardedPartialRead proves with a counting store that reading one
// element of a sharded array fetches the shard's index and one inner
// chunk, and nothing else.
func TestShardedPartialRead(t *testing.T) {
	ctx := context.Background()
	mem := store.NewMemory()
	a := create(t, mem, "s", newMeta(t, []int64{16, 18}, []int{8, 9}, numeric.Uint16, "0", shardedChain, ""), 2)
	all := make([]uint16, 16*18)
	for i := range all {
		all[i] = uint16(i + 1)
	}
	if err := Write(ctx, a, region.Whole([]int64{16, 18}), all); err != nil {
		t.Fatal(err)
	}
	counting := store.NewCounting(mem)
	b, err := Open(ctx, counting, "s", nil)
	if err != nil {
		t.Fatal(err)
	}
	counting.Reset()
	got, err := Read[uint16](ctx, b, region.FromShape([]int64{10, 13}, []int64{1, 1}))
	if err != nil || got[0] != all[10*18+13] {
		t.Fatalf("element (10, 13) = %v, %v; want %d", got, err, all[10*18+13])
	}
	reqs := counting.Requests()
	if len(reqs) != 2 {
		t.Fatalf("%d requests, want 2 (index, inner chunk): %+v", len(reqs), reqs)
	}
	// shard (1, 1) holds the element; the index is 2 x 3 inner chunks of
	// 16 bytes, plus 4 bytes of crc32c, at the end
	if r := reqs[0]; r.Op != "get range" || r.Key != "s/c/1/1" || r.Range != (byterange.Range{Offset: -100, Length: 100}) {
		t.Errorf("first request %+v, want the 100-byte index of s/c/1/1", r)
	}
	if r := reqs[1]; r.Op != "get range" || r.Key != "s/c/1/1" || r.Range.Offset < 0 || r.Range.Length <= 0 || r.Range.Length > 4*3*2+64 {
		t.Errorf("second request %+v, want one inner chunk of s/c/1/1", r)
	}
	// a region across two adjacent inner chunks of one shard: the index
	// and one range for both (Options.RangeGap), or two ranges when
	// ranges are never merged
	for _, tc := range []struct {
		gap  int64
		want int
	}{{0, 2}, {-1, 3}} {
		b, err := Open(ctx, counting, "s", &Options{Options: codec.Options{RangeGap: tc.gap}})
		if err != nil {
			t.Fatal(err)
		}
		counting.Reset()
		got, err := Read[uint16](ctx, b, region.FromShape([]int64{8, 2}, []int64{1, 2}))
		if err != nil {
			t.Fatal(err)
		}
		if got[0] != all[8*18+2] || got[1] != all[8*18+3] {
			t.Errorf("gap %d: %v", tc.gap, got)
		}
		if n := len(counting.Requests()); n != tc.want {
			t.Errorf("gap %d: %d requests for two inner chunks, want %d: %+v", tc.gap, n, tc.want, counting.Requests())
		}
	}
	// an absent shard is one request that finds nothing
	Write(ctx, a, region.FromShape([]int64{0, 0}, []int64{8, 9}), make([]uint16, 72))
	counting.Reset()
	if v, err := Read[uint16](ctx, b, region.FromShape([]int64{1, 1}, []int64{1, 1})); err != nil || v[0] != 0 {
		t.Fatalf("absent shard: %v %v", v, err)
	}
	if n := len(counting.Requests()); n != 1 {
		t.Errorf("%d requests for an absent shard, want 1", n)
	}
}

// TestHostileShards: a truncated shard, a shard whose index was damaged,
// and an inner chunk that does not decode give errors naming the key,
// never a panic, and verify reports the inner chunk.
func TestHostileShards(t *testing.T) {
	ctx := context.Background()
	mem := store.NewMemory()
	a := create(t, mem, "s", newMeta(t, []int64{16, 18}, []int{8, 9}, numeric.Uint16, "0", shardedChain, ""), 2)
	all := make([]uint16, 16*18)
	for i := range all {
		all[i] = uint16(i*7 + 1)
	}
	Write(ctx, a, region.Whole([]int64{16, 18}), all)
	shard, _ := mem.Get(ctx, "s/c/0/0", store.NoLimit)
	mem.Set(ctx, "s/c/0/0", shard[:5]) // truncated: shorter than its index
	damaged := slices.Clone(shard)
	damaged[len(damaged)-10] ^= 0xff // the index no longer matches its crc32c
	mem.Set(ctx, "s/c/0/1", damaged)
	other, _ := mem.Get(ctx, "s/c/1/0", store.NoLimit)
	other[3] ^= 0x55 // inside the first inner chunk's zstd frame
	mem.Set(ctx, "s/c/1/0", other)
	for _, tc := range []struct {
		key string
		rgn region.Box
	}{
		{"s/c/0/0", region.FromShape([]int64{1, 1}, []int64{1, 1})},
		{"s/c/0/0", region.Whole([]int64{8, 9})},
		{"s/c/0/1", region.FromShape([]int64{1, 10}, []int64{1, 1})},
		{"s/c/1/0", region.FromShape([]int64{8, 0}, []int64{1, 1})},
	} {
		_, err := Read[uint16](ctx, a, tc.rgn)
		var ce *codec.ChunkError
		if !errors.As(err, &ce) || ce.Key != tc.key || !errors.Is(err, codec.ErrCorrupt) && !errors.Is(err, byterange.ErrRange) {
			t.Errorf("%s %v: %v", tc.key, tc.rgn, err)
		}
	}
	failed := map[string]int{}
	var innerFailure []int
	if err := a.Verify(ctx, func(c Check) error {
		if c.Err != nil {
			failed[c.Key]++
			if c.Key == "s/c/1/0" {
				innerFailure = c.Inner
			}
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if failed["s/c/0/0"] != 1 || failed["s/c/0/1"] != 1 || failed["s/c/1/0"] != 1 || len(failed) != 3 {
		t.Errorf("verify failures %v", failed)
	}
	if !slices.Equal(innerFailure, []int{0, 0}) {
		t.Errorf("verify names inner chunk %v of s/c/1/0, want [0 0]", innerFailure)
	}
}

// TestShardedAdjacentInnerChunks: through a store.Counting, a region
// across k adjacent inner chunks of a shard costs two ranged GETs, the
// index and one for the k chunks, not 1+k, with any budget; with
// Options.RangeGap -1 it costs 1+k.
func TestShardedAdjacentInnerChunks(t *testing.T) {
	ctx := context.Background()
	mem := store.NewMemory()
	chain := `[{"name":"sharding_indexed","configuration":{"chunk_shape":[8,8],
		"codecs":[{"name":"bytes","configuration":{"endian":"little"}},{"name":"zstd","configuration":{"level":1,"checksum":false}}],
		"index_codecs":[{"name":"bytes","configuration":{"endian":"little"}},{"name":"crc32c"}]}}]`
	a := create(t, mem, "s", newMeta(t, []int64{64, 64}, []int{64, 64}, numeric.Uint16, "0", chain, ""), 2)
	all := make([]uint16, 64*64)
	for i := range all {
		all[i] = uint16(i + 1)
	}
	if err := Write(ctx, a, region.Whole([]int64{64, 64}), all); err != nil {
		t.Fatal(err)
	}
	counting := store.NewCounting(mem)
	for _, k := range []int{2, 4, 8} {
		rgn := region.FromShape([]int64{3, 0}, []int64{2, int64(8 * k)})
		for _, opts := range []*Options{nil, {Options: codec.Options{Concurrency: 1}}, {Options: codec.Options{Concurrency: 16}}, {Options: codec.Options{RangeGap: -1}}} {
			b, err := Open(ctx, counting, "s", opts)
			if err != nil {
				t.Fatal(err)
			}
			counting.Reset()
			got, err := Read[uint16](ctx, b, rgn)
			if err != nil {
				t.Fatal(err)
			}
			for i, v := range got {
				r, c := 3+i/(8*k), i%(8*k)
				if v != all[r*64+c] {
					t.Fatalf("k %d: element (%d, %d) = %d, want %d", k, r, c, v, all[r*64+c])
				}
			}
			want := 2
			if opts != nil && opts.RangeGap < 0 {
				want = 1 + k
			}
			reqs := counting.Requests()
			for _, r := range reqs {
				if r.Op != "get range" || r.Key != "s/c/0/0" {
					t.Errorf("k %d: request %+v, want ranged GETs of the shard", k, r)
				}
			}
			if len(reqs) != want {
				t.Errorf("k %d, options %+v: %d requests, want %d: %+v", k, opts, len(reqs), want, reqs)
			}
		}
	}
}
