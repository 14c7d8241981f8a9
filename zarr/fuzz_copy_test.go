package zarr

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/region"
	"github.com/zcodec/zcodec/store"
)

// fuzzDataTypes and fuzzChains are what FuzzCopy builds arrays from; a
// chain's %s is replaced by the inner chunk shape of a sharding codec.
var (
	fuzzDataTypes = []numeric.DataType{numeric.Uint8, numeric.Int16, numeric.Float32, numeric.Float64}
	fuzzChains    = []string{
		`[{"name":"bytes","configuration":{"endian":"little"}}]`,
		`[{"name":"bytes","configuration":{"endian":"big"}},{"name":"crc32c"}]`,
		`[{"name":"bytes","configuration":{"endian":"little"}},{"name":"zstd","configuration":{"level":1,"checksum":true}}]`,
		`[{"name":"transpose","configuration":{"order":%o}},{"name":"bytes","configuration":{"endian":"little"}},{"name":"gzip","configuration":{"level":1}}]`,
		`[{"name":"sharding_indexed","configuration":{"chunk_shape":%s,
			"codecs":[{"name":"bytes","configuration":{"endian":"little"}},{"name":"zstd","configuration":{"level":1,"checksum":false}}],
			"index_codecs":[{"name":"bytes","configuration":{"endian":"little"}},{"name":"crc32c"}],"index_location":"start"}}]`,
	}
)

// fuzzChain returns chain i of fuzzChains for chunks of the given shape.
func fuzzChain(i uint8, chunk []int) string {
	c := fuzzChains[int(i)%len(fuzzChains)]
	inner := make([]int, len(chunk))
	order := make([]int, len(chunk))
	for d, n := range chunk {
		inner[d] = n
		if n%2 == 0 {
			inner[d] = n / 2
		}
		order[d] = len(chunk) - 1 - d
	}
	js := func(v []int) string { b, _ := json.Marshal(v); return string(b) }
	c = strings.Replace(c, "%s", js(inner), 1)
	return strings.Replace(c, "%o", js(order), 1)
}

// pick returns b[i] or def when b is too short.
func pick(b []byte, i int, def byte) byte {
	if i < len(b) {
		return b[i]
	}
	return def
}

// FuzzCopy copies arrays of fuzzed shape, chunking, data type, fill value
// and codec chains between memory stores, in slabs of a fuzzed size: the
// copy reads back as the source, whole and in a fuzzed region, and Copy
// never fails or panics on arrays it accepts.
func FuzzCopy(f *testing.F) {
	f.Add([]byte{2, 5, 7}, []byte{2, 3}, []byte{3, 2}, uint8(1), uint8(0), uint8(4), uint16(64), []byte("data\x00\x00\x00\x00more"), []byte{1, 2, 3, 4})
	f.Add([]byte{3, 4, 4, 4}, []byte{4, 4, 4}, []byte{2, 2, 2}, uint8(3), uint8(4), uint8(3), uint16(1), []byte{0, 0, 0, 1}, []byte{})
	f.Add([]byte{0}, []byte{}, []byte{}, uint8(0), uint8(2), uint8(1), uint16(0), []byte{9}, []byte{})
	f.Add([]byte{1, 0}, []byte{3}, []byte{5}, uint8(2), uint8(4), uint8(4), uint16(7), []byte{}, []byte{0, 0})
	f.Fuzz(func(t *testing.T, dims, srcChunk, dstChunk []byte, dtype, srcChain, dstChain uint8, maxBytes uint16, data, part []byte) {
		ctx := context.Background()
		rank := int(pick(dims, 0, 1)) % 4
		shape := make([]int64, rank)
		sc, dc := make([]int, rank), make([]int, rank)
		for d := range rank {
			shape[d] = int64(pick(dims, d+1, 3) % 13)
			sc[d] = 1 + int(pick(srcChunk, d, 2)%8)
			dc[d] = 1 + int(pick(dstChunk, d, 3)%8)
		}
		dt := fuzzDataTypes[int(dtype)%len(fuzzDataTypes)]
		fill := "0"
		if dtype&0x80 != 0 {
			fill = "7"
		}
		opts := &Options{Options: codec.Options{Concurrency: 1 + int(maxBytes%3)}}
		src, err := Create(ctx, store.NewMemory(), "src", newMeta(t, shape, sc, dt, fill, fuzzChain(srcChain, sc), ""), opts)
		if err != nil {
			t.Fatalf("create src: %v", err)
		}
		dst, err := Create(ctx, store.NewMemory(), "a/dst", newMeta(t, shape, dc, dt, "0", fuzzChain(dstChain, dc), `{"name":"v2"}`), opts)
		if err != nil {
			t.Fatalf("create dst: %v", err)
		}
		whole := region.Whole(shape)
		n, _ := regionBytes(whole, dt.Size())
		raw := make([]byte, n)
		for i := range raw {
			if len(data) > 0 {
				raw[i] = data[i%len(data)] // runs of zeros leave chunks all fill
			}
		}
		if err := src.WriteRegion(ctx, whole, raw); err != nil {
			t.Fatalf("write src: %v", err)
		}
		if err := Copy(ctx, dst, src, &CopyOptions{MaxBytes: int(maxBytes)}); err != nil {
			t.Fatalf("copy: %v", err)
		}
		r := whole
		if len(part) >= 2*rank {
			r = region.FromShape(make([]int64, rank), make([]int64, rank))
			for d := range rank {
				r.Start[d] = int64(part[d]) % (shape[d] + 1)
				r.Stop[d] = r.Start[d] + int64(part[rank+d])%(shape[d]-r.Start[d]+1)
			}
		}
		for _, reg := range []region.Box{whole, r} {
			m, _ := regionBytes(reg, dt.Size())
			want, got := make([]byte, m), make([]byte, m)
			if err := src.ReadRegion(ctx, reg, want); err != nil {
				t.Fatalf("read src %v: %v", reg, err)
			}
			if err := dst.ReadRegion(ctx, reg, got); err != nil {
				t.Fatalf("read dst %v: %v", reg, err)
			}
			if !bytes.Equal(got, want) {
				t.Fatalf("region %v of the copy differs:\n got %x\nwant %x", reg, got, want)
			}
		}
	})
}

// shardVariants are the sharded arrays FuzzHostileShardIndex damages: the
// index at the end or the start, with or without a checksum, inner chunks
// plain or compressed.
var shardVariants = []string{
	`"index_codecs":[{"name":"bytes","configuration":{"endian":"little"}}],"index_location":"end"`,
	`"index_codecs":[{"name":"bytes","configuration":{"endian":"little"}}],"index_location":"start"`,
	`"index_codecs":[{"name":"bytes","configuration":{"endian":"little"}},{"name":"crc32c"}],"index_location":"end"`,
}

// FuzzHostileShardIndex reads regions of a sharded array through Open and
// ReadRegion after the index of one shard was replaced by fuzzed bytes
// (any offsets and lengths, any size of index): reads and Verify return
// values or errors naming the shard, never panic or allocate past the
// cap, and regions outside the damaged shard read exactly.
func FuzzHostileShardIndex(f *testing.F) {
	f.Add(uint8(0), []byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f}, []byte{1, 1, 3, 4}, false)
	f.Add(uint8(1), bytes.Repeat([]byte{0}, 96), []byte{0, 0, 16, 18}, true)
	f.Add(uint8(2), bytes.Repeat([]byte{1, 0, 0, 0, 0, 0, 0, 0}, 12), []byte{0, 0, 8, 9}, false)
	f.Add(uint8(3), []byte{0xfe, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 8, 0, 0, 0, 0, 0, 0, 0}, []byte{2, 2, 1, 1}, true)
	f.Fuzz(func(t *testing.T, variant uint8, index []byte, part []byte, replaceAll bool) {
		ctx := context.Background()
		inner := `[{"name":"bytes","configuration":{"endian":"little"}}]`
		if variant&4 != 0 {
			inner = `[{"name":"bytes","configuration":{"endian":"little"}},{"name":"zstd","configuration":{"level":1,"checksum":false}}]`
		}
		chain := `[{"name":"sharding_indexed","configuration":{"chunk_shape":[4,3],"codecs":` + inner + `,` +
			shardVariants[int(variant&3)%len(shardVariants)] + `}}]`
		mem := store.NewMemory()
		shape := []int64{16, 18}
		a := create(t, mem, "s", newMeta(t, shape, []int{8, 9}, numeric.Uint16, "0", chain, ""), 2)
		all := make([]uint16, 16*18)
		for i := range all {
			all[i] = uint16(i*7 + 1)
		}
		if err := Write(ctx, a, region.Whole(shape), all); err != nil {
			t.Fatal(err)
		}
		const key = "s/c/0/0"
		shard, _ := mem.Get(ctx, key, store.NoLimit)
		const indexSize = 6 * 16
		withCRC := strings.Contains(chain, "crc32c")
		isize := indexSize
		if withCRC {
			isize += 4
		}
		var damaged []byte
		switch {
		case replaceAll:
			damaged = index
		case strings.Contains(chain, `"start"`):
			damaged = append(append([]byte{}, index...), shard[isize:]...)
		default:
			damaged = append(append([]byte{}, shard[:len(shard)-isize]...), index...)
		}
		mem.Set(ctx, key, damaged)
		b, err := Open(ctx, mem, "s", &Options{Options: codec.Options{Concurrency: 2, MaxChunkBytes: 1 << 16}})
		if err != nil {
			t.Fatal(err)
		}
		r := region.FromShape([]int64{0, 0}, []int64{1, 1})
		if len(part) >= 4 {
			for d := range 2 {
				r.Start[d] = int64(part[d]) % shape[d]
				r.Stop[d] = r.Start[d] + int64(part[2+d])%(shape[d]-r.Start[d]+1)
			}
		}
		for _, reg := range []region.Box{r, region.Whole(shape), region.FromShape([]int64{8, 0}, []int64{8, 18})} {
			got, err := Read[uint16](ctx, b, reg)
			if err != nil {
				var ce *codec.ChunkError
				if !errors.As(err, &ce) || ce.Key != key {
					t.Fatalf("read %v: %v, want an error naming %s", reg, err, key)
				}
				continue
			}
			if reg.Start[0] >= 8 || reg.Start[1] >= 9 {
				ref := &reference[uint16]{shape: shape, data: all}
				if want := ref.read(reg); fmt.Sprint(got) != fmt.Sprint(want) {
					t.Fatalf("read %v outside the damaged shard:\n got %v\nwant %v", reg, got, want)
				}
			}
		}
		err = b.Verify(ctx, func(c Check) error {
			if c.Err != nil && c.Key != key {
				t.Errorf("verify: %v", c.Err)
			}
			return nil
		})
		if err != nil {
			t.Fatalf("verify: %v", err)
		}
	})
}
