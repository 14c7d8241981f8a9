package h5store

import (
	"context"
	"fmt"
	"path"
	"strings"

	"github.com/zcodec/zcodec/interop/hdf5/h5file"
	"github.com/zcodec/zcodec/store"
)

// Limits of the hierarchy presented.
const (
	maxDepth     = 64      // groups nested
	maxNodes     = 1 << 20 // groups and datasets
	maxSoftLinks = 16      // soft links followed for one name
)

// walker builds the nodes of a Store.
type walker struct {
	ctx   context.Context
	s     *Store
	f     *h5file.File
	datas []*pending // the dataset nodes, in walk order
}

// build reads the hierarchy from the object at inner (a path in the
// file) down.
func (s *Store) build(ctx context.Context, inner string) error {
	w := &walker{ctx: ctx, s: s, f: s.f}
	root, err := s.f.Root(ctx)
	if err != nil {
		return err
	}
	top := root
	h5path := "/"
	if inner != "" {
		obj, p, err := w.resolve(root, "/", inner, 0)
		if err != nil {
			return fmt.Errorf("%s: %w", inner, err)
		}
		top, h5path = obj, p
	}
	switch top.Kind {
	case h5file.KindGroup:
		if err := w.group("", h5path, top, map[uint64]bool{}, 0); err != nil {
			return err
		}
	case h5file.KindDataset:
		w.dataset("", h5path, top)
	default:
		return fmt.Errorf("%s is a %s, neither a group nor a dataset", h5path, top.Kind)
	}
	return w.finish()
}

// add records a node.
func (w *walker) add(n *node) error {
	if len(w.s.nodes) >= maxNodes {
		return fmt.Errorf("more than %d groups and datasets", maxNodes)
	}
	w.s.nodes[n.path] = n
	return nil
}

// group adds the group at Zarr path zp and everything below it.
// ancestors holds the header addresses of the groups above it, to refuse
// links that lead back up (a cycle).
func (w *walker) group(zp, h5path string, obj *h5file.Object, ancestors map[uint64]bool, depth int) error {
	n := &node{path: zp, h5path: h5path, kind: "group", obj: obj}
	if err := w.add(n); err != nil {
		return err
	}
	attrs, warns, err := w.attributes(obj, false)
	if err != nil {
		n.err = unsupportedNode("group", h5path, err)
		return nil
	}
	n.doc, err = groupDocument(attrs)
	if err != nil {
		n.err = unsupportedNode("group", h5path, err)
		return nil
	}
	_ = warns
	if depth >= maxDepth {
		n.err = unsupportedNode("group", h5path, fmt.Errorf("nested more than %d groups deep", maxDepth))
		return nil
	}
	links, err := obj.Links(w.ctx)
	if err != nil {
		n.err = unsupportedNode("group", h5path, fmt.Errorf("its members cannot be read: %w", err))
		return nil
	}
	ancestors[obj.Addr] = true
	defer delete(ancestors, obj.Addr)
	for _, l := range links {
		if err := w.ctx.Err(); err != nil {
			return err
		}
		childH5 := path.Join(h5path, l.Name)
		childZ := l.Name
		if zp != "" {
			childZ = zp + "/" + l.Name
		}
		if reason := badName(l.Name); reason != "" {
			if err := w.problem(zp, l.Name, childH5, fmt.Errorf("the name %q %s", l.Name, reason)); err != nil {
				return err
			}
			continue
		}
		var child *h5file.Object
		switch l.Kind {
		case h5file.LinkExternal:
			if err := w.add(&node{path: childZ, h5path: childH5, err: unsupportedNode("", childH5, fmt.Errorf("an external link to %q in the file %q: links to other files are not followed", l.Target, l.File))}); err != nil {
				return err
			}
			continue
		case h5file.LinkSoft:
			obj, _, err := w.resolve(obj, h5path, l.Target, 0)
			if err != nil {
				if err := w.add(&node{path: childZ, h5path: childH5, err: unsupportedNode("", childH5, fmt.Errorf("a soft link to %s: %w", l.Target, err))}); err != nil {
					return err
				}
				continue
			}
			child = obj
		default:
			o, err := w.f.Object(w.ctx, l.Addr)
			if err != nil {
				if err := w.add(&node{path: childZ, h5path: childH5, err: unsupportedNode("", childH5, err)}); err != nil {
					return err
				}
				continue
			}
			child = o
		}
		switch child.Kind {
		case h5file.KindGroup:
			if ancestors[child.Addr] {
				if err := w.add(&node{path: childZ, h5path: childH5, kind: "group", err: unsupportedNode("group", childH5, fmt.Errorf("it is a link back to a group that holds it (a cycle)"))}); err != nil {
					return err
				}
				continue
			}
			if err := w.group(childZ, childH5, child, ancestors, depth+1); err != nil {
				return err
			}
		case h5file.KindDataset:
			w.dataset(childZ, childH5, child)
		}
		// Committed datatypes and other objects are not nodes of Zarr.
	}
	return nil
}

// problem adds a node for a member that cannot be presented.
func (w *walker) problem(zp, name, h5path string, err error) error {
	// A name that is not a key cannot be a node path either: give it an
	// escaped stand-in so that listing shows it.
	safe := "member " + strings.Map(func(r rune) rune {
		if r < ' ' || r == '/' || r == '\\' || r == 0x7f {
			return '_'
		}
		return r
	}, name)
	if store.ValidKey(safe) != nil || badName(safe) != "" {
		safe = fmt.Sprintf("member %d", len(w.s.nodes))
	}
	if zp != "" {
		safe = zp + "/" + safe
	}
	return w.add(&node{path: safe, h5path: h5path, err: unsupportedNode("", h5path, err)})
}

// badName says why a link name cannot be a Zarr node name, or "".
func badName(name string) string {
	switch {
	case name == "" || name == "." || name == "..":
		return "is not a node name"
	case name == "zarr.json":
		return "is the name of a Zarr metadata document"
	case store.ValidKey(name) != nil:
		return "is not a valid key (a NUL, a backslash, or not UTF-8)"
	}
	return ""
}

// resolve follows a path from the group obj (at h5path) to an object,
// following soft links; it returns the object and its path.
func (w *walker) resolve(obj *h5file.Object, h5path, target string, hops int) (*h5file.Object, string, error) {
	if hops > maxSoftLinks {
		return nil, "", fmt.Errorf("more than %d soft links followed", maxSoftLinks)
	}
	cur, curPath := obj, h5path
	if strings.HasPrefix(target, "/") {
		root, err := w.f.Root(w.ctx)
		if err != nil {
			return nil, "", err
		}
		cur, curPath = root, "/"
	}
	for _, part := range strings.Split(target, "/") {
		if part == "" || part == "." {
			continue
		}
		if cur.Kind != h5file.KindGroup {
			return nil, "", fmt.Errorf("%s is not a group", curPath)
		}
		links, err := cur.Links(w.ctx)
		if err != nil {
			return nil, "", err
		}
		var found *h5file.Link
		for i := range links {
			if links[i].Name == part {
				found = &links[i]
				break
			}
		}
		if found == nil {
			return nil, "", fmt.Errorf("%s does not exist", path.Join(curPath, part))
		}
		next := path.Join(curPath, part)
		switch found.Kind {
		case h5file.LinkHard:
			o, err := w.f.Object(w.ctx, found.Addr)
			if err != nil {
				return nil, "", err
			}
			cur, curPath = o, next
		case h5file.LinkSoft:
			o, p, err := w.resolve(cur, curPath, found.Target, hops+1)
			if err != nil {
				return nil, "", err
			}
			cur, curPath = o, p
		default:
			return nil, "", fmt.Errorf("%s is an external link to %q in %q, which is not followed", next, found.Target, found.File)
		}
	}
	return cur, curPath, nil
}
