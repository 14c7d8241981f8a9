package plot

import (
	"bufio"
	"cmp"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
)

// Point is one candidate chain.
type Point struct {
	// Label names the chain ("bitround 9 | shuffle | zstd 3").
	Label string
	// Bytes is the chain's stored (encoded) size of the sample.
	Bytes int64
	// DecodeMBps and EncodeMBps are the measured speeds in MB/s.
	DecodeMBps, EncodeMBps float64
	// OnFront says no other candidate is at least as good on every
	// measure and better on one.
	OnFront bool
	// Picked marks the chosen candidate.
	Picked bool
	// Rejected marks a candidate that did not meet the bound.
	Rejected bool
}

// Options control a plot. A nil *Options gives the defaults, as does the
// zero value of each field.
type Options struct {
	// Title is the plot's first line (the bound belongs here); Subtitle
	// follows in smaller type, its lines wrapped at spaces to the width,
	// in at most four lines.
	Title, Subtitle string
	// Width and Height are the size in pixels; 0 means 900 and 600.
	Width, Height int
	// DecodedBytes is the size the Bytes were encoded from; when positive,
	// a right axis shows compression ratios.
	DecodedBytes int64
}

// OptionError reports an Options field that cannot be used.
type OptionError struct {
	Field  string
	Reason string
}

func (e *OptionError) Error() string { return "plot: " + e.Field + ": " + e.Reason }

// Default size, and the largest accepted.
const (
	DefaultWidth  = 900
	DefaultHeight = 600
	maxSize       = 10000
	minSize       = 300
)

// Margins of the plot area.
const (
	marginLeft   = 84
	marginRight  = 24
	marginRatio  = 70 // right margin with the ratio axis
	marginTop    = 46 // plus a line per line of the subtitle
	subtitleLine = 16
	subtitleMax  = 4
	marginBottom = 96
	labelMax     = 60 // characters of a label shown
)

// Colours.
const (
	colFront    = "#1f6fb4"
	colOther    = "#9aa7b4"
	colRejected = "#b0b0b0"
	colPick     = "#d62728"
	colGrid     = "#e6e6e6"
	colInk      = "#222222"
)

// placed is a point with its plot coordinates.
type placed struct {
	Point
	x, y float64
}

// WriteSVG writes the scatter plot of points as an SVG document. Errors
// are an *OptionError or w's.
func WriteSVG(w io.Writer, points []Point, opts *Options) error {
	var o Options
	if opts != nil {
		o = *opts
	}
	if o.Width == 0 {
		o.Width = DefaultWidth
	}
	if o.Height == 0 {
		o.Height = DefaultHeight
	}
	for _, s := range []struct {
		name string
		v    int
	}{{"Width", o.Width}, {"Height", o.Height}} {
		if s.v < minSize || s.v > maxSize {
			return &OptionError{s.name, fmt.Sprintf("%d is not from %d to %d", s.v, minSize, maxSize)}
		}
	}
	if o.DecodedBytes < 0 {
		return &OptionError{"DecodedBytes", fmt.Sprintf("%d is negative", o.DecodedBytes)}
	}
	var pts []placed
	skipped, pickSkipped := 0, false
	for _, p := range points {
		if p.Bytes <= 0 || !(p.DecodeMBps > 0) || math.IsInf(p.DecodeMBps, 0) {
			skipped++
			pickSkipped = pickSkipped || p.Picked
			continue
		}
		pts = append(pts, placed{Point: p})
	}
	right := marginRight
	if o.DecodedBytes > 0 {
		right = marginRatio
	}
	sub := wrap(o.Subtitle, (o.Width-32)*10/66, subtitleMax)
	area := rect{marginLeft, float64(marginTop + subtitleLine*max(len(sub), 1)), float64(o.Width - right), float64(o.Height - marginBottom)}
	xs, ys := make([]float64, len(pts)), make([]float64, len(pts))
	for i, p := range pts {
		xs[i], ys[i] = p.DecodeMBps, float64(p.Bytes)
	}
	xa := newAxis(xs, area.x0, area.x1)
	ya := newAxis(ys, area.y1, area.y0) // bytes grow upwards
	for i := range pts {
		pts[i].x, pts[i].y = xa.pos(pts[i].DecodeMBps), ya.pos(float64(pts[i].Bytes))
	}

	bw := bufio.NewWriter(w)
	s := &svg{w: bw}
	s.printf(`<?xml version="1.0" encoding="UTF-8"?>` + "\n")
	s.printf(`<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="Helvetica, Arial, sans-serif" font-size="12">`+"\n", o.Width, o.Height, o.Width, o.Height)
	s.printf(`<rect width="100%%" height="100%%" fill="white"/>` + "\n")
	s.text("title", "", 16, 26, "start", 16, colInk, "bold", o.Title)
	for i, line := range sub {
		id := "subtitle"
		if i > 0 {
			id += strconv.Itoa(i + 1)
		}
		s.text(id, "", 16, float64(46+subtitleLine*i), "start", 12, "#555555", "", line)
	}
	drawAxes(s, area, xa, ya, o.DecodedBytes)

	front := frontLine(pts)
	if len(front) > 0 {
		var b strings.Builder
		for i, p := range front {
			if i > 0 {
				fmt.Fprintf(&b, " %s,%s", num(front[i-1].x), num(p.y))
			}
			if b.Len() > 0 {
				b.WriteByte(' ')
			}
			fmt.Fprintf(&b, "%s,%s", num(p.x), num(p.y))
		}
		s.printf(`<polyline id="front" points="%s" fill="none" stroke="%s" stroke-width="2" stroke-linejoin="round"/>`+"\n", b.String(), colFront)
	}
	s.printf(`<g id="points">` + "\n")
	// Rejected first, then the others, then the front, so the front is on
	// top.
	order := slices.Clone(pts)
	slices.SortStableFunc(order, func(a, b placed) int { return cmp.Compare(rank(a.Point), rank(b.Point)) })
	for _, p := range order {
		tip := tooltip(p.Point, o.DecodedBytes)
		switch {
		case p.Rejected:
			s.printf(`<path class="candidate rejected" d="M%s,%sl6,6m0,-6l-6,6" stroke="%s" stroke-width="1.5"><title>%s</title></path>`+"\n",
				num(p.x-3), num(p.y-3), colRejected, escape(tip))
		case p.OnFront:
			s.printf(`<circle class="candidate front" cx="%s" cy="%s" r="5" fill="%s" stroke="white" stroke-width="1"><title>%s</title></circle>`+"\n",
				num(p.x), num(p.y), colFront, escape(tip))
		default:
			s.printf(`<circle class="candidate" cx="%s" cy="%s" r="3.5" fill="%s" fill-opacity="0.8"><title>%s</title></circle>`+"\n",
				num(p.x), num(p.y), colOther, escape(tip))
		}
	}
	s.printf("</g>\n")
	drawLabels(s, area, pts, front, o.DecodedBytes)
	drawLegend(s, area, skipped, pickSkipped)
	s.printf("</svg>\n")
	if s.err != nil {
		return s.err
	}
	return bw.Flush()
}

// rank orders markers for drawing.
func rank(p Point) int {
	switch {
	case p.Rejected:
		return 0
	case p.OnFront:
		return 2
	}
	return 1
}

// frontLine returns the front points no other front point beats on both
// bytes and decode speed, slowest first.
func frontLine(pts []placed) []placed {
	var f []placed
	for _, p := range pts {
		if p.OnFront && !p.Rejected {
			f = append(f, p)
		}
	}
	// Fastest first, then smallest: a point stays when it is smaller than
	// every faster one.
	slices.SortStableFunc(f, func(a, b placed) int {
		if c := cmp.Compare(b.DecodeMBps, a.DecodeMBps); c != 0 {
			return c
		}
		return cmp.Compare(a.Bytes, b.Bytes)
	})
	var out []placed
	for _, p := range f {
		if len(out) == 0 || p.Bytes < out[len(out)-1].Bytes {
			out = append(out, p)
		}
	}
	slices.Reverse(out)
	return out
}

// tooltip is the text shown on hovering a marker.
func tooltip(p Point, decoded int64) string {
	var b strings.Builder
	b.WriteString(cut(p.Label, 400))
	fmt.Fprintf(&b, "\n%d bytes", p.Bytes)
	if decoded > 0 {
		fmt.Fprintf(&b, " (ratio %.2f)", float64(decoded)/float64(p.Bytes))
	}
	fmt.Fprintf(&b, "\ndecode %s MB/s, encode %s MB/s", speed(p.DecodeMBps), speed(p.EncodeMBps))
	switch {
	case p.Picked:
		b.WriteString("\npicked")
	case p.Rejected:
		b.WriteString("\ndoes not meet the bound")
	case p.OnFront:
		b.WriteString("\non the Pareto front")
	}
	return b.String()
}

// speed writes a speed in MB/s with 2 significant digits below 10.
func speed(v float64) string {
	switch {
	case math.IsNaN(v) || v <= 0:
		return "?"
	case v < 10:
		return strconv.FormatFloat(v, 'g', 2, 64)
	case v < 1e15:
		return strconv.FormatFloat(v, 'f', 0, 64)
	}
	return strconv.FormatFloat(v, 'g', 3, 64)
}

// cut returns s cut to at most n characters, "…" marking a cut.
func cut(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}

// wrap splits text into its lines, each wrapped at spaces to at most
// width characters (a longer word is cut), and keeps the first n, the last
// marked "…" when some were left out.
func wrap(text string, width, n int) []string {
	if text == "" {
		return nil
	}
	var out []string
	for _, line := range strings.Split(text, "\n") {
		cur := ""
		for _, w := range strings.Fields(line) {
			switch {
			case cur == "":
				cur = w
			case len([]rune(cur))+1+len([]rune(w)) <= width:
				cur += " " + w
			default:
				out = append(out, cut(cur, width))
				cur = w
			}
		}
		out = append(out, cut(cur, width))
	}
	if len(out) > n {
		out = out[:n]
		out[n-1] = cut(out[n-1]+" …", width)
	}
	return out
}

// num writes a coordinate.
func num(v float64) string { return strconv.FormatFloat(v, 'f', 1, 64) }

// rect is an area of the plot.
type rect struct{ x0, y0, x1, y1 float64 }
