package sharding_test

import (
	"bytes"
	"context"
	"errors"
	"runtime"
	"sync/atomic"
	"testing"
	"time"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/codecs/sharding"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/region"
	"github.com/zcodec/zcodec/store/byterange"
)

// gauge records the largest number of calls in flight at once; with panics
// set, every call panics.
type gauge struct {
	cur, peak atomic.Int32
	panics    atomic.Bool
}

func (g *gauge) enter() {
	if g.panics.Load() {
		panic("gate")
	}
	n := g.cur.Add(1)
	for p := g.peak.Load(); n > p && !g.peak.CompareAndSwap(p, n); p = g.peak.Load() {
	}
	time.Sleep(500 * time.Microsecond)
}

func (g *gauge) leave() { g.cur.Add(-1) }

// gateCodec is a bytes->bytes identity whose AppendDecode is measured by a
// gauge: the decodes of inner chunks at work at once.
type gateCodec struct{ g *gauge }

func (c gateCodec) Name() string                 { return "test_gate" }
func (c gateCodec) MarshalJSON() ([]byte, error) { return []byte(`{"name":"test_gate"}`), nil }
func (c gateCodec) ResolveBytesToBytes(d codec.BytesSpec) (codec.BoundBytesToBytes, error) {
	return gateBound{c.g, d}, nil
}

type gateBound struct {
	g    *gauge
	spec codec.BytesSpec
}

func (b gateBound) Encoded() codec.BytesSpec                     { return b.spec }
func (b gateBound) AppendEncode(dst, src []byte) ([]byte, error) { return append(dst, src...), nil }
func (b gateBound) AppendDecode(dst, src []byte) ([]byte, error) {
	b.g.enter()
	defer b.g.leave()
	return append(dst, src...), nil
}

// gatedReader serves a value and measures its reads with a gauge.
type gatedReader struct {
	value []byte
	g     *gauge
}

func (r *gatedReader) ReadRange(ctx context.Context, br byterange.Range) ([]byte, error) {
	r.g.enter()
	defer r.g.leave()
	return (&countingReader{value: r.value}).ReadRange(ctx, br)
}

// gatedShards returns a pipeline of float32 [1024 1024] shards of inner
// chunks [128 128] (4 MiB, so whole shards decode in parallel), whose inner
// chain's decodes are measured by dec; nested puts one more level of
// sharding in between, inner shards [512 512].
func gatedShards(t *testing.T, dec *gauge, nested bool) *codec.Pipeline {
	t.Helper()
	inner := []codec.Codec{parseChain(t, bytesLE)[0], gateCodec{dec}}
	index := parseChain(t, indexCRC)
	sc, err := sharding.New(sharding.Config{ChunkShape: []int{128, 128}, Codecs: inner, IndexCodecs: index})
	if err != nil {
		t.Fatal(err)
	}
	if nested {
		sc, err = sharding.New(sharding.Config{ChunkShape: []int{512, 512}, Codecs: []codec.Codec{sc}, IndexCodecs: index})
		if err != nil {
			t.Fatal(err)
		}
	}
	fill, _ := numeric.ParseFillValue(numeric.Float32, []byte("0"))
	p, err := codec.NewPipeline(codec.ChunkSpec{DataType: numeric.Float32, Shape: []int{1024, 1024}, FillValue: fill}, []codec.Codec{sc}, nil)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestBudgetInsideShards: the budget of opts.Concurrency bounds the reads
// and the inner-chunk decodes in flight of DecodeRegion, for a region in
// part of a shard, a whole shard, and nested shards; without one a whole
// shard decodes on several goroutines.
func TestBudgetInsideShards(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(8))
	src := ramp(numeric.Float32, 1024*1024)
	part := region.FromShape([]int64{100, 100}, []int64{800, 700}) // all four [512 512] quarters
	whole := region.Whole([]int64{1024, 1024})
	for _, nested := range []bool{false, true} {
		dec := &gauge{}
		p := gatedShards(t, dec, nested)
		enc, err := p.AppendEncode(nil, src)
		if err != nil {
			t.Fatal(err)
		}
		if !nested {
			dec.peak.Store(0)
			if err := p.Decode(make([]byte, len(src)), enc); err != nil {
				t.Fatal(err)
			}
			if dec.peak.Load() < 2 {
				t.Fatalf("a whole 4 MiB shard decoded on one goroutine: the test cannot see parallel decoding")
			}
		}
		for _, budget := range []int{1, 2, 4, 8} {
			for _, rgn := range []region.Box{part, whole} {
				reads := &gauge{}
				dec.peak.Store(0)
				dst := make([]byte, rgn.Size()*4)
				ctx := context.Background()
				if err := p.DecodeRegion(ctx, &gatedReader{value: enc, g: reads}, rgn, dst, &codec.Options{Concurrency: budget}); err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(dst, subArray(src, []int{1024, 1024}, iint(rgn.Start), iint(rgn.Shape()), 4)) {
					t.Fatalf("nested %v, budget %d, region %v: wrong elements", nested, budget, rgn)
				}
				r, d := reads.peak.Load(), dec.peak.Load()
				t.Logf("nested %v, budget %d, region %v: %d reads and %d decodes at once", nested, budget, rgn.Shape(), r, d)
				if r > int32(budget) || d > int32(budget) {
					t.Errorf("nested %v, budget %d, region %v: %d reads and %d decodes at once", nested, budget, rgn.Shape(), r, d)
				}
			}
		}
	}
}

// TestIndexLimit: a shard whose index is larger than the limit (2 GiB by
// default) is refused by every decode before anything is read or
// allocated.
func TestIndexLimit(t *testing.T) {
	p := pipeline(t, shardJSON([]int{1}, bytesLE, indexCRC, ""), numeric.Uint8, "0", 1<<30) // a 16 GiB index
	b, _ := sharding.FromPipeline(p)
	r := &countingReader{value: make([]byte, 1<<10)}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	errs := []error{p.DecodeRegion(context.Background(), r, region.FromShape([]int64{5}, []int64{1}), make([]byte, 1), nil)}
	_, err := b.ReadIndex(context.Background(), r)
	errs = append(errs, err)
	_, err = b.ParseIndex(make([]byte, 1<<10))
	errs = append(errs, err)
	runtime.ReadMemStats(&after)
	for i, err := range errs {
		var le *codec.LimitError
		if !errors.As(err, &le) || le.Size != 16<<30+4 && le.Size != 16<<30 || le.Codec != sharding.Name || le.SettingName() != codec.SettingMaxChunkBytes {
			t.Errorf("call %d: %v, want a *codec.LimitError of sharding's buffer", i, err)
		}
	}
	if len(r.Reads()) != 0 {
		t.Errorf("read %v", r.Reads())
	}
	if d := after.TotalAlloc - before.TotalAlloc; d > 1<<20 {
		t.Errorf("allocated %d bytes", d)
	}
}

// TestPanicInParallelDecode: an inner codec that panics on one of the
// goroutines of a parallel decode gives a *ChunkError around a
// *codec.PanicError, not the end of the process.
func TestPanicInParallelDecode(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(4))
	dec := &gauge{}
	p := gatedShards(t, dec, false)
	src := ramp(numeric.Float32, 1024*1024)
	enc, err := p.AppendEncode(nil, src)
	if err != nil {
		t.Fatal(err)
	}
	dec.panics.Store(true)
	err = p.Decode(make([]byte, len(src)), enc)
	var ce *codec.ChunkError
	var pe *codec.PanicError
	if !errors.As(err, &ce) || !errors.As(err, &pe) || pe.Value != "gate" || len(ce.Coords) != 2 {
		t.Fatalf("%v", err)
	}
	rgn := region.FromShape([]int64{0, 0}, []int64{300, 300})
	err = p.DecodeRegion(context.Background(), &gatedReader{value: enc, g: &gauge{}}, rgn, make([]byte, 300*300*4), &codec.Options{Concurrency: 3})
	if !errors.As(err, &pe) {
		t.Fatalf("region: %v", err)
	}
}

// TestNestedShortRead: a nested shard read whole through a reader that
// cannot tell the shard's length, from a shard cut short, is corrupt, not
// decoded from the bytes that are there.
func TestNestedShortRead(t *testing.T) {
	nested := `[{"name": "sharding_indexed", "configuration": {"chunk_shape": [2, 4], "codecs": ` + bytesLE + `, "index_codecs": ` + bytesLE + `}}]`
	p := pipeline(t, shardJSON([]int{4, 8}, nested, bytesLE, "start"), numeric.Uint16, "0", 8, 8)
	src := ramp(numeric.Uint16, 64)
	enc, err := p.AppendEncode(nil, src)
	if err != nil {
		t.Fatal(err)
	}
	short := enc[:len(enc)-10] // the second inner shard loses the end of its index
	rgn := region.FromShape([]int64{4, 0}, []int64{4, 8})
	for _, budget := range []int{0, 1, 4} {
		ctx := context.Background()
		err := p.DecodeRegion(ctx, &countingReader{value: short}, rgn, make([]byte, 64), &codec.Options{Concurrency: budget})
		if !errors.Is(err, codec.ErrCorrupt) {
			t.Fatalf("budget %d: %v, want a corrupt shard", budget, err)
		}
	}
}
