package zstd

import (
	"bytes"
	"math/rand/v2"
	"sync"
	"testing"
	"time"

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

// TestPoolBound: no more than poolBound items exist at a time; a get that
// finds them all in use waits for a put and receives the item put, and
// the pool hands back the item put last.
func TestPoolBound(t *testing.T) {
	made := 0
	p := lifo[int]{make: func() (int, error) { made++; return made, nil }}
	bound := poolBound()
	held := make([]int, bound)
	for i := range held {
		held[i], _ = p.get()
	}
	got := make(chan int)
	go func() {
		x, _ := p.get()
		got <- x
	}()
	select {
	case x := <-got:
		t.Fatalf("get returned %d while all %d items were in use", x, bound)
	case <-time.After(50 * time.Millisecond):
	}
	p.put(held[0])
	if x := <-got; x != held[0] {
		t.Fatalf("waiting get = %d, want %d, the item put", x, held[0])
	}
	if made != bound {
		t.Fatalf("%d items made, want the bound %d", made, bound)
	}
	for _, x := range held {
		p.put(x)
	}
	if x, _ := p.get(); x != held[len(held)-1] {
		t.Fatalf("get = %d, want %d, the one put last", x, held[len(held)-1])
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
