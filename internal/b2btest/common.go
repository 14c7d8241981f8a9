package b2btest

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"sync"
	"testing"
	"unsafe"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/numeric"
)

// Smooth returns n float32 values of a smooth field with a little noise,
// little-endian: compressible, the way model output is.
func Smooth(n int, seed uint64) []byte {
	r := rand.New(rand.NewPCG(seed, 7))
	out := make([]byte, 0, 4*n)
	for i := range n {
		v := 273.15 + 20*math.Sin(2*math.Pi*float64(i)/4096) + 0.05*r.NormFloat64()
		out = binary.LittleEndian.AppendUint32(out, math.Float32bits(float32(v)))
	}
	return out
}

// Random returns n random bytes.
func Random(n int, seed uint64) []byte {
	r := rand.New(rand.NewPCG(seed, 11))
	out := make([]byte, n)
	for i := range out {
		out[i] = byte(r.Uint32())
	}
	return out
}

// Inputs returns chunks of several sizes and kinds (empty, one element,
// an odd count, zeros, a smooth field, random bytes) whose lengths are
// multiples of unit.
func Inputs(unit int) map[string][]byte {
	m := map[string][]byte{
		"empty":     {},
		"one":       Random(unit, 1),
		"odd":       Random(unit*1001, 2),
		"zeros":     make([]byte, unit*4096),
		"smooth":    Smooth(unit*1024, 3)[:unit*1024],
		"random64k": Random(unit*(16<<10), 4),
	}
	return m
}

// CheckRoundTrip encodes and decodes the Inputs (lengths a multiple of
// unit) with c resolved for each length, checks that AppendEncode and AppendDecode
// append to dst without touching its prefix, never return memory that
// aliases src, and that the decoded chunk equals the input.
func CheckRoundTrip(t *testing.T, c codec.BytesToBytes, dt numeric.DataType) {
	for name, in := range Inputs(dt.Size()) {
		t.Run(name, func(t *testing.T) {
			b := Bind(t, c, dt, len(in))
			prefix := []byte("keep")
			enc, err := b.AppendEncode(append([]byte(nil), prefix...), in)
			if err != nil {
				t.Fatalf("encode: %v", err)
			}
			if !bytes.HasPrefix(enc, prefix) {
				t.Fatal("encode changed dst's prefix")
			}
			enc = enc[len(prefix):]
			if es := b.Encoded(); es.Fixed() && len(enc) != es.Size || len(enc) > es.MaxSize {
				t.Fatalf("encoded %d bytes, outside its spec %v", len(enc), es)
			}
			dec, err := b.AppendDecode(append([]byte(nil), prefix...), enc)
			if err != nil {
				t.Fatalf("decode: %v", err)
			}
			if !bytes.HasPrefix(dec, prefix) {
				t.Fatal("decode changed dst's prefix")
			}
			Equal(t, "round trip", dec[len(prefix):], in)
			if len(in) > 0 && overlaps(dec, enc) {
				t.Fatal("decode returned memory that aliases its input")
			}
			if len(in) > 0 {
				if enc2, _ := b.AppendEncode(nil, in); overlaps(enc2, in) {
					t.Fatal("encode returned memory that aliases its input")
				}
			}
		})
	}
}

func overlaps(a, b []byte) bool {
	if cap(a) == 0 || cap(b) == 0 {
		return false
	}
	pa, pb := uintptr(unsafe.Pointer(unsafe.SliceData(a))), uintptr(unsafe.Pointer(unsafe.SliceData(b)))
	return pa < pb+uintptr(cap(b)) && pb < pa+uintptr(cap(a))
}

// CheckWrongSize checks that an encoding of n bytes does not decode for a
// spec of n-unit or n+unit bytes.
func CheckWrongSize(t *testing.T, c codec.BytesToBytes, dt numeric.DataType) {
	unit := dt.Size()
	in := Smooth(1000*unit/4+1, 5)[:1000*unit]
	enc, err := Bind(t, c, dt, len(in)).AppendEncode(nil, in)
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []int{len(in) - unit, len(in) + unit, 0} {
		out, err := Bind(t, c, dt, n).AppendDecode(nil, enc)
		if !IsCorrupt(err) {
			t.Errorf("decode for a %d-byte chunk of a %d-byte encoding: %d bytes, error %v; want a *codec.CorruptError", n, len(in), len(out), err)
		}
	}
}

// CheckTruncated checks that every proper prefix of an encoding (every one
// up to 64 bytes, then a sample) fails to decode with a *codec.CorruptError.
func CheckTruncated(t *testing.T, c codec.BytesToBytes, dt numeric.DataType) {
	in := Smooth(2048, 6)
	in = in[:len(in)/dt.Size()*dt.Size()]
	b := Bind(t, c, dt, len(in))
	enc, err := b.AppendEncode(nil, in)
	if err != nil {
		t.Fatal(err)
	}
	for n := 0; n < len(enc); n++ {
		if n > 64 && n < len(enc)-16 && n%97 != 0 {
			continue
		}
		if out, err := b.AppendDecode(nil, enc[:n]); !IsCorrupt(err) {
			t.Fatalf("decode of the first %d of %d bytes: %d bytes, error %v; want a *codec.CorruptError", n, len(enc), len(out), err)
		}
	}
}

// CheckConcurrent runs encode/decode round trips of c from several
// goroutines at once, each with its own data.
func CheckConcurrent(t *testing.T, c codec.BytesToBytes, dt numeric.DataType) {
	const n = 64 << 10
	b := Bind(t, c, dt, n)
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for g := range 8 {
		wg.Go(func() {
			for i := range 20 {
				in := Smooth(n/4, uint64(g*100+i))
				enc, err := b.AppendEncode(nil, in)
				if err == nil {
					var dec []byte
					dec, err = b.AppendDecode(nil, enc)
					if err == nil && !bytes.Equal(dec, in) {
						err = fmt.Errorf("goroutine %d round %d: round trip differs", g, i)
					}
				}
				if err != nil {
					errs <- err
					return
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

// AllocBytes returns the bytes allocated by f, the least of three runs.
func AllocBytes(f func()) uint64 {
	best := uint64(math.MaxUint64)
	for range 3 {
		var a, b runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&a)
		f()
		runtime.ReadMemStats(&b)
		best = min(best, b.TotalAlloc-a.TotalAlloc)
	}
	return best
}

// CheckBombBounded decodes bomb, an encoding of far more than limit bytes,
// with c resolved for limit-byte chunks: it must fail with a
// *codec.CorruptError having allocated at most limit+slack bytes.
func CheckBombBounded(t *testing.T, c codec.BytesToBytes, bomb []byte, limit int, slack uint64) {
	t.Helper()
	b := Bind(t, c, numeric.Uint8, limit)
	var err error
	got := AllocBytes(func() { _, err = b.AppendDecode(nil, bomb) })
	if !IsCorrupt(err) {
		t.Fatalf("decode of a %d-byte bomb: error %v; want a *codec.CorruptError", len(bomb), err)
	}
	if got > uint64(limit)+slack {
		t.Fatalf("decode of a %d-byte bomb allocated %d bytes; want at most %d + %d", len(bomb), got, limit, slack)
	}
	t.Logf("bomb of %d bytes: %v; allocated %d bytes for a %d-byte chunk", len(bomb), err, got, limit)
}
