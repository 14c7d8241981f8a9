package vlen

import "errors"

// ErrUnsupported is matched by every *UnsupportedError: an element of a
// valid numcodecs object chunk (json2, msgpack2) that zcodec does not read
// into a string or bytes array, such as a float, an integer or a dict.
var ErrUnsupported = errors.New("unsupported element")

// UnsupportedError is the Err of the *codec.ElementError (Decode set,
// Index the element's) that json2 and msgpack2 return for an element of a
// type they do not read. The chunk is not corrupt: numcodecs wrote an
// object array holding other values than strings.
type UnsupportedError struct {
	// Type is the element's type, as Python names it: "float", "int",
	// "bool", "dict", "list", "ext" (a MessagePack extension), or "bytes"
	// (a MessagePack bin in an array of the string data type).
	Type string
}

// Error returns "unsupported element of type T".
func (e *UnsupportedError) Error() string { return "unsupported element of type " + e.Type }

// Is makes every UnsupportedError match ErrUnsupported.
func (e *UnsupportedError) Is(target error) bool { return target == ErrUnsupported }
