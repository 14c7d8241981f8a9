package plot

import (
	"fmt"
	"math"
	"strconv"
)

// drawAxes writes the frame, the grid, the ticks and the axis labels.
func drawAxes(s *svg, area rect, xa, ya axis, decoded int64) {
	s.printf(`<g id="axes" font-size="11" fill="%s">`+"\n", colInk)
	for _, v := range xa.ticks() {
		x := xa.pos(v)
		s.printf(`<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="%s"/>`+"\n", num(x), num(area.y0), num(x), num(area.y1), colGrid)
		s.printf(`<text class="xtick" x="%s" y="%s" text-anchor="middle">%s</text>`+"\n", num(x), num(area.y1+16), escape(formatSpeed(v)))
	}
	for _, v := range ya.ticks() {
		y := ya.pos(v)
		s.printf(`<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="%s"/>`+"\n", num(area.x0), num(y), num(area.x1), num(y), colGrid)
		s.printf(`<text class="ytick" x="%s" y="%s" text-anchor="end">%s</text>`+"\n", num(area.x0-6), num(y+4), escape(formatBytes(v)))
	}
	s.printf(`<rect x="%s" y="%s" width="%s" height="%s" fill="none" stroke="%s"/>`+"\n",
		num(area.x0), num(area.y0), num(area.x1-area.x0), num(area.y1-area.y0), colInk)
	s.printf(`<text id="xlabel" x="%s" y="%s" text-anchor="middle" font-size="12">%s</text>`+"\n",
		num((area.x0+area.x1)/2), num(area.y1+36), escape(xa.label("decode speed (MB/s of decoded data)")))
	s.printf(`<text id="ylabel" transform="translate(%s,%s) rotate(-90)" text-anchor="middle" font-size="12">%s</text>`+"\n",
		num(18), num((area.y0+area.y1)/2), escape(ya.label("stored bytes (smaller is better)")))
	if decoded > 0 {
		drawRatioAxis(s, area, ya, decoded)
	}
	s.printf("</g>\n")
}

// drawRatioAxis labels the right edge with the compression ratios of its
// heights: round ratios at least 14 pixels apart.
func drawRatioAxis(s *svg, area rect, ya axis, decoded int64) {
	last := math.Inf(1)
	for k := -3.0; k <= 18; k++ {
		for _, m := range []float64{1, 1.5, 2, 3, 5, 7} {
			r := m * math.Pow(10, k)
			b := float64(decoded) / r
			if !(b > 0) || !ya.contains(b) {
				continue
			}
			y := ya.pos(b)
			if math.Abs(y-last) < 14 {
				continue
			}
			last = y
			s.printf(`<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="%s"/>`+"\n", num(area.x1), num(y), num(area.x1+4), num(y), colInk)
			s.printf(`<text class="rtick" x="%s" y="%s">%s</text>`+"\n", num(area.x1+7), num(y+4), escape(strconv.FormatFloat(r, 'g', 4, 64)))
		}
	}
	s.printf(`<text id="rlabel" transform="translate(%s,%s) rotate(90)" text-anchor="middle" font-size="12">compression ratio</text>`+"\n",
		num(area.x1+56), num((area.y0+area.y1)/2))
}

// box is the extent of a label, to keep labels apart.
type box struct{ x0, y0, x1, y1 float64 }

func (b box) overlaps(c box) bool { return b.x0 < c.x1 && c.x0 < b.x1 && b.y0 < c.y1 && c.y0 < b.y1 }

// textBox estimates the box of text of n characters at font size size
// anchored at (x, y).
func textBox(x, y float64, anchor string, n int, size float64) box {
	w := float64(n) * size * 0.58
	switch anchor {
	case "end":
		return box{x - w, y - size, x, y + 3}
	case "middle":
		return box{x - w/2, y - size, x + w/2, y + 3}
	}
	return box{x, y - size, x + w, y + 3}
}

// spot is a place for a label beside a marker.
type spot struct {
	dx, dy float64
	anchor string
}

var spots = []spot{{10, -8, "start"}, {-10, -8, "end"}, {10, 16, "start"}, {-10, 16, "end"},
	{10, -24, "start"}, {-10, -24, "end"}, {10, 32, "start"}, {-10, 32, "end"}}

// drawLabels rings and labels the pick and labels the front's points where
// their labels fit.
func drawLabels(s *svg, area rect, pts, front []placed, decoded int64) {
	inside := func(b box) bool {
		return b.x0 >= area.x0+2 && b.x1 <= area.x1-2 && b.y0 >= area.y0+2 && b.y1 <= area.y1-2
	}
	// Markers are in the way of labels.
	var taken []box
	for _, p := range pts {
		taken = append(taken, box{p.x - 5, p.y - 5, p.x + 5, p.y + 5})
	}
	// So is the front line: up from each point, then across.
	for i := 1; i < len(front); i++ {
		a, b := front[i-1], front[i]
		taken = append(taken, box{a.x - 2, b.y, a.x + 2, a.y}, box{a.x, b.y - 2, b.x, b.y + 2})
	}
	free := func(b box) bool {
		if !inside(b) {
			return false
		}
		for _, t := range taken {
			if b.overlaps(t) {
				return false
			}
		}
		return true
	}
	for _, p := range pts {
		if !p.Picked {
			continue
		}
		line1 := cut(p.Label, labelMax)
		ratio := ""
		if decoded > 0 {
			ratio = fmt.Sprintf(" (ratio %.2f)", float64(decoded)/float64(p.Bytes))
		}
		line2 := fmt.Sprintf("%s%s, decode %s MB/s, encode %s MB/s", formatBytes(float64(p.Bytes)), ratio, speed(p.DecodeMBps), speed(p.EncodeMBps))
		// The box of both lines: the first in bold 12, the second in 11.
		w := max(float64(len([]rune(line1)))*12*0.57, float64(len([]rune(line2)))*11*0.53)
		pickBox := func(sp spot) box {
			x, y := p.x+sp.dx, p.y+sp.dy
			if sp.anchor == "end" {
				return box{x - w, y - 12, x, y + 18}
			}
			return box{x, y - 12, x + w, y + 18}
		}
		// The spot that crosses the fewest markers and lines, running out
		// of the plot counting as two; the first of those.
		chosen, fewest := spots[0], -1
		for _, sp := range spots {
			b := pickBox(sp)
			n := 0
			if !inside(b) {
				n += 2
			}
			for _, t := range taken {
				if b.overlaps(t) {
					n++
				}
			}
			if fewest < 0 || n < fewest {
				chosen, fewest = sp, n
			}
		}
		b := pickBox(chosen)
		taken = append(taken, b)
		s.printf(`<g id="pick">` + "\n")
		s.printf(`<circle id="pick-marker" cx="%s" cy="%s" r="9" fill="none" stroke="%s" stroke-width="2.5"/>`+"\n", num(p.x), num(p.y), colPick)
		s.text("pick-label", "", p.x+chosen.dx, p.y+chosen.dy, chosen.anchor, 12, colPick, "bold", line1)
		s.text("pick-detail", "", p.x+chosen.dx, p.y+chosen.dy+15, chosen.anchor, 11, colPick, "", line2)
		s.printf("</g>\n")
		break
	}
	for _, p := range pts {
		if !p.OnFront || p.Picked || p.Rejected {
			continue
		}
		text := cut(p.Label, labelMax)
		for _, sp := range spots {
			b := textBox(p.x+sp.dx, p.y+sp.dy, sp.anchor, len([]rune(text)), 10.5)
			if free(b) {
				taken = append(taken, b)
				s.text("", "front-label", p.x+sp.dx, p.y+sp.dy, sp.anchor, 10.5, colFront, "", text)
				break
			}
		}
	}
}

// drawLegend writes the legend under the x axis label, and the note of
// points not drawn.
func drawLegend(s *svg, area rect, skipped int, pickSkipped bool) {
	y := area.y1 + 62
	x := area.x0
	s.printf(`<g id="legend" font-size="11" fill="%s">`+"\n", colInk)
	item := func(mark, text string) {
		s.printf(mark, num(x), num(y))
		s.printf(`<text x="%s" y="%s">%s</text>`+"\n", num(x+16), num(y+4), escape(text))
		x += 16 + float64(len(text))*6.2 + 18
	}
	item(`<circle cx="%s" cy="%s" r="5" fill="`+colFront+`"/>`+"\n", "on the Pareto front")
	item(`<path d="M%s,%s m-6,4 h5 v-8 h5" fill="none" stroke="`+colFront+`" stroke-width="2"/>`+"\n", "front of bytes vs decode speed")
	item(`<circle cx="%s" cy="%s" r="3.5" fill="`+colOther+`"/>`+"\n", "other candidates")
	item(`<path d="M%s,%s m-3,-3 l6,6 m0,-6 l-6,6" stroke="`+colRejected+`" stroke-width="1.5"/>`+"\n", "misses the bound")
	item(`<circle cx="%s" cy="%s" r="7" fill="none" stroke="`+colPick+`" stroke-width="2.5"/>`+"\n", "pick")
	s.printf("</g>\n")
	if skipped > 0 {
		note := fmt.Sprintf("%d candidate(s) without a measured size and decode speed are not drawn", skipped)
		if pickSkipped {
			note += ", the pick among them"
		}
		s.text("note", "", area.x0, y+22, "start", 11, "#555555", "", note)
	}
}
