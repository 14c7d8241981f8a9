package convert

import (
	"fmt"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/codecs/sharding"
	"github.com/zcodec/zcodec/interop/zarrv2"
	"github.com/zcodec/zcodec/metadata"
	"github.com/zcodec/zcodec/registry"
	"github.com/zcodec/zcodec/store"
	"github.com/zcodec/zcodec/zarr"
)

// convertedMetadata is the metadata of src converted as o says: src's
// shape, data type, fill value, attributes and dimension names (from
// xarray's _ARRAY_DIMENSIONS for a v2 array without them), its chunks and
// its chain as written (codec.AsWritten), with o's Codecs, Chunks and
// Shards in their place.
func convertedMetadata(src *zarr.Array, o *Options) (*metadata.ArrayDefinition, error) {
	sm := src.Metadata()
	m := &metadata.ArrayDefinition{
		Shape: src.Shape(), DataType: src.DataType(), FillValue: src.FillValue(),
		ChunkShape: src.ChunkShape(), Codecs: codec.AsWritten(sm.Codecs),
		Attributes: sm.Attributes, DimensionNames: sm.DimensionNames,
	}
	rank := len(m.Shape)
	if m.DimensionNames == nil {
		m.DimensionNames = zarrv2.DimensionNames(sm.Attributes, rank)
	}
	if o.Codecs != nil {
		m.Codecs = o.Codecs
	}
	if o.Chunks != nil {
		if len(o.Chunks) != rank {
			return nil, &OptionError{Option: "Chunks", Reason: fmt.Sprintf("%d dimensions, the array %d", len(o.Chunks), rank)}
		}
		m.ChunkShape = o.Chunks
	}
	if o.Shards != nil {
		if len(o.Shards) != rank {
			return nil, &OptionError{Option: "Shards", Reason: fmt.Sprintf("%d dimensions, the array %d", len(o.Shards), rank)}
		}
		for d := range rank {
			if o.Shards[d]%m.ChunkShape[d] != 0 {
				return nil, &OptionError{Option: "Shards", Reason: fmt.Sprintf("%v is not a multiple of the chunks %v in dimension %d", o.Shards, m.ChunkShape, d)}
			}
		}
		sharded, err := shardingCodec(m.ChunkShape, m.Codecs, o.registry())
		if err != nil {
			return nil, err
		}
		m.Codecs, m.ChunkShape = []codec.Codec{sharded}, o.Shards
	}
	return m, nil
}

// shardingCodec wraps a chain into a sharding_indexed codec whose inner
// chunks have the given shape; the index is checked with crc32c.
func shardingCodec(inner []int, chain []codec.Codec, reg *registry.Registry) (codec.Codec, error) {
	for _, c := range chain {
		if c.Name() == "sharding_indexed" {
			return nil, &OptionError{Option: "Shards", Reason: "the chain is already sharded: give an unsharded chain of codecs"}
		}
	}
	var index []codec.Codec
	for _, e := range []struct {
		name   string
		config any
	}{{"bytes", map[string]string{"endian": "little"}}, {"crc32c", nil}} {
		c, err := reg.Build(e.name, e.config)
		if err != nil {
			return nil, &OptionError{Option: "Shards", Reason: "the index codecs", Err: err}
		}
		index = append(index, c)
	}
	c, err := sharding.New(sharding.Config{ChunkShape: inner, Codecs: chain, IndexCodecs: index, IndexLocation: sharding.IndexEnd})
	if err != nil {
		return nil, &OptionError{Option: "Shards", Reason: "cannot shard the chain", Err: err}
	}
	return c, nil
}

// pendingConverted is the pending array of d that src converts to under
// o; it neither reads nor writes d.
func pendingConverted(d store.Store, src *zarr.Array, o *Options) (*zarr.PendingArray, error) {
	m, err := convertedMetadata(src, o)
	if err != nil {
		return nil, err
	}
	doc, err := m.MarshalJSON()
	if err != nil {
		return nil, err
	}
	return zarr.OpenPending(d, src.Path(), doc, o.ArrayOptions)
}
