package imagemap

import (
	"fmt"
	"math"
)

// Mode says what the values of an image are.
type Mode int

const (
	// Values images show values on the Perceptual map.
	Values Mode = iota
	// Errors images show absolute errors on the Heat map, from 0 to a
	// bound; the values come from Builder.WriteErrors.
	Errors
)

// Reduce says how a block of elements becomes one pixel when a large
// slice is scaled down.
type Reduce int

const (
	// ReduceDefault is ReduceMean for Values images and ReduceMax for
	// Errors images, so that one large error is never averaged away.
	ReduceDefault Reduce = iota
	// ReduceMean shows a block's mean.
	ReduceMean
	// ReduceMax shows a block's largest value.
	ReduceMax
)

// Options control an image. A nil *Options gives the defaults, as does the
// zero value of each field.
type Options struct {
	// Mode is Values (the default) or Errors.
	Mode Mode
	// Lo and Hi are the values at the bottom and top of the colormap in a
	// Values image; values beyond them take the end colours. Lo == Hi (both
	// zero, say) means the range of the finite values written, fill left
	// out.
	Lo, Hi float64
	// Bound is the top of the scale of an Errors image (errors beyond it
	// show in the over-bound colour); 0 means the largest error written.
	Bound float64
	// Fill, when not nil, is the array's fill value: elements equal to it
	// show in the fill colour. A NaN fill is shown as NaN.
	Fill *float64
	// Reduce says how blocks are reduced when the slice is scaled down.
	Reduce Reduce
	// MaxSide is the largest side, in pixels, of the data area: a slice
	// with a longer side is reduced by whole blocks of k x k elements,
	// the smallest k that fits. 0 means 1024.
	MaxSide int
	// MinSide is the side, in pixels, a small slice is enlarged towards:
	// each element becomes an s x s square, s the largest integer that
	// keeps the longer side at most MinSide. 0 means 256.
	MinSide int
}

// Defaults of Options.
const (
	DefaultMaxSide = 1024
	DefaultMinSide = 256
	// minThick is the thinnest the data area is drawn, in pixels: a slice
	// of one row (or one column) is stretched across to this.
	minThick = 32
	// maxSide is the largest MaxSide or MinSide accepted.
	maxSide = 8192
)

// OptionError reports an Options field that cannot be used.
type OptionError struct {
	Field  string
	Reason string
}

func (e *OptionError) Error() string { return "imagemap: " + e.Field + ": " + e.Reason }

// ShapeError reports a slice shape that cannot be drawn, or values written
// that do not match it.
type ShapeError struct {
	Rows, Cols int
	Reason     string
}

func (e *ShapeError) Error() string {
	return fmt.Sprintf("imagemap: %d x %d: %s", e.Rows, e.Cols, e.Reason)
}

// resolved returns a copy of opts with the defaults filled in, or an
// *OptionError.
func resolved(opts *Options) (Options, error) {
	var o Options
	if opts != nil {
		o = *opts
	}
	if o.Mode != Values && o.Mode != Errors {
		return o, &OptionError{"Mode", fmt.Sprintf("unknown mode %d", o.Mode)}
	}
	if o.Reduce < ReduceDefault || o.Reduce > ReduceMax {
		return o, &OptionError{"Reduce", fmt.Sprintf("unknown reduction %d", o.Reduce)}
	}
	if o.Reduce == ReduceDefault {
		o.Reduce = ReduceMean
		if o.Mode == Errors {
			o.Reduce = ReduceMax
		}
	}
	if !finite(o.Lo) || !finite(o.Hi) || o.Lo > o.Hi {
		return o, &OptionError{"Lo, Hi", fmt.Sprintf("[%v, %v] is not a range of finite numbers", o.Lo, o.Hi)}
	}
	if o.Mode == Errors && (o.Lo != 0 || o.Hi != 0) {
		return o, &OptionError{"Lo, Hi", "an Errors image runs from 0 to Bound"}
	}
	if !finite(o.Bound) || o.Bound < 0 {
		return o, &OptionError{"Bound", fmt.Sprintf("%v is not a finite number of at least 0", o.Bound)}
	}
	if o.Bound != 0 && o.Mode != Errors {
		return o, &OptionError{"Bound", "only an Errors image has a bound"}
	}
	for _, s := range []struct {
		name string
		v    *int
		def  int
	}{{"MaxSide", &o.MaxSide, DefaultMaxSide}, {"MinSide", &o.MinSide, DefaultMinSide}} {
		switch {
		case *s.v == 0:
			*s.v = s.def
		case *s.v < 1 || *s.v > maxSide:
			return o, &OptionError{s.name, fmt.Sprintf("%d is not from 1 to %d", *s.v, maxSide)}
		}
	}
	if o.Fill != nil {
		f := *o.Fill
		o.Fill = &f
	}
	return o, nil
}

func finite(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }
