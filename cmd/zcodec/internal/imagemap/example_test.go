package imagemap_test

import (
	"fmt"
	"io"
	"math"

	"github.com/zcodec/zcodec/cmd/zcodec/internal/imagemap"
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

// A slice too large to hold, written a row at a time: the Builder keeps
// one record per pixel, reducing 4096 x 4096 elements to 1024 x 1024
// pixels by blocks of 4.
func ExampleBuilder() {
	const rows, cols = 4096, 4096
	b, err := imagemap.New(rows, cols, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	row := make([]float64, cols)
	for r := range rows {
		for c := range row {
			row[c] = float64(r + c)
		}
		if err := b.Write(row); err != nil {
			fmt.Println(err)
			return
		}
	}
	img, err := b.Image()
	if err != nil {
		fmt.Println(err)
		return
	}
	l := b.Layout()
	fmt.Println(l.Block, l.Data.Dx(), l.Data.Dy(), img.Bounds().Dx() > l.Data.Dx())
	// Output: 4 1024 1024 true
}
