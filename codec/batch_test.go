package codec_test

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"runtime"
	"strings"
	"testing"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/codecs/bytescodec"
	"github.com/zcodec/zcodec/numeric"
)

func bigEndianFloat64Pipeline(t testing.TB, n int) *codec.Pipeline {
	t.Helper()
	p, err := codec.NewPipeline(codec.ChunkSpec{DataType: numeric.Float64, Shape: []int{n}, FillValue: numeric.Zero(numeric.Float64)},
		[]codec.Codec{&bytescodec.Codec{Endian: numeric.BigEndian}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func float64Chunk(n int, seed float64) []byte {
	b := make([]byte, 8*n)
	for i := range n {
		binary.LittleEndian.PutUint64(b[8*i:], math.Float64bits(seed+math.Sin(float64(i))))
	}
	return b
}

func TestBatchRoundTrip(t *testing.T) {
	const n, chunks = 1000, 37
	p := bigEndianFloat64Pipeline(t, n)
	srcs := make([][]byte, chunks)
	for i := range srcs {
		srcs[i] = float64Chunk(n, float64(i))
	}
	for _, workers := range []int{0, 1, 2, 5, 100} {
		enc, err := p.AppendEncodeBatch(context.Background(), nil, srcs, &codec.Options{Concurrency: workers})
		if err != nil {
			t.Fatal(err)
		}
		for i := range enc {
			want, _ := p.AppendEncode(nil, srcs[i])
			if !bytes.Equal(enc[i], want) {
				t.Fatalf("workers %d: chunk %d differs from a single Encode", workers, i)
			}
			// big-endian: the first byte is the sign/exponent byte
			if enc[i][0] != srcs[i][7] {
				t.Fatalf("chunk %d not big-endian", i)
			}
		}
		dsts := make([][]byte, chunks)
		for i := range dsts {
			dsts[i] = make([]byte, p.DecodedSize())
		}
		if err := p.DecodeBatch(context.Background(), dsts, enc, &codec.Options{Concurrency: workers}); err != nil {
			t.Fatal(err)
		}
		for i := range dsts {
			if !bytes.Equal(dsts[i], srcs[i]) {
				t.Fatalf("workers %d: chunk %d does not round-trip", workers, i)
			}
		}
	}
}

func TestBatchErrors(t *testing.T) {
	p := bigEndianFloat64Pipeline(t, 4)
	srcs := [][]byte{float64Chunk(4, 0), float64Chunk(3, 0), float64Chunk(4, 1)}
	_, err := p.AppendEncodeBatch(context.Background(), nil, srcs, &codec.Options{Concurrency: 1})
	var be *codec.ChunkError
	if !errors.As(err, &be) || be.Index != 1 || !errors.Is(err, codec.ErrSize) {
		t.Errorf("AppendEncodeBatch error = %v, want chunk 1 with ErrSize", err)
	}
	dsts := [][]byte{make([]byte, 32), make([]byte, 32)}
	err = p.DecodeBatch(context.Background(), dsts, [][]byte{make([]byte, 32), make([]byte, 31)}, &codec.Options{Concurrency: 2})
	if !errors.As(err, &be) || be.Index != 1 || !errors.Is(err, codec.ErrCorrupt) {
		t.Errorf("DecodeBatch error = %v, want chunk 1 with ErrCorrupt", err)
	}
	if err := p.DecodeBatch(context.Background(), dsts[:1], srcs, &codec.Options{Concurrency: 1}); err == nil {
		t.Error("DecodeBatch with mismatched lengths succeeded")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := p.AppendEncodeBatch(ctx, nil, srcs, &codec.Options{Concurrency: 2}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled AppendEncodeBatch error = %v", err)
	}
}

// BenchmarkBatch decodes 64 chunks of 128 KiB with 1 and 2 goroutines; the
// ratio of the two shows the batch API's scaling.
func BenchmarkBatch(b *testing.B) {
	const n, chunks = 16384, 64
	p := bigEndianFloat64Pipeline(b, n)
	srcs := make([][]byte, chunks)
	dsts := make([][]byte, chunks)
	for i := range srcs {
		srcs[i], _ = p.AppendEncode(nil, float64Chunk(n, float64(i)))
		dsts[i] = make([]byte, p.DecodedSize())
	}
	for _, workers := range []int{1, 2} {
		b.Run(fmt.Sprintf("decode/goroutines=%d", workers), func(b *testing.B) {
			b.SetBytes(int64(chunks * p.DecodedSize()))
			b.ReportAllocs()
			for b.Loop() {
				if err := p.DecodeBatch(context.Background(), dsts, srcs, &codec.Options{Concurrency: workers}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestBatchNilContext checks that a nil context is an error, not a panic.
func TestBatchNilContext(t *testing.T) {
	p := bigEndianFloat64Pipeline(t, 4)
	srcs := [][]byte{float64Chunk(4, 0)}
	//lint:ignore SA1012 a nil context is what this test is about
	if _, err := p.AppendEncodeBatch(nil, nil, srcs, &codec.Options{Concurrency: 1}); !errors.Is(err, codec.ErrNilContext) {
		t.Errorf("AppendEncodeBatch(nil) = %v, want ErrNilContext", err)
	}
	//lint:ignore SA1012 a nil context is what this test is about
	if err := p.DecodeBatch(nil, [][]byte{make([]byte, 32)}, srcs, &codec.Options{Concurrency: 1}); !errors.Is(err, codec.ErrNilContext) {
		t.Errorf("DecodeBatch(nil) = %v, want ErrNilContext", err)
	}
}

// TestBatchRecoversPanics runs a third-party codec that panics on some
// chunks: the batch returns an error naming the chunk, with the panic
// value and stack, and the process goes on.
func TestBatchRecoversPanics(t *testing.T) {
	p, err := codec.NewPipeline(codec.ChunkSpec{DataType: numeric.Uint8, Shape: []int{4}, FillValue: numeric.Zero(numeric.Uint8)},
		[]codec.Codec{littleBytes, panicky{}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		first    byte
		runtime  bool // the panic value is a runtime error
		contains string
	}{
		{0xab, true, "index out of range"},
		{0xac, false, "panicky: cannot encode 0xac"},
	} {
		srcs := make([][]byte, 9)
		for i := range srcs {
			srcs[i] = []byte{byte(i), 1, 2, 3}
		}
		srcs[5][0] = tt.first
		for _, workers := range []int{1, 3} {
			_, err := p.AppendEncodeBatch(context.Background(), nil, srcs, &codec.Options{Concurrency: workers})
			checkPanicError(t, err, 5, tt.runtime, tt.contains)
			dsts := make([][]byte, len(srcs))
			for i := range dsts {
				dsts[i] = make([]byte, 4)
			}
			err = p.DecodeBatch(context.Background(), dsts, srcs, &codec.Options{Concurrency: workers})
			checkPanicError(t, err, 5, tt.runtime, tt.contains)
		}
	}
}

func checkPanicError(t *testing.T, err error, chunk int, isRuntime bool, contains string) {
	t.Helper()
	var be *codec.ChunkError
	var pe *codec.PanicError
	if !errors.As(err, &be) || be.Index != chunk || !errors.As(err, &pe) {
		t.Fatalf("error %v; want chunk %d with a *PanicError", err, chunk)
	}
	var re runtime.Error
	if errors.As(err, &re) != isRuntime || !strings.Contains(err.Error(), contains) || !strings.HasPrefix(err.Error(), fmt.Sprintf("chunk %d: ", chunk)) {
		t.Errorf("error %q: runtime.Error %v, want %v, containing %q", err, errors.As(err, &re), isRuntime, contains)
	}
	if !bytes.Contains(pe.Stack, []byte("boundPanicky")) {
		t.Errorf("stack does not show the panicking codec:\n%s", pe.Stack)
	}
}
