package imagemap_test

import (
	"fmt"
	"io"
	"math"

	"github.com/zcodec/zcodec/internal/imagemap"
)

// A 64 x 128 field with a hole of NaN, drawn on the perceptual map and
// written as PNG.
func ExampleRender() {
	const rows, cols = 64, 128
	v := make([]float64, rows*cols)
	for i := range v {
		r, c := float64(i/cols), float64(i%cols)
		v[i] = 280 + 10*math.Sin(r/10)*math.Cos(c/20)
		if math.Hypot(r-32, c-64) < 6 {
			v[i] = math.NaN()
		}
	}
	img, err := imagemap.Render(v, rows, cols, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(img.Bounds().Dx() > 256, imagemap.EncodePNG(io.Discard, img))
	// Output: true <nil>
}
