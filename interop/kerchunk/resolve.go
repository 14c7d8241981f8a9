package kerchunk

import (
	"context"
	"fmt"
	"strings"

	"github.com/zcodec/zcodec/interop/hdf5/h5file"
)

// maxLinkHops bounds the soft links followed to find one object.
const maxLinkHops = 32

// lookup finds the object at an absolute path of the file, following
// soft links, as h5store reached it.
func lookup(ctx context.Context, f *h5file.File, p string) (*h5file.Object, error) {
	root, err := f.Root(ctx)
	if err != nil {
		return nil, err
	}
	return follow(ctx, f, root, p, 0)
}

// follow walks path p from the group at (or the root, for an absolute p).
func follow(ctx context.Context, f *h5file.File, at *h5file.Object, p string, hops int) (*h5file.Object, error) {
	if hops > maxLinkHops {
		return nil, fmt.Errorf("more than %d soft links", maxLinkHops)
	}
	if strings.HasPrefix(p, "/") {
		root, err := f.Root(ctx)
		if err != nil {
			return nil, err
		}
		at = root
	}
	for _, name := range strings.Split(p, "/") {
		if name == "" || name == "." {
			continue
		}
		if at.Kind != h5file.KindGroup {
			return nil, fmt.Errorf("%q is under an object that is not a group", name)
		}
		links, err := at.Links(ctx)
		if err != nil {
			return nil, err
		}
		var l *h5file.Link
		for i := range links {
			if links[i].Name == name {
				l = &links[i]
				break
			}
		}
		if l == nil {
			return nil, fmt.Errorf("no link %q", name)
		}
		switch l.Kind {
		case h5file.LinkHard:
			if at, err = f.Object(ctx, l.Addr); err != nil {
				return nil, err
			}
		case h5file.LinkSoft:
			if at, err = follow(ctx, f, at, l.Target, hops+1); err != nil {
				return nil, err
			}
		default:
			return nil, fmt.Errorf("%q is a link to another file", name)
		}
	}
	return at, nil
}
