package sharding_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"sync"
	"testing"

	"github.com/zcodec/zcodec/codec"
	_ "github.com/zcodec/zcodec/codecs" // the standard set, sharding_indexed included
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/registry"
	"github.com/zcodec/zcodec/store/byterange"
)

// countingReader serves byte ranges of one value and records every range
// read, in order.
type countingReader struct {
	value []byte
	mu    sync.Mutex
	reads []byterange.Range
	err   error // returned by every read when set
}

func (c *countingReader) ReadRange(ctx context.Context, r byterange.Range) ([]byte, error) {
	c.mu.Lock()
	c.reads = append(c.reads, r)
	c.mu.Unlock()
	if c.err != nil {
		return nil, c.err
	}
	n := int64(len(c.value))
	switch {
	case r.Offset < 0:
		return c.value[max(0, n+r.Offset):], nil
	case r.Length < 0:
		return c.value[min(r.Offset, n):], nil
	}
	return c.value[min(r.Offset, n):min(r.Offset+r.Length, n)], nil
}

func (c *countingReader) Reads() []byterange.Range {
	c.mu.Lock()
	defer c.mu.Unlock()
	return slices.Clone(c.reads)
}

// sizedReader is a countingReader that also tells the value's length.
type sizedReader struct{ *countingReader }

func (s sizedReader) Size(context.Context) (int64, error) { return int64(len(s.value)), nil }

// parseChain builds the codecs of a JSON codec list with the default
// registry.
func parseChain(t testing.TB, js string) []codec.Codec {
	t.Helper()
	ch, err := registry.Default().ParseCodecs(json.RawMessage(js), "/codecs")
	if err != nil {
		t.Fatalf("parse %s: %v", js, err)
	}
	return ch.Codecs
}

// pipeline resolves a JSON codec list for chunks of dt, shape and fill
// (fill in the Zarr v3 fill-value JSON encoding).
func pipeline(t testing.TB, js string, dt numeric.DataType, fill string, shape ...int) *codec.Pipeline {
	t.Helper()
	f, err := numeric.ParseFillValue(dt, []byte(fill))
	if err != nil {
		t.Fatal(err)
	}
	p, err := codec.NewPipeline(codec.ChunkSpec{DataType: dt, Shape: shape, FillValue: f}, parseChain(t, js), nil)
	if err != nil {
		t.Fatalf("resolve %s for %v %v: %v", js, dt, shape, err)
	}
	return p
}

// shardJSON returns the codec list of one sharding_indexed codec.
func shardJSON(chunk []int, inner, index, location string) string {
	cs, _ := json.Marshal(chunk)
	loc := ""
	if location != "" {
		loc = fmt.Sprintf(`, "index_location": %q`, location)
	}
	return fmt.Sprintf(`[{"name": "sharding_indexed", "configuration": {"chunk_shape": %s, "codecs": %s, "index_codecs": %s%s}}]`, cs, inner, index, loc)
}

const (
	bytesLE  = `[{"name": "bytes", "configuration": {"endian": "little"}}]`
	indexCRC = `[{"name": "bytes", "configuration": {"endian": "little"}}, {"name": "crc32c"}]`
	gzipLE   = `[{"name": "bytes", "configuration": {"endian": "little"}}, {"name": "gzip", "configuration": {"level": 1}}]`
	zstdLE   = `[{"name": "bytes", "configuration": {"endian": "little"}}, {"name": "zstd", "configuration": {"level": 1, "checksum": false}}]`
)

// subArray returns the elements of the box start+shape of a C-order array
// of shape full, element by element (the reference for region reads).
func subArray(data []byte, full, start, shape []int, elem int) []byte {
	n := 1
	for _, d := range shape {
		n *= d
	}
	var out bytes.Buffer
	idx := make([]int, len(shape))
	for e := 0; e < n; e++ {
		rem := e
		for d := len(shape) - 1; d >= 0; d-- {
			idx[d] = rem % shape[d]
			rem /= shape[d]
		}
		off := 0
		for d := range full {
			off = off*full[d] + start[d] + idx[d]
		}
		out.Write(data[off*elem : (off+1)*elem])
	}
	return out.Bytes()
}

// i64 returns s as int64 values, for a region.Box.
func i64(s []int) []int64 {
	out := make([]int64, len(s))
	for i, v := range s {
		out[i] = int64(v)
	}
	return out
}

// iint returns s as int values.
func iint(s []int64) []int {
	out := make([]int, len(s))
	for i, v := range s {
		out[i] = int(v)
	}
	return out
}
