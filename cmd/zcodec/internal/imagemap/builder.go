package imagemap

import (
	"image"
	"image/color"
	"math"
)

// bin accumulates the elements of one block.
type bin struct {
	// agg is the sum (ReduceMean) or the largest (ReduceMax) of the finite
	// values; n counts them.
	agg                          float64
	n, nan, fill, posInf, negInf uint32
}

// Builder turns a 2-D slice of values, written in row-major order in as
// many calls as suit the caller, into an image; it holds one small record
// per pixel of the data area, never the slice, so any slice fits in
// bounded memory. A Builder is not safe for concurrent use.
type Builder struct {
	opts       Options
	rows, cols int
	block      int // k: elements per side of a reduced block
	outR, outC int // the data area in blocks
	sx, sy     int // pixels per block
	bins       []bin
	r, c       int // the next element
	lo, hi     float64
	seen       bool // lo and hi hold a finite value
	// pal is the colormap's colours (lut).
	pal []color.RGBA
}

// New returns a Builder of a rows x cols slice. Errors are *ShapeError and
// *OptionError values.
func New(rows, cols int, opts *Options) (*Builder, error) {
	o, err := resolved(opts)
	if err != nil {
		return nil, err
	}
	if rows < 1 || cols < 1 {
		return nil, &ShapeError{rows, cols, "an image needs at least one row and one column"}
	}
	b := &Builder{opts: o, rows: rows, cols: cols, block: 1}
	longest := max(rows, cols)
	if longest > o.MaxSide {
		b.block = (longest-1)/o.MaxSide + 1
	}
	if per := uint64(min(b.block, rows)) * uint64(min(b.block, cols)); per > math.MaxUint32 {
		return nil, &ShapeError{rows, cols, "too many elements for one pixel"}
	}
	b.outR, b.outC = (rows-1)/b.block+1, (cols-1)/b.block+1
	s := 1
	if b.block == 1 && longest < o.MinSide {
		s = o.MinSide / longest
	}
	b.sx, b.sy = s, s
	if b.outR*b.sy < minThick {
		b.sy = (minThick-1)/b.outR + 1
	}
	if b.outC*b.sx < minThick {
		b.sx = (minThick-1)/b.outC + 1
	}
	b.bins = make([]bin, b.outR*b.outC)
	if o.Mode == Errors {
		b.pal = lut(Heat)
	} else {
		b.pal = lut(Perceptual)
	}
	return b, nil
}

// Render draws a rows x cols slice held whole, in row-major order: New,
// Write and Image in one call.
func Render(values []float64, rows, cols int, opts *Options) (*image.RGBA, error) {
	b, err := New(rows, cols, opts)
	if err != nil {
		return nil, err
	}
	if err := b.Write(values); err != nil {
		return nil, err
	}
	return b.Image()
}

// RenderErrors draws the absolute errors of a rows x cols slice decoded
// from original (see WriteErrors), from 0 to opts.Bound: New, WriteErrors
// and Image in one call. opts.Mode is taken to be Errors.
func RenderErrors(original, decoded []float64, rows, cols int, opts *Options) (*image.RGBA, error) {
	var o Options
	if opts != nil {
		o = *opts
	}
	o.Mode = Errors
	b, err := New(rows, cols, &o)
	if err != nil {
		return nil, err
	}
	if err := b.WriteErrors(original, decoded); err != nil {
		return nil, err
	}
	return b.Image()
}

// Write adds the next values of a Values image, in row-major order. NaN
// shows in the NaN colour, the fill value (Options.Fill) in the fill
// colour, +Inf and -Inf in colours of their own, none of them on the
// scale. Writing past
// the end of the slice is a *ShapeError, and nothing of that call is
// written.
func (b *Builder) Write(values []float64) error {
	if b.opts.Mode != Values {
		return &ShapeError{b.rows, b.cols, "an Errors image takes WriteErrors"}
	}
	if err := b.room(len(values)); err != nil {
		return err
	}
	fill, hasFill := b.fillValue()
	for _, v := range values {
		bn := b.next()
		switch {
		case v != v:
			bn.nan++
		case hasFill && v == fill:
			bn.fill++
		case math.IsInf(v, 1):
			bn.posInf++
		case math.IsInf(v, -1):
			bn.negInf++
		default:
			b.add(bn, v)
		}
	}
	return nil
}

// WriteErrors adds the next elements of an Errors image, in row-major
// order: the original values and the values decoded from them. An element
// shows |decoded - original| on the Heat map; NaN decoded from NaN shows
// in the NaN colour; the fill value decoded as the fill value in the fill
// colour; an infinity decoded as the same infinity is an error of 0; any
// other mismatch of NaN or infinity is an infinite error, beyond every
// bound. Writing past the end of the slice, or slices of different
// lengths, is a *ShapeError, and nothing of that call is written.
func (b *Builder) WriteErrors(original, decoded []float64) error {
	if b.opts.Mode != Errors {
		return &ShapeError{b.rows, b.cols, "a Values image takes Write"}
	}
	if len(original) != len(decoded) {
		return &ShapeError{b.rows, b.cols, "original and decoded values differ in number"}
	}
	if err := b.room(len(original)); err != nil {
		return err
	}
	fill, hasFill := b.fillValue()
	for i, o := range original {
		d := decoded[i]
		bn := b.next()
		switch {
		case o != o && d != d:
			bn.nan++
		case hasFill && o == fill && d == fill:
			bn.fill++
		case o == d:
			b.add(bn, 0)
		default:
			e := math.Abs(d - o)
			if finite(e) {
				b.add(bn, e)
			} else {
				bn.posInf++
			}
		}
	}
	return nil
}

// fillValue returns the fill value, unless there is none or it is NaN.
func (b *Builder) fillValue() (float64, bool) {
	if b.opts.Fill == nil || math.IsNaN(*b.opts.Fill) {
		return 0, false
	}
	return *b.opts.Fill, true
}

// room checks that n more elements fit in the slice.
func (b *Builder) room(n int) error {
	left := uint64(b.rows-b.r)*uint64(b.cols) - uint64(b.c)
	if uint64(n) > left {
		return &ShapeError{b.rows, b.cols, "more values written than the slice holds"}
	}
	return nil
}

// next returns the bin of the next element and moves past it.
func (b *Builder) next() *bin {
	bn := &b.bins[(b.r/b.block)*b.outC+b.c/b.block]
	if b.c++; b.c == b.cols {
		b.c = 0
		b.r++
	}
	return bn
}

// add adds a finite value to a bin.
func (b *Builder) add(bn *bin, v float64) {
	switch {
	case bn.n == 0:
		bn.agg = v
	case b.opts.Reduce == ReduceMax:
		bn.agg = max(bn.agg, v)
	default:
		bn.agg += v
	}
	bn.n++
	if !b.seen {
		b.lo, b.hi, b.seen = v, v, true
	} else {
		b.lo, b.hi = min(b.lo, v), max(b.hi, v)
	}
}

// Layout says where an image's parts are, in pixels.
type Layout struct {
	// Data is where the slice is drawn: row 0 at the top, column 0 at the
	// left.
	Data image.Rectangle
	// Bar is the colorbar: the top of the scale at the top. It is empty
	// (of height 0) when there is no finite value to scale.
	Bar image.Rectangle
	// Legend is the top left corner of the legend's first line (see
	// Builder.Legend and Swatch).
	Legend image.Point
	// Block is the side of the blocks of elements reduced to one pixel (1
	// when the slice is not reduced).
	Block int
	// Scale is the size in pixels of one element (or block): the same
	// along both axes except for slices too thin to see, which are
	// stretched across.
	Scale image.Point
}

// Swatch returns the swatch of line i of the legend (Builder.Legend),
// its label drawn to the right of it; a note of text alone starts at the
// swatch's top left corner.
func (l Layout) Swatch(i int) image.Rectangle {
	y := l.Legend.Y + i*legendRow
	return image.Rect(l.Legend.X, y, l.Legend.X+swatch, y+swatch)
}

// Element returns the pixels that show element (row, col) of the slice.
func (l Layout) Element(row, col int) image.Rectangle {
	x := l.Data.Min.X + col/l.Block*l.Scale.X
	y := l.Data.Min.Y + row/l.Block*l.Scale.Y
	return image.Rect(x, y, x+l.Scale.X, y+l.Scale.Y)
}
