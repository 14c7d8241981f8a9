package convert

import (
	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/registry"
	"github.com/zcodec/zcodec/zarr"
)

// Options control a conversion. A nil *Options gives the defaults, as does
// the zero value of each field. The fields that say what the destination
// is (Codecs, Chunks, Shards, Consolidate, Strict) are read by WritePlan
// and Convert, and the plan holds them: RunPart and Finalize follow the
// plan and ignore them (but Finalize reads Consolidate).
type Options struct {
	// Codecs is the codec chain of every array of the destination; nil
	// keeps each array's own chain, as written (codec.AsWritten).
	Codecs []codec.Codec
	// Chunks is the chunk shape of the destination's array (with Shards:
	// its inner chunks); nil keeps the source's. It has one value per
	// dimension, so it applies to a source that is one array: a group
	// refuses it, and Shards.
	Chunks []int
	// Shards, when not nil, stores the chunks in shards of this shape, a
	// multiple of the chunks in every dimension: the chain becomes a
	// sharding_indexed codec holding it, its index checked by crc32c.
	Shards []int
	// Consolidate writes the consolidated metadata of the destination's
	// hierarchy into its root group once the metadata is published
	// (zarr.Consolidate), so that opening it costs one read. Given to
	// WritePlan, the plan holds it; given to Finalize, it consolidates a
	// plan that does not. The root must be a group.
	Consolidate bool
	// Strict refuses to convert a group any of whose arrays cannot be
	// converted (a *SkippedError listing them all), rather than leaving
	// them out.
	Strict bool
	// ArrayOptions are the options the arrays of the destination are
	// opened with (MaxChunkBytes, Concurrency, Registry, which also builds
	// the sharding codec of Shards); nil for zarr's defaults. RunPart
	// lowers the concurrency it leaves at 0 so that the units in flight
	// stay within 1 GiB (see RunPart).
	ArrayOptions *zarr.Options
	// Progress, when not nil, is called from one goroutine at a time as
	// the work advances, with the work done and the work in all: by
	// RunPart after each unit, in units of the part; by Convert after each
	// slab, in bytes of the arrays' elements (decoded).
	Progress func(done, total int64)
	// BeforeArray, when not nil, is called before the units of an array
	// are written, with the array of the source and the array of the
	// destination (not yet published): by RunPart for each array its part
	// meets, by Convert for every array, in the plan's order. A caller
	// prints the array's warnings there, or sizes its memory by the
	// arrays' chunks.
	BeforeArray func(src, dst *zarr.Array)
}

// or returns o, or the zero Options for a nil o.
func (o *Options) or() *Options {
	if o == nil {
		return &Options{}
	}
	return o
}

// registry returns the registry of ArrayOptions, or the default one.
func (o *Options) registry() *registry.Registry {
	if o.ArrayOptions != nil && o.ArrayOptions.Registry != nil {
		return o.ArrayOptions.Registry
	}
	return registry.Default()
}
