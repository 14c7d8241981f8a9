package advisor_test

import (
	"context"
	"fmt"
	"math"

	"github.com/zcodec/zcodec/advisor"
	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/numeric"

	_ "github.com/zcodec/zcodec/codecs" // the standard codec set, which Advise builds its chains from
)

// Advise on two chunks of a float32 temperature field with a NaN fill
// value: the smallest chain that keeps every value within 0.05 K (the
// size objective: the choice then depends on no measured speed).
func Example() {
	spec := codec.ChunkSpec{DataType: numeric.Float32, Shape: []int{64, 64}, FillValue: numeric.FloatScalar(numeric.Float32, math.NaN())}
	var chunks [][]float32
	for c := range 2 {
		v := make([]float32, 64*64)
		for i := range v {
			y, x := float64(c*64+i/64), float64(i%64)
			v[i] = float32(273.15 + 10*math.Sin(y/40) + 3*math.Cos(x/17))
		}
		chunks = append(chunks, v)
	}
	sample, err := advisor.NewSample(spec, chunks...)
	if err != nil {
		panic(err)
	}
	sample.Complete = true // these chunks are the whole array
	report, err := advisor.Advise(context.Background(), sample, &advisor.Options{
		Tolerance:   advisor.Tolerance{Abs: 0.05},
		Compressors: []string{"zstd"},
		Strongest:   true, // zstd 19 too
		Objective:   advisor.ObjectiveSize,
	})
	if err != nil {
		panic(err)
	}
	best := report.Chosen()
	fmt.Println(best.Label)
	fmt.Printf("max abs error %.4f, within %v\n", best.Errors.MaxAbs, best.Errors.Within())
	fmt.Println(string(best.Codecs))
	// Output:
	// scale_offset+cast_value uint8 step 0.09938 | delta | zstd 19
	// max abs error 0.0497, within true
	// [{"name":"scale_offset","configuration":{"offset":265.4375,"scale":10.0625}},{"name":"cast_value","configuration":{"data_type":"uint8","rounding":"nearest-even","scalar_map":{"encode":[["NaN",255]],"decode":[[255,"NaN"]]}}},{"name":"numcodecs.delta","configuration":{"dtype":"|u1","astype":"|u1"}},{"name":"bytes","configuration":{"endian":"little"}},{"name":"zstd","configuration":{"level":19,"checksum":false}}]
}

// Values stored from codes of an earlier scale and offset sit on a grid:
// here 0.25 K steps from 243.15 K, as float64. At a tolerance of half the
// step the chain stores them at that step exactly, and every value
// decodes to itself.
func ExampleAdvise_grid() {
	spec := codec.ChunkSpec{DataType: numeric.Float64, Shape: []int{64, 64}, FillValue: numeric.FloatScalar(numeric.Float64, math.NaN())}
	v := make([]float64, 64*64)
	for i := range v {
		y, x := float64(i/64), float64(i%64)
		k := math.Round(4 * (20*math.Sin(y/30) + 5*math.Cos(x/9) + 25)) // codes of 0.25 K
		v[i] = 243.15 + k/4
	}
	sample, err := advisor.NewSample(spec, v)
	if err != nil {
		panic(err)
	}
	sample.Complete = true
	report, err := advisor.Advise(context.Background(), sample, &advisor.Options{
		Tolerance:   advisor.Tolerance{Abs: 0.125},
		Compressors: []string{"zstd"},
		Objective:   advisor.ObjectiveSize,
	})
	if err != nil {
		panic(err)
	}
	best := report.Chosen()
	fmt.Println(best.Label)
	fmt.Printf("max abs error %g; read by %v\n", best.Errors.MaxAbs, best.Readers)
	fmt.Println(best.Notes[0])
	// Output:
	// scale_offset+cast_value uint8 step 0.25 | delta | zstd 9
	// max abs error 0; read by [zarr-python zarrita]
	// the values sit on a grid of step 0.25 (exactly): every value measured decodes to itself
}
