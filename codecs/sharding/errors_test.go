package sharding_test

import (
	"bytes"
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"hash/crc32"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/codecs/bytescodec"
	"github.com/zcodec/zcodec/codecs/crc32c"
	"github.com/zcodec/zcodec/codecs/sharding"
	"github.com/zcodec/zcodec/metadata"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/region"
	"github.com/zcodec/zcodec/registry"
	"github.com/zcodec/zcodec/store/byterange"
)

// forgeShard builds a [4] uint16 shard of two [2] inner chunks with a
// bytes(little)+crc32c index at loc from raw entries, after body (the
// stored chunk bytes).
func forgeShard(body []byte, entries [4]uint64, start bool) []byte {
	var index []byte
	for _, e := range entries {
		index = binary.LittleEndian.AppendUint64(index, e)
	}
	index = binary.LittleEndian.AppendUint32(index, crc32.Checksum(index, crc32.MakeTable(crc32.Castagnoli)))
	if start {
		return append(index, body...)
	}
	return append(bytes.Clone(body), index...)
}

func TestIndexValidation(t *testing.T) {
	const A = math.MaxUint64
	body := []byte{1, 0, 2, 0, 3, 0, 4, 0} // two 4-byte inner chunks
	tests := []struct {
		name    string
		start   bool
		entries [4]uint64
		reason  string
	}{
		{"one sentinel", false, [4]uint64{A, 4, 4, 4}, "only one of offset and nbytes"},
		{"other sentinel", false, [4]uint64{0, A, 4, 4}, "only one of offset and nbytes"},
		{"overflow", false, [4]uint64{math.MaxInt64, 4, 4, 4}, "overflows"},
		{"past end", false, [4]uint64{0, 4, 50, 4}, "past the end"},
		{"into the end index", false, [4]uint64{0, 4, 6, 4}, "overlaps the index"},
		{"into the start index", true, [4]uint64{0, 4, 36, 4}, "inside the 36-byte index"},
		{"wrong fixed size", false, [4]uint64{0, 3, 4, 4}, "fixed size"},
		{"empty", false, [4]uint64{0, 0, 4, 4}, "fixed size"},
	}
	p := pipeline(t, shardJSON([]int{2}, bytesLE, indexCRC, ""), numeric.Uint16, "0", 4)
	pStart := pipeline(t, shardJSON([]int{2}, bytesLE, indexCRC, "start"), numeric.Uint16, "0", 4)
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			pl := p
			if tc.start {
				pl = pStart
			}
			shard := forgeShard(body, tc.entries, tc.start)
			err := pl.Decode(make([]byte, 8), shard)
			var ie *sharding.IndexError
			if !errors.As(err, &ie) || !errors.Is(err, codec.ErrCorrupt) || !strings.Contains(err.Error(), tc.reason) {
				t.Fatalf("Decode: got %v, want an *IndexError saying %q", err, tc.reason)
			}
			// Through a sized reader the same check happens after the
			// index read and before any other.
			r := sizedReader{&countingReader{value: shard}}
			err = pl.DecodeRegion(context.Background(), r, region.FromShape([]int64{1}, []int64{3}), make([]byte, 6), nil)
			if !errors.As(err, &ie) || len(r.Reads()) != 1 {
				t.Fatalf("DecodeRegion: got %v after reads %v, want an *IndexError after the index read alone", err, r.Reads())
			}
		})
	}
	// Without the shard's size, an entry past the end of a shard shorter
	// than the largest one shows as a short read.
	part := region.FromShape([]int64{0}, []int64{3}) // not the whole shard, which is one read
	shard := forgeShard(body[:4], [4]uint64{A, A, 40, 4}, false)
	err := p.DecodeRegion(context.Background(), &countingReader{value: shard}, part, make([]byte, 6), nil)
	var ce *codec.ChunkError
	if !errors.Is(err, codec.ErrCorrupt) || !errors.As(err, &ce) || ce.Coords[0] != 1 {
		t.Fatalf("unsized reader, entry past the end: got %v", err)
	}
	// An entry beyond what any shard of the codec can hold is caught even
	// without the size.
	shard = forgeShard(body, [4]uint64{0, 4, 1 << 40, 4}, false)
	err = p.DecodeRegion(context.Background(), &countingReader{value: shard}, part, make([]byte, 6), nil)
	var ie *sharding.IndexError
	if !errors.As(err, &ie) {
		t.Fatalf("unsized reader, entry past any shard: got %v", err)
	}
}

func TestIndexChecksumAndTruncation(t *testing.T) {
	p := pipeline(t, shardJSON([]int{2}, bytesLE, indexCRC, ""), numeric.Uint16, "0", 4)
	good, err := p.AppendEncode(nil, []byte{1, 0, 2, 0, 3, 0, 4, 0})
	if err != nil {
		t.Fatal(err)
	}
	for i := range good {
		bad := bytes.Clone(good)
		bad[i] ^= 0x10
		dec := make([]byte, 8)
		err := p.Decode(dec, bad)
		if i >= 8 && !errors.Is(err, codec.ErrCorrupt) {
			t.Fatalf("byte %d of the index flipped: got %v, want ErrCorrupt", i, err)
		}
		if i < 8 && (err != nil || bytes.Equal(dec, []byte{1, 0, 2, 0, 3, 0, 4, 0})) {
			t.Fatalf("byte %d of a raw inner chunk flipped: got %v, %x", i, err, dec)
		}
	}
	for n := range len(good) {
		if err := p.Decode(make([]byte, 8), good[:n]); !errors.Is(err, codec.ErrCorrupt) {
			t.Fatalf("shard cut to %d bytes: got %v, want ErrCorrupt", n, err)
		}
	}
	// A crc32c-protected inner chunk with a flipped byte names the chunk.
	p = pipeline(t, shardJSON([]int{2}, indexCRC, indexCRC, ""), numeric.Uint16, "0", 4)
	good, _ = p.AppendEncode(nil, []byte{1, 0, 2, 0, 3, 0, 4, 0})
	bad := bytes.Clone(good)
	bad[9] ^= 1 // second inner chunk: bytes 8..15
	err = p.Decode(make([]byte, 8), bad)
	var ce *codec.ChunkError
	if !errors.As(err, &ce) || ce.Coords[0] != 1 || ce.Range != (byterange.Range{Offset: 8, Length: 8}) || !errors.Is(err, codec.ErrCorrupt) {
		t.Fatalf("corrupt inner chunk: got %v", err)
	}
}

func TestConfigErrors(t *testing.T) {
	ok := `"chunk_shape": [2, 2], "codecs": [{"name": "bytes", "configuration": {"endian": "little"}}], "index_codecs": [{"name": "bytes", "configuration": {"endian": "little"}}]`
	tests := []struct {
		name, config, pointer, reason string
	}{
		{"missing chunk_shape", `"codecs": [], "index_codecs": []`, "/codecs/0/configuration", `"chunk_shape"`},
		{"missing index_codecs", `"chunk_shape": [2], "codecs": ["bytes"]`, "/codecs/0/configuration", `"index_codecs"`},
		{"chunk_shape not an array", strings.Replace(ok, "[2, 2]", "2", 1), "/codecs/0/configuration/chunk_shape", "array"},
		{"zero dimension", strings.Replace(ok, "[2, 2]", "[2, 0]", 1), "/codecs/0/configuration/chunk_shape/1", "out of range [1, "},
		{"fraction", strings.Replace(ok, "[2, 2]", "[2.5, 2]", 1), "/codecs/0/configuration/chunk_shape/0", "integer"},
		{"negative", strings.Replace(ok, "[2, 2]", "[2, -3]", 1), "/codecs/0/configuration/chunk_shape/1", "out of range"},
		{"larger than a chunk can be", strings.Replace(ok, "[2, 2]", "[17179869185]", 1), "/codecs/0/configuration/chunk_shape/0", "out of range [1, 17179869184]"},
		{"string dimension", strings.Replace(ok, "[2, 2]", `[2, "2"]`, 1), "/codecs/0/configuration/chunk_shape/1", `want an integer, got "2"`},
		{"65 dimensions", strings.Replace(ok, "[2, 2]", "["+strings.Repeat("1, ", 64)+"1]", 1), "/codecs/0/configuration/chunk_shape", "65 dimensions; at most 64"},
		{"unknown key", ok + `, "extra": 1`, "/codecs/0/configuration/extra", "unknown"},
		{"bad location", ok + `, "index_location": "middle"`, "/codecs/0/configuration/index_location", "middle"},
		{"empty inner chain", strings.Replace(ok, `"codecs": [{"name": "bytes", "configuration": {"endian": "little"}}]`, `"codecs": []`, 1), "/codecs/0/configuration/codecs", "empty"},
		{"unknown inner codec", strings.Replace(ok, `"codecs": [{"name": "bytes"`, `"codecs": [{"name": "nope"`, 1), "/codecs/0/configuration/codecs/0/name", "unknown codec"},
		{"bad nested config", strings.Replace(ok, `"endian": "little"}}], "index_codecs"`, `"endian": "middle"}}], "index_codecs"`, 1), "/codecs/0/configuration/codecs/0/configuration/endian", "middle"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			js := `[{"name": "sharding_indexed", "configuration": {` + tc.config + `}}]`
			_, err := registry.Default().ParseCodecs(json.RawMessage(js), "/codecs")
			var ce *codec.ConfigError
			if !errors.As(err, &ce) || ce.Pointer != tc.pointer || !strings.Contains(ce.Error(), tc.reason) {
				t.Fatalf("got %v (pointer %q), want pointer %q and %q", err, pointerOf(err), tc.pointer, tc.reason)
			}
		})
	}
}

func pointerOf(err error) string {
	var ce *codec.ConfigError
	if errors.As(err, &ce) {
		return ce.Pointer
	}
	return ""
}

// TestResolutionErrors goes through metadata.Parse, which turns resolution
// errors into problems with pointers.
func TestResolutionErrors(t *testing.T) {
	tests := []struct {
		name, codecs, pointer, reason string
	}{
		{"does not divide", shardJSON([]int{3, 2}, bytesLE, indexCRC, ""), "/codecs/0/configuration/chunk_shape/0", "does not divide"},
		{"wrong rank", shardJSON([]int{2}, bytesLE, indexCRC, ""), "/codecs/0/configuration/chunk_shape", "dimensions"},
		{"compressed index", shardJSON([]int{2, 2}, bytesLE, gzipLE, ""), "/codecs/0/configuration/index_codecs", "fixed size"},
		{"inner chain without bytes", shardJSON([]int{2, 2}, `["crc32c"]`, indexCRC, ""), "/codecs/0/configuration/codecs/0", "array->bytes"},
		{"inner bytes without endian", shardJSON([]int{2, 2}, `["bytes"]`, indexCRC, ""), "/codecs/0/configuration/codecs/0/configuration/endian", "endian is required"},
		{"inner fill round trip", shardJSON([]int{2, 2}, `[{"name": "scale_offset", "configuration": {"offset": 1000}}, {"name": "cast_value", "configuration": {"data_type": "uint8"}}, "bytes"]`, indexCRC, ""), "/codecs/0/configuration/codecs/0", "fill value"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			doc := `{"zarr_format": 3, "node_type": "array", "shape": [8, 8], "data_type": "uint16",
				"chunk_grid": {"name": "regular", "configuration": {"chunk_shape": [4, 4]}},
				"chunk_key_encoding": {"name": "default"}, "fill_value": 0, "codecs": ` + tc.codecs + `}`
			_, err := metadata.Parse([]byte(doc), nil)
			var ve *metadata.ValidationError
			if !errors.As(err, &ve) || len(ve.Problems) != 1 {
				t.Fatalf("got %v, want one problem", err)
			}
			if p := ve.Problems[0]; p.Pointer != tc.pointer || !strings.Contains(p.String(), tc.reason) {
				t.Fatalf("got %v, want pointer %s and %q", p, tc.pointer, tc.reason)
			}
		})
	}
}

// TestNestedChainsUseTheParsingRegistry parses with a registry that lacks
// gzip: the nested gzip must be unknown there although the default
// registry has it.
func TestNestedChainsUseTheParsingRegistry(t *testing.T) {
	reg := registry.New()
	for _, name := range []string{"bytes", "crc32c", "sharding_indexed"} {
		r, _ := registry.Default().Lookup(name)
		reg.Register(r)
	}
	js := shardJSON([]int{2}, gzipLE, indexCRC, "")
	if _, err := reg.ParseCodecs(json.RawMessage(js), "/codecs"); !errors.Is(err, codec.ErrUnknownCodec) || pointerOf(err) != "/codecs/0/configuration/codecs/1/name" {
		t.Fatalf("nested gzip in a registry without it: got %v", err)
	}
	if _, err := reg.ParseCodecs(json.RawMessage(shardJSON([]int{2}, bytesLE, indexCRC, "")), "/codecs"); err != nil {
		t.Fatalf("without gzip: %v", err)
	}
	// Built without a registry, a configuration cannot hold nested lists.
	cfg, err := codec.NewConfig(sharding.Name, "", json.RawMessage(`{"chunk_shape": [2], "codecs": ["bytes"], "index_codecs": ["bytes"]}`))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := sharding.NewFromConfig(cfg); !errors.Is(err, codec.ErrConfig) {
		t.Fatalf("no registry: got %v", err)
	}
}

func TestNewAndMarshal(t *testing.T) {
	le := &bytescodec.Codec{Endian: numeric.LittleEndian}
	c, err := sharding.New(sharding.Config{ChunkShape: []int{2, 3}, Codecs: []codec.Codec{le}, IndexCodecs: []codec.Codec{le, &crc32c.Codec{}}, IndexLocation: sharding.IndexStart})
	if err != nil {
		t.Fatal(err)
	}
	js, err := c.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	want := `{"name":"sharding_indexed","configuration":{"chunk_shape":[2,3],"codecs":[{"name":"bytes","configuration":{"endian":"little"}}],"index_codecs":[{"name":"bytes","configuration":{"endian":"little"}},{"name":"crc32c"}],"index_location":"start"}}`
	if string(js) != want {
		t.Fatalf("MarshalJSON:\n got %s\nwant %s", js, want)
	}
	// The JSON parses back to the same codec.
	back := parseChain(t, "["+string(js)+"]")[0]
	js2, _ := back.MarshalJSON()
	if string(js2) != want {
		t.Fatalf("reparsed: %s", js2)
	}
	for _, bad := range []sharding.Config{
		{ChunkShape: []int{0}, Codecs: []codec.Codec{le}, IndexCodecs: []codec.Codec{le}},
		{ChunkShape: []int{1}, IndexCodecs: []codec.Codec{le}},
		{ChunkShape: []int{1}, Codecs: []codec.Codec{le}, IndexCodecs: []codec.Codec{nil}},
		{ChunkShape: []int{1}, Codecs: []codec.Codec{le}, IndexCodecs: []codec.Codec{le}, IndexLocation: 7},
	} {
		if _, err := sharding.New(bad); !errors.Is(err, codec.ErrConfig) {
			t.Errorf("New(%+v): got %v, want ErrConfig", bad, err)
		}
	}
}

// TestBoolInnerChunksAreChecked makes sure bool shards still go through the
// bytes codec's check of every byte (0 or 1), in whole and partial reads.
func TestBoolInnerChunksAreChecked(t *testing.T) {
	p := pipeline(t, shardJSON([]int{2, 2}, `["bytes"]`, indexCRC, ""), numeric.Bool, "false", 4, 4)
	src := make([]byte, 16)
	for i := range src {
		src[i] = byte(i % 3 % 2)
	}
	shard, err := p.AppendEncode(nil, src)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := sharding.FromPipeline(p)
	ix, _ := b.ParseIndex(shard)
	c := ix.Chunks()[0]
	shard[c.Range.Offset] = 2
	if err := p.Decode(make([]byte, 16), shard); !errors.Is(err, codec.ErrCorrupt) {
		t.Fatalf("Decode: got %v, want ErrCorrupt for a bool byte of 2", err)
	}
	one := region.FromShape([]int64{int64(c.Coords[0]) * 2, int64(c.Coords[1]) * 2}, []int64{1, 1})
	if err := p.DecodeRegion(context.Background(), &countingReader{value: shard}, one, make([]byte, 1), nil); !errors.Is(err, codec.ErrCorrupt) {
		t.Fatalf("DecodeRegion: got %v, want ErrCorrupt", err)
	}
}

// TestEncodeErrorNamesTheInnerChunk: an inner chain that refuses a value
// names the inner chunk, and the output is left as it was.
func TestEncodeErrorNamesTheInnerChunk(t *testing.T) {
	p := pipeline(t, shardJSON([]int{2, 2}, `[{"name": "cast_value", "configuration": {"data_type": "uint8"}}, "bytes"]`, indexCRC, ""), numeric.Uint16, "0", 4, 4)
	src := make([]byte, 32)
	binary.LittleEndian.PutUint16(src[2*(2*4+1):], 300) // element [2 1]: inner chunk [1 0]
	out, err := p.AppendEncode([]byte("keep"), src)
	var ce *codec.ChunkError
	if !errors.As(err, &ce) || !slices.Equal(ce.Coords, []int64{1, 0}) || string(out) != "keep" {
		t.Fatalf("got %q, %v; want a *ChunkError for [1 0] and the output untouched", out, err)
	}
	if !strings.Contains(err.Error(), "chunk [1 0]: encode: ") {
		t.Errorf("message %q", err)
	}
}
