package zarr

import (
	"errors"
	"fmt"
	"strconv"
)

// ErrNotArray is matched by a *NodeError for a node that exists but is a
// group, opened as an array (or the reverse: see ErrNotGroup).
var ErrNotArray = errors.New("not an array")

// ErrNotGroup is matched by a *NodeError for a node that is an array,
// opened as a group.
var ErrNotGroup = errors.New("not a group")

// ErrExists is matched by a *NodeError from Create when a node already
// exists at the path.
var ErrExists = errors.New("a node already exists there")

// NodeError reports a failure about a whole node: it cannot be found, its
// metadata is not valid, it cannot be written.
type NodeError struct {
	Kind string // "array", "group" or "node" (when the kind is not known)
	Path string // the node's path in the store ("" for the root)
	Err  error
}

func (e *NodeError) Error() string {
	return fmt.Sprintf("%s %s: %v", e.Kind, strconv.Quote("/"+e.Path), e.Err)
}

// Unwrap returns Err.
func (e *NodeError) Unwrap() error { return e.Err }
