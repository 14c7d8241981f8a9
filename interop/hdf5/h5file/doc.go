// Package h5file reads the HDF5 file format, in pure Go: the structures
// of a file (superblock, object headers, groups, attributes, datatypes,
// dataspaces, layouts, chunk indexes, filter pipelines, heaps) and the
// byte ranges of every chunk of a dataset. It decodes no chunk: package
// interop/hdf5 maps a dataset's filter pipeline onto a Zarr codec chain and
// presents the file as a Zarr hierarchy.
//
// Specification: the HDF5 File Format Specification, version 3.0 (the
// format of HDF5 1.10 to 1.14), https://support.hdfgroup.org/documentation/hdf5/latest/_f_m_t3.html,
// with the checksum algorithm of its section I (Bob Jenkins' lookup3).
//
// A File reads through a byterange.Reader (a store.File, an HTTP or S3
// object, or an io.ReaderAt through OpenReaderAt) and nothing else: it
// never opens files by name, and it imports no network package.
//
// # What is read
//
//   - Superblocks of versions 0 to 3, found at offset 0 or after a user
//     block (512, 1024, 2048, ... bytes); every address is relative to
//     where the superblock is. The superblock extension (version 2 and
//     3): its v1 B-tree K values and its shared message table.
//   - Object headers of versions 1 and 2 with their continuation blocks;
//     shared messages (committed datatypes, and messages in the shared
//     message heap).
//   - Groups: symbol tables (a v1 B-tree of symbol nodes and a local heap
//     of names), link messages (compact groups), and dense groups (a
//     fractal heap of links indexed by a v2 B-tree of name hashes). Hard,
//     soft and external links are reported; Object.Links lists them by
//     name, with their creation order where the group tracks it.
//   - Attributes stored as messages and in dense storage (a fractal heap
//     indexed by a v2 B-tree), with their datatype, dataspace and raw
//     value; variable-length values are read from the global heap
//     (File.ReadVlen).
//   - Dataspaces (scalar, simple, null; unlimited maximum dimensions) and
//     datatypes of every class, described (Datatype); which of them have a
//     Zarr counterpart is package interop/hdf5's choice.
//   - Fill value messages 0x0004 (old) and 0x0005 (versions 1 to 3).
//   - Data layout messages of versions 1 to 4: compact (the data in the
//     header), contiguous and chunked; virtual layouts are recognised (the
//     dataset says so) but not read.
//   - Every chunk index: the v1 B-tree of layouts 1 to 3; and the indexes
//     of layout 4: single chunk (filtered or not), implicit, fixed array
//     (paged or not), extensible array (index, super and data blocks,
//     paged data blocks), v2 B-tree with records of type 10 (unfiltered)
//     and 11 (filtered). Dataset.Chunks reports each stored chunk's grid
//     coordinates, file offset, size and filter mask.
//   - Filter pipeline messages of versions 1 and 2.
//
// # Hostile files
//
// Every structure is checked as it is read, and a structure that is not
// valid is a *FormatError naming it and its absolute file offset
// ("hdf5: v2 B-tree leaf node at offset 4096: checksum mismatch ..."):
//
//   - every checksum (superblock 2 and 3, object headers and their
//     continuations, B-tree, fractal heap, fixed and extensible array
//     structures) is verified;
//   - every address and length is checked against the end of the file
//     before anything is read or allocated, and no count read from the file
//     allocates more than what the file could hold;
//   - the nodes of every tree, the blocks of every heap and the
//     continuation blocks of a header are each visited once: a cycle is an
//     error, and so are trees deeper than 64 levels and datatypes nested
//     more than 16 deep;
//   - the metadata one File parses in all is bounded (Options.MaxMetadataBytes,
//     1 GiB by default): a read past it is a *BudgetError.
//
// A feature of the format this package does not read is an
// *UnsupportedError (fractal heaps with I/O filters, filtered huge
// objects, layout version 5, user-defined links).
//
// # Reading over a network
//
// Metadata are read in aligned blocks of Options.BlockSize (1 MiB) and kept
// in a cache (64 MiB, least recently used dropped first); a read that needs
// several missing blocks fetches them with one ranged read, and readers
// that need the same missing block wait for one request. The header
// structures of a file are usually near its start, so that opening a
// netCDF-4 file of dozens of variables costs a handful of requests; the
// bytes a caller already read (Options.Head) are used as the first blocks.
// File.Requests counts the requests made. Chunk data are not read here.
package h5file
