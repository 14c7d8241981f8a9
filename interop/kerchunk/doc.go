// Package kerchunk reads and writes virtual references: kerchunk's
// reference sets, which map the keys of a Zarr v2 hierarchy to inline
// values or to byte ranges of other files (JSON version 1, and fsspec's
// Parquet layout), so that any Zarr client reads the chunks of HDF5 and
// netCDF-4 files where they lie, without copying them.
//
// Specifications: kerchunk's reference file specification (versions 0 and
// 1, docs/source/spec.rst of fsspec/kerchunk), fsspec's ReferenceFileSystem
// and LazyReferenceMapper (fsspec/implementations/reference.py), Zarr v2,
// numcodecs 0.11 codec configurations. Checked against Debian 12's fsspec
// 2022.11.0, zarr 2.13.6, numcodecs 0.11, xarray 2023.01 and h5py 3.7 (HDF5
// 1.10.8), and, for Parquet, against hyparquet 1.31 (see the tests).
//
// # Reference sets
//
// A Set is a whole set held in memory; a ParquetRefs reads a Parquet set
// record file by record file. Both implement Refs. A Ref is inline bytes
// or a range of a file ([url, offset, length]; Length -1 for kerchunk's
// [url], the whole file).
//
// JSON (ReadJSON, Set.WriteJSON):
//
//	{"version": 1,
//	 "templates": {"u": "https://example.org/data.nc"},
//	 "gen": [{"key": "x/{{i}}", "url": "{{u}}", "offset": "{{i * 1000}}", "length": "1000",
//	          "dimensions": {"i": {"stop": 4}}}],
//	 "refs": {".zgroup": "{\"zarr_format\":2}",
//	          "x/.zarray": "{...}",
//	          "y/0.0": "base64:AAECAw==",
//	          "y/0.1": ["{{u}}", 4096, 512],
//	          "z/0": ["s3://bucket/whole.bin"]}}
//
// A value is a string (its UTF-8 bytes; after "base64:", base64 of binary
// data, read with or without padding), [url] or [url, offset, length]
// (non-negative integers; a null url is the empty URL, fsspec's "target");
// an object, which some writers put for metadata, is taken as its JSON
// text. Version 0 is the flat object of references, without "version".
// ReadJSON expands templates ("{{name}}", spaces allowed, in URLs) and
// "gen" entries (every combination of their dimensions, a range
// {"start", "stop", "step"} or a list of integers or strings, the last
// dimension fastest) as fsspec does with jinja2, for the expressions such
// sets use: integer and string literals, names, parentheses, unary minus,
// + - * // % (floor division and modulo as Python computes them) and ~
// (concatenation); "/" (a float) is refused. A template that is itself a
// template (fsspec's callable templates) is refused, and the "gen" entries
// of one set may make at most MaxGenerated (2^20) references, counted
// before any is made. Every error is a *FormatError naming the part.
//
// WriteJSON writes version 1 without templates, keys sorted, one a line:
// inline values as strings when they are text (valid UTF-8 without control
// characters but tab and newlines, and not beginning "base64:"; so every
// metadata document), else "base64:" and standard base64.
//
// Parquet (OpenParquet, WriteParquet), fsspec's LazyReferenceMapper
// layout: the directory holds ".zmetadata", {"metadata": {key: document},
// "record_size": N} (documents as JSON objects; a string holding JSON is
// also read), and for each array "<path>/refs.<i>.parq" with columns path
// (string), offset (int64), size (int64) and raw (bytes), in that order.
// Chunk n of an array, in C order of its chunk grid ([1] for a scalar
// array, its key "<path>/0"), is row n % N of record file n / N. A row is
// its raw bytes when raw is not null, else no key when path is null (or
// empty), else the whole file when offset and size are both 0, else the
// range. WriteParquet writes N rows in every record file (the last one
// padded with empty rows), zstd-compressed, no file for a record with no
// reference, and adds "zarr_consolidated_format": 1 to .zmetadata so that
// zarr's consolidated reading also opens it; fsspec ignores it. A key that
// is neither metadata nor a chunk key of an array of the set has no place
// in the layout and is an error, as is a metadata value that is not JSON.
// A record file is read whole (at most MaxRecordFileBytes) when a key of
// it is first asked for, and the last recordCacheSize (32) are kept;
// ".zmetadata" is read up to MaxZMetadataBytes and record_size may be at
// most MaxRecordSize. A malformed record file is a *FormatError (the
// Parquet reader's panics on malformed footers included).
//
// # References to HDF5 and netCDF-4 files
//
// FromHDF5 makes the set of the file an h5store.Store presents, every
// range naming the url given (the command line writes FILE as given, a
// relative local path made absolute, or with --url-prefix P the file's
// name after P, a "/" between unless P ends with one). A relative URL is
// read differently by different readers, fsspec from where it runs and
// zcodec's refstore from where the set lies: an absolute one means the
// same to both.
//
// Keys are Zarr v2: ".zgroup" and, with attributes, ".zattrs" for each
// group, "<path>/.zarray" and "<path>/.zattrs" for each dataset, groups
// nested as paths, chunk keys "<path>/i.j.k" (dot separator; "<path>/0"
// for a scalar). Metadata values are JSON text (written as strings, as
// kerchunk#415 asks). The metadata is the Zarr v3 view h5store presents,
// translated:
//
//   - dtype: the NumPy type string with the stored byte order ("<f4",
//     ">i2", "|u1", "|b1", "<c8", "|S5", "|V4"); variable-length strings
//     are "|O" with the filter vlen-utf8 (vlen-bytes for ASCII ones).
//     bfloat16 has no NumPy dtype and is refused.
//   - shape, chunks (h5store's chunk shape; for contiguous datasets see
//     below), order "C", compressor null: every filter is in "filters", in
//     pipeline order, as kerchunk writes them (kerchunk#350):
//     {"id": "shuffle", "elementsize": n}, {"id": "zlib", "level": n},
//     {"id": "bz2", "level": n}, {"id": "zstd", "level": n} (numcodecs 0.11
//     has no checksum setting; its decoder reads frames with checksums),
//     {"id": "blosc", "cname", "clevel", "shuffle": 0|1|2, "blocksize"}.
//   - fletcher32: numcodecs 0.11 has no fletcher32 codec. A checksum that
//     is the last filter (where h5py puts it) is left out: each reference
//     covers the chunk's bytes less its last 4, and inline chunks lose
//     them too, so the data read are exact and the checksum unchecked. A
//     checksum before other filters (where netcdf-c puts it) makes the
//     dataset refused. Options.Fletcher32Filter (--fletcher32-filter)
//     writes {"id": "fletcher32"} instead, for numcodecs 0.12 and later.
//   - .zattrs: the dataset's attributes as h5store shows them, with
//     _FillValue as a plain number ("NaN", "Infinity", "-Infinity" for
//     those floats) rather than the CF extension's base64, and
//     _ARRAY_DIMENSIONS from the dimension names (a dataset with none gets
//     "phony_dim_<path>_<i>", with a warning).
//   - fill_value. Zarr v2 readers use it twice: absent chunks read as it,
//     and xarray's zarr backend sets the CF mask from it, overriding the
//     _FillValue attribute (xarray/backends/zarr.py: attributes
//     ["_FillValue"] = zarr_array.fill_value). The header's fill value
//     (D32) and the CF _FillValue differ in many files: netCDF variables
//     without a _FillValue attribute have netcdf-c's default fill in the
//     header, which xarray's netCDF4 backend does not mask, and h5py's
//     datasets have 0. So fill_value is the _FillValue attribute (null
//     when there is none) once every chunk of the grid is in the set:
//     absent chunks (never written) are added, inline, filled with the
//     header's fill value and encoded as the dataset's chunks are, which
//     also lets fsspec before 2023 read the dataset (fsspec 2022.11 fails
//     with KeyError on an absent key instead of reading the fill value).
//     At most Options.MaxFillChunks (--max-fill-chunks, 10000) absent
//     chunks are added, within MaxInlineBytes; with more, they stay
//     absent, fill_value is the header's fill value, so that values read
//     as HDF5 reads them, and a warning says what xarray will mask. With
//     this rule xarray reads every variable of the test files as its
//     netCDF4 backend does, and zarr every value as h5py does.
//
// Chunks:
//
//   - a chunk h5store serves as stored is [url, offset, length] of its
//     bytes in the file, or inline when smaller than
//     Options.InlineThreshold (--inline-threshold, 500 bytes, kerchunk's
//     default);
//   - inlined always, as h5store serves them, because no range of the file
//     holds them: compact datasets (their bytes are in the header),
//     filter-masked chunks and the unfiltered edge chunks of
//     H5D_CHUNK_DONT_FILTER_PARTIAL_CHUNKS (re-encoded under the whole
//     chain written), variable-length strings (vlen-utf8 encoded),
//     integers of reduced precision (converted), and the padded last chunk
//     of a contiguous dataset (below). Their bytes count against
//     Options.MaxInlineBytes (--max-inline, 16 MiB) per dataset, which a
//     dataset that needs more is refused for (D34);
//   - a contiguous dataset is referenced in chunks of its own, so that as
//     few as possible need inlining: the whole dataset as one chunk when it
//     holds at most Options.ContiguousChunkBytes (4 MiB); else the trailing
//     dimensions whole while they fit that, one index of the leading ones,
//     and along the dimension between the largest number of rows that
//     divides it and fits, when such a chunk holds at least a sixteenth of
//     the target; failing that (a prime length, say), as many rows as fit,
//     every chunk then a range but the last, which is padded with zeros and
//     inlined. A contiguous dataset never written has no stored chunk: its
//     chunks are absent chunks (see fill_value).
//
// Refusals (D34): a dataset that cannot be referenced is left out of the
// set, whole, and listed in Result.Refused with its Zarr path and reason
// (a *RefusedError, matching ErrRefused; `zcodec refs` prints each on
// standard error and lists them in --report): what h5store refuses
// (compound, array, reference and variable-length sequence types, virtual
// and external datasets, null dataspaces, filters without a codec;
// external, dangling and cyclic links) and chains with no numcodecs 0.11
// equivalent: zcodec.hdf5_szip, _nbit, _scaleoffset, _bitshuffle, _lzf and
// _lz4 (numcodecs' lz4 frames its blocks otherwise), and fletcher32 before
// other filters. With Options.InlineUnsupported (--inline-unsupported) a
// dataset of such a chain holding at most that many decoded bytes is
// decoded and inlined as one chunk (chunks = shape) of raw values in the
// stored byte order, with no filters.
package kerchunk
