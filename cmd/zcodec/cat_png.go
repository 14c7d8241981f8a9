package main

import (
	"encoding/binary"
	"fmt"
	"io"
	"math"

	"github.com/zcodec/zcodec/internal/imagemap"
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
// PNG image on the perceptual colormap, NaN and fill in their own colours
// (package imagemap): read calls back with its slabs in order, whole
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
	var buf []float64
	err = read(func(data []byte) error {
		// A bounded piece at a time: a slab can hold millions of elements.
		const piece = 1 << 16
		for len(data) > 0 {
			n := min(len(data)/es, piece)
			buf = appendFloats(buf[:0], dt, data[:n*es])
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

// appendFloats appends the elements of b (little-endian elements of dt, a
// real type or bool) as float64 values; 64-bit integers beyond 2^53 are
// rounded.
func appendFloats(dst []float64, dt numeric.DataType, b []byte) []float64 {
	le := binary.LittleEndian
	es := dt.Size()
	for i := 0; i+es <= len(b); i += es {
		e := b[i : i+es]
		var v float64
		switch dt {
		case numeric.Bool, numeric.Uint8:
			v = float64(e[0])
		case numeric.Int8:
			v = float64(int8(e[0]))
		case numeric.Int16:
			v = float64(int16(le.Uint16(e)))
		case numeric.Uint16:
			v = float64(le.Uint16(e))
		case numeric.Int32:
			v = float64(int32(le.Uint32(e)))
		case numeric.Uint32:
			v = float64(le.Uint32(e))
		case numeric.Int64:
			v = float64(int64(le.Uint64(e)))
		case numeric.Uint64:
			v = float64(le.Uint64(e))
		case numeric.Float16:
			v = float64(numeric.F16(le.Uint16(e)).Float32())
		case numeric.BFloat16:
			v = float64(numeric.BF16(le.Uint16(e)).Float32())
		case numeric.Float32:
			v = float64(math.Float32frombits(le.Uint32(e)))
		case numeric.Float64:
			v = math.Float64frombits(le.Uint64(e))
		default:
			v = math.NaN()
		}
		dst = append(dst, v)
	}
	return dst
}
