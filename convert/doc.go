// Package convert converts a Zarr hierarchy, or one array, into Zarr v3:
// whole in one process (Convert), or split into parts that any number of
// processes or machines run, in any order and again after a failure, with
// no lock and no coordinator (WritePlan, RunPart, Status, Finalize). It
// is what `zcodec convert` runs, for Go programs that schedule the work
// themselves. The reasons the protocol needs no locks are decision D24 of
// docs/decisions.md; what is left out is decision D27.
//
// The source is the node at the root of any store.Store (OpenSource): a
// Zarr v3 or v2 group with its hierarchy, or an array, in a directory,
// memory, over HTTP or in an object store, or a file of another format that
// a store presents as Zarr, such as an HDF5 or netCDF-4 file opened with
// store.Open once github.com/zcodec/zcodec/interop/hdf5/h5store is
// imported. The destination is another store. Every array is written as
// Zarr v3 with the source's shape, data type, fill value, attributes and
// dimension names (from xarray's _ARRAY_DIMENSIONS attribute for a v2
// array without them), and with the source's chunks and codec chain
// unless Options say otherwise: Codecs replaces the chain, Chunks the
// chunk shape (of a source that is one array), and Shards stores the
// chunks in shards of that shape, the chain wrapped into a
// sharding_indexed codec whose index is checked by crc32c. Each group
// becomes a Zarr v3 group with its attributes.
//
// # Units
//
// A unit is one stored key of the destination: a chunk, or a whole shard
// when the array is sharded (zarr.Array.NumUnits, UnitKey). The units of a
// conversion are numbered from 0 across all its arrays, the arrays in
// sorted path order and the units of each in C order over its grid. Part
// I of N (0 <= I < N <= MaxParts) owns the units from floor(I*U/N) to
// floor((I+1)*U/N), excluded, of the U units of the plan (PartRange): the
// parts cover the units exactly, no two parts own the same key, so no two
// writers ever write one key, and no shard is half rewritten by two.
//
// # Keys
//
// The plan and the markers live in the destination, beside the chunks the
// parts write, under .zcodec/convert/ (Dir):
//
//	.zcodec/convert/plan.json          the plan, written by WritePlan (PlanKey)
//	.zcodec/convert/source-chunks.json the source's stored units, written by WritePlan before the plan (ListingKey)
//	.zcodec/convert/part-I-of-N.json   the marker of part I of N, written last by RunPart (MarkerKey)
//	.zcodec/convert/finalized.json     written by Finalize once the metadata is published (FinalizedKey)
//
// No node of the source may have a path under .zcodec/convert. Until
// Finalize publishes the metadata, the destination holds no zarr.json: no
// array or group of it is visible, since a chunk that is absent reads as
// the fill value and an array whose metadata were visible before all its
// chunks were written would look complete while it is not.
//
// # The plan
//
// The plan document is a JSON object of three members:
//
//	{"zcodec_convert_plan": 2, "sha256": "<hex digest>",
//	"plan": {
//	 "units": 12,
//	 "consolidate": true,
//	 "groups": [{"path": "", "zarr.json": "..."}, {"path": "g", "zarr.json": "..."}],
//	 "arrays": [
//	  {"path": "g/a", "first": 0, "units": 9, "source_sha256": "<hex>", "zarr.json": "...",
//	   "source": "s3://bucket/src.zarr/g/a", "source_chunks": {"block": 1024, "digests": ["<hex>"]}},
//	  {"path": "g/b", "first": 9, "units": 3, "source_sha256": "<hex>", "zarr.json": "...", ...}],
//	 "skipped": [{"path": "g/c", "reason": "..."}],
//	 "listing_sha256": "<hex>"}}
//
// "sha256" is the SHA-256, in lowercase hexadecimal, of the bytes of the
// "plan" member exactly as they stand in the document; it is the plan's
// Digest, and every marker carries it. The plan holds each group's and
// array's zarr.json as a string, the bytes Finalize publishes; each
// array's units [first, first+units), which follow each other from 0 and
// add up to "units"; "source_sha256", the SHA-256 of the metadata of the
// array of the source it is copied from, as Zarr v3 (converted from v2
// for a v2 array: zarr.Array.MetadataJSON); "source", where that array
// was (its store's String, when the store has one, and its path); and
// "source_chunks", the fingerprint of its stored units: for each block of
// 1024 units of the source array, consecutive in C order over its grid,
// a digest of the keys stored there with their sizes and, where the
// store lists them (S3's ETags), their tags. WritePlan lists the source's
// chunks to make it and writes the listing itself at ListingKey, before
// the plan, whose "listing_sha256" is its digest (the listing is left out
// past 4Mi keys).
//
// OpenPlan refuses a plan of another format, whose bytes do not match
// their digest, whose "plan" holds a member of another name than those
// above, or whose units do not add up (a *PlanError). RunPart refuses a
// source whose arrays are not those of the plan (a *SourceError): one the
// plan converts missing, its metadata changed, or an array the plan
// neither converts nor leaves out; and a source whose chunks are not
// those of the plan's source (ChunksChanged): a part lists the blocks of
// units of the source that its own range reads (the directories of their
// keys, where the key encoding has directories, so that N parts list the
// source about once between them), and refuses one whose digest differs,
// naming the array and the first key that differs (found in the listing
// document; without it, the block's keys). Another source with the same
// metadata and other chunks would otherwise mix into the destination. A
// source whose store cannot list (HTTP) has no fingerprint, and is known
// by its metadata alone.
//
// A plan of format 1, written by earlier versions, has no fingerprints:
// OpenPlan reads it, and Status and Finalize accept it, so that the parts
// an earlier version ran can be finalized; RunPart refuses it (a
// *PlanError saying to plan again), since it could not tell another
// source from the plan's. It refuses rather than warns, since a part
// that mixes sources writes a destination that looks complete.
//
// WritePlan writes the plan only into an empty destination (else a
// *NotEmptyError; the listing document of a WritePlan that stopped before
// its plan does not count); into one that holds the same plan it writes
// nothing and succeeds, and one that holds another is ErrOtherPlan.
//
// # Parts, markers and finalizing
//
// RunPart writes each unit of its range whole, from the region of the
// source it covers, with the bytes Convert writes for it, or deletes its
// key when every element is the fill value (zarr.CopyPart). Encoding is
// deterministic, so a part run again rewrites the same bytes, and cleans
// up after a run that failed. A part writes its marker last:
//
//	{"part": 1, "parts": 4, "first": 3, "end": 6, "plan_sha256": "<hex>", "finished": "2006-01-02T15:04:05Z"}
//
// A part is done when its marker is there and names the plan's digest,
// the part, N and the part's units (Status; "finished" is for people).
// Finalize publishes nothing while a part is not done (an
// *IncompleteError). Then it writes every array's zarr.json, then every
// group's from the deepest, the root's last (the root array's, for one
// array), so that a reader that finds the root finds the whole hierarchy;
// it consolidates the root group's metadata when asked; it writes
// finalized.json, deletes the plan, then the markers, and finalized.json
// last. Run again after stopping midway, it ends its work: finalized.json
// stands in for the markers it deleted, and when the plan is gone,
// OpenPlan says ErrFinalized and RemovePlan deletes what is left.
//
// A part run again while Finalize runs leaves no marker in the published
// destination: a part checks that the plan is there before it writes a
// unit and again after it writes its marker, and Finalize deletes the
// plan before it lists the markers it deletes. A marker written after
// that listing finds the plan gone, and the part deletes it and returns a
// *FinalizedError (ErrFinalized).
//
// # What is left out
//
// A conversion of a group converts every array that can be converted and
// leaves out, listing each with the reason (Plan.Skipped), the arrays
// that cannot: those whose metadata, or the converted metadata Options ask
// for, describes a codec, data type, fill value, grid or node that is not
// supported or cannot be parsed (Unconvertible). Anything else (a store
// that fails, a key that is not a valid name or cannot be read, a chunk
// that does not decode, a cancelled context) fails the conversion. With
// Options.Strict, an array that cannot be converted refuses the conversion
// instead: a *SkippedError lists them all and nothing is written; a group
// none of whose arrays can be converted is refused either way. A source
// that is one array is converted or is an error. The decision is taken
// once, by WritePlan, and recorded in the plan: RunPart and Finalize follow
// it, and a source array the plan left out is not a mismatch.
//
// # Choices
//
//   - A source array is known by its metadata and the listing of its
//     chunks, not their bytes: a part refuses a source whose chunks were
//     added, removed, resized or (where the store lists ETags) rewritten
//     in the blocks it reads, but not one whose chunk of a directory
//     store was rewritten with as many bytes; a part checks only the
//     blocks its range reads, so that N parts list the source about once
//     between them.
//   - Markers are read, and the arrays' metadata written, 16 at a time:
//     over an object store, one after the other, a million parts would
//     take hours. The groups' metadata is written one after the other,
//     deepest first.
//   - The plan document is read up to 1 GiB (its arrays' metadata, about
//     1 KiB each), a marker up to 64 KiB.
//   - WritePlan and Convert check that the destination is empty with one
//     listing that stops at the first key (or the second, past the
//     listing document of a WritePlan that stopped before its plan), and
//     then look nothing up, so that planning costs an object store no
//     request per node. WritePlan lists the source's chunks once.
//
// # Memory
//
// Convert streams each array through a bounded slab (16 MiB, or one chunk
// of the destination). A part holds only its units in flight, whatever
// the size of the arrays: when Options.ArrayOptions sets no concurrency,
// RunPart keeps the units in flight, decoded and encoded, within 1 GiB.
package convert
