package main

import (
	"encoding/binary"
	"fmt"
	"io"
	"math"
	"slices"

	"github.com/zcodec/zcodec/cmd/zcodec/internal/imagemap"
	"github.com/zcodec/zcodec/numeric"
)

// pngPlane returns the rows and columns of the 2-D slice a region of the
// given shape draws as: its dimensions of length above 1, at most two (a
// 1-D region is one row), or an error saying why the region cannot be
// drawn.
func pngPlane(dt numeric.DataType, shape []int64) (rows, cols int, err error) {
	if !dt.IsReal() && dt != numeric.Bool {
		return 0, 0, fmt.Errorf("a %v array has no real values to colour", dt)
	}
	var long []int64
	for _, d := range shape {
		switch {
		case d == 0:
			return 0, 0, fmt.Errorf("the region (shape %v) is empty: nothing to draw", shape)
		case d > 1:
			long = append(long, d)
		}
	}
	switch len(long) {
	case 0:
		return 1, 1, nil
	case 1:
		return 1, int(long[0]), nil
	case 2:
		return int(long[0]), int(long[1]), nil
	}
	return 0, 0, fmt.Errorf("the region's shape %v has %d dimensions longer than 1, and an image is a 2-D slice: "+
		"give --region a single index in all but two dimensions (\"0,:,:\")", shape, len(long))
}

// writePNG draws the region of the given shape (one pngPlane accepts) as a
// PNG image on the perceptual colormap, NaN, fill, +Inf and -Inf in their
// own colours with a legend of them, and a note in place of the colorbar
// where no value is finite (package imagemap): read calls back with its slabs in order, whole
// elements each.
func writePNG(w io.Writer, dt numeric.DataType, shape []int64, fill numeric.Scalar, read func(func([]byte) error) error) error {
	rows, cols, err := pngPlane(dt, shape)
	if err != nil {
		return err
	}
	opts := &imagemap.Options{}
	if fill.Valid() {
		f := scalarFloat(fill)
		opts.Fill = &f
	}
	b, err := imagemap.New(rows, cols, opts)
	if err != nil {
		return err
	}
	es := dt.Size()
	conv, err := newFloat64s(dt)
	if err != nil {
		return err
	}
	var buf []float64
	err = read(func(data []byte) error {
		// A bounded piece at a time: a slab can hold millions of elements.
		const piece = 1 << 16
		for len(data) > 0 {
			n := min(len(data)/es, piece)
			if buf, err = conv.append(buf[:0], data[:n*es]); err != nil {
				return err
			}
			if err := b.Write(buf); err != nil {
				return err
			}
			data = data[n*es:]
		}
		return nil
	})
	if err != nil {
		return err
	}
	img, err := b.Image()
	if err != nil {
		return err
	}
	return imagemap.EncodePNG(w, img)
}

// scalarFloat returns a real (or bool) scalar as a float64.
func scalarFloat(s numeric.Scalar) float64 {
	if s.DataType() == numeric.Bool {
		if s.Bool() {
			return 1
		}
		return 0
	}
	return s.Float64()
}

// float64s converts little-endian elements of one real (or bool) data type
// to float64 values with numeric's conversion kernels (64-bit integers
// beyond 2^53 are rounded to nearest, ties to even).
type float64s struct {
	cast *numeric.Cast
	es   int
	raw  []byte
}

func newFloat64s(dt numeric.DataType) (*float64s, error) {
	from := dt
	if dt == numeric.Bool {
		from = numeric.Uint8 // false and true are the bytes 0 and 1
	}
	c, err := numeric.NewCast(numeric.CastSpec{From: from, To: numeric.Float64, Rounding: numeric.NearestEven, OutOfRange: numeric.OutOfRangeClamp})
	if err != nil {
		return nil, err
	}
	return &float64s{cast: c, es: dt.Size()}, nil
}

// append appends the whole elements of b to dst as float64 values.
func (f *float64s) append(dst []float64, b []byte) ([]float64, error) {
	n := len(b) / f.es
	f.raw = slices.Grow(f.raw[:0], 8*n)[:8*n]
	if i, why := f.cast.Bytes(f.raw, b[:n*f.es]); why != numeric.CastOK {
		return dst, fmt.Errorf("element %d: %v", i, why)
	}
	for i := range n {
		dst = append(dst, math.Float64frombits(binary.LittleEndian.Uint64(f.raw[8*i:])))
	}
	return dst, nil
}
