package main

import (
	"context"
	"errors"
	"fmt"
	"image"

	"github.com/zcodec/zcodec/advisor"
	"github.com/zcodec/zcodec/cmd/zcodec/internal/imagemap"
	"github.com/zcodec/zcodec/cmd/zcodec/internal/plot"
	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/registry"
)

// writeAdvicePictures writes advise's pictures: with plotPath, an SVG plot
// of every candidate's stored bytes against its decode speed, the Pareto
// front and the pick marked; with errorMapPath, a PNG of where the picked
// chain's error sits on one chunk of the sample. An empty path is
// skipped, and so is the error map when no chain was picked. Each file
// appears only when it is complete.
func writeAdvicePictures(ctx context.Context, env *environment, r *advisor.Report, sample *advisor.Sample, plotPath, errorMapPath string) error {
	if plotPath != "" {
		if err := writeOutput(env, plotPath, func(w output) error { return plot.WriteSVG(w, advicePoints(r), advicePlotOptions(r)) }); err != nil {
			return fmt.Errorf("--plot %s: %w", plotPath, err)
		}
	}
	// With no pick there is no error to map, and advise says why.
	if errorMapPath != "" && r.Chosen() != nil {
		img, err := adviceErrorMap(ctx, r, sample)
		if err == nil {
			err = writeOutput(env, errorMapPath, func(w output) error { return imagemap.EncodePNG(w, img) })
		}
		if err != nil {
			return fmt.Errorf("--error-map %s: %w", errorMapPath, err)
		}
	}
	return nil
}

// writeOutput creates name, writes it with write and commits it.
func writeOutput(env *environment, name string, write func(output) error) error {
	out, err := createOutput(env, name)
	if err != nil {
		return err
	}
	defer out.Abort()
	if err := write(out); err != nil {
		return err
	}
	return out.Commit()
}

// adviceFront returns the indexes in r.Candidates of the chains on the
// Pareto front the advisor computed.
func adviceFront(r *advisor.Report) []int { return r.Front }

// advicePoints returns the plot's points: every candidate that ran.
func advicePoints(r *advisor.Report) []plot.Point {
	onFront := map[int]bool{}
	for _, i := range adviceFront(r) {
		onFront[i] = true
	}
	var pts []plot.Point
	for i, c := range r.Candidates {
		if c.Err != nil {
			continue
		}
		pts = append(pts, plot.Point{Label: c.Label, Bytes: c.EncodedBytes, DecodeMBps: c.DecodeMBps(), EncodeMBps: c.EncodeMBps(),
			OnFront: onFront[i], Picked: i == r.Best, Rejected: !c.Meets()})
	}
	return pts
}

// advicePlotOptions returns the plot's title (the bound and the sample)
// and its ratio axis.
func advicePlotOptions(r *advisor.Report) *plot.Options {
	bound := "bound " + r.Tolerance.String()
	if r.Tolerance.Exact() {
		bound = "lossless"
	}
	o := &plot.Options{Title: fmt.Sprintf("zcodec advise: %d chains measured, %s", len(r.Candidates), bound)}
	chunks := "chunks"
	if r.SampleChunks == 1 {
		chunks = "chunk"
	}
	o.Subtitle = fmt.Sprintf("%v chunks of %v; sample of %d %s, %s decoded", r.Spec.DataType, r.Spec.Shape, r.SampleChunks, chunks, sizeText(r.SampleBytes))
	if best := r.Chosen(); best != nil {
		o.Subtitle += "\npick: " + best.Label
		o.DecodedBytes = best.DecodedBytes
	}
	if why := adviceWhy(r); why != "" {
		o.Subtitle += "\n" + why
	}
	return o
}

// adviceWhy returns the sentence saying why the pick was picked, for the
// plot's subtitle; "" leaves it out.
func adviceWhy(r *advisor.Report) string { return r.Why }

// adviceErrorMap encodes one chunk of the sample with the picked chain,
// decodes it and draws |decoded - original| over a 2-D slice of it: the
// sample's first chunk that lies whole inside the array (else its first,
// its part inside the array), and in it the slice of its last two
// dimensions longer than 1 at index 0 of the others. The scale runs from 0
// to the absolute bound, or, under a relative or significant-digit bound,
// to the largest error on the slice.
func adviceErrorMap(ctx context.Context, r *advisor.Report, sample *advisor.Sample) (*image.RGBA, error) {
	best := r.Chosen()
	switch {
	case best == nil:
		return nil, errors.New("no chain meets the tolerance: no error to map")
	case sample == nil || len(sample.Chunks) == 0:
		return nil, errors.New("no sample chunk to map")
	}
	spec := sample.Spec
	if _, _, err := pngPlane(spec.DataType, nil); err != nil {
		return nil, err // complex
	}
	pick := 0
	for i := range sample.Chunks {
		if sample.Extents == nil || sample.Extents[i] == nil {
			pick = i
			break
		}
	}
	extent := make([]int, len(spec.Shape))
	copy(extent, spec.Shape)
	if sample.Extents != nil && sample.Extents[pick] != nil {
		copy(extent, sample.Extents[pick])
	}
	chain, err := registry.Default().ParseCodecs(best.Codecs, "/codecs")
	if err != nil {
		return nil, err
	}
	p, err := codec.NewPipeline(spec, chain.Codecs, nil)
	if err != nil {
		return nil, err
	}
	orig := sample.Chunks[pick]
	enc, err := p.AppendEncode(nil, orig)
	if err != nil {
		return nil, err
	}
	dec := make([]byte, p.DecodedSize())
	if err := p.Decode(dec, enc); err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	opts := &imagemap.Options{Mode: imagemap.Errors, Bound: r.Tolerance.Abs}
	if spec.FillValue.Valid() {
		f := scalarFloat(spec.FillValue)
		opts.Fill = &f
	}
	rowDim, colDim := planeDims(extent)
	rows, cols := 1, 1
	if rowDim >= 0 {
		rows = extent[rowDim]
	}
	if colDim >= 0 {
		cols = extent[colDim]
	}
	b, err := imagemap.New(rows, cols, opts)
	if err != nil {
		return nil, err
	}
	// strides[d] is the element offset of one index of dimension d.
	strides := make([]int, len(spec.Shape))
	s := 1
	for d := len(spec.Shape) - 1; d >= 0; d-- {
		strides[d] = s
		s *= spec.Shape[d]
	}
	conv, err := newFloat64s(spec.DataType)
	if err != nil {
		return nil, err
	}
	origs, err := conv.append(nil, orig)
	if err != nil {
		return nil, err
	}
	decs, err := conv.append(nil, dec)
	if err != nil {
		return nil, err
	}
	var o, d []float64
	for row := range rows {
		start := 0
		if rowDim >= 0 {
			start = row * strides[rowDim]
		}
		o, d = o[:0], d[:0]
		for col := range cols {
			off := start
			if colDim >= 0 {
				off += col * strides[colDim]
			}
			o, d = append(o, origs[off]), append(d, decs[off])
		}
		if err := b.WriteErrors(o, d); err != nil {
			return nil, err
		}
	}
	return b.Image()
}

// planeDims returns the dimensions of the 2-D slice of a chunk of the
// given extent: the last two longer than 1 (-1 for none).
func planeDims(extent []int) (rowDim, colDim int) {
	rowDim, colDim = -1, -1
	for d := len(extent) - 1; d >= 0; d-- {
		if extent[d] <= 1 {
			continue
		}
		if colDim < 0 {
			colDim = d
		} else {
			rowDim = d
			break
		}
	}
	return rowDim, colDim
}
