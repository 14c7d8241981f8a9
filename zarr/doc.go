// Package zarr holds Zarr arrays and groups over a store.Store: it opens
// and creates arrays, reads and writes any box-shaped region of them
// through their codec pipeline, and lists the arrays of a hierarchy. It is
// the host around codec.Pipeline: chunk keys, the chunk grid, edge chunks,
// absent chunks, fill values, concurrency and streaming.
//
// Specifications: Zarr v3 core (https://zarr-specs.readthedocs.io/en/latest/v3/core/index.html)
// for arrays, groups, the regular chunk grid and the "default" and "v2"
// chunk key encodings; Zarr v2 (https://zarr-specs.readthedocs.io/en/latest/v2/v2.0.html)
// for reading v2 arrays, groups and .zmetadata; zarr-python's inline
// consolidated_metadata for v3 groups.
//
// A Zarr v3 array's metadata, for example:
//
//	{"zarr_format": 3, "node_type": "array", "shape": [1024, 1024], "data_type": "float32",
//	 "chunk_grid": {"name": "regular", "configuration": {"chunk_shape": [256, 256]}},
//	 "chunk_key_encoding": {"name": "default", "configuration": {"separator": "/"}},
//	 "fill_value": "NaN",
//	 "codecs": [{"name": "bytes", "configuration": {"endian": "little"}},
//	            {"name": "zstd", "configuration": {"level": 3, "checksum": false}}]}
//
// # Supported
//
//   - Zarr v3 arrays, read and written, with any codec chain the registry
//     resolves (metadata.Parse); Zarr v2 arrays (.zarray, .zattrs), read
//     only: their metadata is converted by interop/zarrv2 and their chunks
//     are read under their v2 keys. A v2 fill_value of null reads missing
//     chunks as zero, with a warning.
//   - The regular chunk grid, edge chunks (stored whole, the part outside
//     the array holding the fill value), and the "default" and "v2" chunk
//     key encodings with "/" or "." separators.
//   - Regions: any box, given as a region.Box or parsed by ParseRegion from
//     NumPy-like text ("0:10,:,5"). Raw reads and writes use the decoded
//     byte layout of the pipeline (C order over the region, little-endian
//     elements); Read, ReadInto and Write take Go slices of the array's
//     element type (its Storage type: int8 for int4, uint8 for the small
//     floats, int64 for dates and durations).
//   - Text and byte strings: ReadStrings and WriteStrings take []string,
//     ReadByteStrings and WriteByteStrings [][]byte, for the variable- and
//     fixed-length types alike. The values read from one chunk share one
//     allocation (the decoded chunk itself when the region covers it
//     whole), never one per string; a bad element written is an
//     *ElementError, a call on an array of another type a
//     *StringTypeError. ReadRegion and WriteRegion refuse the
//     variable-length types, whose elements have no fixed size.
//   - Sharded arrays (sharding_indexed as the array->bytes codec): the grid's
//     chunks are shards. Reading part of a shard fetches only its index and
//     the inner chunks the part meets, through byte ranges of the store
//     (codec.Pipeline.DecodeRegion), the ranges of the inner chunks merged
//     into one request where they lie within Options.RangeGap of each
//     other (64 KiB by default: codecs/sharding says why), so that a region
//     across k adjacent inner chunks costs two requests, the index and one
//     more; a shard the region covers is read whole. Writes rewrite whole shards. Verify decodes every stored inner
//     chunk of every shard on its own and reports each failure.
//   - Groups: v3 groups (node_type "group"), v2 groups (.zgroup), and
//     consolidated metadata (v3 inline consolidated_metadata, v2 .zmetadata),
//     which lists a hierarchy without listing the store (so HTTP stores work).
//
// # Not supported
//
// Storage transformers (an array with a non-empty storage_transformers is
// refused by metadata.Parse), chunk grids other than "regular" (variable or
// rectilinear grids), data types outside numeric's list, writing Zarr v2 arrays (they
// are read-only: store.ErrReadOnly).
//
// # Choices
//
//   - Absent chunks read as the fill value. A chunk whose elements all equal
//     the fill value is never stored, and a write that makes a chunk all
//     fill deletes it (zarr-python's write_empty_chunks=False). Equality is
//     by bits, except that every NaN matches a NaN fill (docs/decisions.md#d1, #d2):
//     a chunk of -0.0 with a fill of 0.0 is stored.
//   - Writes rewrite whole chunks: a chunk the region covers in part is read
//     (or taken as fill when absent), updated and written back. Two writes
//     that touch one chunk must not run at once.
//   - Options.Concurrency is the budget B of one read or write: the
//     goroutines at work and the store requests in flight,
//     inside shards included. As in zarrs, min(B, chunks) chunks are
//     processed at once (outer), and a chunk that is a shard reads and
//     decodes its inner chunks within max(1, B/outer) (inner; nested shards
//     split it again), so outer*inner <= B; whole shards are decoded within
//     the same inner budget. Encoding a whole shard runs on the goroutine of
//     its chunk (the array's pipeline is resolved with a concurrency of 1),
//     so writes stay within B too, spread over shards. Each chunk at work
//     holds at most one decoded and one encoded chunk; a chunk that lies whole in the region and
//     contiguous in the caller's buffer is decoded straight into it. The
//     budget is per call: reads made at once each have their own. Reads and
//     writes stop at the first error or when the context is done, and
//     report the error of the first failing chunk in grid order. ReadSlabs
//     and Copy stream regions of any size through one bounded buffer.
//   - The default budget is GOMAXPROCS, except over a store that is a
//     store.ConcurrencyHint (object stores, HTTP): there it is
//     max(GOMAXPROCS, PreferredConcurrency()), since such requests spend
//     their time waiting on the network, not on a processor, and only many
//     in flight hide the latency. The rule outer*inner <= B is unchanged:
//     with B = 64 over an object store, a read of 4 shards reads 16 inner
//     chunks of each at once. Since each chunk at work holds a decoded
//     chunk, the hint raises the memory a read or write holds with it
//     (64 chunks of 16 MiB are 1 GiB): a caller short of memory sets
//     Options.Concurrency. A positive Options.Concurrency is used as
//     given, whatever the store.
//   - Options.MaxChunkBytes caps what metadata alone can make a read
//     allocate: an array whose decoded chunk, or whose shard index (16 bytes
//     per inner chunk, at any depth of nesting), is larger is refused when
//     it is opened, before any chunk is read.
//   - Opening an existing array validates its metadata as metadata.Parse
//     does, in the warn fill mode (docs/decisions.md#d17): a fill value that
//     does not survive the chain is a warning (Array.Warnings), since
//     reading fills absent chunks with the array's own fill value. Creating
//     an array validates it strictly, including that round trip.
//   - Chunk grids are checked when metadata is read (metadata.CheckGrid,
//     for v3 and converted v2 metadata alike): an array whose chunk count,
//     last chunk or byte span would overflow an int64 does not open.
//   - Verify needs no listing: over a store that cannot list keys (an
//     HTTP store, whose hierarchy consolidated metadata gives) it reads
//     every chunk of the grid and skips those the store does not hold, so
//     its cost is the grid's size, and keys outside the grid go unseen.
//   - Verify reads a chunk that fails a second time before reporting it,
//     since a writer may delete or replace chunks while it runs: a chunk
//     gone at both reads is reported Vanished (it reads as the fill
//     value), not corrupt; one that changed is judged by its second value.
//   - A key that a store lists but cannot read (a link out of a directory
//     store, a FIFO, a device) is never absent: Verify reports it as a
//     failure with the store's reason, Stats counts it as Unreadable, and
//     reading it fails. So is a directory of chunk keys the store lists
//     but cannot read, which may hide chunks. Only store.ErrNotFound
//     means absent.
//   - Group.Members reports what it cannot use rather than dropping it:
//     listed names that are not keys (not valid UTF-8, a backslash) and
//     metadata documents that cannot be read come back in a *MembersError
//     beside the members it read, so copying a whole hierarchy cannot
//     silently leave part of it behind. Node paths and the keys in
//     MemberProblem are the store's names unescaped; error messages quote
//     them.
//   - Conversions split across processes or machines (docs/decisions.md#d24):
//     the unit of work is one stored key of the destination, a chunk, or a
//     whole shard when it is sharded, numbered in C order over its grid
//     (Array.NumUnits, Array.UnitKey). CopyPart writes a contiguous range
//     of units, each whole and with the bytes Copy writes, deleting the
//     units that are all fill, so parts own disjoint keys (no locks, no
//     partial-shard races) and a rerun rewrites the same bytes. The
//     destination is pending while parts run: CreatePending and
//     OpenPending (from the document, bytes that every worker is given)
//     make an array whose zarr.json is not in the store, and Publish
//     writes it, byte for byte, when every part is done, since absent
//     chunks read as the fill value and a half-written array must never
//     look complete. PendingGroup does the same for groups. Publish
//     replaces what the key holds, so publishing again after a crash is
//     harmless; CreatePending checks, as Create does, that no node is there.
//   - Consolidate writes consolidated metadata. For a v3 group it is the
//     member zarr-python 3 writes into the group's zarr.json:
//     "consolidated_metadata": {"kind": "inline", "must_understand": false,
//     "metadata": {...}}, whose metadata holds the zarr.json document of
//     every node below the group at any depth, by path relative to the
//     group ("a", "sub", "sub/b"), ordered by depth and then by name
//     without regard to case; each group there carries an empty
//     consolidated_metadata of its own, and the groups' own zarr.json
//     documents are left alone. For a v2 group it is the group's
//     .zmetadata as zarr-python 2 writes it ({"metadata": {".zgroup":
//     ..., "a/.zarray": ..., "a/.zattrs": ...}, "zarr_consolidated_format":
//     1}, keys sorted, four-space indent); for the root group the bytes are
//     zarr 2.13's. Below the root, the .zmetadata goes in the group with
//     keys relative to it, as zarr-python 3 places it (zarr 2.13 puts
//     every key of the store in the root's). A hierarchy that mixes v2 and
//     v3 nodes is refused (ErrMixedFormats), and so is one that Members
//     cannot read whole. The one document is read whole, so a hierarchy
//     is limited by its size to 64 MiB (about 100,000 arrays).
//   - Consolidated metadata is trusted as written, as zarr-python trusts
//     it when a group is opened consolidated: through a group that carries
//     it, the consolidated copy of a node's metadata is the one used,
//     never the node's own document. Members lists what it holds and never
//     the store, and Node.OpenArray opens an array from it without reading
//     the array's zarr.json; whoever reaches an array through its group
//     (every zcodec command given the group) reads it with the
//     consolidated metadata, and only Open at the array's own path (a
//     command given the array's path) reads its zarr.json. When the
//     hierarchy changes after Consolidate, the consolidated metadata is
//     stale until Consolidate runs again: an array created since is not a
//     member (Open at its path finds it); one deleted since is still a
//     member, whose chunks read as the fill value; one whose metadata was
//     rewritten is opened with the old metadata through its node (with the
//     new through Open). Group.CheckConsolidated finds such nodes where the
//     store can list, naming each field on which the two copies disagree
//     (zcodec verify and zcodec convert report them). Writers that change
//     a hierarchy's nodes call Consolidate when they are done.
//   - Members of consolidated metadata that name one node by different
//     spellings ("a", "/a", "a/") make the group's zarr.json invalid (a
//     *MetadataError naming both), since which one counts would be a
//     matter of chance.
//   - Errors name the array and the key: *codec.ChunkError (Array, Key) for
//     one chunk, *NodeError for an array or group, *region.Error
//     (region.ErrInvalid) for a region; store and codec errors stay inspectable
//     through them (errors.Is(err, store.ErrNotFound),
//     errors.Is(err, codec.ErrCorrupt)). A chunk over Options.MaxChunkBytes
//     is a *codec.LimitError (Setting codec.SettingMaxChunkBytes, Size,
//     Limit) inside the *NodeError or *codec.ChunkError.
package zarr
