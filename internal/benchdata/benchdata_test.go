package benchdata_test

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"math"
	"testing"

	"github.com/zcodec/zcodec/internal/benchdata"
	"github.com/zcodec/zcodec/numeric"
)

// TestChunkStable pins the generator's output: benchmark figures and the
// numcodecs comparison rely on every run seeing the same bytes.
func TestChunkStable(t *testing.T) {
	for _, tc := range []struct {
		dt   numeric.DataType
		k    benchdata.Kind
		want string
	}{
		{numeric.Float32, benchdata.Smooth, "934c7fda3f8a2d46"},
		{numeric.Float64, benchdata.Noisy, "9bdd7e33c8647312"},
		{numeric.Int16, benchdata.Counts, "774152cabd01a2f4"},
	} {
		b, err := benchdata.Chunk(tc.dt, tc.k, 4096, 1)
		if err != nil {
			t.Fatal(err)
		}
		sum := sha256.Sum256(b)
		if got := hex.EncodeToString(sum[:8]); got != tc.want {
			t.Errorf("%v %v: sha256 prefix %s, want %s", tc.dt, tc.k, got, tc.want)
		}
	}
}

func TestChunkValues(t *testing.T) {
	b, _ := benchdata.Chunk(numeric.Float32, benchdata.Smooth, 4*8192, 3)
	for i := 0; i < 8192; i++ {
		v := math.Float32frombits(binary.LittleEndian.Uint32(b[4*i:]))
		if v < 245 || v > 302 {
			t.Fatalf("smooth value %d = %v, outside 273.15 ± 26", i, v)
		}
	}
	c, _ := benchdata.Chunk(numeric.Uint8, benchdata.Smooth, 100, 3)
	for i, v := range c {
		if v != 255 {
			t.Fatalf("uint8 of a ~273 field: element %d = %d, want 255 (clamped)", i, v)
		}
	}
	d, _ := benchdata.Chunk(numeric.Int8, benchdata.Counts, 10000, 3)
	sum := 0
	for _, v := range d {
		if int8(v) < 0 {
			t.Fatalf("negative count %d", int8(v))
		}
		sum += int(v)
	}
	if mean := float64(sum) / 10000; mean < 2.8 || mean > 3.2 {
		t.Errorf("mean count %.3f, want about 3", mean)
	}
	if _, err := benchdata.Chunk(numeric.Float32, benchdata.Smooth, 6, 1); err == nil {
		t.Error("6 bytes of float32 accepted")
	}
	if _, err := benchdata.Chunk(numeric.Float16, benchdata.Smooth, 6, 1); err == nil {
		t.Error("float16 accepted")
	}
}

// TestClampShare: the clamp-heavy kinds put the promised share of values
// below the demo offset (below 0 in quantised units), and none above the
// top of uint8 in quantised units.
func TestClampShare(t *testing.T) {
	for _, tc := range []struct {
		k     benchdata.Kind
		share float64
		units bool
	}{{benchdata.Kelvin10, 0.1, false}, {benchdata.Kelvin50, 0.5, false}, {benchdata.Units10, 0.1, true}, {benchdata.Units50, 0.5, true}} {
		v := benchdata.Field(tc.k, 1<<17, 1)
		below, above := 0, 0
		for _, x := range v {
			q := x
			if !tc.units {
				q = (x - benchdata.DemoOffset) * benchdata.DemoScale
			}
			if q < 0 {
				below++
			}
			if q > 255 {
				above++
			}
		}
		got := float64(below) / float64(len(v))
		if got < tc.share-0.01 || got > tc.share+0.01 || above != 0 {
			t.Errorf("%v: %.3f below 0 (want %.2f), %d above 255", tc.k, got, tc.share, above)
		}
	}
}

// TestNoisyKelvin checks that NoisyKelvin is Smooth plus zero-mean noise
// of NoisySteps quantisation steps.
func TestNoisyKelvin(t *testing.T) {
	const n = 1 << 16
	smooth, noisy := benchdata.Field(benchdata.Smooth, n, 1), benchdata.Field(benchdata.NoisyKelvin, n, 1)
	var sum, sum2 float64
	for i := range smooth {
		d := (noisy[i] - smooth[i]) * benchdata.DemoScale // in quantisation steps
		sum += d
		sum2 += d * d
	}
	mean := sum / n
	sd := math.Sqrt(sum2/n - mean*mean)
	if math.Abs(mean) > 0.02 || math.Abs(sd-benchdata.NoisySteps) > 0.02 {
		t.Errorf("noise in steps: mean %.4f, sd %.4f; want 0 and %v", mean, sd, benchdata.NoisySteps)
	}
	if benchdata.NoisyKelvin.String() != "noisykelvin" {
		t.Errorf("String() = %q", benchdata.NoisyKelvin.String())
	}
}
