package sharding_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/codecs/sharding"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/region"
	"github.com/zcodec/zcodec/store/byterange"
)

// TestPartialReadTouchesOnlyWhatItNeeds reads random regions of a 64-chunk
// shard, some inner chunks absent, and checks the values and every range
// read: the index first, then, with ranges never merged (RangeGap -1),
// exactly the stored inner chunks the region touches, once each; with the
// default gap, those ranges merged wherever they lie within 64 KiB of each
// other (all of them, in this small shard): one range from the first to
// the end of the last.
func TestPartialReadTouchesOnlyWhatItNeeds(t *testing.T) {
	shape, chunk := []int{32, 32}, []int{4, 4}
	for _, loc := range []string{"start", "end"} {
		p := pipeline(t, shardJSON(chunk, zstdLE, indexCRC, loc), numeric.Float32, "0", shape...)
		src := ramp(numeric.Float32, 32*32)
		// Clear every third inner chunk to fill: those are absent.
		for i := 0; i < 64; i += 3 {
			putBox(src, shape, []int{i / 8 * 4, i % 8 * 4}, chunk, 4, make([]byte, 64))
		}
		shard, err := p.AppendEncode(nil, src)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := sharding.FromPipeline(p)
		ix, err := b.ParseIndex(shard)
		if err != nil {
			t.Fatal(err)
		}
		if ix.NumStored() != 64-22 || len(ix.Chunks()) != 42 {
			t.Fatalf("%d stored inner chunks, want 42", ix.NumStored())
		}
		rng := rand.New(rand.NewPCG(5, 6))
		for trial := range 300 {
			start := []int{rng.IntN(32), rng.IntN(32)}
			box := []int{1 + rng.IntN(32-start[0]), 1 + rng.IntN(32-start[1])}
			if trial%4 == 0 {
				box = []int{1, 1}
			}
			rgn := region.FromShape(i64(start), i64(box))
			var r byterange.Reader = &countingReader{value: shard}
			counting := r.(*countingReader)
			if trial%2 == 1 {
				r = sizedReader{counting}
			}
			got := make([]byte, prod(box)*4)
			merge := trial%3 != 0
			opts := &codec.Options{RangeGap: -1}
			if merge {
				opts = nil
			}
			if err := p.DecodeRegion(context.Background(), r, rgn, got, opts); err != nil {
				t.Fatalf("%v: %v", rgn, err)
			}
			if want := subArray(src, shape, start, box, 4); !bytes.Equal(got, want) {
				t.Fatalf("%v: values differ", rgn)
			}
			reads := counting.Reads()
			if rgn.CoversChunk(shape) {
				if len(reads) != 1 || reads[0] != byterange.Whole {
					t.Fatalf("whole shard: reads %v, want the whole value once", reads)
				}
				continue
			}
			if reads[0] != b.IndexRange() {
				t.Fatalf("%v: first read %v, want the index %v", rgn, reads[0], b.IndexRange())
			}
			var want []byterange.Range
			for c0 := start[0] / 4; c0 <= (start[0]+box[0]-1)/4; c0++ {
				for c1 := start[1] / 4; c1 <= (start[1]+box[1]-1)/4; c1++ {
					if rg, ok, _ := ix.Lookup([]int{c0, c1}); ok {
						want = append(want, rg)
					}
				}
			}
			gotRanges := reads[1:]
			slices.SortFunc(gotRanges, func(a, b byterange.Range) int { return int(a.Offset - b.Offset) })
			slices.SortFunc(want, func(a, b byterange.Range) int { return int(a.Offset - b.Offset) })
			if merge && len(want) > 1 {
				last := want[len(want)-1]
				want = []byterange.Range{{Offset: want[0].Offset, Length: last.Offset + last.Length - want[0].Offset}}
			}
			if !slices.Equal(gotRanges, want) {
				t.Fatalf("%v: read %v after the index, want %v", rgn, gotRanges, want)
			}
		}
	}
}

// TestNestedPartialRead reads single elements of a nested shard: the outer
// index, the inner shard's index (a suffix of its range), then one
// inner-inner chunk.
func TestNestedPartialRead(t *testing.T) {
	shape := []int{16, 16}
	js := shardJSON([]int{8, 8}, shardJSON([]int{2, 2}, zstdLE, indexCRC, "end"), indexCRC, "start")
	p := pipeline(t, js, numeric.Uint16, "0", shape...)
	src := ramp(numeric.Uint16, 256)
	putBox(src, shape, []int{8, 8}, []int{2, 2}, 2, make([]byte, 8)) // one absent inner-inner chunk
	shard, err := p.AppendEncode(nil, src)
	if err != nil {
		t.Fatal(err)
	}
	outer, _ := sharding.FromPipeline(p)
	ix, _ := outer.ParseIndex(shard)
	inner, ok := sharding.FromPipeline(outer.Inner())
	if !ok {
		t.Fatal("inner chain is not sharded")
	}
	for _, tc := range []struct {
		at    []int
		reads int
	}{{[]int{0, 0}, 3}, {[]int{15, 3}, 3}, {[]int{9, 9}, 2}} {
		r := &countingReader{value: shard}
		got := make([]byte, 2)
		rgn := region.FromShape(i64(tc.at), []int64{1, 1})
		if err := p.DecodeRegion(context.Background(), r, rgn, got, nil); err != nil {
			t.Fatal(err)
		}
		if want := subArray(src, shape, tc.at, []int{1, 1}, 2); !bytes.Equal(got, want) {
			t.Fatalf("%v: got %x, want %x", tc.at, got, want)
		}
		reads := r.Reads()
		if len(reads) != tc.reads {
			t.Fatalf("%v: reads %v, want %d", tc.at, reads, tc.reads)
		}
		rg, _, _ := ix.Lookup([]int{tc.at[0] / 8, tc.at[1] / 8})
		innerIndex := byterange.Range{Offset: rg.Offset + rg.Length - int64(inner.IndexSize()), Length: int64(inner.IndexSize())}
		if reads[0] != outer.IndexRange() || reads[1] != innerIndex {
			t.Fatalf("%v: reads %v, want the outer index %v then the inner index %v", tc.at, reads, outer.IndexRange(), innerIndex)
		}
		if tc.reads == 3 && (reads[2].Offset < rg.Offset || reads[2].Offset+reads[2].Length > rg.Offset+rg.Length) {
			t.Fatalf("%v: third read %v outside the inner shard %v", tc.at, reads[2], rg)
		}
	}
	// The whole shard is one read.
	r0 := &countingReader{value: shard}
	whole := make([]byte, len(src))
	if err := p.DecodeRegion(context.Background(), r0, region.Whole(i64(shape)), whole, nil); err != nil || !bytes.Equal(whole, src) || len(r0.Reads()) != 1 {
		t.Fatalf("whole shard: %v, reads %v", err, r0.Reads())
	}
	// A whole inner shard is read in one range.
	r := &countingReader{value: shard}
	got := make([]byte, 8*8*2)
	if err := p.DecodeRegion(context.Background(), r, region.FromShape([]int64{8, 0}, []int64{8, 8}), got, nil); err != nil {
		t.Fatal(err)
	}
	if len(r.Reads()) != 2 || !bytes.Equal(got, subArray(src, shape, []int{8, 0}, []int{8, 8}, 2)) {
		t.Fatalf("whole inner shard: reads %v", r.Reads())
	}
}

func TestPartialReadErrors(t *testing.T) {
	p := pipeline(t, shardJSON([]int{2, 2}, bytesLE, indexCRC, ""), numeric.Uint16, "0", 4, 4)
	shard, _ := p.AppendEncode(nil, ramp(numeric.Uint16, 16))
	ctx := context.Background()
	rgn := region.FromShape([]int64{1, 1}, []int64{2, 2})
	dst := make([]byte, 8)
	sentinel := errors.New("connection reset")
	err := p.DecodeRegion(ctx, &countingReader{value: shard, err: sentinel}, rgn, dst, nil)
	var re *codec.ReadError
	if !errors.Is(err, sentinel) || !errors.As(err, &re) || re.Range != (byterange.Range{Offset: -68, Length: 68}) {
		t.Fatalf("reader failure on the index: got %v", err)
	}
	// A reader that fails after the index: the error names the chunk.
	fr := &failAfter{countingReader: countingReader{value: shard}, n: 1, err: sentinel}
	err = p.DecodeRegion(ctx, fr, rgn, dst, nil)
	var ce *codec.ChunkError
	if !errors.Is(err, sentinel) || !errors.As(err, &ce) {
		t.Fatalf("reader failure on a chunk: got %v", err)
	}
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	if err := p.DecodeRegion(cctx, &countingReader{value: shard}, rgn, dst, nil); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled: got %v", err)
	}
	// The shard's bound codec checks regions itself too.
	b, _ := sharding.FromPipeline(p)
	if err := b.DecodeRegion(ctx, &countingReader{value: shard}, region.FromShape([]int64{3, 3}, []int64{2, 2}), dst, nil); !errors.Is(err, region.ErrInvalid) {
		t.Fatalf("region outside: got %v", err)
	}
	if err := b.DecodeRegion(ctx, &countingReader{value: shard}, rgn, dst[:3], nil); !errors.Is(err, codec.ErrSize) {
		t.Fatalf("short dst: got %v", err)
	}
	// A value shorter than the index.
	if err := p.DecodeRegion(ctx, sizedReader{&countingReader{value: shard[:10]}}, rgn, dst, nil); !errors.Is(err, codec.ErrCorrupt) {
		t.Fatalf("truncated shard: got %v", err)
	}
	if err := p.DecodeRegion(ctx, &countingReader{value: shard[:10]}, rgn, dst, nil); !errors.Is(err, codec.ErrCorrupt) {
		t.Fatalf("truncated shard, unsized: got %v", err)
	}
}

// failAfter fails every read after the first n.
type failAfter struct {
	countingReader
	n   int
	err error
}

func (f *failAfter) ReadRange(ctx context.Context, r byterange.Range) ([]byte, error) {
	b, _ := f.countingReader.ReadRange(ctx, r)
	if len(f.Reads()) > f.n {
		return nil, f.err
	}
	return b, nil
}

func TestInspectShard(t *testing.T) {
	shape, chunk := []int{4, 6}, []int{2, 3}
	p := pipeline(t, shardJSON(chunk, gzipLE, indexCRC, "start"), numeric.Int16, "-5", shape...)
	src := ramp(numeric.Int16, 24)
	fill := p.Spec().FillValue.Bytes()
	putBox(src, shape, []int{0, 3}, chunk, 2, bytes.Repeat(fill, 6))
	shard, err := p.AppendEncode(nil, src)
	if err != nil {
		t.Fatal(err)
	}
	b, ok := sharding.FromPipeline(p)
	if !ok {
		t.Fatal(ok)
	}
	if !slices.Equal(b.Grid(), []int{2, 2}) || b.NumChunks() != 4 || b.IndexSize() != 68 || b.IndexLocation() != sharding.IndexStart {
		t.Fatalf("grid %v, %d chunks, index %d bytes at %v", b.Grid(), b.NumChunks(), b.IndexSize(), b.IndexLocation())
	}
	ix, err := b.ParseIndex(shard)
	if err != nil {
		t.Fatal(err)
	}
	ix2, err := b.ReadIndex(context.Background(), sizedReader{&countingReader{value: shard}})
	if err != nil || ix2.ShardSize() != int64(len(shard)) || !slices.EqualFunc(ix.Chunks(), ix2.Chunks(), func(a, b sharding.InnerChunk) bool {
		return slices.Equal(a.Coords, b.Coords) && a.Range == b.Range
	}) {
		t.Fatalf("ReadIndex: %v", err)
	}
	var total int64
	for _, c := range ix.Chunks() {
		total += c.Range.Length
	}
	if got := fmt.Sprint(len(ix.Chunks()), ix.NumStored(), ix.StoredBytes() == total, int(total)+68 == len(shard)); got != "3 3 true true" {
		t.Fatalf("chunks, stored, bytes: %s", got)
	}
	for c := range 4 {
		coords := []int{c / 2, c % 2}
		want := subArray(src, shape, []int{coords[0] * 2, coords[1] * 3}, chunk, 2)
		got := make([]byte, 12)
		if err := b.DecodeChunk(got, shard, ix, coords); err != nil || !bytes.Equal(got, want) {
			t.Fatalf("DecodeChunk %v: %x, %v; want %x", coords, got, err, want)
		}
		r := &countingReader{value: shard}
		clear(got)
		if err := b.ReadChunk(context.Background(), r, ix, coords, got); err != nil || !bytes.Equal(got, want) {
			t.Fatalf("ReadChunk %v: %x, %v", coords, got, err)
		}
		if _, stored, _ := ix.Lookup(coords); len(r.Reads()) != map[bool]int{true: 1, false: 0}[stored] {
			t.Fatalf("ReadChunk %v: reads %v", coords, r.Reads())
		}
	}
	if _, _, err := ix.Lookup([]int{2, 0}); !errors.Is(err, region.ErrInvalid) {
		t.Fatalf("Lookup outside the grid: %v", err)
	}
	// A corrupt inner chunk is its own error; the others still decode.
	c0 := ix.Chunks()[0]
	bad := bytes.Clone(shard)
	bad[c0.Range.Offset+c0.Range.Length-1] ^= 0xff // gzip trailer
	var ce *codec.ChunkError
	if err := b.DecodeChunk(make([]byte, 12), bad, ix, c0.Coords); !errors.As(err, &ce) || !slices.Equal(ce.Coords, i64(c0.Coords)) || !errors.Is(err, codec.ErrCorrupt) {
		t.Fatalf("corrupt chunk: %v", err)
	}
	if err := b.DecodeChunk(make([]byte, 12), bad, ix, ix.Chunks()[1].Coords); err != nil {
		t.Fatalf("the next chunk: %v", err)
	}
	if err := b.DecodeChunk(make([]byte, 11), shard, ix, c0.Coords); !errors.Is(err, codec.ErrSize) {
		t.Fatalf("short dst: %v", err)
	}
	// Not sharded.
	if _, ok := sharding.FromPipeline(pipeline(t, bytesLE, numeric.Int16, "0", 4)); ok {
		t.Fatal("FromPipeline on a bytes chain: ok")
	}
}
