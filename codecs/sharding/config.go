package sharding

import (
	"fmt"
	"slices"

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
// or from JSON through a registry. It is a codec.ChainHolder: a pipeline
// resolves both chains with its own options.
type Codec struct {
	chunkShape    []int
	codecs        []codec.Codec
	indexCodecs   []codec.Codec
	indexLocation IndexLocation
	// opts are the options both chains are resolved with: those of the
	// pipeline resolving the codec (see WithOptions); nil for the defaults.
	opts *codec.Options
	// pointers locate the configuration's members and nested entries when
	// the codec was parsed from JSON (empty otherwise), for resolution
	// errors and warnings.
	pointers pointers
}

// pointers holds the JSON pointers of a parsed configuration's members and
// of the entries of its nested chains.
type pointers struct {
	chunkShape, codecs, indexCodecs string
	codecEntries, indexEntries      []string
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
		list codec.Chain
	}{{"codecs", inner}, {"index_codecs", index}} {
		if len(l.list.Codecs) == 0 {
			return nil, cfg.Errorf(l.key, "the chain is empty; it needs an array->bytes codec such as \"bytes\"")
		}
	}
	c, err := New(Config{ChunkShape: shape, Codecs: inner.Codecs, IndexCodecs: index.Codecs, IndexLocation: loc})
	if err != nil {
		return nil, err
	}
	c.pointers = pointers{
		chunkShape:   cfg.Pointer("chunk_shape"),
		codecs:       cfg.Pointer("codecs"),
		indexCodecs:  cfg.Pointer("index_codecs"),
		codecEntries: inner.Pointers,
		indexEntries: index.Pointers,
	}
	return c, nil
}

// maxRank bounds the rank of chunk_shape read from JSON.
const maxRank = 64

// chunkShape reads chunk_shape: a JSON array of at most maxRank integers
// from 1 to codec.MaxChunkBytes.
func chunkShape(cfg *codec.Config) ([]int, error) {
	dims, _, err := cfg.Ints("chunk_shape", 1, codec.MaxChunkBytes)
	if err != nil {
		return nil, err
	}
	if len(dims) > maxRank {
		return nil, cfg.Errorf("chunk_shape", "%d dimensions; at most %d are supported", len(dims), maxRank)
	}
	shape := make([]int, len(dims))
	for i, d := range dims {
		shape[i] = int(d)
	}
	return shape, nil
}

// WithOptions returns the codec with both of its chains to be resolved
// with opts: a codec.Pipeline resolving the codec passes its own options
// (codec.ChainHolder), so that a shard read under codec.FillWarn resolves
// its inner chain under codec.FillWarn too, and decodes under the same
// codec.Options.MaxChunkBytes and Concurrency (the goroutines a whole shard
// may spread over in DecodeBytes and AppendEncodeBytes). The codec keeps a
// copy of *opts.
func (c *Codec) WithOptions(opts *codec.Options) codec.Codec {
	withOpts := *c
	withOpts.opts = nil
	if opts != nil {
		o := *opts
		withOpts.opts = &o
	}
	return &withOpts
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
