package h5store

import (
	"encoding/binary"
	"fmt"
	"slices"
	"strings"

	"github.com/zcodec/zcodec/interop/hdf5/h5file"
)

// ncDim is a dimension as netcdf-c builds them when it opens a file: from
// a dimension scale, or a phony one for a dataset without scales.
type ncDim struct {
	name  string
	len   uint64
	unlim bool
}

// dimWalk assigns every dataset of the file its dimension names the way
// netcdf-c (and so netCDF4-python and xarray) reads them: the names of the
// dimension scales its DIMENSION_LIST attribute refers to; a dimension
// scale names its own dimension; elsewhere a phony dimension,
// "phony_dim_N", shared by the datasets of one group whose dimension has
// the same length and the same unlimitedness, N counting every dimension
// of the file in the order netcdf-c meets them (a group's dimension
// scales in link order, then its subgroups, then its other datasets).
type dimWalk struct {
	w      *walker
	next   int
	scales map[uint64]string // header address of a dimension scale -> its name
	byID   map[int64]string  // _Netcdf4Dimid -> name
	names  map[uint64][]string
	seen   map[uint64]bool
}

// dimensionNames returns the dimension names of every dataset node.
func (w *walker) dimensionNames() (map[*pending][]string, error) {
	dw := &dimWalk{w: w, scales: map[uint64]string{}, byID: map[int64]string{}, names: map[uint64][]string{}, seen: map[uint64]bool{}}
	root, err := w.f.Root(w.ctx)
	if err != nil {
		return nil, err
	}
	if err := dw.group(root, 0); err != nil {
		return nil, err
	}
	out := map[*pending][]string{}
	for _, p := range w.datas {
		if p.n.obj == nil || p.n.arr == nil {
			continue
		}
		if names, ok := dw.names[p.n.obj.Addr]; ok && len(names) == len(p.n.arr.shape) {
			out[p] = names
			continue
		}
		// A dataset netcdf-c does not reach (through a soft link only):
		// its scales, else phony names of its own.
		names, ok := dw.fromList(p.raw, len(p.n.arr.shape))
		if !ok {
			names = make([]string, len(p.n.arr.shape))
			for i := range names {
				names[i] = fmt.Sprintf("phony_dim_%d", dw.next)
				dw.next++
			}
		}
		out[p] = names
	}
	return out, nil
}

// group visits a group as netcdf-c's metadata reader does.
func (dw *dimWalk) group(g *h5file.Object, depth int) error {
	if dw.seen[g.Addr] || depth > maxDepth {
		return nil
	}
	dw.seen[g.Addr] = true
	links, err := g.Links(dw.w.ctx)
	if err != nil {
		return nil // the group's node says why
	}
	if g.TracksLinkOrder(dw.w.ctx) {
		slices.SortStableFunc(links, func(a, b h5file.Link) int { return int(a.CreationOrder - b.CreationOrder) })
	}
	var dims []ncDim
	type later struct {
		obj   *h5file.Object
		attrs []h5file.Attribute
		ds    *h5file.Dataset
	}
	var datasets []later
	var groups []*h5file.Object
	for _, l := range links {
		if err := dw.w.ctx.Err(); err != nil {
			return err
		}
		if l.Kind != h5file.LinkHard {
			continue
		}
		o, err := dw.w.f.Object(dw.w.ctx, l.Addr)
		if err != nil {
			continue
		}
		switch o.Kind {
		case h5file.KindGroup:
			groups = append(groups, o)
		case h5file.KindDataset:
			attrs, err := o.Attributes(dw.w.ctx)
			if err != nil {
				continue
			}
			ds, err := o.Dataset(dw.w.ctx)
			if err != nil {
				continue
			}
			if !isScale(attrs) {
				datasets = append(datasets, later{o, attrs, ds})
				continue
			}
			d := ncDim{name: l.Name}
			if len(ds.Space.Dims) > 0 {
				d.len, d.unlim = ds.Space.Dims[0], ds.Space.MaxDims[0] == h5file.Unlimited
			}
			dims = append(dims, d)
			if id, ok := intAttr(attrs, "_Netcdf4Dimid"); ok {
				dw.byID[id] = l.Name
				dw.next = max(dw.next, int(id)+1)
			} else {
				dw.next++
			}
			if _, ok := dw.scales[o.Addr]; !ok {
				dw.scales[o.Addr] = l.Name
			}
			// A coordinate variable's dimensions: its own, or those its
			// _Netcdf4Coordinates lists.
			datasets = append(datasets, later{o, attrs, ds})
		}
	}
	for _, sub := range groups {
		if err := dw.group(sub, depth+1); err != nil {
			return err
		}
	}
	for _, d := range datasets {
		if _, done := dw.names[d.obj.Addr]; done {
			continue
		}
		rank := len(d.ds.Space.Dims)
		if rank == 0 {
			continue
		}
		if name, ok := dw.scales[d.obj.Addr]; ok {
			names := dw.fromCoordinates(d.attrs, rank)
			if names == nil {
				names = make([]string, rank)
				names[0] = name
				for i := 1; i < rank; i++ {
					names[i] = dw.phony(&dims, d.ds, i, names[:i])
				}
			}
			dw.names[d.obj.Addr] = names
			continue
		}
		if names, ok := dw.fromList(d.attrs, rank); ok {
			dw.names[d.obj.Addr] = names
			continue
		}
		names := make([]string, rank)
		for i := range rank {
			names[i] = dw.phony(&dims, d.ds, i, names[:i])
		}
		dw.names[d.obj.Addr] = names
	}
	return nil
}

// phony returns the name of a phony dimension for dimension i of ds: a
// dimension of the group of the same length and unlimitedness that the
// dataset does not use yet, or a new one.
func (dw *dimWalk) phony(dims *[]ncDim, ds *h5file.Dataset, i int, used []string) string {
	n, unlim := ds.Space.Dims[i], ds.Space.MaxDims[i] == h5file.Unlimited
	for _, d := range *dims {
		if d.len == n && d.unlim == unlim && !slices.Contains(used, d.name) {
			return d.name
		}
	}
	name := fmt.Sprintf("phony_dim_%d", dw.next)
	dw.next++
	*dims = append(*dims, ncDim{name: name, len: n, unlim: unlim})
	return name
}

// fromList resolves a DIMENSION_LIST attribute: for each dimension, the
// first dimension scale it refers to.
func (dw *dimWalk) fromList(attrs []h5file.Attribute, rank int) ([]string, bool) {
	f := dw.w.f
	for _, a := range attrs {
		if a.Name != "DIMENSION_LIST" || a.Type.Class != h5file.ClassVlen || a.Type.Base == nil || a.Type.Base.Class != h5file.ClassReference || a.Type.Base.RefType != 0 {
			continue
		}
		es := a.Type.Size
		so := f.Superblock().SizeOfOffsets
		if len(a.Data) != rank*es || a.Type.Base.Size != so {
			return nil, false
		}
		names := make([]string, rank)
		for i := range rank {
			refs, err := f.ReadVlen(dw.w.ctx, a.Data[i*es:(i+1)*es])
			if err != nil || len(refs) < so {
				return nil, false
			}
			var addr uint64
			for k := so - 1; k >= 0; k-- {
				addr = addr<<8 | uint64(refs[k])
			}
			name, ok := dw.scales[addr]
			if !ok {
				return nil, false
			}
			names[i] = name
		}
		return names, true
	}
	return nil, false
}

// fromCoordinates resolves _Netcdf4Coordinates (dimension ids).
func (dw *dimWalk) fromCoordinates(attrs []h5file.Attribute, rank int) []string {
	for _, a := range attrs {
		if a.Name != "_Netcdf4Coordinates" || a.Type.Class != h5file.ClassFixed || a.Type.Size != 4 || len(a.Data) != 4*rank {
			continue
		}
		names := make([]string, rank)
		for i := range rank {
			v := binary.LittleEndian.Uint32(a.Data[4*i:])
			if a.Type.Order == h5file.BigEndian {
				v = binary.BigEndian.Uint32(a.Data[4*i:])
			}
			name, ok := dw.byID[int64(int32(v))]
			if !ok {
				return nil
			}
			names[i] = name
		}
		return names
	}
	return nil
}

// intAttr reads a scalar integer attribute.
func intAttr(attrs []h5file.Attribute, name string) (int64, bool) {
	for _, a := range attrs {
		if a.Name != name || (a.Type.Class != h5file.ClassFixed) || len(a.Data) != a.Type.Size || a.Type.Size > 8 {
			continue
		}
		v := strings.TrimSpace(string(intJSON(a.Type, a.Data)))
		var n int64
		if _, err := fmt.Sscan(v, &n); err == nil {
			return n, true
		}
	}
	return 0, false
}
