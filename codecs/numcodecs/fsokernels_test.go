package numcodecs

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"github.com/zcodec/zcodec/numeric"
)

// TestFixedScaleOffsetKernels checks the whole-chunk fixedscaleoffset
// loops against the element-by-element NumPy model, bit for bit, for every
// array type and stored integer type, with offsets and scales that are
// Python ints and floats, on chunks of boundary values and random bits.
func TestFixedScaleOffsetKernels(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	configs := [][2]string{
		{"252", "4"}, {"243.15", "4"}, {"0", "1"}, {"-1000", "10"}, {"0.5", "0.1"},
		{"70000", "3"}, {"1e10", "1e-5"}, {"-3.75", "255.5"}, {"1", "1e300"}, {"0", "-2"},
	}
	nKernels := 0
	for _, dtype := range realTypes {
		for _, astype := range realTypes[:8] { // the integer types
			for _, cfg := range configs {
				conf := `{"offset": ` + cfg[0] + `, "scale": ` + cfg[1] + `, "dtype": "` + npTypeString(dtype) + `", "astype": "` + npTypeString(astype) + `"}`
				c, err := parseCodec(FixedScaleOffsetName, conf)
				if err != nil {
					t.Fatal(err)
				}
				for _, n := range []int{1, 9, 2047, 2049, 5000} {
					b, err := c.ResolveArray(spec(dtype, n, numeric.Scalar{}))
					if err != nil {
						t.Fatal(err)
					}
					model := withoutKernels(b)
					if model == nil {
						continue
					}
					nKernels++
					for range 2 {
						src := randomChunk(r, dtype, n)
						if r.IntN(2) == 0 { // values near the offset, mostly in range
							for i := range n {
								copy(src[i*dtype.Size():], nearOffset(r, dtype, cfg[0]))
							}
						}
						got, want := make([]byte, n*astype.Size()), make([]byte, n*astype.Size())
						if err := b.EncodeArray(got, src); err != nil {
							t.Fatal(err)
						}
						if err := model.EncodeArray(want, src); err != nil {
							t.Fatal(err)
						}
						if !bytes.Equal(got, want) {
							reportFirstDiff(t, conf+" encode", dtype, astype, src, got, want)
						}
						stored := randomChunk(r, astype, n)
						got, want = make([]byte, n*dtype.Size()), make([]byte, n*dtype.Size())
						if err := b.DecodeArray(got, stored); err != nil {
							t.Fatal(err)
						}
						if err := model.DecodeArray(want, stored); err != nil {
							t.Fatal(err)
						}
						if !bytes.Equal(got, want) {
							reportFirstDiff(t, conf+" decode", astype, dtype, stored, got, want)
						}
					}
				}
			}
		}
	}
	if nKernels == 0 {
		t.Fatal("no kernel was tested")
	}
}

// nearOffset returns the bytes of a value of dt within a few hundred of
// the offset written off (a JSON number).
func nearOffset(r *rand.Rand, dt numeric.DataType, off string) []byte {
	p, err := parsePyNumber([]byte(off))
	if err != nil {
		panic(err)
	}
	x := p.f + (r.Float64()-0.5)*600
	var v npVal
	if dt.IsFloat() {
		v = npVal{f: x}
		v.f = roundFloat(x, dt)
	} else {
		v = npCast(npVal{f: x}, numeric.Float64, dt)
	}
	b := make([]byte, dt.Size())
	npStore(dt, b, 0, v)
	return b
}
