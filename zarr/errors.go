package zarr

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/zcodec/zcodec/internal/shorten"
)

// ErrNotArray is matched by a *NodeError for a node that exists but is a
// group, opened as an array (or the reverse: see ErrNotGroup).
var ErrNotArray = errors.New("not an array")

// ErrNotGroup is matched by a *NodeError for a node that is an array,
// opened as a group.
var ErrNotGroup = errors.New("not a group")

// ErrMixedFormats is matched (errors.Is) by the error of Consolidate for a
// hierarchy that mixes Zarr formats: a v2 node below a v3 group, or a v3
// node below a v2 group, whose metadata the group's consolidated metadata
// cannot hold.
var ErrMixedFormats = errors.New("a node of the other Zarr format below the group")

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

// MemberProblem is a key of a group's hierarchy that Members cannot use.
type MemberProblem struct {
	// Key is the key, or the name the store found that is not a key, as
	// found: not escaped, it may hold any bytes.
	Key string
	Err error // why: a *store.InvalidKeyError, the store's error, ...
}

// MembersError is returned by Group.Members together with the members it
// could read, when some keys of the hierarchy cannot be used (see
// Members). Problems is sorted by key.
type MembersError struct {
	Group    string // the group's path ("" for the root)
	Problems []MemberProblem
}

func (e *MembersError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "group %s: %d keys of the hierarchy cannot be read", strconv.Quote("/"+e.Group), len(e.Problems))
	for i, p := range e.Problems {
		if i == 3 {
			fmt.Fprintf(&b, "; and %d more", len(e.Problems)-i)
			break
		}
		fmt.Fprintf(&b, "; %s: %v", shorten.QuoteName(p.Key), p.Err)
	}
	return b.String()
}

// Unwrap returns the errors of the problems.
func (e *MembersError) Unwrap() []error {
	errs := make([]error, len(e.Problems))
	for i, p := range e.Problems {
		errs[i] = p.Err
	}
	return errs
}

// MetadataError reports a metadata document of a group that cannot be
// used (a group's zarr.json with its consolidated metadata, a Zarr v2
// .zmetadata): the JSON pointer (RFC 6901) of the value concerned and
// what is wrong with it, in words.
type MetadataError struct {
	File    string // the document: "zarr.json", ".zmetadata"
	Pointer string // the value concerned, "" for the document
	Reason  string
}

// Error returns "file: pointer: reason", with "/" for the document.
func (e *MetadataError) Error() string {
	p := e.Pointer
	if p == "" {
		p = "/"
	}
	return e.File + ": " + shorten.Pointer(p) + ": " + e.Reason
}
