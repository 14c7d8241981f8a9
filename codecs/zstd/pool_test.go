package zstd

import (
	"bytes"
	"math/rand/v2"
	"sync"
	"testing"

	"github.com/klauspost/compress/zstd"
	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/numeric"
)

// poolChunk returns n bytes of a quantised noisy ramp: both literals and
// matches.
func poolChunk(n int) []byte {
	r := rand.New(rand.NewPCG(7, 7))
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(i/512) + byte(r.NormFloat64()*1.4)
	}
	return b
}

// TestPoolBytesMatchOneEncoder: a chunk encoded by many goroutines at once,
// through the pools, gives exactly the bytes a single freshly made
// klauspost encoder with the codec's options writes, at every level class.
func TestPoolBytesMatchOneEncoder(t *testing.T) {
	src := poolChunk(128 << 10)
	for _, level := range []int{1, 3, 7, 19} {
		for _, sum := range []bool{false, true} {
			want := zstdReference(t, level, sum, src)
			goroutines, rounds := 8, 3
			if level >= 10 { // the best level is slow
				goroutines, rounds = 3, 1
			}
			var wg sync.WaitGroup
			errs := make(chan string, goroutines)
			for range goroutines {
				wg.Add(1)
				go func() {
					defer wg.Done()
					var dst []byte
					for range rounds {
						var err error
						dst, err = compressGo(dst[:0], src, level, sum)
						if err != nil || !bytes.Equal(dst, want) {
							errs <- "differs"
							return
						}
					}
				}()
			}
			wg.Wait()
			close(errs)
			if len(errs) > 0 {
				t.Fatalf("level %d checksum %v: pooled encoders wrote other bytes than one encoder", level, sum)
			}
		}
	}
}

// zstdReference encodes src with one new encoder of the options the codec
// documents, made here independently of the pools.
func zstdReference(t *testing.T, level int, sum bool, src []byte) []byte {
	t.Helper()
	enc, err := zstd.NewWriter(nil,
		zstd.WithEncoderLevel(zstd.EncoderLevelFromZstd(level)),
		zstd.WithEncoderCRC(sum),
		zstd.WithZeroFrames(true),
		zstd.WithAllLitEntropyCompression(true),
	)
	if err != nil {
		t.Fatal(err)
	}
	defer enc.Close()
	return enc.EncodeAll(src, nil)
}

// TestPoolBound: the pool keeps at most poolBound idle items and hands
// back the one put last.
func TestPoolBound(t *testing.T) {
	made := 0
	p := lifo[int]{make: func() (int, error) { made++; return made, nil }}
	var got []int
	for range poolBound() + 3 {
		x, _ := p.get()
		got = append(got, x)
	}
	for _, x := range got {
		p.put(x)
	}
	if len(p.free) != poolBound() {
		t.Fatalf("pool keeps %d idle items, want the bound %d", len(p.free), poolBound())
	}
	last := p.free[len(p.free)-1]
	if x, _ := p.get(); x != last {
		t.Fatalf("get = %d, want %d, the one put last", x, last)
	}
}

// TestZeroAllocs: in steady state an encode and a decode through the bound
// codec allocate nothing when dst has room.
func TestZeroAllocs(t *testing.T) {
	src := poolChunk(256 << 10)
	for _, level := range []int{1, 3, 7} {
		c := &Codec{Level: level}
		bb, err := c.ResolveBytesToBytes(codec.FixedBytes(len(src), codec.ChunkSpec{DataType: numeric.Uint8, Shape: []int{len(src)}}))
		if err != nil {
			t.Fatal(err)
		}
		enc, _ := bb.AppendEncode(nil, src)
		ebuf := make([]byte, 0, bb.Encoded().MaxSize)
		dbuf := make([]byte, 0, len(src)+decodeSlack)
		if a := testing.AllocsPerRun(20, func() { _, _ = bb.AppendEncode(ebuf, src) }); a != 0 {
			t.Errorf("level %d: encode allocates %v times per call", level, a)
		}
		if a := testing.AllocsPerRun(20, func() { _, _ = bb.AppendDecode(dbuf, enc) }); a != 0 {
			t.Errorf("level %d: decode allocates %v times per call", level, a)
		}
	}
}
