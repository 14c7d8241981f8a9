package main

import (
	"bytes"
	"context"
	"encoding/xml"
	"errors"
	"image/color"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/zcodec/zcodec/advisor"
	"github.com/zcodec/zcodec/cmd/zcodec/internal/imagemap"
	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/numeric"
)

// pictureSample returns two 32 x 48 float32 chunks of a smooth field, the
// first with a hole of NaN at rows 10-13, columns 20-25; the fill value is
// NaN.
func pictureSample(t *testing.T) *advisor.Sample {
	t.Helper()
	spec := codec.ChunkSpec{DataType: numeric.Float32, Shape: []int{32, 48}, FillValue: numeric.FloatScalar(numeric.Float32, math.NaN())}
	var chunks [][]float32
	for k := range 2 {
		c := make([]float32, 32*48)
		for r := range 32 {
			for col := range 48 {
				x := 280 + 10*math.Sin(float64(r+k*32)/7)*math.Cos(float64(col)/9) + 0.01*math.Sin(float64(r*col))
				if k == 0 && pictureHole(r, col) {
					x = math.NaN()
				}
				c[r*48+col] = float32(x)
			}
		}
		chunks = append(chunks, c)
	}
	s, err := advisor.NewSample(spec, chunks...)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func pictureHole(r, c int) bool { return r >= 10 && r < 14 && c >= 20 && c < 26 }

// svgDoc is an element of a parsed SVG document.
type svgDoc struct {
	XMLName  xml.Name
	Attrs    []xml.Attr `xml:",any,attr"`
	Text     string     `xml:",chardata"`
	Children []*svgDoc  `xml:",any"`
}

func (n *svgDoc) find(fn func(*svgDoc) bool) []*svgDoc {
	var out []*svgDoc
	if fn(n) {
		out = append(out, n)
	}
	for _, c := range n.Children {
		out = append(out, c.find(fn)...)
	}
	return out
}

func (n *svgDoc) attr(name string) string {
	for _, a := range n.Attrs {
		if a.Name.Local == name {
			return a.Value
		}
	}
	return ""
}

func TestAdvisePlotAndErrorMap(t *testing.T) {
	ctx := context.Background()
	sample := pictureSample(t)
	rep, err := advisor.Advise(ctx, sample, &advisor.Options{Tolerance: advisor.Tolerance{Abs: 0.05}, Compressors: []string{"zstd"}, Concurrency: 1})
	if err != nil {
		t.Fatal(err)
	}
	best := rep.Chosen()
	if best == nil {
		t.Fatal("no chain chosen")
	}
	dir := t.TempDir()
	svgPath, pngPath := filepath.Join(dir, "plot.svg"), filepath.Join(dir, "error.png")
	env := &environment{stdout: &bytes.Buffer{}, stderr: &bytes.Buffer{}}
	if err := writeAdvicePictures(ctx, env, rep, sample, svgPath, pngPath); err != nil {
		t.Fatal(err)
	}

	b, err := os.ReadFile(svgPath)
	if err != nil {
		t.Fatal(err)
	}
	d := xml.NewDecoder(bytes.NewReader(b))
	d.Strict = true
	var doc svgDoc
	if err := d.Decode(&doc); err != nil {
		t.Fatalf("plot is not well-formed XML: %v", err)
	}
	byID := func(id string) *svgDoc {
		if f := doc.find(func(n *svgDoc) bool { return n.attr("id") == id }); len(f) > 0 {
			return f[0]
		}
		return nil
	}
	if ti := byID("title"); ti == nil || !strings.Contains(ti.Text, "abs 0.05") {
		t.Errorf("title %+v does not give the bound", ti)
	}
	label := byID("pick-label")
	if label == nil || !strings.HasPrefix(best.Label, strings.TrimSuffix(label.Text, "…")) {
		t.Errorf("pick label %+v, want the chosen chain %q", label, best.Label)
	}
	ran := 0
	for _, c := range rep.Candidates {
		if c.Err == nil {
			ran++
		}
	}
	markers := doc.find(func(n *svgDoc) bool { return strings.HasPrefix(n.attr("class"), "candidate") })
	if len(markers) != ran {
		t.Errorf("%d markers for %d candidates that ran", len(markers), ran)
	}
	if byID("front") == nil {
		t.Error("no front line")
	}

	img := decodePNG(t, pngPath)
	bld, err := imagemap.New(32, 48, &imagemap.Options{Mode: imagemap.Errors, Bound: 0.05})
	if err != nil {
		t.Fatal(err)
	}
	l := bld.Layout()
	if !l.Data.In(img.Bounds()) || l.Data.Dx() != 48*5 {
		t.Fatalf("error map %v, data area %v", img.Bounds(), l.Data)
	}
	grey, blue := color.RGBA{128, 128, 128, 255}, color.RGBA{0, 90, 255, 255}
	errorsSeen := 0
	for r := range 32 {
		for c := range 48 {
			got := pixel(img, l.Element(r, c))
			switch {
			case pictureHole(r, c):
				if got != grey {
					t.Fatalf("NaN at (%d,%d) drawn %v, want grey", r, c, got)
				}
			case got == grey || got == blue:
				t.Fatalf("element (%d,%d) drawn %v: NaN or beyond the bound", r, c, got)
			case got != imagemap.Heat(0):
				errorsSeen++
			}
		}
	}
	if best.Errors.MaxAbs > 0 && errorsSeen == 0 {
		t.Errorf("the chain's error reaches %g, but the map shows none", best.Errors.MaxAbs)
	}
}

func TestAdviseErrorMapOfLosslessChainIsAllZero(t *testing.T) {
	ctx := context.Background()
	sample := pictureSample(t)
	rep, err := advisor.Advise(ctx, sample, &advisor.Options{Compressors: []string{"zstd"}, Concurrency: 1})
	if err != nil {
		t.Fatal(err)
	}
	img, err := adviceErrorMap(ctx, rep, sample)
	if err != nil {
		t.Fatal(err)
	}
	bld, _ := imagemap.New(32, 48, &imagemap.Options{Mode: imagemap.Errors})
	l := bld.Layout()
	zero, grey := imagemap.Heat(0), color.RGBA{128, 128, 128, 255}
	for y := l.Data.Min.Y; y < l.Data.Max.Y; y++ {
		for x := l.Data.Min.X; x < l.Data.Max.X; x++ {
			if got := img.RGBAAt(x, y); got != zero && got != grey {
				t.Fatalf("pixel (%d,%d) of a lossless chain's error map is %v", x, y, got)
			}
		}
	}
	if got := pixel(img, l.Element(11, 22)); got != grey {
		t.Errorf("the NaN hole is drawn %v", got)
	}
	if o := advicePlotOptions(rep); !strings.Contains(o.Title, "lossless") || !strings.Contains(o.Subtitle, rep.Chosen().Label) {
		t.Errorf("plot title %q, subtitle %q: want lossless and the pick", o.Title, o.Subtitle)
	}
	rep.Best = -1
	if _, err := adviceErrorMap(ctx, rep, sample); err == nil || !strings.Contains(err.Error(), "no chain meets") {
		t.Errorf("no pick: %v", err)
	}
	// advise says itself that nothing was picked: no error map, no error.
	name := filepath.Join(t.TempDir(), "none.png")
	env := &environment{stdout: &bytes.Buffer{}, stderr: &bytes.Buffer{}}
	if err := writeAdvicePictures(ctx, env, rep, sample, "", name); err != nil {
		t.Errorf("no pick: %v", err)
	}
	if _, err := os.Stat(name); err == nil {
		t.Error("an error map was written with no pick")
	}
}

// TestAdvicePoints checks the plot's points follow the report: the pick,
// the chains that miss the bound, the front.
func TestAdvicePoints(t *testing.T) {
	rep := &advisor.Report{Best: 1, Front: []int{0, 1}}
	for i := range 4 {
		c := &advisor.Candidate{Label: strconv.Itoa(i), DecodedBytes: 1e6, EncodedBytes: int64(100 * (i + 1)),
			EncodeSeconds: 1 / float64(i+1), DecodeSeconds: 1 / float64(i+1), FillRoundTrip: true}
		if i == 2 {
			c.Errors.Exceeding = 1
		}
		if i == 3 {
			c.Err = errors.New("failed")
		}
		rep.Candidates = append(rep.Candidates, c)
	}
	front := adviceFront(rep)
	pts := advicePoints(rep)
	if len(pts) != 3 {
		t.Fatalf("%d points for 3 candidates that ran", len(pts))
	}
	for i, p := range pts {
		if p.Label != strconv.Itoa(i) || p.Picked != (i == 1) || p.Rejected != (i == 2) || p.OnFront != slices.Contains(front, i) ||
			p.Bytes != int64(100*(i+1)) || math.Abs(p.DecodeMBps-float64(i+1)) > 1e-9 {
			t.Errorf("point %d: %+v", i, p)
		}
	}
}
