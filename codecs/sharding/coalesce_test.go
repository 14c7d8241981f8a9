package sharding_test

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"testing"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/codecs/sharding"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/region"
	"github.com/zcodec/zcodec/store"
	"github.com/zcodec/zcodec/store/byterange"
)

// storeReader reads byte ranges of one key of a store.
type storeReader struct {
	s   store.Store
	key string
}

func (r storeReader) ReadRange(ctx context.Context, br byterange.Range) ([]byte, error) {
	return r.s.GetRange(ctx, r.key, br)
}

// rangesOf returns the ranged GETs a Counting store recorded.
func rangesOf(c *store.Counting) []byterange.Range {
	var out []byterange.Range
	for _, r := range c.Requests() {
		if r.Op == "get range" {
			out = append(out, r.Range)
		}
	}
	return out
}

// TestCoalescedAdjacentChunks: a region covering k adjacent inner chunks of
// a shard in a store costs two ranged GETs, the index and one for the k
// chunks, whatever the budget; with RangeGap -1 it costs 1+k.
func TestCoalescedAdjacentChunks(t *testing.T) {
	// uint16 [32 32] shards of [4 4] inner chunks: 8x8 of them, 32 bytes
	// each, stored in C order of the grid.
	p := pipeline(t, shardJSON([]int{4, 4}, zstdLE, indexCRC, "end"), numeric.Uint16, "0", 32, 32)
	src := ramp(numeric.Uint16, 32*32)
	shard, err := p.AppendEncode(nil, src)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	mem := store.NewMemory()
	mem.Set(ctx, "s", shard)
	c := store.NewCounting(mem)
	b, _ := sharding.FromPipeline(p)
	ix, _ := b.ParseIndex(shard)
	for _, k := range []int{2, 5, 8} {
		// Rows 1..2 of row 0 of inner chunks, columns across k of them.
		rgn := region.FromShape([]int64{1, 0}, []int64{2, int64(4 * k)})
		first, _, _ := ix.Lookup([]int{0, 0})
		last, _, _ := ix.Lookup([]int{0, k - 1})
		run := byterange.Range{Offset: first.Offset, Length: last.Offset + last.Length - first.Offset}
		for _, tc := range []struct {
			opts  *codec.Options
			reads int
		}{{nil, 2}, {&codec.Options{Concurrency: 1}, 2}, {&codec.Options{Concurrency: 8}, 2}, {&codec.Options{RangeGap: -1}, 1 + k}} {
			c.Reset()
			dst := make([]byte, rgn.Size()*2)
			if err := p.DecodeRegion(ctx, storeReader{c, "s"}, rgn, dst, tc.opts); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(dst, subArray(src, []int{32, 32}, iint(rgn.Start), iint(rgn.Shape()), 2)) {
				t.Fatalf("k %d, %+v: wrong elements", k, tc.opts)
			}
			got := rangesOf(c)
			if len(c.Requests()) != tc.reads || len(got) != tc.reads {
				t.Errorf("k %d, options %+v: requests %+v, want %d ranged GETs", k, tc.opts, c.Requests(), tc.reads)
				continue
			}
			if got[0] != b.IndexRange() {
				t.Errorf("k %d: first read %v, want the index", k, got[0])
			}
			if tc.reads == 2 && got[1] != run {
				t.Errorf("k %d: read %v, want the %d chunks' bytes %v", k, got[1], k, run)
			}
		}
	}
}

// TestCoalesceGapAndLimit: ranges merge exactly when the gap between them
// is at most RangeGap, and a merged read never exceeds the codec's
// MaxChunkBytes: longer runs are split.
func TestCoalesceGapAndLimit(t *testing.T) {
	// uint16 [32 32] shards of [4 4] inner chunks with the bytes codec
	// alone: every inner chunk 32 bytes, chunk (r, c) at 32*(8r+c).
	js := shardJSON([]int{4, 4}, bytesLE, indexCRC, "end")
	p := pipeline(t, js, numeric.Uint16, "0", 32, 32)
	src := ramp(numeric.Uint16, 32*32)
	for i := range src {
		src[i] |= 1 // no inner chunk is all fill
	}
	shard, err := p.AppendEncode(nil, src)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	// Chunks (0,0) (0,1) (1,0) (1,1): [0, 64) and [256, 320), 192 bytes
	// apart.
	square := region.FromShape([]int64{0, 0}, []int64{8, 8})
	for _, tc := range []struct {
		gap  int64
		want []byterange.Range
	}{
		{192, []byterange.Range{{Offset: 0, Length: 320}}},
		{191, []byterange.Range{{Offset: 0, Length: 64}, {Offset: 256, Length: 64}}},
		{0, []byterange.Range{{Offset: 0, Length: 320}}}, // the default, 64 KiB
		{-1, []byterange.Range{{Offset: 0, Length: 32}, {Offset: 32, Length: 32}, {Offset: 256, Length: 32}, {Offset: 288, Length: 32}}},
	} {
		r := &countingReader{value: shard}
		dst := make([]byte, 8*8*2)
		if err := p.DecodeRegion(ctx, r, square, dst, &codec.Options{RangeGap: tc.gap, Concurrency: 1}); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(dst, subArray(src, []int{32, 32}, []int{0, 0}, []int{8, 8}, 2)) {
			t.Fatalf("gap %d: wrong elements", tc.gap)
		}
		if got := r.Reads()[1:]; fmt.Sprint(got) != fmt.Sprint(tc.want) {
			t.Errorf("gap %d: reads %v after the index, want %v", tc.gap, got, tc.want)
		}
	}

	// The limit: the decoded index is 1024 bytes, so a limit of 1100
	// admits the shard and caps a run at 34 inner chunks (1088 bytes).
	// All 64 chunks, the shard less its last column: two runs.
	f, _ := numeric.ParseFillValue(numeric.Uint16, []byte("0"))
	limited, err := codec.NewPipeline(codec.ChunkSpec{DataType: numeric.Uint16, Shape: []int{32, 32}, FillValue: f}, parseChain(t, js), &codec.Options{MaxChunkBytes: 1100})
	if err != nil {
		t.Fatal(err)
	}
	rgn := region.FromShape([]int64{0, 0}, []int64{32, 31})
	for _, budget := range []int{1, 4} {
		r := &countingReader{value: shard}
		dst := make([]byte, 32*31*2)
		if err := limited.DecodeRegion(ctx, r, rgn, dst, &codec.Options{Concurrency: budget}); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(dst, subArray(src, []int{32, 32}, []int{0, 0}, []int{32, 31}, 2)) {
			t.Fatalf("limited: wrong elements")
		}
		want := []byterange.Range{{Offset: 0, Length: 1088}, {Offset: 1088, Length: 2048 - 1088}}
		got := r.Reads()[1:]
		if len(got) == 2 && got[0].Offset > got[1].Offset {
			got[0], got[1] = got[1], got[0]
		}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("budget %d: reads %v after the index, want %v", budget, got, want)
		}
	}
}

// handShard builds a uint8 [4] shard of inner chunks [1] (bytes codec, 1
// byte each, index at the end without checksum) from body and the four
// entries (offset, nbytes; -1 for absent).
func handShard(body []byte, entries [4][2]int64) []byte {
	out := bytes.Clone(body)
	for _, e := range entries {
		out = binary.LittleEndian.AppendUint64(out, uint64(e[0]))
		out = binary.LittleEndian.AppendUint64(out, uint64(e[1]))
	}
	return out
}

// TestCoalesceUnusualIndexes: inner chunks stored out of order, sharing
// bytes, or far apart read the same elements merged as unmerged, and the
// reads follow the bytes: sorted, overlaps read once, far chunks apart.
func TestCoalesceUnusualIndexes(t *testing.T) {
	p := pipeline(t, shardJSON([]int{1}, bytesLE, bytesLE, "end"), numeric.Uint8, "9", 4)
	ctx := context.Background()
	far := make([]byte, 200<<10)
	far[0], far[1], far[len(far)-1] = 10, 11, 13
	for _, tc := range []struct {
		name    string
		body    []byte
		entries [4][2]int64
		want    string // the elements [0, 3) and the reads after the index
	}{
		{"reversed", []byte{3, 2, 1, 0}, [4][2]int64{{3, 1}, {2, 1}, {1, 1}, {0, 1}}, "[0 1 2] [1+3]"},
		{"shared", []byte{5, 6}, [4][2]int64{{1, 1}, {1, 1}, {0, 1}, {0, 1}}, "[6 6 5] [0+2]"},
		{"absent between", []byte{7, 8}, [4][2]int64{{0, 1}, {-1, -1}, {1, 1}, {-1, -1}}, "[7 9 8] [0+2]"},
		{"far apart", far, [4][2]int64{{0, 1}, {1, 1}, {int64(len(far)) - 1, 1}, {-1, -1}}, fmt.Sprintf("[10 11 13] [0+2 %d+1]", len(far)-1)},
	} {
		shard := handShard(tc.body, tc.entries)
		for _, gap := range []int64{0, -1} {
			for _, budget := range []int{1, 3} {
				r := sizedReader{&countingReader{value: shard}}
				dst := make([]byte, 3)
				err := p.DecodeRegion(ctx, r, region.FromShape([]int64{0}, []int64{3}), dst, &codec.Options{RangeGap: gap, Concurrency: budget})
				if err != nil {
					t.Fatalf("%s: %v", tc.name, err)
				}
				whole := make([]byte, 4)
				if err := p.Decode(whole, shard); err != nil || !bytes.Equal(whole[:3], dst) {
					t.Errorf("%s: region %v, whole %v (%v)", tc.name, dst, whole, err)
				}
				if gap != 0 || budget != 1 {
					continue
				}
				var reads []string
				for _, rd := range r.Reads()[1:] {
					reads = append(reads, fmt.Sprintf("%d+%d", rd.Offset, rd.Length))
				}
				if got := fmt.Sprintf("%v %v", dst, reads); got != tc.want {
					t.Errorf("%s: %s, want %s", tc.name, got, tc.want)
				}
			}
		}
	}
}

// TestCoalescedReadErrors: a merged read that fails or comes back short
// fails the region with an error naming an inner chunk, matching the
// reader's error or codec.ErrCorrupt.
func TestCoalescedReadErrors(t *testing.T) {
	p := pipeline(t, shardJSON([]int{4, 4}, zstdLE, indexCRC, "start"), numeric.Uint16, "0", 32, 32)
	shard, err := p.AppendEncode(nil, ramp(numeric.Uint16, 32*32))
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	rgn := region.FromShape([]int64{0, 0}, []int64{4, 20})
	for _, budget := range []int{1, 4} {
		// Cut inside the second inner chunk: the run is short.
		b, _ := sharding.FromPipeline(p)
		ix, _ := b.ParseIndex(shard)
		second, _, _ := ix.Lookup([]int{0, 1})
		short := &countingReader{value: shard[:second.Offset+2]}
		err := p.DecodeRegion(ctx, short, rgn, make([]byte, 4*20*2), &codec.Options{Concurrency: budget})
		var ce *codec.ChunkError
		if !errors.Is(err, codec.ErrCorrupt) || !errors.As(err, &ce) || len(ce.Coords) != 2 {
			t.Errorf("budget %d, short shard: %v", budget, err)
		}
		failing := &failAfter{countingReader: countingReader{value: shard}, n: 1, err: errors.New("boom")}
		err = p.DecodeRegion(ctx, failing, rgn, make([]byte, 4*20*2), &codec.Options{Concurrency: budget})
		var re *codec.ReadError
		if !errors.As(err, &re) || !errors.As(err, &ce) || re.Err.Error() != "boom" {
			t.Errorf("budget %d, failing read: %v", budget, err)
		}
	}
}

// FuzzCoalescedHostileIndex reads random regions of uint16 [8 8] shards of
// [2 4] inner chunks whose index is random bytes, with a random RangeGap
// and budget, under a small MaxChunkBytes (so that runs split). Nothing may
// panic; errors match codec.ErrCorrupt; no read leaves the shard (of known
// size) or exceeds the limit; the region reads the same elements merged
// and unmerged, and as the whole shard decodes them.
func FuzzCoalescedHostileIndex(f *testing.F) {
	const limit = 512 // the decoded index is 16*8 bytes; an inner chunk at most zstd's bound of 16 bytes
	fill, _ := numeric.ParseFillValue(numeric.Uint16, []byte("7"))
	var pipes []*codec.Pipeline
	for _, inner := range []string{bytesLE, zstdLE} {
		p, err := codec.NewPipeline(codec.ChunkSpec{DataType: numeric.Uint16, Shape: []int{8, 8}, FillValue: fill},
			parseChain(f, shardJSON([]int{2, 4}, inner, bytesLE, "end")), &codec.Options{MaxChunkBytes: limit})
		if err != nil {
			f.Fatal(err)
		}
		pipes = append(pipes, p)
	}
	src := ramp(numeric.Uint16, 64)
	for i, p := range pipes {
		enc, err := p.AppendEncode(nil, src)
		if err != nil {
			f.Fatal(err)
		}
		b, _ := sharding.FromPipeline(p)
		n := b.IndexSize()
		body, index := enc[:len(enc)-n], enc[len(enc)-n:]
		f.Add(uint8(i), body, index, uint8(1), uint8(0), uint8(6), uint8(8), uint8(1), int64(0), true)
		f.Add(uint8(i), body, index, uint8(0), uint8(1), uint8(8), uint8(6), uint8(3), int64(5), false)
		// Reversed entries, a shared one and a far one.
		rev := bytes.Clone(index)
		for k := range 8 {
			copy(rev[16*k:], index[16*(7-k):16*(7-k)+16])
		}
		copy(rev[16:32], rev[0:16])
		f.Add(uint8(i), body, rev, uint8(0), uint8(0), uint8(8), uint8(7), uint8(2), int64(1), true)
		wide := append(bytes.Clone(body), make([]byte, 300)...)
		w := bytes.Clone(index)
		binary.LittleEndian.PutUint64(w[16*3:], uint64(len(wide)-20))
		f.Add(uint8(i), wide, w, uint8(0), uint8(0), uint8(7), uint8(8), uint8(4), int64(math.MaxInt64), true)
	}
	f.Fuzz(func(t *testing.T, which uint8, body, index []byte, s0, s1, n0, n1, budget uint8, gap int64, sized bool) {
		p := pipes[int(which)%len(pipes)]
		b, _ := sharding.FromPipeline(p)
		n := b.IndexSize()
		index = append(bytes.Clone(index), make([]byte, max(0, n-len(index)))...)[:n]
		shard := append(bytes.Clone(body), index...)
		start := []int64{int64(s0 % 8), int64(s1 % 8)}
		rgn := region.FromShape(start, []int64{int64(n0) % (9 - start[0]), int64(n1) % (9 - start[1])})
		read := func(gap int64) ([]byte, error) {
			dst := make([]byte, rgn.Size()*2)
			cr := &countingReader{value: shard}
			var r byterange.Reader = cr
			if sized {
				r = sizedReader{cr}
			}
			err := p.DecodeRegion(context.Background(), r, rgn, dst, &codec.Options{Concurrency: int(budget % 5), RangeGap: gap})
			if err != nil && !errors.Is(err, codec.ErrCorrupt) {
				t.Fatalf("gap %d: error %v does not match ErrCorrupt", gap, err)
			}
			for _, rd := range cr.Reads() {
				if rd == byterange.Whole {
					continue
				}
				if !rd.Valid() || rd.IsSuffix() && rd.Length != int64(n) || rd.Length > limit {
					t.Fatalf("gap %d: read %v of a %d-byte shard with a %d-byte index, limit %d", gap, rd, len(shard), n, limit)
				}
				if sized && !rd.IsSuffix() && rd.Offset+rd.Length > int64(len(shard)) {
					t.Fatalf("gap %d: read %v past the end of a %d-byte shard of known size", gap, rd, len(shard))
				}
			}
			return dst, err
		}
		merged, err := read(gap)
		unmerged, uerr := read(-1)
		if (err == nil) != (uerr == nil) {
			t.Fatalf("merged: %v; unmerged: %v", err, uerr)
		}
		if err == nil && !bytes.Equal(merged, unmerged) {
			t.Fatalf("region %v reads differently merged and unmerged", rgn)
		}
		whole := make([]byte, p.DecodedSize())
		if p.Decode(whole, shard) != nil {
			return
		}
		if err != nil {
			t.Fatalf("the whole shard decodes, the region %v does not: %v", rgn, err)
		}
		if !bytes.Equal(merged, subArray(whole, []int{8, 8}, iint(rgn.Start), iint(rgn.Shape()), 2)) {
			t.Fatalf("region %v differs from the whole decode", rgn)
		}
	})
}
