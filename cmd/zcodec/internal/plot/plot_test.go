package plot

import (
	"bytes"
	"encoding/xml"
	"errors"
	"math"
	"strconv"
	"strings"
	"testing"
)

// node is an element of a parsed SVG document.
type node struct {
	XMLName  xml.Name
	Attrs    []xml.Attr `xml:",any,attr"`
	Text     string     `xml:",chardata"`
	Children []*node    `xml:",any"`
}

func (n *node) attr(name string) string {
	for _, a := range n.Attrs {
		if a.Name.Local == name {
			return a.Value
		}
	}
	return ""
}

func (n *node) num(t *testing.T, name string) float64 {
	t.Helper()
	v, err := strconv.ParseFloat(n.attr(name), 64)
	if err != nil {
		t.Fatalf("<%s %s=%q>: %v", n.XMLName.Local, name, n.attr(name), err)
	}
	return v
}

// walk calls fn on n and every element under it.
func (n *node) walk(fn func(*node)) {
	fn(n)
	for _, c := range n.Children {
		c.walk(fn)
	}
}

func (n *node) byID(id string) *node {
	var out *node
	n.walk(func(c *node) {
		if out == nil && c.attr("id") == id {
			out = c
		}
	})
	return out
}

// title returns the text of a marker's <title>.
func (n *node) title() string {
	for _, c := range n.Children {
		if c.XMLName.Local == "title" {
			return c.Text
		}
	}
	return ""
}

// render writes the plot and parses it back strictly, failing on a
// document that is not well-formed XML.
func render(t *testing.T, pts []Point, opts *Options) (*node, string) {
	t.Helper()
	var buf bytes.Buffer
	if err := WriteSVG(&buf, pts, opts); err != nil {
		t.Fatal(err)
	}
	doc := parse(t, buf.Bytes())
	if doc.XMLName.Local != "svg" || doc.XMLName.Space != "http://www.w3.org/2000/svg" {
		t.Fatalf("root element %v, want svg in the SVG namespace", doc.XMLName)
	}
	return doc, buf.String()
}

func parse(t *testing.T, b []byte) *node {
	t.Helper()
	d := xml.NewDecoder(bytes.NewReader(b))
	d.Strict = true
	var doc node
	if err := d.Decode(&doc); err != nil {
		t.Fatalf("not well-formed: %v\n%s", err, b)
	}
	return &doc
}

// candidates are seven chains whose front of bytes and decode speed is,
// by hand: A (smallest), C, B, E (fastest). F is on the front of all three
// measures only (its encode speed); D is behind B; G misses the bound.
var candidates = []Point{
	{Label: "A", Bytes: 1000, DecodeMBps: 10, EncodeMBps: 5, OnFront: true},
	{Label: "B", Bytes: 2000, DecodeMBps: 100, EncodeMBps: 50, OnFront: true, Picked: true},
	{Label: "C", Bytes: 1500, DecodeMBps: 50, EncodeMBps: 20, OnFront: true},
	{Label: "D", Bytes: 3000, DecodeMBps: 40, EncodeMBps: 30},
	{Label: "E", Bytes: 2500, DecodeMBps: 1000, EncodeMBps: 400, OnFront: true},
	{Label: "F", Bytes: 1200, DecodeMBps: 5, EncodeMBps: 900, OnFront: true},
	{Label: "G", Bytes: 900, DecodeMBps: 2000, EncodeMBps: 900, Rejected: true},
}

// markers returns the candidate markers by label.
func markers(t *testing.T, doc *node) map[string]*node {
	out := map[string]*node{}
	doc.walk(func(n *node) {
		if strings.HasPrefix(n.attr("class"), "candidate") {
			label, _, _ := strings.Cut(n.title(), "\n")
			out[label] = n
		}
	})
	return out
}

func TestPlotPickFrontAndAxes(t *testing.T) {
	doc, _ := render(t, candidates, &Options{Title: "zcodec advise: abs 0.05", Subtitle: "float32\npick: B", DecodedBytes: 20000})
	if s1, s2 := doc.byID("subtitle"), doc.byID("subtitle2"); s1 == nil || s2 == nil || s1.Text != "float32" || s2.Text != "pick: B" {
		t.Errorf("subtitle lines %+v, %+v", s1, s2)
	}
	if got := doc.byID("title"); got == nil || !strings.Contains(got.Text, "abs 0.05") {
		t.Fatalf("no title with the bound: %+v", got)
	}
	m := markers(t, doc)
	if len(m) != len(candidates) {
		t.Fatalf("%d markers, want %d", len(m), len(candidates))
	}
	// The pick: a ring on B's marker and B's label beside it.
	ring, label := doc.byID("pick-marker"), doc.byID("pick-label")
	if ring == nil || label == nil {
		t.Fatal("no pick marker or label")
	}
	if ring.num(t, "cx") != m["B"].num(t, "cx") || ring.num(t, "cy") != m["B"].num(t, "cy") {
		t.Errorf("pick ring at (%v,%v), B at (%v,%v)", ring.attr("cx"), ring.attr("cy"), m["B"].attr("cx"), m["B"].attr("cy"))
	}
	if label.Text != "B" {
		t.Errorf("pick label %q, want B", label.Text)
	}
	if d := doc.byID("pick-detail"); d == nil || !strings.Contains(d.Text, "2 kB (ratio 10.00)") || !strings.Contains(d.Text, "encode 50 MB/s") {
		t.Errorf("pick detail %+v lacks the size, ratio and encode speed", d)
	}
	// The front line: A, C, B, E in order, a step between each.
	line := doc.byID("front")
	if line == nil {
		t.Fatal("no front line")
	}
	var xy [][2]float64
	for _, p := range strings.Fields(line.attr("points")) {
		x, y, _ := strings.Cut(p, ",")
		fx, err1 := strconv.ParseFloat(x, 64)
		fy, err2 := strconv.ParseFloat(y, 64)
		if err1 != nil || err2 != nil {
			t.Fatalf("front point %q", p)
		}
		xy = append(xy, [2]float64{fx, fy})
	}
	want := []string{"A", "C", "B", "E"}
	if len(xy) != 2*len(want)-1 {
		t.Fatalf("front line has %d points, want %d: %v", len(xy), 2*len(want)-1, xy)
	}
	for i, name := range want {
		p := xy[2*i]
		if p[0] != m[name].num(t, "cx") || p[1] != m[name].num(t, "cy") {
			t.Errorf("front vertex %d at %v, want %s's marker (%v,%v)", i, p, name, m[name].attr("cx"), m[name].attr("cy"))
		}
		if i > 0 {
			// From the previous point up to this one's height, then
			// across: faster to the right, larger upwards.
			step := xy[2*i-1]
			if step[0] != xy[2*i-2][0] || step[1] != p[1] || p[0] <= step[0] || p[1] >= xy[2*i-2][1] {
				t.Errorf("front step %v -> %v -> %v is not up then right", xy[2*i-2], step, p)
			}
		}
	}
	// Speeds span 5 to 2000 MB/s: a log axis, so each decade is as wide
	// as the next (A 10, B 100, E 1000).
	xa, xb, xe := m["A"].num(t, "cx"), m["B"].num(t, "cx"), m["E"].num(t, "cx")
	if math.Abs((xb-xa)-(xe-xb)) > 0.2 {
		t.Errorf("decades 10-100 and 100-1000 are %.1f and %.1f pixels wide", xb-xa, xe-xb)
	}
	if !strings.Contains(doc.byID("xlabel").Text, "log scale") {
		t.Errorf("x label %q does not say log scale", doc.byID("xlabel").Text)
	}
	if !strings.Contains(m["F"].attr("class"), "front") || strings.Contains(m["D"].attr("class"), "front") {
		t.Error("F should have the front's marker and D not")
	}
	if !strings.Contains(m["G"].attr("class"), "rejected") {
		t.Error("G, which misses the bound, is not drawn as rejected")
	}
	if doc.byID("rlabel") == nil {
		t.Error("no ratio axis with DecodedBytes set")
	}
}

func TestPlotHostileLabels(t *testing.T) {
	hostile := "<script>alert(1)</script> & \"quotes\" 'x' ]]> \x00\x01\x1b[31m \xff\xfe end"
	pts := []Point{
		{Label: hostile, Bytes: 10, DecodeMBps: 1, EncodeMBps: math.NaN(), OnFront: true, Picked: true},
		{Label: "", Bytes: 20, DecodeMBps: 2, OnFront: true},
		{Label: strings.Repeat("long ", 1000), Bytes: 30, DecodeMBps: 3},
		{Label: "nan", Bytes: 30, DecodeMBps: math.NaN()},
		{Label: "inf", Bytes: 30, DecodeMBps: math.Inf(1)},
		{Label: "zero", Bytes: 0, DecodeMBps: 3},
		{Label: "huge", Bytes: math.MaxInt64, DecodeMBps: math.MaxFloat64},
	}
	doc, text := render(t, pts, &Options{Title: hostile, Subtitle: hostile})
	var scripts int
	doc.walk(func(n *node) {
		if n.XMLName.Local == "script" {
			scripts++
		}
	})
	if scripts != 0 {
		t.Error("a label became a <script> element")
	}
	label := doc.byID("pick-label")
	if label == nil || !strings.HasPrefix(label.Text, "<script>alert(1)</script> & \"quotes\"") {
		t.Errorf("pick label %+v does not read back as the label's text", label)
	}
	if strings.ContainsAny(text, "\x00\x01\x1b") {
		t.Error("control characters reached the document")
	}
	note := doc.byID("note")
	if note == nil || !strings.HasPrefix(note.Text, "3 candidate(s)") {
		t.Errorf("note %+v, want 3 candidates not drawn", note)
	}
}

func TestPlotEmptyAndOptions(t *testing.T) {
	doc, _ := render(t, nil, nil)
	if doc.byID("front") != nil || doc.byID("pick") != nil {
		t.Error("an empty plot has a front or a pick")
	}
	var oe *OptionError
	for _, o := range []*Options{{Width: 10}, {Height: 1 << 20}, {DecodedBytes: -1}} {
		if err := WriteSVG(&bytes.Buffer{}, candidates, o); !errors.As(err, &oe) {
			t.Errorf("%+v: %v, want an *OptionError", o, err)
		}
	}
}

// FuzzSVG draws fuzzed points (labels of any bytes, sizes and speeds of
// any value, flags at random): the document is always well-formed, and
// the pick, when it can be placed, is marked.
func FuzzSVG(f *testing.F) {
	f.Add("bitround 9 | zstd 3", int64(1000), 100.0, 50.0, uint8(3), uint8(5))
	f.Add("<&>\x00\xff", int64(-1), math.NaN(), math.Inf(1), uint8(255), uint8(1))
	f.Add("", int64(math.MaxInt64), math.MaxFloat64, 5e-324, uint8(2), uint8(40))
	f.Fuzz(func(t *testing.T, label string, size int64, dec, enc float64, flags, n uint8) {
		var pts []Point
		for i := range int(n%50) + 1 {
			k := float64(i + 1)
			pts = append(pts, Point{Label: label + strconv.Itoa(i), Bytes: size / int64(i+1), DecodeMBps: dec * k, EncodeMBps: enc / k,
				OnFront: flags>>(i%8)&1 != 0, Rejected: i%7 == 3, Picked: i == int(flags)%(int(n%50)+1)})
		}
		var buf bytes.Buffer
		if err := WriteSVG(&buf, pts, &Options{Title: label, DecodedBytes: max(size, 0)}); err != nil {
			t.Fatal(err)
		}
		doc := parse(t, buf.Bytes())
		for _, p := range pts {
			if p.Picked && p.Bytes > 0 && p.DecodeMBps > 0 && !math.IsInf(p.DecodeMBps, 0) && doc.byID("pick-marker") == nil {
				t.Fatal("a pick that can be placed is not marked")
			}
		}
	})
}

func TestPlotSubtitleWraps(t *testing.T) {
	why := strings.Repeat("balanced: the smallest chain read by every client ", 12)
	doc, _ := render(t, candidates, &Options{Subtitle: "float32 chunks\n" + why})
	var lines []string
	for _, id := range []string{"subtitle", "subtitle2", "subtitle3", "subtitle4", "subtitle5"} {
		if n := doc.byID(id); n != nil {
			lines = append(lines, n.Text)
		}
	}
	if len(lines) != 4 || lines[0] != "float32 chunks" || !strings.HasSuffix(lines[3], "…") {
		t.Fatalf("subtitle lines %q: want 4, the first as given, the last marked cut", lines)
	}
	for _, l := range lines {
		if n := len([]rune(l)); n > (DefaultWidth-32)*10/66 {
			t.Errorf("line of %d characters: %q", n, l)
		}
	}
	if !strings.HasPrefix(lines[1], "balanced: the smallest") || strings.HasPrefix(lines[2], " ") {
		t.Errorf("lines not wrapped at spaces: %q", lines)
	}
}
