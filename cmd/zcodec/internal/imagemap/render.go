package imagemap

import (
	"image"
	"image/color"
	"math"
	"strconv"
)

// Geometry of the image, in pixels.
const (
	pad       = 10  // around everything
	barGap    = 24  // between the data area and the colorbar
	barWidth  = 24  // of the colorbar
	barMin    = 200 // the shortest colorbar
	tickLen   = 5   // tick marks right of the colorbar
	labelGap  = 5   // between a tick mark and its label
	swatch    = 14  // a legend swatch's side
	legendRow = 22  // the height of a legend line
	legendGap = 14  // between the colorbar and the legend
)

// LegendEntry is one line of the legend below the colorbar: a swatch of
// Color and its Text, or, when Color is the zero colour, a note of text
// alone.
type LegendEntry struct {
	Color color.RGBA
	Text  string
}

// noFinite is the legend's note when there is no finite value to scale:
// it stands where the colorbar would be.
const noFinite = "no finite values"

// Legend returns the legend's lines, top to bottom: the NaN, fill, +Inf,
// -Inf and over-bound colours, each only when some pixel shows it, then,
// when a Values image has no finite value to scale (and Options give no
// range), a note saying so in place of the colorbar. The legend is final
// once every value is written.
func (b *Builder) Legend() []LegendEntry {
	var nan, fill, posInf, negInf, over bool
	scale := b.scale()
	for i := range b.bins {
		switch c := b.pixel(&b.bins[i], scale); c {
		case nanColor:
			nan = true
		case fillColor:
			fill = true
		case posInfColor:
			posInf = true
		case negInfColor:
			negInf = true
		case overColor:
			over = true
		}
	}
	var out []LegendEntry
	for _, e := range []struct {
		used bool
		LegendEntry
	}{
		{nan, LegendEntry{nanColor, "NaN"}},
		{fill, LegendEntry{fillColor, "fill"}},
		{posInf, LegendEntry{posInfColor, "+Inf"}},
		{negInf, LegendEntry{negInfColor, "-Inf"}},
		{over, LegendEntry{overColor, "> bound"}},
	} {
		if e.used {
			out = append(out, e.LegendEntry)
		}
	}
	if scale.none {
		out = append(out, LegendEntry{Text: noFinite})
	}
	return out
}

// Layout returns where the parts of the image are. The colorbar's height
// depends on the legend, so the layout is final once every value is
// written.
func (b *Builder) Layout() Layout {
	data := image.Rect(pad+1, pad+1, pad+1+b.outC*b.sx, pad+1+b.outR*b.sy)
	x := data.Max.X + 1 + barGap + 1
	n := len(b.Legend())
	if b.scale().none {
		// No colorbar: the legend starts where it would be.
		return Layout{Data: data, Bar: image.Rect(x, data.Min.Y, x+barWidth, data.Min.Y), Legend: image.Pt(x, data.Min.Y),
			Block: b.block, Scale: image.Pt(b.sx, b.sy)}
	}
	legendH := 0
	if n > 0 {
		legendH = legendGap + n*legendRow
	}
	barH := max(barMin, data.Dy()-legendH)
	bar := image.Rect(x, data.Min.Y, x+barWidth, data.Min.Y+barH)
	return Layout{Data: data, Bar: bar, Legend: image.Pt(x, bar.Max.Y+1+legendGap),
		Block: b.block, Scale: image.Pt(b.sx, b.sy)}
}

// scaleInfo is the scale the image is drawn on.
type scaleInfo struct {
	lo, hi float64 // the values at the bottom and top of the colorbar
	flat   bool    // lo == hi: every value shows the middle colour
	none   bool    // no finite value: the colorbar has no labels
	errors bool    // an Errors image: a flat scale is all 0
}

func (b *Builder) scale() scaleInfo {
	if b.opts.Mode == Errors {
		hi := b.opts.Bound
		if hi == 0 && b.seen {
			hi = b.hi
		}
		return scaleInfo{lo: 0, hi: hi, flat: hi == 0, errors: true}
	}
	if b.opts.Lo != b.opts.Hi {
		return scaleInfo{lo: b.opts.Lo, hi: b.opts.Hi}
	}
	if !b.seen {
		return scaleInfo{none: true, flat: true}
	}
	return scaleInfo{lo: b.lo, hi: b.hi, flat: b.lo == b.hi}
}

// t returns where v lies on the scale, in [0, 1] unclamped; halves keep
// the difference of two huge values finite.
func (s scaleInfo) t(v float64) float64 {
	if s.flat {
		if s.errors {
			return 0
		}
		return 0.5
	}
	return (v/2 - s.lo/2) / (s.hi/2 - s.lo/2)
}

// pixel returns the colour of a bin.
func (b *Builder) pixel(bn *bin, s scaleInfo) color.RGBA {
	total := uint64(bn.n) + uint64(bn.nan) + uint64(bn.fill) + uint64(bn.posInf) + uint64(bn.negInf)
	if b.opts.Mode == Errors || b.opts.Reduce == ReduceMax {
		if special := uint64(bn.nan) + uint64(bn.fill); 2*special > total {
			if bn.nan >= bn.fill {
				return nanColor
			}
			return fillColor
		}
	}
	if b.opts.Mode == Errors {
		if bn.posInf > 0 {
			return overColor
		}
		v := bn.agg
		if b.opts.Reduce == ReduceMean {
			v /= float64(bn.n)
		}
		if v > s.hi {
			return overColor
		}
		if s.flat {
			return b.pal[0]
		}
		return b.pal[lutIndex(s.t(v))]
	}
	var v float64
	if b.opts.Reduce == ReduceMax {
		// +Inf is the block's largest; -Inf shows only where nothing
		// larger does.
		switch {
		case bn.posInf > 0:
			return posInfColor
		case bn.n == 0:
			return negInfColor
		}
		v = bn.agg
	} else {
		// The values that are not numbers on the scale, more than half of
		// the block together, show as the most numerous of them (NaN, fill,
		// +Inf, -Inf first on a tie); else the block is the mean of its
		// finite values.
		special := uint64(bn.nan) + uint64(bn.fill) + uint64(bn.posInf) + uint64(bn.negInf)
		if 2*special > total || bn.n == 0 {
			c, most := nanColor, bn.nan
			for _, k := range []struct {
				c     color.RGBA
				count uint32
			}{{fillColor, bn.fill}, {posInfColor, bn.posInf}, {negInfColor, bn.negInf}} {
				if k.count > most {
					c, most = k.c, k.count
				}
			}
			return c
		}
		v = bn.agg / float64(bn.n)
	}
	if math.IsInf(v, 1) {
		return b.pal[levels-1]
	}
	return b.pal[lutIndex(s.t(v))]
}

// Image draws the slice: the data area, the colorbar with the scale's ends
// and ticks labelled, and the legend (see Legend): the NaN, fill,
// infinity and over-bound colours the image uses, and, where no finite
// value leaves a scale to draw, a note saying so instead of the colorbar. Every element must have been written (a *ShapeError
// otherwise).
func (b *Builder) Image() (*image.RGBA, error) {
	if b.r != b.rows {
		return nil, &ShapeError{b.rows, b.cols, "fewer values written than the slice holds"}
	}
	l := b.Layout()
	s := b.scale()
	ticks := b.ticks(s, l.Bar)
	legend := b.Legend()
	right := l.Bar.Max.X + 1
	for _, t := range ticks {
		right = max(right, l.Bar.Max.X+tickLen+labelGap+textWidth(t.text))
	}
	for _, e := range legend {
		right = max(right, l.Legend.X+swatch+labelGap+textWidth(e.Text))
	}
	bottom := max(l.Data.Max.Y+1, l.Legend.Y+len(legend)*legendRow)
	img := image.NewRGBA(image.Rect(0, 0, right+pad, bottom+pad))
	fillRect(img, img.Rect, backgroundColor)

	for br := range b.outR {
		for bc := range b.outC {
			c := b.pixel(&b.bins[br*b.outC+bc], s)
			x, y := l.Data.Min.X+bc*b.sx, l.Data.Min.Y+br*b.sy
			fillRect(img, image.Rect(x, y, x+b.sx, y+b.sy), c)
		}
	}
	frame(img, l.Data, inkColor)

	if !s.none {
		for y := l.Bar.Min.Y; y < l.Bar.Max.Y; y++ {
			t := 1 - float64(y-l.Bar.Min.Y)/float64(l.Bar.Dy()-1)
			fillRect(img, image.Rect(l.Bar.Min.X, y, l.Bar.Max.X, y+1), b.pal[lutIndex(t)])
		}
		frame(img, l.Bar, inkColor)
	}
	for _, t := range ticks {
		fillRect(img, image.Rect(l.Bar.Max.X+1, t.y, l.Bar.Max.X+1+tickLen, t.y+1), inkColor)
		drawText(img, l.Bar.Max.X+1+tickLen+labelGap, t.y-textHeight/2, t.text, inkColor)
	}
	for i, e := range legend {
		r := l.Swatch(i)
		if e.Color == (color.RGBA{}) {
			drawText(img, r.Min.X, r.Min.Y, e.Text, inkColor)
			continue
		}
		fillRect(img, r, e.Color)
		frame(img, r, inkColor)
		drawText(img, r.Max.X+labelGap+1, r.Min.Y, e.Text, inkColor)
	}
	return img, nil
}

// tick is one labelled value on the colorbar.
type tick struct {
	y    int
	text string
}

// ticks returns the colorbar's labels: the scale's two ends, exact to 5
// significant digits, and round values (1, 2 or 5 times a power of ten)
// between them where they do not crowd the ends.
func (b *Builder) ticks(s scaleInfo, bar image.Rectangle) []tick {
	if s.none {
		return nil
	}
	yOf := func(v float64) int {
		return bar.Min.Y + int(math.Round((1-s.t(v))*float64(bar.Dy()-1)))
	}
	if s.flat {
		return []tick{{yOf(s.lo), formatValue(s.lo, 5)}}
	}
	out := []tick{{bar.Max.Y - 1, formatValue(s.lo, 5)}, {bar.Min.Y, formatValue(s.hi, 5)}}
	want := min(10, max(2, bar.Dy()/40))
	step := niceStep((s.hi/2 - s.lo/2) / float64(want) * 2)
	if step == 0 || !finite(step) {
		return out
	}
	k0 := math.Ceil(s.lo / step)
	for i := 0; i <= want+2; i++ {
		v := (k0 + float64(i)) * step
		if v > s.hi || !finite(v) {
			break
		}
		if math.Abs(v) < step*1e-9 {
			v = 0
		}
		y := yOf(v)
		if y-bar.Min.Y < textHeight+6 || bar.Max.Y-1-y < textHeight+6 {
			continue
		}
		out = append(out, tick{y, formatTick(v, step, max(math.Abs(s.lo), math.Abs(s.hi)))})
	}
	return out
}

// niceStep returns the smallest of 1, 2 and 5 times a power of ten at
// least x.
func niceStep(x float64) float64 {
	if !(x > 0) || !finite(x) {
		return 0
	}
	p := math.Pow(10, math.Floor(math.Log10(x)))
	for _, m := range []float64{1, 2, 5, 10} {
		if m*p >= x*(1-1e-12) {
			return m * p
		}
	}
	return 10 * p
}

// formatTick writes a tick value v, a multiple of step, on a scale
// reaching big in magnitude: in plain notation with the decimals step
// needs where that is short, else with the significant digits that tell
// ticks step apart.
func formatTick(v, step, big float64) string {
	if v == 0 {
		return "0"
	}
	k := int(math.Floor(math.Log10(step) + 1e-9))
	if big < 1e6 && k >= -4 {
		return strconv.FormatFloat(v, 'f', max(0, -k), 64)
	}
	d := int(math.Floor(math.Log10(big))) - k + 1
	return strconv.FormatFloat(v, 'g', min(max(d, 1), 10), 64)
}

// formatValue writes v with at most digits significant digits, in the
// shortest of plain and exponent notation.
func formatValue(v float64, digits int) string {
	if v == 0 {
		return "0"
	}
	return strconv.FormatFloat(v, 'g', digits, 64)
}
