// Package vlen implements the codecs of variable-length strings and byte
// strings: the zarr-extensions codecs vlen-utf8 and vlen-bytes
// (https://github.com/zarr-developers/zarr-extensions, codecs/vlen-utf8
// and codecs/vlen-bytes), and the numcodecs object codecs that Zarr v2
// object arrays use: VLenArray (numcodecs.vlen-array), JSON
// (numcodecs.json2) and MsgPack (numcodecs.msgpack2); and numcodecs'
// Categorize (numcodecs.categorize) over object arrays of strings, and
// CategorizeText over fixed-length text, which store integer codes of
// labels. numcodecs' Pickle
// stays refused (unpickling runs code; see package registry).
//
// All are array->bytes codecs of a variable-length data type (string,
// bytes) and implement codec.VariableLengthCodec. The decoded chunk is the
// vlen form (see package codec): a u32le element count, then per element a
// u32le length and the bytes. That is also the encoding of vlen-utf8,
// vlen-bytes and vlen-array, which are therefore the identity
// (codec.Identity) with checks, byte for byte what numcodecs 0.11's
// VLenUTF8, VLenBytes and VLenArray write.
//
// # Checks
//
// Decoding a chunk checks, before it is used:
//
//   - the count equals the chunk's number of elements (the chunk shape's
//     product): numcodecs reads any count and zarr then fails to reshape;
//   - every length fits in the bytes that remain, and no bytes follow the
//     last element (numcodecs ignores trailing bytes; no writer produces
//     them, and a chunk that has them is corrupt here);
//   - vlen-utf8: every element is valid UTF-8. numcodecs decodes with
//     Python's strict UTF-8 decoder and raises on invalid bytes; zcodec
//     refuses them too (a *codec.CorruptError) rather than replacing them,
//     so that a string read is the string stored. (zarrita.js decodes with
//     TextDecoder, which replaces them with U+FFFD.)
//   - vlen-array: every element is a whole number of items of the dtype.
//
// Encoding makes the same checks of its input.
//
// # Object codecs
//
// json2 and msgpack2 write a chunk as one list: its elements as nested
// lists (numpy's tolist, one level per dimension), then the dtype string
// "|O" and the chunk shape. Decoding reads strings (str, and for msgpack2
// into the bytes data type bin too: bin is Python's bytes, and in an
// array of the string data type it is refused with the element's index,
// never read as text), and null (Python's None) and the integer 0 (zarr 2's default fill
// of object arrays, found in edge chunks and in unwritten elements of
// written chunks) as the empty string, as numcodecs' VLenUTF8 encodes
// both; other element values (numbers, NaN and the infinities included,
// booleans, lists, dicts) are refused with a *codec.ElementError naming
// the element's index, wrapping an *UnsupportedError naming its type
// (matching ErrUnsupported, not codec.ErrCorrupt: numcodecs wrote them),
// since the string and bytes data types cannot hold them. A json2 string
// holding a lone UTF-16 surrogate escape (Python writes "\udcff" for text
// read with surrogate escapes) is not UTF-8 text and is refused as
// vlen-utf8 refuses invalid UTF-8. The shape in the data must
// hold the chunk's number of elements. json2 decodes to the string data
// type; msgpack2 to string or bytes (str elements must then be valid
// UTF-8). Encoding writes what numcodecs 0.11 writes with the codec's
// configuration (Python json's escaping and separators; msgpack-python's
// smallest forms, str 8 only with use_bin_type). msgpack2 reads maps,
// floats and extensions only to name the element that holds them.
//
// json2 reads whatever the configuration: indents, separators with white
// space, and Python's NaN, Infinity and -Infinity tokens (written for
// float elements: pandas writes a missing string as NaN) all parse. A
// NaN or infinity element is then refused as any number is (type float,
// its index named): the string and bytes data types have no value for it,
// and reading it as empty, as null reads, would turn a missing value into
// an empty string (numcodecs' VLenUTF8 refuses to encode NaN, too). An
// object array of numbers only is refused at its first element: zcodec's
// object arrays hold strings or byte strings. Encoding writes as numcodecs
// does with the configuration (indent, separators, ensure_ascii; the other
// flags change nothing for strings), and refuses configurations with
// which Python writes text that is not JSON.
//
// These codecs come from Zarr v2 and have no Zarr v3 definition: an array
// converted from v2 keeps them under the numcodecs.* names, and other
// Zarr v3 readers may not read it.
//
// Bound codecs are stateless and safe for concurrent use.
package vlen
