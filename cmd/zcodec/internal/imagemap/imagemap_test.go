package imagemap

import (
	"bytes"
	"errors"
	"image"
	"image/color"
	"image/png"
	"math"
	"slices"
	"testing"
)

// Colours the package documentation promises.
var (
	docNaN    = color.RGBA{0x80, 0x80, 0x80, 0xff}
	docFill   = color.RGBA{0, 0, 0, 0xff}
	docOver   = color.RGBA{0x00, 0x5a, 0xff, 0xff}
	docPosInf = color.RGBA{0xe6, 0x00, 0x1a, 0xff}
	docNegInf = color.RGBA{0xff, 0x99, 0xdd, 0xff}
)

// luminance returns the relative luminance of an sRGB colour (ITU-R
// BT.709 primaries, the sRGB transfer function undone).
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

// roundTrip writes img with EncodePNG and decodes it with image/png, as a
// viewer would.
func roundTrip(t *testing.T, img *image.RGBA) image.Image {
	t.Helper()
	var buf bytes.Buffer
	if err := EncodePNG(&buf, img); err != nil {
		t.Fatal(err)
	}
	out, err := png.Decode(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if out.Bounds() != img.Bounds() {
		t.Fatalf("decoded %v, drew %v", out.Bounds(), img.Bounds())
	}
	return out
}

func at(img image.Image, p image.Point) color.RGBA {
	r, g, b, a := img.At(p.X, p.Y).RGBA()
	return color.RGBA{uint8(r >> 8), uint8(g >> 8), uint8(b >> 8), uint8(a >> 8)}
}

// centre returns the middle pixel of r.
func centre(r image.Rectangle) image.Point {
	return image.Pt((r.Min.X+r.Max.X)/2, (r.Min.Y+r.Max.Y)/2)
}

// gradient returns a rows x cols slice whose value is the column index.
func gradient(rows, cols int) []float64 {
	v := make([]float64, rows*cols)
	for i := range v {
		v[i] = float64(i % cols)
	}
	return v
}

func TestPNGGradientGetsLighterLeftToRight(t *testing.T) {
	const rows, cols = 50, 100
	b, err := New(rows, cols, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := b.Write(gradient(rows, cols)); err != nil {
		t.Fatal(err)
	}
	img, err := b.Image()
	if err != nil {
		t.Fatal(err)
	}
	l := b.Layout()
	// 100 columns fit 256 pixels twice: each element a 2x2 square.
	if l.Data.Dx() != 200 || l.Data.Dy() != 100 || l.Scale != image.Pt(2, 2) || l.Block != 1 {
		t.Fatalf("data area %v, scale %v, block %d; want 200x100 at 2x2", l.Data, l.Scale, l.Block)
	}
	if !l.Data.In(img.Bounds()) || !l.Bar.In(img.Bounds()) || l.Bar.Min.X < l.Data.Max.X {
		t.Fatalf("data %v and bar %v do not lie side by side in %v", l.Data, l.Bar, img.Bounds())
	}
	dec := roundTrip(t, img)
	prev := -1.0
	for col := range cols {
		y := luminance(at(dec, centre(l.Element(rows/2, col))))
		if y <= prev {
			t.Fatalf("column %d: luminance %.4f, not above column %d's %.4f", col, y, col-1, prev)
		}
		prev = y
	}
	// The colorbar runs the same way, top = highest.
	top, bottom := at(dec, image.Pt(l.Bar.Min.X+2, l.Bar.Min.Y)), at(dec, image.Pt(l.Bar.Min.X+2, l.Bar.Max.Y-1))
	if luminance(top) <= luminance(bottom) {
		t.Errorf("colorbar top %v not lighter than bottom %v", top, bottom)
	}
	if want := at(dec, centre(l.Element(0, cols-1))); top != want {
		t.Errorf("colorbar top %v, the highest value drawn %v", top, want)
	}
}

func TestPNGNaNHoleAndFill(t *testing.T) {
	const rows, cols = 40, 60
	v := gradient(rows, cols)
	fill := -9999.0
	hole := func(r, c int) bool { return r >= 10 && r < 14 && c >= 30 && c < 35 }
	for r := range rows {
		for c := range cols {
			switch {
			case hole(r, c):
				v[r*cols+c] = math.NaN()
			case r >= 30 && c < 5:
				v[r*cols+c] = fill
			}
		}
	}
	b, err := New(rows, cols, &Options{Fill: &fill})
	if err != nil {
		t.Fatal(err)
	}
	if err := b.Write(v); err != nil {
		t.Fatal(err)
	}
	img, err := b.Image()
	if err != nil {
		t.Fatal(err)
	}
	dec := roundTrip(t, img)
	l := b.Layout()
	for r := range rows {
		for c := range cols {
			got := at(dec, centre(l.Element(r, c)))
			switch {
			case hole(r, c):
				if got != docNaN {
					t.Fatalf("NaN at (%d,%d) drawn %v, want %v", r, c, got, docNaN)
				}
			case r >= 30 && c < 5:
				if got != docFill {
					t.Fatalf("fill at (%d,%d) drawn %v, want %v", r, c, got, docFill)
				}
			case got == docNaN || got == docFill:
				t.Fatalf("value %v at (%d,%d) drawn in the NaN or fill colour", v[r*cols+c], r, c)
			}
		}
	}
	// The fill value does not stretch the scale: the lowest value drawn
	// is 0 (column 0), at the bottom of the map.
	if got := at(dec, centre(l.Element(0, 0))); got != Perceptual(0) {
		t.Errorf("value 0 drawn %v, want the bottom of the map %v", got, Perceptual(0))
	}
	// Both have their legend swatch below the colorbar.
	for _, want := range []color.RGBA{docNaN, docFill} {
		found := false
		for y := l.Bar.Max.Y; y < img.Bounds().Max.Y && !found; y++ {
			found = at(dec, image.Pt(l.Bar.Min.X+swatch/2, y)) == want
		}
		if !found {
			t.Errorf("no legend swatch of %v below the colorbar", want)
		}
	}
}

func TestColormapsAreMonotonicAndApart(t *testing.T) {
	for _, m := range []struct {
		name string
		f    func(float64) color.RGBA
		sign float64
	}{{"Perceptual", Perceptual, 1}, {"Heat", Heat, -1}} {
		prev := math.Inf(-int(m.sign))
		for i := range levels {
			c := m.f(float64(i) / (levels - 1))
			y := luminance(c)
			if m.sign*(y-prev) <= 0 {
				t.Fatalf("%s level %d: luminance %.5f does not move on from %.5f", m.name, i, y, prev)
			}
			prev = y
			for _, o := range []color.RGBA{docNaN, docFill, docOver, docPosInf, docNegInf} {
				if d := dist(c, o); d < 40 {
					t.Errorf("%s level %d %v lies %.0f from %v", m.name, i, c, d, o)
				}
			}
		}
	}
	if Perceptual(math.NaN()) != Perceptual(0) || Perceptual(7) != Perceptual(1) {
		t.Error("Perceptual does not clamp")
	}
}

func dist(a, b color.RGBA) float64 {
	dr, dg, db := float64(a.R)-float64(b.R), float64(a.G)-float64(b.G), float64(a.B)-float64(b.B)
	return math.Sqrt(dr*dr + dg*dg + db*db)
}

func TestPNGErrorMapOfExactChainIsAllZeroColour(t *testing.T) {
	const rows, cols = 30, 70
	v := gradient(rows, cols)
	v[5] = math.Inf(1)
	for _, bound := range []float64{0, 0.5} {
		b, err := New(rows, cols, &Options{Mode: Errors, Bound: bound})
		if err != nil {
			t.Fatal(err)
		}
		if err := b.WriteErrors(v, v); err != nil {
			t.Fatal(err)
		}
		img, err := b.Image()
		if err != nil {
			t.Fatal(err)
		}
		dec := roundTrip(t, img)
		l := b.Layout()
		zero := Heat(0)
		for y := l.Data.Min.Y; y < l.Data.Max.Y; y++ {
			for x := l.Data.Min.X; x < l.Data.Max.X; x++ {
				if got := at(dec, image.Pt(x, y)); got != zero {
					t.Fatalf("bound %v: pixel (%d,%d) is %v, want the zero colour %v", bound, x, y, got, zero)
				}
			}
		}
	}
	if luminance(Heat(0)) < 0.9 {
		t.Errorf("the zero colour %v is not near white", Heat(0))
	}
}

func TestPNGErrorMapShowsErrorsWhereTheyAre(t *testing.T) {
	const rows, cols = 2050, 5 // reduced by blocks of 3
	orig := gradient(rows, cols)
	dec := append([]float64(nil), orig...)
	dec[1000*cols+3] += 0.125 // at the bound
	dec[2*cols+1] += 0.25     // beyond it
	dec[7*cols] = math.NaN()
	orig[2040*cols+4], dec[2040*cols+4] = math.NaN(), math.NaN()
	b, err := New(rows, cols, &Options{Mode: Errors, Bound: 0.125})
	if err != nil {
		t.Fatal(err)
	}
	if err := b.WriteErrors(orig, dec); err != nil {
		t.Fatal(err)
	}
	img, err := b.Image()
	if err != nil {
		t.Fatal(err)
	}
	l := b.Layout()
	if l.Block != 3 || l.Data.Dy() != 684 {
		t.Fatalf("block %d, data area %v; want blocks of 3, 684 rows", l.Block, l.Data)
	}
	got := roundTrip(t, img)
	for _, c := range []struct {
		r, c int
		want color.RGBA
	}{
		{1000, 3, Heat(1)}, // the largest of its block, not averaged away
		{1001, 4, Heat(1)}, // same block
		{1003, 3, Heat(0)},
		{2, 1, docOver},
		{7, 0, docOver}, // a NaN made from a number
		{2040, 4, Heat(0)},
		{500, 2, Heat(0)},
	} {
		if g := at(got, centre(l.Element(c.r, c.c))); g != c.want {
			t.Errorf("element (%d,%d) drawn %v, want %v", c.r, c.c, g, c.want)
		}
	}
}

func TestPNGBlockMean(t *testing.T) {
	// 3000 x 3 reduced by blocks of 3: every block holds 0..8 and so
	// shows 4 on a scale of 0 to 8, the middle.
	const rows, cols = 3000, 3
	v := make([]float64, rows*cols)
	for i := range v {
		v[i] = float64((i/cols%3)*3 + i%cols)
	}
	img, err := Render(v, rows, cols, nil)
	if err != nil {
		t.Fatal(err)
	}
	mid, err := Render([]float64{0, 4, 8}, 1, 3, nil)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := New(rows, cols, nil)
	bm, _ := New(1, 3, nil)
	want := at(mid, centre(bm.Layout().Element(0, 1)))
	for _, r := range []int{0, 1500, 2999} {
		if got := at(img, centre(b.Layout().Element(r, 1))); got != want {
			t.Errorf("block of row %d drawn %v, want the colour of 4 on [0, 8], %v", r, got, want)
		}
	}
}

func TestPNGSizes(t *testing.T) {
	for _, c := range []struct {
		rows, cols   int
		opts         *Options
		data         image.Point
		block, scale int
	}{
		{1, 1, nil, image.Pt(256, 256), 1, 256},
		{1, 300, nil, image.Pt(300, 32), 1, 1},
		{3, 5000, nil, image.Pt(1000, 32), 5, 1},
		{1024, 1024, nil, image.Pt(1024, 1024), 1, 1},
		{1025, 10, nil, image.Pt(35, 513), 2, 1}, // 5 blocks across, 7 pixels each
		{7, 9, &Options{MinSide: 100}, image.Pt(99, 77), 1, 11},
	} {
		b, err := New(c.rows, c.cols, c.opts)
		if err != nil {
			t.Fatal(err)
		}
		l := b.Layout()
		if l.Data.Size() != c.data || l.Block != c.block || (l.Scale.X != c.scale && l.Scale.Y != c.scale) {
			t.Errorf("%d x %d: data %v block %d scale %v; want %v, block %d, scale %d", c.rows, c.cols, l.Data.Size(), l.Block, l.Scale, c.data, c.block, c.scale)
		}
	}
}

func TestPNGColorbarLabelsTheRange(t *testing.T) {
	v := gradient(20, 40)
	for i := range v {
		v[i] = 243.15 + v[i]*0.25
	}
	b, _ := New(20, 40, nil)
	if err := b.Write(v); err != nil {
		t.Fatal(err)
	}
	img, err := b.Image()
	if err != nil {
		t.Fatal(err)
	}
	l := b.Layout()
	x := l.Bar.Max.X + 1 + tickLen + labelGap
	if got := readText(img, x, l.Bar.Min.Y-textHeight/2); got != "252.9" {
		t.Errorf("top label reads %q, want the largest value 252.9", got)
	}
	if got := readText(img, x, l.Bar.Max.Y-1-textHeight/2); got != "243.15" {
		t.Errorf("bottom label reads %q, want the smallest value 243.15", got)
	}
}

// readText reads the characters drawn with the built-in font from (x, y)
// on, up to the first two blank cells (one is a space) or an unknown cell.
func readText(img image.Image, x, y int) string {
	cell := func(x int) (c [glyphH]string, blank bool) {
		blank = true
		for gy := range glyphH {
			row := []byte(".....")
			for gx := range glyphW {
				p := image.Pt(x+gx*glyphScale, y+gy*glyphScale)
				if p.In(img.Bounds()) && luminance(at(img, p)) < 0.1 {
					row[gx] = '#'
					blank = false
				}
			}
			c[gy] = string(row)
		}
		return c, blank
	}
	var out []rune
	for ; ; x += advance {
		c, blank := cell(x)
		if blank {
			if _, next := cell(x + advance); next || len(out) == 0 {
				return string(out)
			}
			out = append(out, ' ')
			continue
		}
		found := false
		for r, g := range glyphs {
			if g == c && r != '?' && r != ' ' {
				out, found = append(out, r), true
				break
			}
		}
		if !found {
			return string(out) + "?"
		}
	}
}

// legendTexts reads the legend of a decoded image: each line's label
// right of its swatch, or a note where the swatch would be, by the
// colour of the swatch's centre (the background for a note).
func legendTexts(img image.Image, l Layout, n int) (texts []string, swatches []color.RGBA) {
	for i := range n {
		r := l.Swatch(i)
		c := at(img, centre(r))
		swatches = append(swatches, c)
		if c == backgroundColor {
			// A note: its text starts at the swatch's corner.
			texts = append(texts, readText(img, r.Min.X, r.Min.Y))
			continue
		}
		texts = append(texts, readText(img, r.Max.X+labelGap+1, r.Min.Y))
	}
	return texts, swatches
}

// TestPNGInfinitiesHaveTheirOwnColours draws a gradient with +Inf, -Inf
// and NaN in it: each shows in its colour, off the scale, with a labelled
// swatch in the legend, and the scale is that of the finite values.
func TestPNGInfinitiesHaveTheirOwnColours(t *testing.T) {
	t.Parallel()
	const rows, cols = 4, 6
	v := gradient(rows, cols)
	v[1*cols+1] = math.Inf(1)
	v[2*cols+4] = math.Inf(-1)
	v[0*cols+2] = math.NaN()
	b, err := New(rows, cols, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := b.Write(v); err != nil {
		t.Fatal(err)
	}
	img, err := b.Image()
	if err != nil {
		t.Fatal(err)
	}
	dec := roundTrip(t, img)
	l := b.Layout()
	for r := range rows {
		for c := range cols {
			got := at(dec, centre(l.Element(r, c)))
			x := v[r*cols+c]
			switch {
			case math.IsInf(x, 1):
				if got != docPosInf {
					t.Errorf("+Inf at (%d,%d) drawn %v, want %v", r, c, got, docPosInf)
				}
			case math.IsInf(x, -1):
				if got != docNegInf {
					t.Errorf("-Inf at (%d,%d) drawn %v, want %v", r, c, got, docNegInf)
				}
			case math.IsNaN(x):
				if got != docNaN {
					t.Errorf("NaN at (%d,%d) drawn %v, want %v", r, c, got, docNaN)
				}
			case got != lut(Perceptual)[lutIndex(x/(cols-1))]:
				// The infinities do not stretch the scale: 0 to 5.
				t.Errorf("%v at (%d,%d) drawn %v, want %v", x, r, c, got, lut(Perceptual)[lutIndex(x/(cols-1))])
			}
		}
	}
	want := []LegendEntry{{docNaN, "NaN"}, {docPosInf, "+Inf"}, {docNegInf, "-Inf"}}
	if got := b.Legend(); !slices.Equal(got, want) {
		t.Errorf("legend %v, want %v", got, want)
	}
	texts, swatches := legendTexts(dec, l, len(want))
	for i, e := range want {
		if texts[i] != e.Text || swatches[i] != e.Color {
			t.Errorf("legend line %d reads %q by a swatch of %v, want %q by %v", i, texts[i], swatches[i], e.Text, e.Color)
		}
	}
	if l.Swatch(0).Min.Y <= l.Bar.Max.Y {
		t.Errorf("legend at %v, not below the colorbar %v", l.Swatch(0), l.Bar)
	}
	x := l.Bar.Max.X + 1 + tickLen + labelGap
	if got := readText(dec, x, l.Bar.Min.Y-textHeight/2); got != "5" {
		t.Errorf("top label reads %q, want the largest finite value 5", got)
	}
}

// TestPNGNoFiniteValues draws slices with no finite value: no colorbar
// (no grey bar without labels), and a legend of what the slice holds that
// ends in a note saying there is no finite value.
func TestPNGNoFiniteValues(t *testing.T) {
	t.Parallel()
	inf, ninf, nan := math.Inf(1), math.Inf(-1), math.NaN()
	fill := -1.0
	for _, c := range []struct {
		name   string
		v      []float64
		want   []LegendEntry
		colour []color.RGBA // of each element
	}{
		{"+Inf", []float64{inf, inf, inf, inf, inf, inf}, []LegendEntry{{docPosInf, "+Inf"}}, nil},
		{"-Inf", []float64{ninf, ninf, ninf, ninf, ninf, ninf}, []LegendEntry{{docNegInf, "-Inf"}}, nil},
		{"NaN", []float64{nan, nan, nan, nan, nan, nan}, []LegendEntry{{docNaN, "NaN"}}, nil},
		{"mixed", []float64{inf, ninf, nan, fill, inf, ninf},
			[]LegendEntry{{docNaN, "NaN"}, {docFill, "fill"}, {docPosInf, "+Inf"}, {docNegInf, "-Inf"}},
			[]color.RGBA{docPosInf, docNegInf, docNaN, docFill, docPosInf, docNegInf}},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			const rows, cols = 2, 3
			b, err := New(rows, cols, &Options{Fill: &fill})
			if err != nil {
				t.Fatal(err)
			}
			if err := b.Write(c.v); err != nil {
				t.Fatal(err)
			}
			img, err := b.Image()
			if err != nil {
				t.Fatal(err)
			}
			dec := roundTrip(t, img)
			l := b.Layout()
			want := append(slices.Clone(c.want), LegendEntry{Text: "no finite values"})
			if got := b.Legend(); !slices.Equal(got, want) {
				t.Fatalf("legend %v, want %v", got, want)
			}
			if !l.Bar.Empty() {
				t.Errorf("a colorbar %v with no scale", l.Bar)
			}
			if l.Swatch(0).Min.Y != l.Data.Min.Y {
				t.Errorf("legend starts at %v, not level with the data area %v", l.Swatch(0), l.Data)
			}
			texts, swatches := legendTexts(dec, l, len(want))
			for i, e := range want {
				wantColour := e.Color
				if wantColour == (color.RGBA{}) {
					wantColour = backgroundColor
				}
				if texts[i] != e.Text || swatches[i] != wantColour {
					t.Errorf("legend line %d reads %q by %v, want %q by %v", i, texts[i], swatches[i], e.Text, wantColour)
				}
			}
			for r := range rows {
				for col := range cols {
					want := c.want[0].Color
					if c.colour != nil {
						want = c.colour[r*cols+col]
					}
					if got := at(dec, centre(l.Element(r, col))); got != want {
						t.Errorf("(%d,%d) drawn %v, want %v", r, col, got, want)
					}
				}
			}
			// Outside the data area and the swatches, nothing is drawn in a
			// colour of the map or of NaN: there is no colorbar.
			onMap := map[color.RGBA]bool{docNaN: true}
			for _, m := range lut(Perceptual) {
				onMap[m] = true
			}
			inSwatch := func(p image.Point) bool {
				for i := range want {
					if p.In(l.Swatch(i)) {
						return true
					}
				}
				return false
			}
			for y := dec.Bounds().Min.Y; y < dec.Bounds().Max.Y; y++ {
				for x := dec.Bounds().Min.X; x < dec.Bounds().Max.X; x++ {
					p := image.Pt(x, y)
					if p.In(l.Data) || inSwatch(p) {
						continue
					}
					if got := at(dec, p); onMap[got] {
						t.Fatalf("pixel %v outside the data area and legend drawn %v", p, got)
					}
				}
			}
		})
	}
}

// TestPNGReducedInfinities reduces blocks of 2 x 2 that hold infinities:
// under ReduceMean a block more than half infinite shows its most
// numerous infinity and one less than half infinite the mean of its
// finite values; under ReduceMax +Inf wins and -Inf shows only alone.
func TestPNGReducedInfinities(t *testing.T) {
	t.Parallel()
	inf, ninf := math.Inf(1), math.Inf(-1)
	// 4 x 2050 with MaxSide 1025: blocks of 2 x 2, two rows of blocks;
	// the first three blocks of the top row are set, the rest are 0 to 4.
	const rows, cols = 4, 2050
	v := make([]float64, rows*cols)
	for i := range v {
		v[i] = float64(i % 5)
	}
	set := func(block int, a, b, c, d float64) {
		v[2*block], v[2*block+1], v[cols+2*block], v[cols+2*block+1] = a, b, c, d
	}
	set(0, inf, inf, ninf, 4) // 3 of 4 infinite, +Inf the most
	set(1, inf, 2, 2, 2)      // 1 of 4: the mean of 2, 2, 2
	set(2, ninf, ninf, ninf, 0)
	for _, c := range []struct {
		reduce Reduce
		want   [3]color.RGBA
	}{
		{ReduceMean, [3]color.RGBA{docPosInf, lut(Perceptual)[lutIndex(0.5)], docNegInf}},
		{ReduceMax, [3]color.RGBA{docPosInf, docPosInf, Perceptual(0)}},
	} {
		b, err := New(rows, cols, &Options{MaxSide: 1025, Reduce: c.reduce})
		if err != nil {
			t.Fatal(err)
		}
		if err := b.Write(v); err != nil {
			t.Fatal(err)
		}
		img, err := b.Image()
		if err != nil {
			t.Fatal(err)
		}
		l := b.Layout()
		if l.Block != 2 {
			t.Fatalf("block %d, want 2", l.Block)
		}
		for i, want := range c.want {
			if got := at(img, centre(l.Element(0, 2*i))); got != want {
				t.Errorf("reduce %d: block %d drawn %v, want %v", c.reduce, i, got, want)
			}
		}
	}
}

func TestPNGErrors(t *testing.T) {
	var oe *OptionError
	var se *ShapeError
	for _, o := range []*Options{{Lo: 2, Hi: 1}, {Lo: math.NaN()}, {Hi: math.Inf(1)}, {Bound: -1}, {Bound: 1},
		{Mode: Errors, Lo: 1, Hi: 2}, {Mode: 9}, {Reduce: 7}, {MaxSide: -1}, {MinSide: 1 << 20}} {
		if _, err := New(2, 2, o); !errors.As(err, &oe) {
			t.Errorf("%+v: %v, want an *OptionError", o, err)
		}
	}
	if _, err := New(0, 3, nil); !errors.As(err, &se) {
		t.Errorf("0 rows: %v, want a *ShapeError", err)
	}
	b, _ := New(2, 2, nil)
	if err := b.Write(make([]float64, 5)); !errors.As(err, &se) {
		t.Errorf("5 values into 2x2: %v, want a *ShapeError", err)
	}
	if err := b.Write(make([]float64, 3)); err != nil {
		t.Fatal(err)
	}
	if _, err := b.Image(); !errors.As(err, &se) {
		t.Errorf("image of 3 values of 4: %v, want a *ShapeError", err)
	}
	if err := b.WriteErrors([]float64{1}, []float64{1}); !errors.As(err, &se) {
		t.Errorf("WriteErrors on a Values image: %v, want a *ShapeError", err)
	}
}
