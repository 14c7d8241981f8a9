// Command zcodec is the command line of the zcodec module, a Zarr v3
// codec engine: it checks Zarr v3 metadata and runs codec chains on single
// chunks; reads, verifies and converts whole Zarr stores (on disk, over
// HTTP, in S3 or GCS), HDF5 and netCDF-4 files and kerchunk reference
// sets; finds the smallest codec chain that keeps a stated error; writes
// virtual references to the chunks of HDF5 files; and translates HDF5,
// netCDF, CF and Zarr v2 metadata to Zarr v3.
//
// Usage:
//
//	zcodec COMMAND [ARGS]
//
// The commands (`zcodec -h` lists them too):
//
//	demo       round-trip an embedded example array through a realistic chain
//	validate   check Zarr v3 array metadata (zarr.json) and show the resolved chain
//	encode     encode one chunk with the codec chain of a zarr.json
//	decode     decode one chunk with the codec chain of a zarr.json
//	codecs     list the registered codecs, their aliases and kinds
//	hdf5       translate HDF5 dataset descriptions (hdf5 translate) and filter
//	           pipelines (hdf5 filters) to and from zarr.json
//	netcdf     parse and format netCDF filter specs (netcdf parse-filter,
//	           netcdf format-filter)
//	fillvalue  encode and decode the CF _FillValue attribute (fillvalue encode,
//	           fillvalue decode)
//	v2         convert Zarr v2 array metadata to Zarr v3 (v2 convert)
//	info       show the groups and arrays of a store: shapes, chunks, codecs, stored bytes
//	cat        write the values of a region of an array (raw, csv, npy, png or jsonl)
//	verify     decode every stored chunk of a store and report the ones that fail
//	convert    re-encode an array or a hierarchy into a new Zarr v3 store, in one
//	           run or in parts over many machines (--plan, --part, --finalize)
//	advise     find the smallest codec chain that keeps a stated error, measured
//	           (--plot and --error-map draw the choice)
//	refs       write kerchunk references (JSON or Parquet) to the chunks of HDF5
//	           or netCDF-4 files, one set per file or combined along a dimension
//	version    print the module version, VCS revision and Go version zcodec was
//	           built from (also zcodec --version; "(devel)" without a version)
//
// `zcodec COMMAND -h` prints a command's usage, flags and examples.
//
// # Reading more
//
// The repository's README.md holds worked examples: "Command line" (the
// metadata and chunk commands), "Stores: info, cat, verify, convert",
// "Converting across many machines", "Object stores: s3:// and gs://",
// "Choosing a chain: zcodec advise" (and "Pictures" for --plot,
// --error-map and cat --format png), "HDF5, netCDF and Zarr v2 interop"
// (with "Virtual references: zcodec refs") and "Data types and fill
// values".
//
// # Conventions
//
// Every command and subcommand prints its usage with -h or --help. The
// decoded side of a chunk is its elements in C order, little-endian, of the
// array's data_type, with the chunk shape of its regular grid. IN and OUT
// default to standard input and output. On any error nothing is written to
// OUT (no partial file) and the reason goes to standard error. An OUT that
// is a device, a FIFO or a symbolic link is written through; a regular
// file is replaced atomically, keeping its mode (see
// cmd/zcodec/internal/outfile).
//
// # Paths
//
// The store commands (info, cat, verify, convert, advise) take a PATH: a
// directory (or a file:// URL), an http(s) URL, or an object store,
// s3://bucket/prefix or gs://bucket/prefix, parsed and opened by
// store.Open (see store.ParseLocation); a URL holding credentials ("@") is
// refused. A PATH that is an HDF5 or netCDF-4 file (recognised by its
// content, interop/hdf5/h5store), or a group or dataset inside one
// (FILE.nc/group/var), is read as a Zarr v3 hierarchy, and so is a
// kerchunk reference set (JSON or Parquet, interop/kerchunk/refstore).
// Over HTTP, --timeout bounds a whole request, retries included, and
// --redirects says which redirects are followed: same-origin (the
// default), any-origin (configured headers are not sent to another origin)
// or none. Object stores take their credentials from the AWS SDK's
// default chain (AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, AWS_PROFILE
// and the shared files, roles), never from a flag, and no output shows
// them; --endpoint URL (default AWS_ENDPOINT_URL_S3, then AWS_ENDPOINT_URL),
// --s3-region R (default AWS_REGION; not --region, which is
// cat's region of an array), --profile P (default AWS_PROFILE),
// --anonymous (unsigned requests, for public buckets) and --max-in-flight N
// (default store.DefaultObjectInFlight, 64) say how they are reached.
// convert and advise --apply refuse a DST that is SRC, lies inside it or
// holds it (after symbolic links), as a usage error.
//
// # Limits
//
// Metadata inputs (zarr.json, .zarray, descriptions) are read up to
// 64 MiB; encode, decode, cat, verify, convert and advise refuse a chunk
// (shard) whose decoded size exceeds --max-chunk-bytes (default 1 GiB)
// before reading it.
//
// # Names
//
// Names from a store (directory names, consolidated metadata keys) are
// shown quoted, with escapes, when they hold anything but printable
// characters, and standard error never carries a control character but
// newlines and tabs (see safetext.go); --json output is JSON, where
// encoding/json escapes them (and replaces invalid UTF-8 with U+FFFD).
//
// # Exit status
//
// 0 on success, 1 when a file is invalid or a chunk fails to
// encode or decode, 2 on a usage error, 130 when interrupted (SIGINT,
// Ctrl-C) and 143 when terminated (SIGTERM).
//
// # Interrupts
//
// main turns SIGINT and SIGTERM into the cancellation of the
// context every command runs with (one signal.NotifyContext). A command
// stops at its next chunk or read, removes its temporary output on its
// ordinary error path (nothing is left at -o FILE or at a DST), and the
// process exits 130 (143 for SIGTERM). A second signal ends the process at
// once, the default way, without that clean-up.
package main
