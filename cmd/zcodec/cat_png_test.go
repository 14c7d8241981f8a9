package main

import (
	"bytes"
	"context"
	"image"
	"image/color"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/zcodec/zcodec/cmd/zcodec/internal/imagemap"
	"github.com/zcodec/zcodec/metadata"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/region"
	"github.com/zcodec/zcodec/registry"
	"github.com/zcodec/zcodec/store"
	"github.com/zcodec/zcodec/zarr"
)

// writePNGArray writes the elements (little-endian, C order over shape)
// as a Zarr v3 array of dt, stored uncompressed, and returns its path.
func writePNGArray(t *testing.T, shape []int64, chunks []int, dt numeric.DataType, fill numeric.Scalar, elems []byte) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "a.zarr")
	d, err := store.CreateDir(path)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	chain, err := registry.Default().ParseCodecs([]byte(`[{"name":"bytes","configuration":{"endian":"little"}}]`), "/codecs")
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	a, err := zarr.Create(ctx, d, "", &metadata.ArrayDefinition{Shape: shape, DataType: dt, ChunkShape: chunks, FillValue: fill, Codecs: chain.Codecs}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := a.WriteRegion(ctx, region.Whole(shape), elems); err != nil {
		t.Fatal(err)
	}
	return path
}

func float32Bytes(v []float32) []byte {
	out := make([]byte, 0, 4*len(v))
	for _, x := range v {
		out = append(out, numeric.ScalarOf(x).Bytes()...)
	}
	return out
}

func luminance(c color.RGBA) float64 {
	lin := func(v uint8) float64 {
		x := float64(v) / 255
		if x <= 0.04045 {
			return x / 12.92
		}
		return math.Pow((x+0.055)/1.055, 2.4)
	}
	return 0.2126*lin(c.R) + 0.7152*lin(c.G) + 0.0722*lin(c.B)
}

func pixel(img image.Image, r image.Rectangle) color.RGBA {
	p := image.Pt((r.Min.X+r.Max.X)/2, (r.Min.Y+r.Max.Y)/2)
	cr, cg, cb, ca := img.At(p.X, p.Y).RGBA()
	return color.RGBA{uint8(cr >> 8), uint8(cg >> 8), uint8(cb >> 8), uint8(ca >> 8)}
}

func decodePNG(t *testing.T, name string) image.Image {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return img
}

// TestCatPNG draws plane 1 of a 3-D float32 array: a gradient along the
// columns, with a hole of NaN and a corner of fill values, and looks at
// the picture.
func TestCatPNG(t *testing.T) {
	const planes, rows, cols = 2, 20, 30
	const fill = -999
	v := make([]float32, planes*rows*cols)
	nan := func(r, c int) bool { return r >= 8 && r < 11 && c >= 12 && c < 16 }
	isFill := func(r, c int) bool { return r >= 16 && c >= 26 }
	for p := range planes {
		for r := range rows {
			for c := range cols {
				x := float32(c) + float32(p*100)
				switch {
				case p == 1 && nan(r, c):
					x = float32(math.NaN())
				case p == 1 && isFill(r, c):
					x = fill
				}
				v[(p*rows+r)*cols+c] = x
			}
		}
	}
	path := writePNGArray(t, []int64{planes, rows, cols}, []int{1, 8, 16}, numeric.Float32, numeric.FloatScalar(numeric.Float32, fill), float32Bytes(v))
	out := filepath.Join(t.TempDir(), "plane.png")
	if stdout, stderr, code := zcodec(t, nil, "cat", "--format", "png", "--region", "1,:,:", "-o", out, path); code != 0 {
		t.Fatalf("exit %d\n%s%s", code, stdout, stderr)
	}
	img := decodePNG(t, out)
	b, err := imagemap.New(rows, cols, nil)
	if err != nil {
		t.Fatal(err)
	}
	l := b.Layout()
	// 30 columns of 256 pixels: 8 pixels an element.
	if l.Data.Dx() != 240 || l.Data.Dy() != 160 || !l.Data.In(img.Bounds()) || img.Bounds().Dx() < l.Bar.Max.X {
		t.Fatalf("image %v, data area %v, colorbar %v", img.Bounds(), l.Data, l.Bar)
	}
	grey, black := color.RGBA{128, 128, 128, 255}, color.RGBA{0, 0, 0, 255}
	prev := -1.0
	for c := range cols {
		y := luminance(pixel(img, l.Element(2, c)))
		if y <= prev {
			t.Fatalf("row 2, column %d: luminance %.4f not above %.4f", c, y, prev)
		}
		prev = y
	}
	for r := range rows {
		for c := range cols {
			got := pixel(img, l.Element(r, c))
			switch {
			case nan(r, c) && got != grey:
				t.Errorf("NaN at (%d,%d) drawn %v, want grey", r, c, got)
			case isFill(r, c) && got != black:
				t.Errorf("fill at (%d,%d) drawn %v, want black", r, c, got)
			case !nan(r, c) && !isFill(r, c) && (got == grey || got == black):
				t.Errorf("value at (%d,%d) drawn %v, the NaN or fill colour", r, c, got)
			}
		}
	}
	// The same values on standard output.
	stdout, _, code := zcodec(t, nil, "cat", "--format", "png", "--region", "1", path)
	if code != 0 || !strings.HasPrefix(stdout, "\x89PNG\r\n") {
		t.Fatalf("exit %d, standard output not a PNG", code)
	}
	if want, _ := os.ReadFile(out); stdout != string(want) {
		t.Error("the PNG on standard output differs from -o's")
	}
}

// TestCatPNGInfinities draws arrays with infinities: each infinity in its
// own colour with a labelled swatch in the legend, and an array of nothing
// but +Inf as a picture whose legend says it has no finite value, with no
// colorbar.
func TestCatPNGInfinities(t *testing.T) {
	t.Parallel()
	inf, ninf, nan := float32(math.Inf(1)), float32(math.Inf(-1)), float32(math.NaN())
	posInf := color.RGBA{0xe6, 0x00, 0x1a, 0xff}
	negInf := color.RGBA{0xff, 0x99, 0xdd, 0xff}
	grey := color.RGBA{128, 128, 128, 255}
	const rows, cols = 3, 4
	for _, c := range []struct {
		name   string
		v      []float32
		legend []imagemap.LegendEntry
	}{
		{"mixed", []float32{0, 1, inf, 3, 4, ninf, 6, 7, nan, 9, 10, 11},
			[]imagemap.LegendEntry{{Color: grey, Text: "NaN"}, {Color: posInf, Text: "+Inf"}, {Color: negInf, Text: "-Inf"}}},
		{"all +Inf", []float32{inf, inf, inf, inf, inf, inf, inf, inf, inf, inf, inf, inf},
			[]imagemap.LegendEntry{{Color: posInf, Text: "+Inf"}, {Text: "no finite values"}}},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			path := writePNGArray(t, []int64{rows, cols}, []int{rows, cols}, numeric.Float32, numeric.FloatScalar(numeric.Float32, -999), float32Bytes(c.v))
			out := filepath.Join(t.TempDir(), "inf.png")
			if stdout, stderr, code := zcodec(t, nil, "cat", "--format", "png", "-o", out, path); code != 0 {
				t.Fatalf("exit %d\n%s%s", code, stdout, stderr)
			}
			img := decodePNG(t, out)
			// The layout of the same values, as the command draws them.
			fill := -999.0
			b, err := imagemap.New(rows, cols, &imagemap.Options{Fill: &fill})
			if err != nil {
				t.Fatal(err)
			}
			f64 := make([]float64, len(c.v))
			for i, x := range c.v {
				f64[i] = float64(x)
			}
			if err := b.Write(f64); err != nil {
				t.Fatal(err)
			}
			l := b.Layout()
			if got := b.Legend(); !slices.Equal(got, c.legend) {
				t.Fatalf("legend %v, want %v", got, c.legend)
			}
			if !l.Data.In(img.Bounds()) || !l.Swatch(len(c.legend)-1).In(img.Bounds()) {
				t.Fatalf("image %v smaller than its layout %+v", img.Bounds(), l)
			}
			for r := range rows {
				for col := range cols {
					x := c.v[r*cols+col]
					got := pixel(img, l.Element(r, col))
					switch {
					case math.IsInf(float64(x), 1) && got != posInf:
						t.Errorf("+Inf at (%d,%d) drawn %v, want %v", r, col, got, posInf)
					case math.IsInf(float64(x), -1) && got != negInf:
						t.Errorf("-Inf at (%d,%d) drawn %v, want %v", r, col, got, negInf)
					case x == x && !math.IsInf(float64(x), 0) && (got == posInf || got == negInf || got == grey):
						t.Errorf("%v at (%d,%d) drawn %v, a colour off the scale", x, r, col, got)
					}
				}
			}
			for i, e := range c.legend {
				got := pixel(img, l.Swatch(i))
				if e.Color == (color.RGBA{}) {
					// A note: text from the swatch's corner, no swatch.
					if got != (color.RGBA{255, 255, 255, 255}) || !inked(img, l.Swatch(i)) {
						t.Errorf("legend line %d: centre %v, want the text of a note on white", i, got)
					}
					continue
				}
				label := l.Swatch(i).Add(image.Pt(l.Swatch(i).Dx()+6, 0))
				if got != e.Color || !inked(img, label) {
					t.Errorf("legend line %d: swatch %v, want %v with a label by it", i, got, e.Color)
				}
			}
			if c.name == "all +Inf" {
				if !l.Bar.Empty() {
					t.Errorf("colorbar %v drawn for an array with no finite value", l.Bar)
				}
				// No grey bar: nothing outside the data area is NaN grey.
				for y := img.Bounds().Min.Y; y < img.Bounds().Max.Y; y++ {
					for x := img.Bounds().Min.X; x < img.Bounds().Max.X; x++ {
						if p := image.Pt(x, y); !p.In(l.Data) && pixel(img, image.Rectangle{p, p}) == grey {
							t.Fatalf("pixel %v is NaN grey: a colorbar with no scale", p)
						}
					}
				}
			}
		})
	}
}

// inked reports whether r holds a dark pixel of text.
func inked(img image.Image, r image.Rectangle) bool {
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			p := image.Pt(x, y)
			if luminance(pixel(img, image.Rectangle{p, p})) < 0.1 {
				return true
			}
		}
	}
	return false
}

func TestCatPNGUsage(t *testing.T) {
	v := make([]float32, 2*3*4)
	path := writePNGArray(t, []int64{2, 3, 4}, []int{2, 3, 4}, numeric.Float32, numeric.FloatScalar(numeric.Float32, 0), float32Bytes(v))
	cpath := writePNGArray(t, []int64{3}, []int{3}, numeric.Complex64, numeric.ComplexScalar(numeric.Complex64, 0), make([]byte, 24))
	out := filepath.Join(t.TempDir(), "x.png")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--region", ":,:,:", path}, "has 3 dimensions longer than 1"},
		{[]string{path}, "2-D slice"},
		{[]string{"--region", "0,0:0", path}, "is empty"},
		{[]string{cpath}, "complex64"},
	} {
		args := append([]string{"cat", "--format", "png", "-o", out}, c.args...)
		_, stderr, code := zcodec(t, nil, args...)
		if code != 2 || !strings.Contains(stderr, c.want) || !strings.Contains(stderr, "usage:") {
			t.Errorf("%v: exit %d, stderr %q; want a usage error saying %q", c.args, code, stderr, c.want)
		}
		if _, err := os.Stat(out); err == nil {
			t.Errorf("%v: wrote %s", c.args, out)
		}
	}
	// One row: a 1-D region is drawn as one row, stretched to be seen.
	if _, stderr, code := zcodec(t, nil, "cat", "--format", "png", "-o", out, "--region", "0,1,:", path); code != 0 {
		t.Fatalf("1-D region: exit %d: %s", code, stderr)
	}
	if img := decodePNG(t, out); img.Bounds().Dy() < 32 {
		t.Errorf("one row drawn %v, thinner than 32 pixels", img.Bounds())
	}
}

// FuzzCatPNG feeds writePNG fuzzed elements of every real data type in
// regions of fuzzed shapes: it draws a PNG or refuses the shape, never
// panics.
func FuzzCatPNG(f *testing.F) {
	f.Add(uint8(11), []byte{3, 5}, []byte{0, 0, 0xc0, 0x7f, 0, 0, 0x80, 0x7f, 0xff, 0xff, 0x7f, 0x7f})
	f.Add(uint8(0), []byte{1, 1, 1}, []byte{1})
	f.Add(uint8(13), []byte{2, 1, 4}, []byte{})
	f.Fuzz(func(t *testing.T, dtIndex uint8, dims []byte, data []byte) {
		dt := numeric.DataTypes[int(dtIndex)%len(numeric.DataTypes)]
		if len(dims) > 4 {
			dims = dims[:4]
		}
		shape := make([]int64, len(dims))
		n := 1
		for i, d := range dims {
			shape[i] = int64(d % 40)
			n *= int(shape[i])
		}
		es := dt.Size()
		elems := make([]byte, n*es)
		if len(data) > 0 {
			for i := range elems {
				elems[i] = data[i%len(data)]
			}
		}
		var fill numeric.Scalar
		if len(data) >= es {
			fill, _ = numeric.ScalarFromBytes(dt, data[:es])
		}
		var out bytes.Buffer
		err := writePNG(&out, dt, shape, fill, func(fn func([]byte) error) error { return fn(elems) })
		if _, _, perr := pngPlane(dt, shape); perr != nil {
			if err == nil {
				t.Fatalf("%v %v: drawn, though pngPlane refuses it: %v", dt, shape, perr)
			}
			return
		}
		if err != nil {
			t.Fatalf("%v %v: %v", dt, shape, err)
		}
		if _, err := png.Decode(&out); err != nil {
			t.Fatalf("%v %v: not a PNG: %v", dt, shape, err)
		}
	})
}
