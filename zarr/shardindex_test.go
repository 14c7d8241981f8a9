package zarr

import (
	"context"
	"fmt"
	"math/rand/v2"
	"runtime"
	"strings"
	"testing"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/region"
	"github.com/zcodec/zcodec/store"
)

// shardedDoc is the zarr.json of a uint8 array of one shard of shape
// [shard] whose inner chunks are [1]: an index of 16*shard bytes.
func shardedDoc(shard int64) string {
	return fmt.Sprintf(`{"zarr_format":3,"node_type":"array","shape":[%d],"data_type":"uint8",
"chunk_grid":{"name":"regular","configuration":{"chunk_shape":[%d]}},
"chunk_key_encoding":{"name":"default"},"fill_value":0,
"codecs":[{"name":"sharding_indexed","configuration":{"chunk_shape":[1],
"codecs":[{"name":"bytes"}],"index_codecs":[{"name":"bytes","configuration":{"endian":"little"}},{"name":"crc32c"}]}}]}`, shard, shard)
}

// hostileIndexStore is a store of a few KB whose one shard claims 2^30
// inner chunks: a 16 GiB index.
func hostileIndexStore(t testing.TB, shard int64) store.Store {
	t.Helper()
	ctx := context.Background()
	s := store.NewMemory()
	if err := s.Set(ctx, "zarr.json", []byte(shardedDoc(shard))); err != nil {
		t.Fatal(err)
	}
	junk := make([]byte, 16<<10)
	r := rand.New(rand.NewPCG(1, 2))
	for i := range junk {
		junk[i] = byte(r.Uint32())
	}
	if err := s.Set(ctx, "c/0", junk); err != nil {
		t.Fatal(err)
	}
	return s
}

// readBounded opens the array at the root of s with opts, reads its first
// element, and returns the bytes allocated meanwhile and the error.
func readBounded(t *testing.T, s store.Store, opts *Options) (uint64, error) {
	t.Helper()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	a, err := Open(context.Background(), s, "", opts)
	if err == nil {
		_, err = Read[uint8](context.Background(), a, region.FromShape([]int64{0}, []int64{1}))
	}
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc, err
}

// TestHostileShardIndexSize: a 16 KB store whose shard [2^30] has inner
// chunks [1] describes a 16 GiB index; reading one element is a clear
// error, not an allocation of the index.
func TestHostileShardIndexSize(t *testing.T) {
	alloc, err := readBounded(t, hostileIndexStore(t, 1<<30), nil)
	if err == nil || !strings.Contains(err.Error(), "index") || !strings.Contains(err.Error(), "limit") {
		t.Fatalf("err = %v, want an index larger than the limit", err)
	}
	if alloc > 64<<20 {
		t.Fatalf("allocated %d bytes to refuse the shard", alloc)
	}
	t.Log(err)
}

// TestShardIndexCap: a 64 MiB shard of inner chunks [1] has a 1 GiB index,
// refused under a cap of 256 MiB and read (the shard is absent, so the
// index is never allocated) under the default.
func TestShardIndexCap(t *testing.T) {
	s := store.NewMemory()
	s.Set(context.Background(), "zarr.json", []byte(shardedDoc(64<<20)))
	alloc, err := readBounded(t, s, &Options{Options: codec.Options{MaxChunkBytes: 256 << 20}})
	if err == nil || !strings.Contains(err.Error(), "index") || !strings.Contains(err.Error(), "limit") {
		t.Fatalf("err = %v, want an index larger than the limit", err)
	}
	if alloc > 64<<20 {
		t.Fatalf("allocated %d bytes to refuse the shard", alloc)
	}
	t.Log(err)
}
