package sharding

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"

	"github.com/zcodec/zcodec/codec"
)

// Name is the codec's registered name.
const Name = "sharding_indexed"

// IndexLocation says where a shard keeps its index.
type IndexLocation uint8

// The index locations. The zero value is IndexEnd, the specification's
// default.
const (
	IndexEnd IndexLocation = iota
	IndexStart
)

// String returns "end" or "start".
func (l IndexLocation) String() string {
	if l == IndexStart {
		return "start"
	}
	return "end"
}

// Codec is the unbound sharding_indexed codec: the inner chunk shape, the
// inner chain, the index chain and the index location. Build it with New
// or from JSON through a registry.
type Codec struct {
	chunkShape    []int
	codecs        []codec.Codec
	indexCodecs   []codec.Codec
	indexLocation IndexLocation
	// pointers locate the configuration's members and nested entries when
	// the codec was parsed from JSON ("" otherwise), for resolution errors.
	pointer                      string // of the configuration object
	codecPointers, indexPointers []string
}

// Config is the configuration of a sharding_indexed codec built in Go.
type Config struct {
	// ChunkShape is the inner chunk shape; it must have the rank of the
	// shards and divide their shape.
	ChunkShape []int
	// Codecs is the inner chain: exactly one array->bytes codec.
	Codecs []codec.Codec
	// IndexCodecs is the index chain: exactly one array->bytes codec and no
	// codec whose output length depends on the data (no compressor).
	IndexCodecs []codec.Codec
	// IndexLocation is IndexEnd (the default) or IndexStart.
	IndexLocation IndexLocation
}

// New returns a sharding_indexed codec for cfg. It checks what can be
// checked without a shard spec (a non-empty chain, dimensions of at least
// 1); the rest is checked when the codec is resolved.
func New(cfg Config) (*Codec, error) {
	c := &Codec{
		chunkShape:    slices.Clone(cfg.ChunkShape),
		codecs:        slices.Clone(cfg.Codecs),
		indexCodecs:   slices.Clone(cfg.IndexCodecs),
		indexLocation: cfg.IndexLocation,
	}
	for i, d := range c.chunkShape {
		if d < 1 {
			return nil, &codec.ConfigError{Codec: Name, Key: "chunk_shape", Reason: fmt.Sprintf("dimension %d is %d; want at least 1", i, d)}
		}
	}
	if cfg.IndexLocation > IndexStart {
		return nil, &codec.ConfigError{Codec: Name, Key: "index_location", Reason: fmt.Sprintf("invalid index location %d", cfg.IndexLocation)}
	}
	for _, l := range []struct {
		key    string
		codecs []codec.Codec
	}{{"codecs", c.codecs}, {"index_codecs", c.indexCodecs}} {
		if len(l.codecs) == 0 {
			return nil, &codec.ConfigError{Codec: Name, Key: l.key, Reason: "the chain is empty; it needs an array->bytes codec such as \"bytes\""}
		}
		if slices.Contains(l.codecs, nil) {
			return nil, &codec.ConfigError{Codec: Name, Key: l.key, Reason: "nil codec in the chain"}
		}
	}
	return c, nil
}

// NewFromConfig is the registry factory. chunk_shape, codecs and
// index_codecs are required; index_location is "start" or "end" (default
// "end"). The nested chains are built with the registry that decodes cfg.
func NewFromConfig(cfg *codec.Config) (codec.Codec, error) {
	if err := cfg.Require("chunk_shape", "codecs", "index_codecs"); err != nil {
		return nil, err
	}
	shape, err := chunkShape(cfg)
	if err != nil {
		return nil, err
	}
	inner, _, err := cfg.Codecs("codecs")
	if err != nil {
		return nil, err
	}
	index, _, err := cfg.Codecs("index_codecs")
	if err != nil {
		return nil, err
	}
	loc := IndexEnd
	if v, ok, err := cfg.Enum("index_location", "start", "end"); err != nil {
		return nil, err
	} else if ok && v == "start" {
		loc = IndexStart
	}
	if err := cfg.Finish(); err != nil {
		return nil, err
	}
	for _, l := range []struct {
		key  string
		list codec.CodecList
	}{{"codecs", inner}, {"index_codecs", index}} {
		if len(l.list.Codecs) == 0 {
			return nil, cfg.Errorf(l.key, "the chain is empty; it needs an array->bytes codec such as \"bytes\"")
		}
	}
	c, err := New(Config{ChunkShape: shape, Codecs: inner.Codecs, IndexCodecs: index.Codecs, IndexLocation: loc})
	if err != nil {
		return nil, err
	}
	c.pointer = cfg.Pointer("")
	c.pointer = c.pointer[:len(c.pointer)-1] // Pointer("") ends in "/"
	c.codecPointers, c.indexPointers = inner.Pointers, index.Pointers
	return c, nil
}

// maxRank bounds the rank of chunk_shape read from JSON.
const maxRank = 64

// chunkShape reads chunk_shape: a JSON array of integers of at least 1.
func chunkShape(cfg *codec.Config) ([]int, error) {
	raw, _ := cfg.Raw("chunk_shape")
	var items []json.RawMessage
	if len(raw) == 0 || raw[0] != '[' || json.Unmarshal(raw, &items) != nil {
		return nil, cfg.Errorf("chunk_shape", "want an array of positive integers, got %s", shorten(raw))
	}
	if len(items) > maxRank {
		return nil, cfg.Errorf("chunk_shape", "%d dimensions; at most %d are supported", len(items), maxRank)
	}
	shape := make([]int, len(items))
	for i, it := range items {
		v, err := strconv.ParseInt(string(it), 10, 64)
		if err != nil || v < 1 || v > codec.MaxChunkBytes {
			e := cfg.Errorf("chunk_shape", "dimension %d is %s; want an integer from 1 to %d", i, shorten(it), int64(codec.MaxChunkBytes))
			e.Pointer += "/" + strconv.Itoa(i)
			return nil, e
		}
		shape[i] = int(v)
	}
	return shape, nil
}

func shorten(raw []byte) string {
	if len(raw) > 40 {
		return string(raw[:37]) + "..."
	}
	return string(raw)
}

// Name returns "sharding_indexed".
func (c *Codec) Name() string { return Name }

// ChunkShape returns the inner chunk shape.
func (c *Codec) ChunkShape() []int { return slices.Clone(c.chunkShape) }

// Codecs returns the inner chain.
func (c *Codec) Codecs() []codec.Codec { return slices.Clone(c.codecs) }

// IndexCodecs returns the index chain.
func (c *Codec) IndexCodecs() []codec.Codec { return slices.Clone(c.indexCodecs) }

// IndexLocation returns where shards keep their index.
func (c *Codec) IndexLocation() IndexLocation { return c.indexLocation }

// MarshalJSON returns the codec's metadata, index_location included:
//
//	{"name":"sharding_indexed","configuration":{"chunk_shape":[...],
//	 "codecs":[...],"index_codecs":[...],"index_location":"end"}}
func (c *Codec) MarshalJSON() ([]byte, error) {
	type config struct {
		ChunkShape    []int         `json:"chunk_shape"`
		Codecs        []codec.Codec `json:"codecs"`
		IndexCodecs   []codec.Codec `json:"index_codecs"`
		IndexLocation string        `json:"index_location"`
	}
	return codec.MarshalCodec(Name, config{
		ChunkShape:    c.chunkShape,
		Codecs:        c.codecs,
		IndexCodecs:   c.indexCodecs,
		IndexLocation: c.indexLocation.String(),
	})
}
