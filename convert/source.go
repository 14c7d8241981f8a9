package convert

import (
	"context"
	"errors"
	"path"

	"github.com/zcodec/zcodec/store"
	"github.com/zcodec/zcodec/zarr"
)

// Source is what a conversion reads: the node at the root of a store,
// either one array or a group with the members of its hierarchy. Any
// store will do: a directory, an object store, or a file of another
// format that a store presents as Zarr (an HDF5 or netCDF-4 file opened
// with store.Open once interop/hdf5/h5store is imported). A Source is
// safe for concurrent use by the parts of a conversion.
type Source struct {
	st       store.Store
	array    *zarr.Array
	group    *zarr.Group
	members  []zarr.Node
	problems *zarr.MembersError
	opts     *zarr.Options
}

// OpenSource opens the node at the root of s: a group with its members
// (Group.Members, which reads the metadata of the whole hierarchy), or
// else an array, opened with opts; the group's member arrays are opened
// with opts too. Keys of the hierarchy that Members could not use are not
// an error here: Problems returns them, and a conversion leaves out those
// that are Unconvertible and fails on the others. A context cancelled
// while the members are read is an error, not a list of problems.
func OpenSource(ctx context.Context, s store.Store, opts *zarr.Options) (*Source, error) {
	g, err := zarr.OpenGroup(ctx, s, "")
	if err == nil {
		members, err := g.Members(ctx)
		if ctx.Err() != nil {
			// The members not read are not problems of the store.
			return nil, &zarr.NodeError{Kind: "group", Path: "", Err: context.Cause(ctx)}
		}
		var problems *zarr.MembersError
		if err != nil && !errors.As(err, &problems) {
			return nil, err
		}
		return &Source{st: s, group: g, members: members, problems: problems, opts: opts}, nil
	}
	// Not a group: an array, or nothing. A store of another format may
	// present at its root an array it cannot serve (an HDF5 virtual
	// dataset): opening it as an array says why.
	var une *store.UnsupportedNodeError
	if !errors.Is(err, zarr.ErrNotGroup) && !errors.Is(err, store.ErrNotFound) && !(errors.As(err, &une) && une.Kind == "array") {
		return nil, kindUnknown(err)
	}
	a, err := zarr.Open(ctx, s, "", opts)
	if err != nil {
		return nil, err
	}
	return &Source{st: s, array: a, opts: opts}, nil
}

// kindUnknown relabels an error of OpenGroup that comes from reading the
// metadata that would say what the node is (zarr.json, .zgroup): the node
// may as well be an array, so the error names a "node".
func kindUnknown(err error) error {
	var ne *zarr.NodeError
	var ke *store.KeyError
	if errors.As(err, &ne) && ne.Kind == "group" && errors.As(err, &ke) {
		if base := path.Base(ke.Key); base == "zarr.json" || base == ".zgroup" {
			return &zarr.NodeError{Kind: "node", Path: ne.Path, Err: ne.Err}
		}
	}
	return err
}

// ArraySource is the source of a conversion of the array a alone, at its
// path in its store: the array converted is written at the same path of
// the destination.
func ArraySource(a *zarr.Array) *Source {
	return &Source{st: a.Store(), array: a}
}

// Store returns the store the source reads.
func (s *Source) Store() store.Store { return s.st }

// Array returns the array the source is, nil when it is a group.
func (s *Source) Array() *zarr.Array { return s.array }

// Group returns the group at the source's root, nil when it is an array.
func (s *Source) Group() *zarr.Group { return s.group }

// Members returns the members of the group, sorted by path (see
// zarr.Group.Members); nil for an array.
func (s *Source) Members() []zarr.Node { return s.members }

// Problems returns the keys of the group's hierarchy that Members could
// not use, nil when there are none.
func (s *Source) Problems() *zarr.MembersError { return s.problems }

// arrays returns the arrays of the source in sorted path order, and the
// nodes that cannot be converted: arrays whose metadata cannot be read,
// and the keys of the hierarchy Members could not use, when the error is
// Unconvertible. Any other failure is an error, naming the node.
func (s *Source) arrays(ctx context.Context) ([]*zarr.Array, []Skipped, error) {
	if s.array != nil {
		return []*zarr.Array{s.array}, nil, nil
	}
	var skipped []Skipped
	if s.problems != nil {
		for _, p := range s.problems.Problems {
			key := p.Key
			if s.problems.Group != "" {
				key = s.problems.Group + "/" + key
			}
			reason, ok := skipReason(p.Err)
			if !ok {
				return nil, nil, &zarr.NodeError{Kind: "node", Path: key, Err: p.Err}
			}
			skipped = append(skipped, Skipped{Path: key, Reason: reason})
		}
	}
	var arrays []*zarr.Array
	for _, m := range s.members { // sorted by path
		if m.Kind != "array" {
			continue
		}
		a, err := m.OpenArray(ctx, s.opts)
		if err != nil {
			reason, ok := skipReason(err)
			if !ok {
				return nil, nil, err
			}
			skipped = append(skipped, Skipped{Path: m.Path, Reason: reason})
			continue
		}
		arrays = append(arrays, a)
	}
	return arrays, skipped, nil
}
