// Package sharding implements the Zarr v3 core "sharding_indexed"
// array->bytes codec: a chunk of the array (a shard) is cut into inner
// chunks, each encoded with its own codec chain, and stored as one value
// with an index of their byte ranges.
//
// Specification: https://zarr-specs.readthedocs.io/en/latest/v3/codecs/sharding-indexed/index.html
// (ZEP 2, version 1.0 with index_location).
//
// Name: "sharding_indexed" (no aliases).
//
//	{"name": "sharding_indexed", "configuration": {
//	  "chunk_shape": [32, 32],
//	  "codecs": [{"name": "bytes", "configuration": {"endian": "little"}},
//	             {"name": "zstd", "configuration": {"level": 3, "checksum": false}}],
//	  "index_codecs": [{"name": "bytes", "configuration": {"endian": "little"}},
//	                   {"name": "crc32c"}],
//	  "index_location": "end"}}
//
// # Configuration
//
// chunk_shape (the inner chunk shape), codecs (the inner chain) and
// index_codecs (the index chain) are required, as the specification says;
// index_location is "start" or "end" and defaults to "end". Writing always
// spells index_location out. The nested chains are built by the registry
// that parses the sharding codec (codec.Config.Codecs), so a registry
// without a codec rejects it inside a shard too, and errors point into the
// nested JSON ("/codecs/0/configuration/codecs/1/configuration/level").
// Sharding may nest: an inner chain may itself be sharding_indexed.
//
// Resolution against a shard spec checks that chunk_shape has the shard's
// rank and divides its shape (an error pointing at the dimension), resolves
// the inner chain for one inner chunk (data type, inner chunk shape, and the
// shard's fill value) and the index chain for the uint64 array [chunks per
// shard..., 2] with fill value 2^64-1 (the value absent entries hold). The
// index chain must produce a fixed size: a compressor there is a
// configuration error.
//
// # Fill values
//
// The fill value goes through the array->array codecs of both chains and
// must survive the round trip as in any chain (docs/decisions.md#d1). The
// codec is a codec.ChainHolder: both chains are resolved with the options
// of the pipeline that resolves the shard, so what a failure is follows
// that pipeline's codec.FillMode (docs/decisions.md#d17): an error naming
// the inner codec and pointing at its entry under codec.FillStrict, a
// warning under codec.FillWarn, at every depth of nested shards. Warnings
// come back through the outer codec.Pipeline.Warnings with the path to the
// failing codec ("codec 0 (sharding_indexed) > inner codec 1
// (scale_offset)"; the index chain is "index") and, when the codec was
// parsed from JSON, the pointer of its entry
// ("/codecs/0/configuration/codecs/1"). Reading never needs an encoded
// fill: absent inner chunks are filled with the shard's own fill value.
//
// # Encoding
//
// Inner chunks are written in C order of the inner chunk grid, one after
// another with no unused space, and the index before or after them. An inner
// chunk that is entirely the fill value is not stored (offset and nbytes
// 2^64-1). "Entirely the fill value" is compared bit for bit: a chunk of
// -0.0 under a fill of 0.0, or of NaNs with another payload than the fill's,
// is stored, so that reading gives back exactly what was written. A shard
// whose inner chunks are all absent still encodes to its index; whether to
// store such a shard at all is the host's choice (an array layer skips
// chunks that are entirely fill).
//
// # Decoding
//
// The index is decoded with the index chain (a crc32c index codec checks
// its checksum) and every entry is validated before any inner chunk is read
// (docs/decisions.md#d15): an entry is absent (both values 2^64-1) or a
// range that does not overflow, lies inside the shard, does not overlap the
// index, and has a length the inner chain can produce (exactly its size
// when it is fixed, at most its bound otherwise). A violation is an *IndexError
// (matching codec.ErrCorrupt) naming the inner chunk. Inner chunks may come
// in any order with unused bytes between them, as the specification allows;
// two entries may share bytes (nothing forbids a writer to store identical
// inner chunks once). Absent inner chunks are filled with the fill value; an
// inner chunk that fails to decode is a *codec.ChunkError naming it and wrapping
// the inner chain's error.
//
// # Partial reads
//
// Bound implements codec.PartialDecoder, so a codec.Pipeline whose chain is
// sharding_indexed alone decodes a region of a shard with DecodeRegion
// reading one byte range for the index, then the stored inner chunks the
// region touches; absent inner chunks need no read. A region that is the
// whole shard is read as one range, the whole value. Nested shards are read
// the same way inside an inner chunk's range.
//
// The ranges of the inner chunks a region needs are coalesced: sorted by
// offset, a chunk joins the run of bytes before it when it starts at most
// codec.Options.RangeGap bytes after the run's end (chunks that overlap or
// share bytes join too), and each run is read with one ReadRange, from which
// every chunk is sliced out and decoded. So k adjacent inner chunks cost one
// request, not k. A run never spans more than the codec's MaxChunkBytes (the
// limit every buffer of a decode keeps to): a chunk that would make it
// longer starts the next run. The gap's bytes are read and dropped. Runs are
// read at once within the call's budget as single inner chunks were (outer =
// min(B, runs)), and the chunks of a run are decoded on max(1, B/outer)
// goroutines. The inner chunks of nested shards are not coalesced at the
// outer level, since each reads only part of its own bytes; each nested
// shard coalesces its own inner chunks.
//
// The default gap, codec.DefaultRangeGap, is 64 KiB. Merging a gap pays
// when reading its bytes costs less than one more request: less than the
// request's latency times the bandwidth of one stream. That product is
// about 1-3 MB for an object store (15-30 ms to the first byte at 50-100
// MB/s per connection; object_store and zarr-python merge up to 1 MiB),
// about 100 KB for HTTP on a local network (1 ms at 100 MB/s) and 40-200 KB
// for a local NVMe disk (20-100 us at 2 GB/s). 64 KiB is below all of them,
// so merging never loses time on any store this module serves, and it
// bounds what a region wastes to 64 KiB per run; on object stores, whose
// price is per request (S3: $0.0004 per 1,000 GETs, in-region bytes free)
// and whose rate is limited per prefix (S3: 5,500 GETs a second),
// RangeGap can be raised to 1 MiB, and -1 turns merging off. The shards
// this module and zarr-python write store inner chunks in C order with no
// bytes between them, so the gaps a region meets are the inner chunks it
// skips (the rest of a row of inner chunks, for a region narrower than the
// shard). Without the shard's length
// (a reader that is not a byterange.Sizer), entries are checked against
// the largest shard the codec can produce, and a range past the real end
// shows as a short read, a *codec.CorruptError. Hosts that inspect shards
// (verify, info) use FromPipeline, then ParseIndex or ReadIndex, Index.Chunks
// and DecodeChunk or ReadChunk.
//
// # Limits
//
// The sizes of a shard's buffers follow from its metadata alone: the index
// holds 16 bytes per inner chunk (a shard [2^30] of inner chunks [1] has a
// 16 GiB index, whatever the stored value's length). Every decode (and
// ParseIndex, DecodeIndex, ReadIndex, AppendEncodeBytes) checks the encoded
// index, the decoded index and a decoded inner chunk against a limit
// before it reads or allocates anything, and refuses a larger one with a
// *codec.LimitError (matching codec.ErrLimit). The limit is the MaxChunkBytes of the
// options the codec was resolved with (WithOptions; default
// codec.DefaultMaxChunkBytes, 2 GiB); zarr resolves it with the array's own
// Options.MaxChunkBytes and checks the index when it opens a sharded array. The per-chunk
// tables of a decode are held once per call, not once per goroutine, and a
// whole shard is encoded in parallel only when its inner chunks are at
// least 1 KiB, so that its per-chunk tables stay small beside the shard.
//
// # Concurrency
//
// A Bound is safe for concurrent use. All parallel work runs on one worker
// pool (internal/workpool): inner chunks are handed out in C order (in the
// order of their bytes for coalesced partial reads), the first failure
// stops the hand-out and the error of the first failing inner chunk in that
// order is returned (so serial and parallel decodes report the same
// error), and a panic of an inner codec becomes a *codec.ChunkError
// wrapping a *codec.PanicError. A coalesced read that fails is a
// *codec.ChunkError naming the first inner chunk of its run, with the
// run's byte range.
//
// DecodeRegion runs within the concurrency budget B of its call's
// codec.Options.Concurrency (zarr passes its share of
// zarr.Options.Concurrency; GOMAXPROCS when none is given): as zarrs does,
// it reads and decodes outer = min(B, inner chunks needed) inner chunks at
// once and gives a nested shard the budget max(1, B/outer), so that
// outer*inner <= B and at most B reads and B goroutines are at work at
// every depth; a region that is the whole shard is decoded on at most B
// goroutines. A budget of 1 reads and decodes serially on the caller's
// goroutine.
//
// DecodeBytes and AppendEncodeBytes take no per-call options: a whole
// shard of at least 4 MiB spreads its inner chunks over up to the
// Concurrency of the options the codec was resolved with (WithOptions;
// GOMAXPROCS by default). Smaller shards run on the caller's goroutine:
// hosts process many chunks at once anyway, and for small shards the
// wake-ups of extra goroutines cost about what they save. Hosts that hold
// a budget (zarr) decode whole shards through DecodeRegion of the whole
// shard, which honours it. The per-shard buffers come from a pool, and
// steady-state serial encode, decode and partial decode allocate nothing
// beyond what the inner codecs do.
package sharding
