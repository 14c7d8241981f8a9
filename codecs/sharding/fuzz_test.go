package sharding_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/codecs/sharding"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/region"
	"github.com/zcodec/zcodec/registry"
)

// FuzzIndex feeds arbitrary bytes to the index parser of a [4 4] shard of
// [2 2] uint16 inner chunks (index bytes(little) without checksum, so that
// the entries themselves are exercised) with an arbitrary shard size. An
// accepted index must only hold ranges that a reader may safely use.
func FuzzIndex(f *testing.F) {
	p := pipeline(f, shardJSON([]int{2, 2}, bytesLE, bytesLE, "start"), numeric.Uint16, "0", 4, 4)
	b, _ := sharding.FromPipeline(p)
	for _, v := range loadVectors(f) {
		if len(v.encoded) >= 64 {
			f.Add(v.encoded[len(v.encoded)-64:], int64(len(v.encoded)))
			f.Add(v.encoded[:64], int64(-1))
		}
	}
	f.Fuzz(func(t *testing.T, index []byte, size int64) {
		ix, err := b.DecodeIndex(index, size)
		if err != nil {
			if !errors.Is(err, codec.ErrCorrupt) {
				t.Fatalf("error %v does not match ErrCorrupt", err)
			}
			return
		}
		for _, c := range ix.Chunks() {
			r := c.Range
			if r.Offset < int64(b.IndexSize()) || r.Length != 8 || (size >= 0 && r.Offset+r.Length > size) {
				t.Fatalf("accepted chunk %v at %v (shard size %d)", c.Coords, r, size)
			}
		}
	})
}

// FuzzDecode decodes arbitrary bytes as whole shards of the spec vectors'
// chains. Nothing may panic; when a whole decode succeeds, a partial read of
// all but the last element along the last dimension, through a sized
// reader, gives the same values.
func FuzzDecode(f *testing.F) {
	vectors := loadVectors(f)
	pipes := make([]*codec.Pipeline, len(vectors))
	for i, v := range vectors {
		pipes[i] = v.pipeline(f)
		f.Add(uint8(i), v.encoded)
	}
	f.Fuzz(func(t *testing.T, which uint8, shard []byte) {
		p := pipes[int(which)%len(pipes)]
		dst := make([]byte, p.DecodedSize())
		err := p.Decode(dst, shard)
		if err != nil {
			if !errors.Is(err, codec.ErrCorrupt) {
				t.Fatalf("error %v does not match ErrCorrupt", err)
			}
			return
		}
		shape := p.Spec().Shape
		rgn := region.Whole(i64(shape))
		if len(shape) > 0 && shape[len(shape)-1] > 1 {
			rgn.Stop[len(shape)-1]--
		}
		elem := p.Spec().DataType.Size()
		part := make([]byte, int(rgn.Size())*elem)
		r := sizedReader{&countingReader{value: shard}}
		if err := p.DecodeRegion(context.Background(), r, rgn, part, nil); err != nil {
			t.Fatalf("whole decode succeeded, partial read failed: %v", err)
		}
		if !bytes.Equal(part, subArray(dst, shape, iint(rgn.Start), iint(rgn.Shape()), elem)) {
			t.Fatal("partial read differs from whole decode")
		}
	})
}

// FuzzConfig parses arbitrary sharding_indexed configurations (nested
// chains included) with the default registry. An accepted codec must write
// JSON that parses back to the same JSON; if it resolves for a uint16
// [4 4] shard, a shard must round-trip through it.
func FuzzConfig(f *testing.F) {
	for _, v := range loadVectors(f) {
		var codecs []struct {
			Configuration json.RawMessage `json:"configuration"`
		}
		if json.Unmarshal(v.Codecs, &codecs) == nil {
			f.Add(string(codecs[0].Configuration))
		}
	}
	f.Add(`{"chunk_shape": [2, 2], "codecs": ["bytes"], "index_codecs": ["bytes", "crc32c"], "index_location": "start"}`)
	f.Add(`{"chunk_shape": [4, 1], "codecs": [{"name": "bytes", "configuration": {"endian": "little"}}, {"name": "zstd", "configuration": {"level": 1, "checksum": true}}], "index_codecs": [{"name": "bytes", "configuration": {"endian": "big"}}]}`)
	f.Add(`{"chunk_shape": [2, 2], "codecs": [{"name": "scale_offset", "configuration": {"offset": 1000}}, {"name": "cast_value", "configuration": {"data_type": "uint8"}}, "bytes"], "index_codecs": ["bytes"]}`)
	f.Add(`{"chunk_shape": [2, 2], "codecs": [{"name": "sharding_indexed", "configuration": {"chunk_shape": [1, 2], "codecs": [{"name": "scale_offset", "configuration": {"offset": 7, "scale": 2}}, "bytes"], "index_codecs": ["bytes"]}}], "index_codecs": ["bytes", "crc32c"]}`)
	reg := registry.Default()
	src := ramp(numeric.Uint16, 16)
	f.Fuzz(func(t *testing.T, config string) {
		js := `[{"name": "sharding_indexed", "configuration": ` + config + `}]`
		ch, err := reg.ParseCodecs(json.RawMessage(js), "/codecs")
		if err != nil || len(ch.Codecs) != 1 {
			return
		}
		out, err := ch.Codecs[0].MarshalJSON()
		if err != nil {
			t.Fatalf("MarshalJSON: %v", err)
		}
		back, err := reg.ParseCodecs(json.RawMessage("["+string(out)+"]"), "/codecs")
		if err != nil {
			t.Fatalf("written JSON %s does not parse: %v", out, err)
		}
		if out2, _ := back.Codecs[0].MarshalJSON(); !bytes.Equal(out, out2) {
			t.Fatalf("JSON changes when reparsed:\n%s\n%s", out, out2)
		}
		spec := codec.ChunkSpec{DataType: numeric.Uint16, Shape: []int{4, 4}, FillValue: numeric.Zero(numeric.Uint16)}
		p, err := codec.NewPipeline(spec, ch.Codecs, nil)
		// Reading accepts whatever writing does; its warnings are about
		// codecs inside the shard, each with its path and pointer.
		pw, errWarn := codec.NewPipeline(spec, ch.Codecs, &codec.Options{FillMode: codec.FillWarn})
		if err == nil && errWarn != nil {
			t.Fatalf("%s: resolves strict but not under FillWarn: %v", out, errWarn)
		}
		if errWarn == nil {
			for _, w := range pw.Warnings() {
				if errors.Is(w.Err, codec.ErrReadOnlyConfig) {
					// A configuration accepted for reading only
					// (docs/decisions.md#d23), located in the shard.
					if !strings.HasPrefix(w.Pointer, "/codecs/0/configuration/") || err == nil {
						t.Fatalf("%s: warning %v at %q (strict resolution: %v)", out, w, w.Pointer, err)
					}
					continue
				}
				if fillErr(w).Index != 0 || len(fillErr(w).Nested) == 0 || !strings.HasPrefix(w.Pointer, "/codecs/0/configuration/") || err == nil && !fillErr(w).Advisory {
					t.Fatalf("%s: warning %v at %q (strict resolution: %v)", out, w, w.Pointer, err)
				}
			}
		}
		if err != nil {
			return
		}
		enc, err := p.AppendEncode(nil, src)
		if err != nil {
			return // an inner codec may refuse these values (a cast, say)
		}
		dec := make([]byte, len(src))
		if err := p.Decode(dec, enc); err != nil {
			t.Fatalf("%s: decoding own shard: %v", out, err)
		}
	})
}
