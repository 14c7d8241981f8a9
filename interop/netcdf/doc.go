// Package netcdf reads and writes netCDF-4 filter specs (the `_Filter`
// attribute of ncgen/ncdump and the `nccopy -F` argument) and maps a
// variable's special attributes (`_Filter`, `_Shuffle`, `_DeflateLevel`,
// `_Fletcher32`, `_Endianness`, `_ChunkSizes`) to an HDF5 filter pipeline
// and so, through package hdf5, to a Zarr v3 codec chain.
//
// Spec: the netCDF Users Guide, "NetCDF-4 Filter Support"
// (https://docs.unidata.ucar.edu/netcdf-c/current/md_filters.html). Where
// that text contradicts itself or is silent, zcodec follows what Debian's
// netcdf-c 4.9.0 (ncgen -k nc4, then ncdump -s) does, recorded in
// testdata/netcdf/filterspecs.json, and rejects what netcdf-c silently
// stores as something else than was written.
//
// # Syntax
//
//	spec   = filter { "|" filter } [ "|" ]
//	filter = id { "," constant }
//
// id is an unsigned decimal 1..4294967295. Blanks around ids and constants
// are ignored. One trailing "|" is accepted (netcdf-c accepts it); a leading
// "|", an empty filter or an empty constant ("307,,9", "307,9,") is an
// error. Parse returns the filters as written; Pipeline gives the order
// netCDF-4 applies them: fletcher32 first, shuffle next, the rest in the
// order given, a repeated id keeping its first place and its last
// parameters.
//
// # Constants
//
// Each constant becomes one or two 32-bit words. Tags are case-insensitive.
//
//	constant   tag        words                       example
//	-77        none       int32 two's complement       4294967219
//	77         none       uint32                       77
//	-17b       b          low 8 bits, zero-extended     239
//	23ub       ub (bu)    low 8 bits, zero-extended     23
//	-25s       s          low 16 bits, zero-extended    65511
//	27us       us (su)    low 16 bits, zero-extended    27
//	93U        u          32 bits (-1u is 4294967295)   93
//	789f       f          float32 bits                  1145389056
//	1.5d       d          float64, low word first       0, 1073217536
//	-5l        l          int64, low word first         4294967291, 4294967295
//	5ul        ul         uint64, low word first        5, 0
//
// The Users Guide's table says signed bytes and shorts are "truncated ...
// and zero extended"; its notes say "sign extended". netcdf-c 4.9.0 zero
// extends (-17b is 239, not 4294967279), and so does zcodec. Values out of
// the 8- or 16-bit range are truncated as the table says (256b is 0, 300ub
// is 44, 70000s is 4464), matching netcdf-c. The two words of a 64-bit value
// are the little-endian split: the low 32 bits first, whatever the machine.
// f and d accept NaN, Inf and Infinity (NaN is the quiet NaN 0x7fc00000 /
// 0x7ff8000000000000).
//
// These are errors, where netcdf-c 4.9.0 stores something else without a
// word: an untagged integer above 4294967295 (the Guide says it takes the
// smallest type that fits; netcdf-c stores 0), an untagged negative below
// -2147483648 (netcdf-c wraps), an untagged number with a fraction or
// exponent such as 1.5 (netcdf-c stores 1), hexadecimal 0x10 (netcdf-c
// stores 0), the tag lu (netcdf-c stores one word), l or ul values beyond 64
// bits (netcdf-c saturates), and float overflow. Every error is a
// *SyntaxError whose Offset points at the failing character.
//
// # nccopy -F
//
// ParseCopySpec reads "none", "*,none", "var,none", "v1&v2,none",
// "*,SPEC", "var,SPEC" and "v1&v2&...,SPEC". A variable name may not start
// with a digit, so a filter list without a selector is an error.
//
// # Special attributes
//
// ParseSpecials builds the pipeline as netCDF-4 does: fletcher32, shuffle,
// then deflate or the `_Filter` filters. ncdump prints `_DeflateLevel` and
// `_Filter` separately and does not say which of them ran first, so that
// pair is an error that says to read the pipeline from the file.
// Example, from `ncdump -s`:
//
//	count:_ChunkSizes = 3, 12 ;
//	count:_Fletcher32 = "true" ;
//	count:_Shuffle = "true" ;
//	count:_DeflateLevel = 1 ;
//	count:_Endianness = "big" ;
//
// gives, for a short variable, the pipeline [3, 2 [2], 1 [1]] and the chain
// bytes (big) -> zcodec.hdf5_fletcher32 -> numcodecs.shuffle {elementsize
// 2} -> numcodecs.zlib {level 1}.
package netcdf
