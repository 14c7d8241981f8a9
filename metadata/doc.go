// Package metadata reads Zarr v3 array metadata (zarr.json) as far as the
// codec pipeline is concerned: it validates the data type, the chunk grid
// (regular, or rectilinear as zarr-extensions defines it), the chunk key encoding, the fill value and the codec chain, resolves
// the chain into a codec.Pipeline, and keeps every other member as it was.
// Array.MarshalJSON is the module's one zarr.json writer.
//
// Two types hold array metadata: Array is what Parse reads (the resolved
// Pipeline, the kept members, the warnings), ArrayDefinition what a new
// array is created from (zarr.Create: exactly the members it writes).
// Array.Definition gives the definition of an array like one that exists.
//
// Specification: Zarr v3 core, array metadata,
// https://zarr-specs.readthedocs.io/en/latest/v3/core/index.html#array-metadata.
//
//	{"zarr_format": 3, "node_type": "array", "shape": [1000], "data_type": "int16",
//	 "chunk_grid": {"name": "regular", "configuration": {"chunk_shape": [100]}},
//	 "chunk_key_encoding": {"name": "default"}, "fill_value": -1,
//	 "codecs": [{"name": "bytes", "configuration": {"endian": "little"}}]}
//
// Parse reports every problem it finds, not only the first, as a
// *ValidationError whose Problems each carry a JSON pointer, the codec
// concerned (if any) and the reason. A document that is not JSON is one
// problem, with the line, column and byte offset of the mistake and what it
// is (a trailing comma, a bare NaN, a byte-order mark, nesting deeper than
// 64 levels, a repeated key); its Err is a *SyntaxError.
//
// # Reading and writing
//
// Parse resolves the chain with the options it is given (an *Options; nil
// for the defaults; see codec.NewPipeline). By default the fill round trip
// is strict (codec.FillStrict): the right check for metadata about to be
// written or validated. A reader of an existing array passes
// &Options{Options: codec.Options{FillMode: codec.FillWarn}}: a fill
// value that does not survive scale_offset or cast_value is then a
// warning in Array.Warnings, since missing chunks are filled with the
// array's own fill value (docs/decisions.md#d17). A reader also reads the document as Python's
// json does: a bare NaN, Infinity or -Infinity is read as the string
// "NaN", "Infinity" or "-Infinity" (docs/decisions.md#d21), so a fill
// value written so is the float it means and attributes written so are
// kept as those strings; MarshalJSON writes only the strings. Under the
// default (strict) mode a bare token stays a problem.
//
// Choices where the Zarr v3 specification leaves room:
//   - Unknown top-level members are extensions: one whose value is an object
//     with "must_understand": false is kept and ignored; any other is a
//     problem, as the specification requires for extensions that must be
//     understood (docs/decisions.md#d16).
//   - "dimension_names": null is read as no names, as zarr-python and
//     zarrita read it (docs/decisions.md#d19).
//   - storage_transformers is kept; a non-empty list is a problem, since
//     zcodec applies none.
//   - data_type must be one of the names of numeric.ParseDataType; extension
//     data types written as objects are a problem.
//   - "+Infinity" as a float fill value is accepted with a warning
//     (docs/decisions.md#d3).
//   - A key repeated in any object of the document is a problem: readers
//     disagree on which of the two values counts.
//   - The chunk grid must fit 64-bit arithmetic (CheckGrid): the chunks
//     covering each dimension end at most at math.MaxInt64, and the number
//     of chunks and the bytes the grid's chunks span fit an int64. A grid
//     past that (shape [2^63-1] in chunks of 1000; [2^62, 2^62] in chunks
//     of 1) is a problem at "/shape/<dim>" or "/shape" (a *GridError), not
//     an array whose chunk counts wrap negative. An empty array is checked
//     per dimension only.
//
// # The rectilinear chunk grid
//
// Specification: zarr-extensions, chunk-grids/rectilinear
// (https://github.com/zarr-developers/zarr-extensions/tree/main/chunk-grids/rectilinear).
// Array.ChunkEdges holds its edges as runs (region.Run), never one number
// per chunk, so a step of 1 over 2^40 elements costs one run; ChunkShape
// is its largest chunk, the chunk Pipeline is resolved for, and
// Array.PipelineFor resolves the chain for any other. Choices:
//   - Reading is strict: "kind" must be "inline"; an unknown key (such as
//     the proposed "encoded_chunk_shapes") is a problem; every edge
//     length and run count is an integer of at least 1 and at most
//     math.MaxInt; a run is exactly [length, count]; each problem has the
//     JSON pointer of the value concerned (".../chunk_shapes/1/0/1").
//   - The edges of a dimension must sum to at least its length, and may
//     run past it by several chunks, as the specification allows. The
//     edges past the end are kept (written back as read) but hold no
//     element, so they are not chunks of the grid.
//   - A grid that is regular (every dimension one length, exactly as many
//     edges as cover it) is read as, and written as, the regular grid.
//     A dimension of length 0 has no length to give, so a grid with one
//     stays rectilinear; its integer step expands, as the specification
//     says, to no edge at all and is written back as [].
//   - Writing run-length encodes: a regular dimension as its integer step,
//     a run of one edge as the bare length, a longer one as [length,
//     count], adjacent equal edges merged.
//   - The chain is resolved, when parsed, for the chunks whose length
//     along one dimension is each other edge of that dimension (up to 256
//     lengths), so a sharding_indexed whose inner chunks do not divide a
//     shard is a problem at that dimension's edges; past that bound such
//     a chunk fails when read or written.
//   - The specification's prose gives chunk (0, 1) of the edges [[16, 10],
//     [24, 14]] the shape [14, 16]; its own rule and its diagram give
//     [16, 14], which zcodec follows.
package metadata
