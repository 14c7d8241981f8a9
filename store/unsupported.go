package store

import "errors"

// ErrUnsupportedNode is matched by every *UnsupportedNodeError.
var ErrUnsupportedNode = errors.New("node cannot be presented")

// UnsupportedNodeError is the error of reading the metadata document of a
// node that a store of another format presents but cannot present as Zarr
// (an HDF5 dataset of a compound type, a virtual dataset, an external
// link): the node exists, of the kind given, and this is why it cannot be
// opened. Package zarr lists such a node among a group's members, and
// opening it fails with this error, so one such node does not hide the
// others.
type UnsupportedNodeError struct {
	// Kind is "array" or "group", or "" when the kind is unknown (a link
	// out of the file).
	Kind string
	// Reason says why, for a person.
	Reason string
	// Err is the underlying error, if any.
	Err error
}

func (e *UnsupportedNodeError) Error() string { return e.Reason }

// Is makes every UnsupportedNodeError match ErrUnsupportedNode.
func (e *UnsupportedNodeError) Is(target error) bool { return target == ErrUnsupportedNode }

// Unwrap returns Err.
func (e *UnsupportedNodeError) Unwrap() error { return e.Err }
