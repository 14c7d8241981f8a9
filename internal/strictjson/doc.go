// Package strictjson reads the JSON documents zcodec parses (zarr.json,
// codec configurations, Zarr v2 and HDF5 descriptions) strictly, and says
// exactly where and why a document is rejected.
//
// Parse checks a whole document and returns its top-level object as an
// *Object. The reader of an object asks for each member it knows with a
// typed getter (String, Enum, Bool, Int, Ints, Object, Array, Raw) and
// ends with Finish, which reports the first member nobody asked for.
//
// What it rejects, beyond RFC 8259 syntax:
//   - a key repeated in any object of the document (encoding/json would
//     silently keep the last one, other readers the first);
//   - nesting deeper than Options.MaxDepth (DefaultMaxDepth by default);
//   - a byte-order mark, bare NaN and Infinity, single quotes, comments
//     and trailing commas, each with a message saying what to write
//     instead;
//   - invalid UTF-8 and unescaped control characters in strings.
//
// # Errors
//
// Every problem is described by an *Error: its Kind, the JSON pointer
// (RFC 6901) of the value concerned, the member's key, a reason written
// without location, and for problems found while scanning (syntax, depth,
// duplicate keys) the byte offset, line and column. A caller that reports
// problems in its own error type passes Options.NewError, which builds that
// error from the *Error once, when the problem is found; with no NewError
// the *Error itself is returned. Messages never quote more than a short
// prefix of a value (see internal/shorten).
//
// FromPython rewrites the bare NaN, Infinity and -Infinity that Python's
// json module writes into the strings "NaN", "Infinity" and "-Infinity",
// for readers of documents written by Python (docs/decisions.md#d21);
// Parse itself never accepts them.
//
// Pointer and Escape are the module's one implementation of JSON pointer
// escaping.
package strictjson
