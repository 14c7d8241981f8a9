package numcodecs

import (
	"bytes"
	"encoding/binary"
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/zcodec/zcodec/numeric"
)

// TestFilterKernels checks the whole-chunk loops of delta and quantize
// against the element-by-element NumPy model, bit for bit, on chunks of
// boundary values and random bits of lengths around the loops' unrolling.
func TestFilterKernels(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	var entries []struct {
		name, conf string
		dt, enc    numeric.DataType
	}
	add := func(name, conf string, dt, enc numeric.DataType) {
		entries = append(entries, struct {
			name, conf string
			dt, enc    numeric.DataType
		}{name, conf, dt, enc})
	}
	for _, dt := range realTypes {
		add(DeltaName, `{"dtype": "`+npTypeString(dt)+`"}`, dt, dt)
	}
	for _, dt := range []numeric.DataType{numeric.Float32, numeric.Float64} {
		for _, to := range []numeric.DataType{numeric.Float32, numeric.Float64} {
			for _, digits := range []int{-3, 0, 1, 2, 3, 6, 10, 40} {
				add(QuantizeName, `{"digits": `+strconv.Itoa(digits)+`, "dtype": "`+npTypeString(dt)+`", "astype": "`+npTypeString(to)+`"}`, dt, to)
			}
		}
	}
	tested := 0
	for _, e := range entries {
		c, err := parseCodec(e.name, e.conf)
		if err != nil {
			t.Fatal(err)
		}
		for _, n := range []int{1, 2, 5, 8, 9, 1000, 1027} {
			b, err := c.ResolveArray(spec(e.dt, n, numeric.Scalar{}))
			if err != nil {
				t.Fatal(err)
			}
			model := withoutKernels(b)
			if model == nil {
				continue
			}
			tested++
			for range 3 {
				src := randomChunk(r, e.dt, n)
				got, want := make([]byte, n*e.enc.Size()), make([]byte, n*e.enc.Size())
				gotErr, wantErr := b.EncodeArray(got, src), model.EncodeArray(want, src)
				if !sameErr(gotErr, wantErr) || gotErr == nil && !bytes.Equal(got, want) {
					t.Fatalf("%s %s: encode %x: loop %x (%v), model %x (%v)", e.name, e.conf, src, got, gotErr, want, wantErr)
				}
				stored := randomChunk(r, e.enc, n)
				got, want = make([]byte, n*e.dt.Size()), make([]byte, n*e.dt.Size())
				gotErr, wantErr = b.DecodeArray(got, stored), model.DecodeArray(want, stored)
				if !sameErr(gotErr, wantErr) || !bytes.Equal(got, want) {
					reportFirstDiff(t, e.name+" "+e.conf+" decode", e.enc, e.dt, stored, got, want)
				}
			}
		}
	}
	if tested == 0 {
		t.Fatal("no loop was tested")
	}
}

// TestBitRoundLoops checks numcodecs.bitround's loops against its
// formula applied to one element at a time, for every type and keepbits.
func TestBitRoundLoops(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	for _, dt := range []numeric.DataType{numeric.Float16, numeric.Float32, numeric.Float64} {
		bits, _ := mantissaBits(dt)
		for keep := 0; keep <= int(bits); keep++ {
			c, err := parseCodec(BitRoundName, `{"keepbits": `+strconv.Itoa(keep)+`}`)
			if err != nil {
				t.Fatal(err)
			}
			for _, n := range []int{1, 3, 4, 7, 1001} {
				b, err := c.ResolveArray(spec(dt, n, numeric.Scalar{}))
				if err != nil {
					t.Fatal(err)
				}
				src := randomChunk(r, dt, n)
				got := make([]byte, len(src))
				if err := b.EncodeArray(got, src); err != nil {
					t.Fatal(err)
				}
				size, w := dt.Size(), uint(8*dt.Size())
				for i := range n {
					var e [8]byte
					copy(e[:], src[i*size:(i+1)*size])
					x := int64(binary.LittleEndian.Uint64(e[:])<<(64-w)) >> (64 - w) // sign-extended
					if m := uint(int(bits) - keep); m > 0 {
						x += (x>>m)&1 + int64(1)<<(m-1) - 1
						x &= -1 << m
					}
					binary.LittleEndian.PutUint64(e[:], uint64(x))
					if !bytes.Equal(got[i*size:(i+1)*size], e[:size]) {
						t.Fatalf("%v keepbits %d: element %x: got %x, want %x", dt, keep, src[i*size:(i+1)*size], got[i*size:(i+1)*size], e[:size])
					}
				}
			}
		}
	}
}
