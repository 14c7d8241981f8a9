// Package refstore presents a kerchunk reference set as a read-only store,
// so that zarr.Open, and every zcodec command, reads a virtual dataset as
// it reads a Zarr hierarchy: each key of the set reads as its inline
// value, or as the bytes of the file range [url, offset, length] it refers
// to, fetched from the file where it lies.
//
// # Recognised by store.Open
//
// Importing the package registers two formats with store.Open:
//
//   - a JSON reference set (kerchunk version 1, with templates and
//     generators, or version 0), recognised from its first 64 KiB
//     (MatchJSON) wherever a file can be (a local path, http(s)://, s3://,
//     gs://); it is read whole, up to MaxJSONBytes, and refused from its
//     size beyond that;
//   - fsspec's Parquet layout, a directory whose ".zmetadata" holds
//     "metadata" and "record_size" (MatchParquet, from that value's first
//     and last bytes, so that a consolidated Zarr v2 directory is not taken
//     for one); record files are read when a key of theirs is first asked
//     for, so that opening a set of a million chunks reads one small file.
//
// A location may name a node inside a set ("refs.json/grp/var",
// "refs.parq/grp"), presented at the store's root.
//
// # URLs
//
// A reference's URL is resolved, once, to a key of the store of its root
// (the local file system, an HTTP origin, a bucket), opened with the
// options the set was opened with (timeouts, endpoint, credentials), read
// only and recognising no file format. The stores are opened when a key
// that needs them is first read and kept open, at most Options.MaxStores
// of them (DefaultMaxStores), so that opening a set of thousands of files
// costs nothing per file, and reading one chunk reads one range of one
// file: one request.
//
//   - Local paths and file:// URLs; a relative path is relative to the
//     directory that holds the set (for a set read over HTTP or from a
//     bucket, to its prefix there).
//   - http:// and https://; HTTP headers given for the set (an
//     Authorization) are sent to the set's own origin only.
//   - s3://, gs://, and fsspec's aliases s3a:// and gcs://.
//   - A set that is not on this machine may not name a local file unless
//     Options.AllowLocal says so: a set from elsewhere cannot read this
//     machine's files.
//   - Chained fsspec URLs ("simplecache::s3://..."), schemes no store reads,
//     negative offsets or lengths, and ranges longer than 16 GiB are
//     refused, when the key is read, with a *RefError naming the reference
//     (its URL without user information, query or fragment).
//
// A referenced file that does not exist is an error of the key
// (ErrReference), never store.ErrNotFound: the chunk is lost, not absent,
// and must not read as the fill value.
//
// # Concurrency
//
// PreferredConcurrency reports what the stores of the set's files serve
// well: for a set held in memory, the store of the first range's scheme
// (8 connections for HTTP, store.DefaultObjectInFlight for an object
// store, none for local files), and at least what the set's own store
// prefers; Options.Concurrency overrides it.
package refstore
