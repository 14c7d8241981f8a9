package sharding_test

import (
	"bytes"
	"context"
	"runtime"
	"sync"
	"testing"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/region"
	"github.com/zcodec/zcodec/store/byterange"
)

// bigShard is a 4 MiB float32 [1024 1024] shard of 64 inner chunks of
// [128 128], large enough for the whole-shard paths to go parallel when
// resolved (with no Concurrency given) under GOMAXPROCS > 1.
func bigShard(t testing.TB, inner string) (*codec.Pipeline, []byte) {
	p := pipeline(t, shardJSON([]int{128, 128}, inner, indexCRC, ""), numeric.Float32, "0", 1024, 1024)
	src := ramp(numeric.Float32, 1024*1024)
	clearChunks(src, 0, 4) // a quarter of the inner chunks all fill
	return p, src
}

// clearChunks sets every step-th inner chunk of a bigShard source, from
// first, to the fill value 0.
func clearChunks(src []byte, first, step int) {
	for i := first; i < 64; i += step {
		putBox(src, []int{1024, 1024}, []int{i / 8 * 128, i % 8 * 128}, []int{128, 128}, 4, make([]byte, 128*128*4))
	}
}

func TestParallelMatchesSerial(t *testing.T) {
	old := runtime.GOMAXPROCS(1)
	serial, src := bigShard(t, zstdLE)
	runtime.GOMAXPROCS(max(old, 4))
	parallel, _ := bigShard(t, zstdLE)
	runtime.GOMAXPROCS(old)
	a, err := serial.AppendEncode(nil, src)
	if err != nil {
		t.Fatal(err)
	}
	b, err := parallel.AppendEncode(nil, src)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a, b) {
		t.Fatal("parallel encoding differs from serial encoding")
	}
	// Again with other inner chunks absent: the parallel path keeps its
	// buffers from call to call.
	src2 := bytes.Clone(src)
	clearChunks(src2, 1, 4)
	copy(src2[:4], []byte{1, 2, 3, 4}) // inner chunk 0 stored again
	for range 2 {
		a2, _ := serial.AppendEncode(nil, src2)
		b2, _ := parallel.AppendEncode(nil, src2)
		if !bytes.Equal(a2, b2) {
			t.Fatal("second parallel encoding differs from serial encoding")
		}
		dec := make([]byte, len(src2))
		if err := parallel.Decode(dec, b2); err != nil || !bytes.Equal(dec, src2) {
			t.Fatalf("second round trip: %v", err)
		}
	}
	for _, p := range []*codec.Pipeline{serial, parallel} {
		dec := make([]byte, p.DecodedSize())
		if err := p.Decode(dec, a); err != nil || !bytes.Equal(dec, src) {
			t.Fatalf("decode: %v", err)
		}
	}
	// A corrupt inner chunk is reported the same way on both paths: the
	// lowest failing chunk.
	bad := bytes.Clone(a)
	bad[5] ^= 0xff
	bad[len(a)/2] ^= 0xff
	e1 := serial.Decode(make([]byte, serial.DecodedSize()), bad)
	e2 := parallel.Decode(make([]byte, parallel.DecodedSize()), bad)
	if e1 == nil || e2 == nil || e1.Error() != e2.Error() {
		t.Fatalf("serial %v\nparallel %v", e1, e2)
	}
}

func TestConcurrentUse(t *testing.T) {
	p, src := bigShard(t, bytesLE)
	enc, err := p.AppendEncode(nil, src)
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Go(func() {
			for range 3 {
				e, err := p.AppendEncode(nil, src)
				if err != nil || !bytes.Equal(e, enc) {
					t.Errorf("goroutine %d: encode differs: %v", g, err)
					return
				}
				dec := make([]byte, p.DecodedSize())
				if err := p.Decode(dec, enc); err != nil || !bytes.Equal(dec, src) {
					t.Errorf("goroutine %d: decode: %v", g, err)
					return
				}
				rgn := region.FromShape([]int64{int64(g) * 100, 7}, []int64{130, 300})
				got := make([]byte, 130*300*4)
				if err := p.DecodeRegion(context.Background(), &countingReader{value: enc}, rgn, got, nil); err != nil || !bytes.Equal(got, subArray(src, []int{1024, 1024}, iint(rgn.Start), iint(rgn.Shape()), 4)) {
					t.Errorf("goroutine %d: region: %v", g, err)
					return
				}
			}
		})
	}
	wg.Wait()
}

func TestSteadyStateAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("allocation counts differ under the race detector")
	}
	for _, tc := range []struct {
		name  string
		inner string
		chunk []int
	}{
		{"bytes/contiguous", bytesLE, []int{4, 64}},
		{"bytes/boxes", bytesLE, []int{16, 16}},
		{"zstd/boxes", zstdLE, []int{16, 16}},
	} {
		p := pipeline(t, shardJSON(tc.chunk, tc.inner, indexCRC, ""), numeric.Float32, "0", 64, 64)
		src := ramp(numeric.Float32, 64*64)
		enc, err := p.AppendEncode(nil, src)
		if err != nil {
			t.Fatal(err)
		}
		buf := make([]byte, 0, len(enc)*2)
		dec := make([]byte, p.DecodedSize())
		if n := testing.AllocsPerRun(50, func() { buf, _ = p.AppendEncode(buf[:0], src) }); n != 0 {
			t.Errorf("%s: Encode: %v allocs", tc.name, n)
		}
		if n := testing.AllocsPerRun(50, func() { _ = p.Decode(dec, enc) }); n != 0 {
			t.Errorf("%s: Decode: %v allocs", tc.name, n)
		}
		r := &countingReader{value: enc, reads: make([]byterange.Range, 0, 1024)}
		one := make([]byte, 4)
		rgn := region.FromShape([]int64{20, 30}, []int64{1, 1})
		ctx := context.Background()
		if n := testing.AllocsPerRun(50, func() { r.reads = r.reads[:0]; _ = p.DecodeRegion(ctx, r, rgn, one, nil) }); n != 0 {
			t.Errorf("%s: DecodeRegion of one element: %v allocs", tc.name, n)
		}
		// A region across several inner chunks, read serially, their
		// ranges merged and not.
		several := region.FromShape([]int64{2, 2}, []int64{30, 20})
		part := make([]byte, 30*20*4)
		for _, o := range []*codec.Options{{Concurrency: 1}, {Concurrency: 1, RangeGap: -1}} {
			if n := testing.AllocsPerRun(50, func() { r.reads = r.reads[:0]; _ = p.DecodeRegion(ctx, r, several, part, o) }); n != 0 {
				t.Errorf("%s: serial DecodeRegion of several inner chunks, RangeGap %d: %v allocs", tc.name, o.RangeGap, n)
			}
		}
	}
}
