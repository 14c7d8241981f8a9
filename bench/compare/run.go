package main

import (
	"os"
	"path/filepath"
	"time"

	"github.com/zcodec/zcodec/codec"
	_ "github.com/zcodec/zcodec/codecs" // the standard codec set
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/registry"
)

// zcodecRun is one case resolved, with its input and written buffers.
type zcodecRun struct {
	p           *codec.Pipeline
	data, enc   []byte
	encBuf, dec []byte
	ratio       float64
}

// prepare writes the case's chunk to dir (for the peer), resolves its
// pipeline and checks one round trip.
func prepare(c benchCase, dir string) (*zcodecRun, error) {
	data, err := c.chunk()
	if err != nil {
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(dir, c.fileName()), data, 0o644); err != nil {
		return nil, err
	}
	chain, err := registry.Default().ParseCodecs([]byte(c.codecs), "/codecs")
	if err != nil {
		return nil, err
	}
	fillJSON := c.fill
	switch {
	case fillJSON == "" && c.dtype == numeric.Bool:
		fillJSON = "false"
	case fillJSON == "":
		fillJSON = "0"
	}
	fill, err := numeric.ParseFillValue(c.dtype, []byte(fillJSON))
	if err != nil {
		return nil, err
	}
	shape := c.shape
	if shape == nil {
		shape = []int{len(data) / c.dtype.Size()}
	}
	p, err := codec.NewPipeline(codec.ChunkSpec{DataType: c.dtype, Shape: shape, FillValue: fill}, chain.Codecs, nil)
	if err != nil {
		return nil, err
	}
	enc, err := p.AppendEncode(nil, data)
	if err != nil {
		return nil, err
	}
	r := &zcodecRun{p: p, data: data, enc: enc, dec: make([]byte, len(data)), encBuf: make([]byte, 0, 2*len(enc)+1024)}
	if err := p.Decode(r.dec, enc); err != nil {
		return nil, err
	}
	r.encBuf = append(r.encBuf[:0], enc...) // written once
	r.ratio = float64(len(data)) / float64(len(enc))
	return r, nil
}

// time measures one encode and one decode loop.
func (r *zcodecRun) time(mintime time.Duration) (enc, dec timing) {
	enc = measure(mintime, func() { r.encBuf, _ = r.p.AppendEncode(r.encBuf[:0], r.data) })
	dec = measure(mintime, func() { _ = r.p.Decode(r.dec, r.enc) })
	return enc, dec
}
