// Package benchdata is the deterministic data generator of zcodec's
// benchmarks: the codec benchmarks of package bench and of the codecs'
// own tests, the allocation tests, and the programs under bench that
// compare zcodec with numcodecs (bench/gendata writes the chunks that
// numcodecs_bench.py reads).
//
// The generator makes chunks that look like real array data: a smooth
// geophysical field with a little measurement noise, pure noise, and small
// integer counts. The same (kind, data type, size, seed) always gives the
// same bytes, on every platform, so benchmark figures from different
// runs, machines and tools describe the same data.
//
//	chunk, err := benchdata.Chunk(numeric.Float32, benchdata.Smooth, 1<<20, 1)
package benchdata

import (
	"encoding/binary"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"

	"github.com/zcodec/zcodec/numeric"
)

// Kind selects the shape of generated data.
type Kind int

const (
	// Smooth is a temperature-like field in kelvin:
	// 273.15 + 20 sin(2πi/4096) + 5 sin(2πi/97) + N(0, 0.05²).
	// Shuffled, it compresses about 2:1 as float32.
	Smooth Kind = iota + 1
	// Noisy is white noise N(0, 1): nearly incompressible as floats.
	Noisy
	// Counts are Poisson counts whose mean drifts smoothly between 0.5 and
	// 5.5, like event counts per cell: mostly small integers, compressible.
	Counts
	// Kelvin10 and Kelvin50 are the Smooth field moved down so that 10%
	// (50%) of its values lie below DemoOffset: quantised as the demo chain
	// does (scale_offset DemoOffset, DemoScale, then cast_value to uint8
	// with clamp), that share falls below 0 and clamps.
	Kelvin10
	Kelvin50
	// Units10 and Units50 are Kelvin10 and Kelvin50 in quantised units,
	// (x - DemoOffset) * DemoScale: 10% (50%) of them are below 0, for casts
	// to uint8 with clamp.
	Units10
	Units50
	// NoisyKelvin is the Smooth field with Gaussian noise of
	// NoisySteps quantisation steps of the demo chain added (NoisySteps /
	// DemoScale kelvin): quantised to uint8 as the demo chain does, it
	// leaves zstd mostly literals, where Smooth leaves it mostly matches.
	NoisyKelvin
)

// NoisySteps is the standard deviation of NoisyKelvin's added noise, in
// quantisation steps of the demo chain (1/DemoScale kelvin).
const NoisySteps = 1.4

// DemoOffset and DemoScale are the scale_offset parameters of the demo
// chain (cmd/zcodec demo), which quantise kelvin to uint8.
const (
	DemoOffset = 243.15
	DemoScale  = 4
)

// String returns the kind's name in lower case: "smooth", "noisy",
// "counts", "kelvin10", "kelvin50", "units10", "units50" or
// "noisykelvin".
func (k Kind) String() string {
	switch k {
	case Smooth:
		return "smooth"
	case Noisy:
		return "noisy"
	case Counts:
		return "counts"
	case Kelvin10:
		return "kelvin10"
	case Kelvin50:
		return "kelvin50"
	case Units10:
		return "units10"
	case Units50:
		return "units50"
	case NoisyKelvin:
		return "noisykelvin"
	}
	return fmt.Sprintf("Kind(%d)", int(k))
}

// Field returns n values of kind k generated from seed, as float64.
func Field(k Kind, n int, seed uint64) []float64 {
	switch k {
	case Kelvin10, Kelvin50, Units10, Units50:
		return clampField(k, n, seed)
	case NoisyKelvin:
		return noisyField(n, seed)
	}
	r := rand.New(rand.NewPCG(seed, 0x7a636f646563)) // "zcodec"
	out := make([]float64, n)
	for i := range out {
		x := float64(i)
		switch k {
		case Smooth:
			out[i] = 273.15 + 20*math.Sin(2*math.Pi*x/4096) + 5*math.Sin(2*math.Pi*x/97) + 0.05*r.NormFloat64()
		case Noisy:
			out[i] = r.NormFloat64()
		case Counts:
			out[i] = float64(poisson(r, 3+2.5*math.Sin(2*math.Pi*x/1000)))
		}
	}
	return out
}

// clampField returns the Smooth field shifted so that the share of Kelvin
// kinds named by k lies below DemoOffset, in kelvin or in quantised units.
func clampField(k Kind, n int, seed uint64) []float64 {
	out := Field(Smooth, n, seed)
	if n == 0 {
		return out
	}
	share := 0.1
	if k == Kelvin50 || k == Units50 {
		share = 0.5
	}
	sorted := slices.Clone(out)
	slices.Sort(sorted)
	shift := sorted[int(share*float64(n))] - DemoOffset
	for i := range out {
		out[i] -= shift
		if k == Units10 || k == Units50 {
			out[i] = (out[i] - DemoOffset) * DemoScale
		}
	}
	return out
}

// noisyField returns the Smooth field with N(0, (NoisySteps/DemoScale)²)
// added, from a generator of its own so that Smooth's values stay as they
// are.
func noisyField(n int, seed uint64) []float64 {
	out := Field(Smooth, n, seed)
	r := rand.New(rand.NewPCG(seed, 0x6e6f697379)) // "noisy"
	for i := range out {
		out[i] += NoisySteps / DemoScale * r.NormFloat64()
	}
	return out
}

// poisson draws from a Poisson distribution of mean lambda (small lambda;
// Knuth's multiplication method).
func poisson(r *rand.Rand, lambda float64) int {
	l, k, p := math.Exp(-lambda), 0, 1.0
	for {
		p *= r.Float64()
		if p <= l {
			return k
		}
		k++
	}
}

// Chunk returns nbytes bytes of little-endian elements of dt holding
// Field(k, nbytes/dt.Size(), seed). Integer types receive the values
// rounded to nearest and clamped to their range; bool receives value > 0.
// nbytes must be a multiple of the element size; float16, bfloat16 and
// complex types are not supported.
func Chunk(dt numeric.DataType, k Kind, nbytes int, seed uint64) ([]byte, error) {
	if k < Smooth || k > NoisyKelvin {
		return nil, fmt.Errorf("bench: unknown kind %v", k)
	}
	size := dt.Size()
	if !dt.Valid() || nbytes < 0 || nbytes%size != 0 {
		return nil, fmt.Errorf("bench: %d bytes is not a whole number of %v elements", nbytes, dt)
	}
	vals := Field(k, nbytes/size, seed)
	out := make([]byte, nbytes)
	for i, v := range vals {
		b := out[i*size : (i+1)*size]
		switch dt {
		case numeric.Float32:
			binary.LittleEndian.PutUint32(b, math.Float32bits(float32(v)))
		case numeric.Float64:
			binary.LittleEndian.PutUint64(b, math.Float64bits(v))
		case numeric.Bool:
			if v > 0 {
				b[0] = 1
			}
		case numeric.Int8, numeric.Int16, numeric.Int32, numeric.Int64:
			hi := int64(1)<<(8*size-1) - 1
			putUint(b, uint64(toInt(v, -hi-1, hi)))
		case numeric.Uint8, numeric.Uint16, numeric.Uint32, numeric.Uint64:
			putUint(b, toUint(v, math.MaxUint64>>(64-8*size)))
		default:
			return nil, fmt.Errorf("bench: data type %v is not supported", dt)
		}
	}
	return out, nil
}

// toInt rounds v to nearest even and clamps it to [lo, hi].
func toInt(v float64, lo, hi int64) int64 {
	r := math.RoundToEven(v)
	switch {
	case r <= float64(lo):
		return lo
	case r >= float64(hi): // float64(MaxInt64) is 2^63: compare before converting
		return hi
	}
	return int64(r)
}

// toUint rounds v to nearest even and clamps it to [0, hi].
func toUint(v float64, hi uint64) uint64 {
	r := math.RoundToEven(v)
	switch {
	case r <= 0:
		return 0
	case r >= float64(hi):
		return hi
	}
	return uint64(r)
}

func putUint(b []byte, v uint64) {
	for i := range b {
		b[i] = byte(v >> (8 * i))
	}
}

// ChunkBytes and Seed are the chunk size and seed of zcodec's codec
// benchmarks and of the numcodecs comparison (bench/gendata).
const (
	ChunkBytes = 1 << 20
	Seed       = 1
)
