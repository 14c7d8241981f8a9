package main

import (
	"errors"
	"strconv"
	"strings"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/zarr"
)

// nodeName names the node at inStore (its path in the store, "" for the
// root) of the store the user gave as userPath, the way the user would
// write it: userPath itself for the root ("data/x.zarr",
// "s3://bucket/x.zarr", credentials never shown), userPath/inStore below
// it ("data/x.zarr/temp", "s3://bucket/x.zarr/group/temp"), an unusual
// name escaped.
func nodeName(userPath, inStore string) string {
	base := shown(userPath)
	inStore = strings.Trim(inStore, "/")
	if inStore == "" {
		return base
	}
	return strings.TrimSuffix(base, "/") + "/" + strings.TrimPrefix(memberName(inStore), "/")
}

// namedError is an error whose text names the nodes it is about as the
// user would write them; errors.Is and errors.As see the original error.
type namedError struct {
	msg string
	err error
}

func (e *namedError) Error() string { return e.msg }

// Unwrap returns the original error.
func (e *namedError) Unwrap() error { return e.err }

// namedErr returns err with every node the library names by its path in
// the store (a *zarr.NodeError or *codec.ChunkError: `array "/"`, `array
// "/temp"`) named
// instead by its place under userPath, the PATH the user gave
// (`array data/x.zarr`, `array data/x.zarr/temp`), so that an error says
// which array of which store; the path in the store stays visible at the
// end of the name. Errors without a node are returned unchanged.
func namedErr(userPath string, err error) error {
	return renameNodes(err, func(kind, path string) string { return kind + " " + nodeName(userPath, path) })
}

// node is a node an error names: its kind and its path in the store.
type node struct{ kind, path string }

// renameNodes replaces the name of each node in err's text (`array
// "/temp"`, of a *zarr.NodeError or a *codec.ChunkError) with name(kind,
// path); a name of "" drops it, with its colon.
func renameNodes(err error, name func(kind, path string) string) error {
	if err == nil {
		return nil
	}
	var nodes []node
	var walk func(error)
	walk = func(e error) {
		for e != nil {
			switch x := e.(type) {
			case *zarr.NodeError:
				nodes = append(nodes, node{x.Kind, x.Path})
			case *codec.ChunkError:
				if x.Array != "" || x.Key != "" {
					nodes = append(nodes, node{"array", x.Array})
				}
			}
			switch u := e.(type) {
			case interface{ Unwrap() []error }:
				for _, x := range u.Unwrap() {
					walk(x)
				}
				return
			case interface{ Unwrap() error }:
				e = u.Unwrap()
			default:
				return
			}
		}
	}
	walk(err)
	if len(nodes) == 0 {
		return err
	}
	msg := err.Error()
	for _, ne := range nodes {
		header := ne.kind + " " + strconv.Quote("/"+ne.path)
		if n := name(ne.kind, ne.path); n != "" {
			msg = strings.Replace(msg, header, n, 1)
		} else {
			msg = strings.Replace(msg, header+": ", "", 1)
		}
	}
	return &namedError{msg: msg, err: err}
}

// hasNode reports whether err names a node of the store (a
// *zarr.NodeError or a *codec.ChunkError).
func hasNode(err error) bool {
	var ne *zarr.NodeError
	var ce *codec.ChunkError
	return errors.As(err, &ne) || errors.As(err, &ce)
}

// copyErr is namedErr for a conversion from the store the user gave as src
// into the one given as dst: a node the error names is an array (or group)
// of both, the one read and the one written, named
// `array data/in.zarr/temp -> out.zarr/temp`. Nodes already named under
// src (namedErr) stay as they are.
func copyErr(src, dst string, err error) error {
	return renameNodes(err, func(kind, path string) string {
		return kind + " " + nodeName(src, path) + " -> " + nodeName(dst, path)
	})
}
