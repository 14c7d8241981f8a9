// Package h5store presents an HDF5 file (netCDF-4 files are HDF5 files) as
// a read-only Zarr v3 hierarchy: a store.Store whose keys are the
// zarr.json documents of the file's groups and datasets and the chunk keys
// of its datasets, read from the file through ranged reads. Every zcodec
// command and the Go API (zarr.Open, zarr.OpenGroup, zarr.Copy) then work on
// the file as on any Zarr store.
//
// Importing the package registers the format with store.Open, which then
// recognises a file by its content (the HDF5 signature at offset 0, 512,
// 1024, ...), wherever it is stored: a local path, an http(s):// URL, an
// s3:// or gs:// object. A location may continue inside the file
// ("data.nc/group/var"): that node is the store's root.
//
//	import _ "github.com/zcodec/zcodec/interop/hdf5/h5store"
//
//	st, _ := store.Open(ctx, "data.nc", nil)      // or https://..., s3://...
//	a, _ := zarr.Open(ctx, st, "temperature", nil)
//	v, _ := zarr.Read[float32](ctx, a, region)
//
// Open and OpenFile do the same from a byterange.Reader or a path.
//
// The file is read by package interop/hdf5/h5file; a dataset's filter
// pipeline maps onto a codec chain through package interop/hdf5
// (hdf5.Codecs). See docs/decisions.md D32 to D34.
//
// # The hierarchy
//
// Every group is a Zarr group and every dataset a Zarr array, at the path
// of its link (names sorted; a dataset reached through two hard links is
// at both paths). Soft links are followed within the file. What cannot be
// presented exactly (D33) is a node whose zarr.json read fails with a
// *store.UnsupportedNodeError saying why, while the rest of the file
// opens: zarr.Group.Members lists such a dataset as an array that does
// not open, and `zcodec info` shows it with an "error" member. Such nodes
// are: datasets of compound (but see complex numbers below), array,
// reference, time and variable-length sequence types; virtual datasets
// (VDS); datasets whose raw data are in external files; datasets with a
// null dataspace; datasets whose filter has no codec (zfp, and filters
// zcodec does not know); external links, dangling soft links, and links
// back to a group that holds them (cycles), which are members of no known
// kind (a zarr.MembersError problem). Committed datatypes are not nodes.
//
// # Arrays
//
//   - data_type: integers and bitfields as int8..uint64, floats as
//     float16, bfloat16, float32 and float64 (IEEE layouts only), h5py's
//     booleans (an enum FALSE=0, TRUE=1 on int8) as bool, other enums as
//     their base integer with the members in the "hdf5_enum" attribute
//     ({"name": value}), h5py's complex numbers (a compound of two floats
//     named r and i) as complex64 and complex128, fixed-length strings as
//     null_terminated_bytes of their size (the bytes as stored, padding
//     included, as h5py reads them), opaque types as r<bits>,
//     variable-length UTF-8 strings as string and ASCII ones as bytes (they
//     may hold any byte; h5py reads them as bytes).
//   - shape: the dataspace's current dimensions ([] for a scalar).
//   - chunk_grid: a chunked dataset's chunk shape; a compact dataset is one
//     chunk, served from the bytes in its header; a contiguous one is
//     served in chunks of whole rows of its leading dimensions, as many as
//     Options.ContiguousChunkBytes (4 MiB) allows, each one range of the
//     file, so that reading a region never reads the whole dataset.
//   - codecs: bytes with the datatype's byte order, then one codec per
//     filter in pipeline order (hdf5.Codecs: numcodecs.shuffle,
//     numcodecs.zlib, numcodecs.fletcher32, numcodecs.bz2, blosc, zstd,
//     zcodec.hdf5_lz4, zcodec.hdf5_szip, zcodec.hdf5_nbit,
//     zcodec.hdf5_scaleoffset, zcodec.hdf5_lzf, zcodec.hdf5_bitshuffle);
//     variable-length strings are vlen-utf8 (vlen-bytes for ASCII) alone.
//   - fill_value: the header's fill value message (0x0005, else 0x0004),
//     else the type's zero; the _FillValue attribute never overrides it
//     (D32). A fill value whose fill time is "never" is never written by
//     HDF5, so unwritten chunks read as zeros (what h5py gives): the Zarr
//     fill is then the type's zero, with a warning.
//   - attributes: every attribute, as JSON: numbers exactly (integers in
//     full, floats as the shortest decimal of their float64 value, NaN and
//     infinities as "NaN", "Infinity", "-Infinity"), strings as strings
//     (without their padding; bytes that are not UTF-8 read as Latin-1), a
//     scalar or one-element attribute as a scalar (as netCDF and xarray show
//     them), others as nested lists, an empty (null dataspace) attribute as
//     null. _FillValue is encoded as the CF _FillValue extension says
//     (floats as base64 of a little-endian double, integers as numbers;
//     package interop/cf), and dropped with a warning when the type cannot
//     hold it; missing_value passes through as a number. Attributes of
//     types that have no JSON form here (compound, references) are left
//     out, each with a warning. The bookkeeping of netCDF-4 and of the
//     dimension-scale API is consumed, not shown: _Netcdf4Dimid,
//     _Netcdf4Coordinates, _NCProperties, _nc3_strict, DIMENSION_LIST,
//     REFERENCE_LIST, and CLASS and NAME on dimension scales.
//   - dimension_names: as netcdf-c, and so netCDF4-python and xarray, name
//     them: the dimension scales a dataset's DIMENSION_LIST refers to, a
//     dimension scale's own name for itself, and elsewhere phony
//     dimensions "phony_dim_N", shared by the datasets of one group whose
//     dimension has the same length and unlimitedness, N counting the
//     dimensions of the whole file in the order netcdf-c meets them. A
//     netCDF dimension without a coordinate variable (a scale whose NAME is
//     "This is a netCDF dimension but not a netCDF variable.") names a
//     dimension and is not an array.
//
// # Chunks
//
// A chunk stored with every filter of its dataset's pipeline is served as
// it is: its bytes are read from the file, one ranged read, and decode
// under the chain above, so `zcodec convert` copies them unchanged (no
// decode, no encode: zarr.Copy copies stored chunks when the destination's
// encoding is the source's). A chunk whose filter mask says a filter was
// skipped (an optional filter that did not help, a chunk written with
// H5Dwrite_chunk), or an edge chunk of a dataset created with
// H5D_CHUNK_DONT_FILTER_PARTIAL_CHUNKS, is served re-encoded: decoded
// through the filters it ran and encoded through the whole chain, so that
// every chunk decodes under the one chain a Zarr array has. That costs
// one decode and one encode of the chunk each time it is read; such
// chunks are listed with size -1, and a conversion of them is not a copy.
// Variable-length strings are read from the global heap and served as
// vlen-utf8 (vlen-bytes) chunks; integers of reduced precision (a
// precision or bit offset other than the full type's) are served
// converted as libhdf5 converts them on reading (shifted down,
// sign-extended).
//
// Chunk keys use the "default" encoding ("c/0/1"). List reads each
// dataset's chunk index (once) and lists the stored chunks with their
// sizes; chunks never written are absent and read as the fill value.
//
// # Reading over a network
//
// The file's metadata are read through h5file's cache of 1 MiB blocks,
// the first of which is the probe store.Open already read, so that opening
// a netCDF-4 file of dozens of variables costs a few requests (the tests
// count 6 for `zcodec info` of 50 variables spread over 4 MiB, over HTTP
// and over S3). Chunk reads go to the file's store directly, one request
// each, as many in flight as zarr's concurrency allows
// (PreferredConcurrency forwards the object store's).
//
// # Limits
//
// Metadata parsing is bounded by h5file's budget (1 GiB by default), every
// chunk's range is checked against the file's size when the index is
// read, a Get refuses a chunk larger than its limit before reading it (zarr
// passes the chain's largest encoded chunk, bounded by MaxChunkBytes, and
// refuses a dataset whose decoded chunk exceeds it when it is opened), and
// groups nest at most 64 deep. A structure of the file that is not valid
// fails what reads it with h5file's *FormatError, naming the structure and
// its offset: the dataset's node, or its chunk reads, or the store's
// opening when the superblock or root group is damaged.
package h5store
