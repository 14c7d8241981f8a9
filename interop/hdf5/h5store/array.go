package h5store

import (
	"encoding/json"
	"fmt"
	"github.com/zcodec/zcodec/interop/hdf5"
	"math"
	"strconv"
	"sync"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/interop/cf"
	"github.com/zcodec/zcodec/interop/hdf5/h5file"
	"github.com/zcodec/zcodec/interop/internal/build"
	"github.com/zcodec/zcodec/metadata"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/region"
	"github.com/zcodec/zcodec/registry"
)

// array is a dataset presented as a Zarr array.
type array struct {
	ds      *h5file.Dataset
	mt      mappedType
	shape   []int64
	chunk   []int   // the Zarr chunk shape
	grid    []int64 // chunks along each dimension
	chunks  *region.Regular
	layout  h5file.LayoutClass
	filters []h5file.Filter
	spec    codec.ChunkSpec
	codecs  []codec.Codec // the chain presented
	fill    numeric.Scalar
	// elemSize is the size of a stored element (the heap reference of a
	// variable-length string).
	elemSize int
	// contigDim is the dimension a contiguous dataset's chunks cut (they
	// hold all of the dimensions after it, and one index of those before).
	contigDim int

	indexMu sync.Mutex
	index   *chunkIndex

	mu    sync.Mutex
	pipes map[uint32]*codec.Pipeline // decoding chains by filter mask (^0: the chain presented)
}

// mapArray maps a dataset onto a Zarr array, or says why it cannot be.
func (w *walker) mapArray(h5path string, obj *h5file.Object) (*array, *DatasetInfo, []string, error) {
	ds, err := obj.Dataset(w.ctx)
	if err != nil {
		return nil, nil, nil, err
	}
	info := &DatasetInfo{Path: h5path, Layout: ds.Layout.Class.String(), Filters: []FilterInfo{}}
	if ds.Layout.Class == h5file.LayoutChunked {
		info.Index = ds.Layout.Index.String()
	}
	for _, f := range ds.Filters {
		info.Filters = append(info.Filters, FilterInfo{ID: f.ID, Name: filterInfoName(f), Params: nonNil(f.CDValues)})
	}
	switch {
	case ds.Layout.Class == h5file.LayoutVirtual:
		return nil, info, nil, fmt.Errorf("a virtual dataset (VDS): its data are mappings onto other datasets and files, which are not followed")
	case ds.External:
		return nil, info, nil, fmt.Errorf("its raw data live in external files (the external data files message), which are not read")
	case ds.Space.Kind == h5file.SpaceNull:
		return nil, info, nil, fmt.Errorf("its dataspace is null (H5S_NULL): it holds no elements and has no shape")
	}
	nbit := false
	for _, f := range ds.Filters {
		nbit = nbit || f.ID == hdf5.FilterNbit
	}
	mt, err := mapType(ds.Type, nbit)
	if err != nil {
		return nil, info, nil, err
	}
	a := &array{ds: ds, mt: mt, layout: ds.Layout.Class, elemSize: ds.Type.Size, pipes: map[uint32]*codec.Pipeline{}}
	for _, d := range ds.Space.Dims {
		if d > math.MaxInt64/2 {
			return nil, info, nil, fmt.Errorf("a dimension of %d elements", d)
		}
		a.shape = append(a.shape, int64(d))
	}
	if err := a.checkExtent(w.f); err != nil {
		return nil, info, nil, err
	}
	if err := a.chunking(w.s.opts.ContiguousChunkBytes); err != nil {
		return nil, info, nil, err
	}
	if ds.Layout.Class == h5file.LayoutChunked {
		a.filters = ds.Filters
	}
	var warns []string
	if mt.kind == vlenStrings {
		name := "vlen-utf8"
		if mt.dt == numeric.Bytes {
			name = "vlen-bytes"
		}
		c, err := build.Codec(registry.Default(), "/codecs/0", name, nil)
		if err != nil {
			return nil, info, nil, err
		}
		a.codecs = []codec.Codec{c}
	} else if a.codecs, err = hdf5.Codecs(mt.dt, mt.endian, a.filters, 0); err != nil {
		return nil, info, nil, err
	}
	if a.fill, err = w.fillValue(ds, mt); err != nil {
		warns = append(warns, err.Error())
		a.fill = numeric.Zero(mt.dt)
	}
	a.spec = codec.ChunkSpec{DataType: mt.dt, Shape: a.chunk, FillValue: a.fill}
	if err := a.spec.Validate(); err != nil {
		return nil, info, nil, err
	}
	return a, info, warns, nil
}

// checkExtent checks that the dataset's data fit where they are stored:
// its elements count in an int64, a contiguous dataset's bytes lie inside
// the file and a compact one's in its header, so that no dimension read
// from the file makes a reader walk more chunks than the file holds.
func (a *array) checkExtent(f *h5file.File) error {
	total := int64(a.elemSize)
	for _, d := range a.shape {
		var ok bool
		if total, ok = mulInt(total, d); !ok {
			return fmt.Errorf("its dimensions %v hold more than 2^63 bytes", a.shape)
		}
	}
	l := &a.ds.Layout
	switch a.layout {
	case h5file.LayoutContiguous:
		if l.Address == ^uint64(0) {
			return nil // never written
		}
		if l.Size < uint64(total) || l.Address > uint64(f.Size()) || f.Offset(l.Address) > f.Size()-total {
			return fmt.Errorf("its %d bytes of contiguous data (the layout says %d at address %d) do not lie inside the file of %d bytes", total, l.Size, l.Address, f.Size())
		}
	case h5file.LayoutCompact:
		if int64(len(l.Compact)) != total {
			return fmt.Errorf("its compact data hold %d bytes, want %d", len(l.Compact), total)
		}
	}
	return nil
}

func nonNil(v []uint32) []uint32 {
	if v == nil {
		return []uint32{}
	}
	return v
}

// filterInfoName is the filter's name as the file stores it, else the
// usual name of its id.
func filterInfoName(f h5file.Filter) string {
	if f.Name != "" {
		return f.Name
	}
	return hdf5.FilterName(f.ID)
}

// chunking chooses the Zarr chunk grid: HDF5's chunks; the whole dataset
// for a compact one; for a contiguous one, as many whole rows of the
// leading dimensions as fit maxBytes (at least one index of the first
// dimension that does not hold all after it), so that each chunk is one
// contiguous range of the file.
func (a *array) chunking(maxBytes int64) error {
	rank := len(a.shape)
	a.chunk = make([]int, rank)
	switch a.layout {
	case h5file.LayoutChunked:
		for i, c := range a.ds.Layout.Chunk {
			if c > math.MaxInt32 {
				return fmt.Errorf("a chunk dimension of %d", c)
			}
			a.chunk[i] = int(c)
		}
	case h5file.LayoutCompact:
		for i, d := range a.shape {
			a.chunk[i] = int(max(d, 1))
			if d > math.MaxInt32 {
				return fmt.Errorf("a compact dimension of %d", d)
			}
		}
	default:
		// Dimensions are taken whole from the last one up while they fit;
		// the first that does not is cut into rows (contigDim), and
		// those before it are one index per chunk.
		for d := range rank {
			a.chunk[d] = int(min(max(a.shape[d], 1), math.MaxInt32))
		}
		inner := int64(a.elemSize)
		for d := rank - 1; d >= 0; d-- {
			full, ok := mulInt(inner, max(a.shape[d], 1))
			if ok && full <= maxBytes {
				inner = full
				continue
			}
			a.contigDim = d
			a.chunk[d] = int(min(max(maxBytes/inner, 1), max(a.shape[d], 1), math.MaxInt32))
			for k := range d {
				a.chunk[k] = 1
			}
			for k := d + 1; k < rank; k++ {
				if a.shape[k] > math.MaxInt32 {
					return fmt.Errorf("a contiguous dimension of %d elements is too long for one chunk", a.shape[k])
				}
			}
			break
		}
	}
	a.chunks = region.NewRegular(a.shape, a.chunk)
	a.grid = a.chunks.GridShape()
	return nil
}

func mulInt(a, b int64) (int64, bool) {
	if a != 0 && b > math.MaxInt64/a {
		return 0, false
	}
	return a * b, true
}

// fillValue is the Zarr fill_value: the header's fill value, else the
// type's zero (docs/decisions.md#d32).
func (w *walker) fillValue(ds *h5file.Dataset, mt mappedType) (numeric.Scalar, error) {
	raw := ds.Fill.Value
	if mt.kind == vlenStrings {
		if len(raw) < w.f.VlenSize() {
			return numeric.Zero(mt.dt), nil
		}
		v, err := w.f.ReadVlen(w.ctx, raw)
		if err != nil {
			return numeric.Scalar{}, fmt.Errorf("the fill value cannot be read (%v); the empty string is used", err)
		}
		s, err := numeric.TextScalar(mt.dt, string(trimString(v, ds.Type.Pad)))
		if err != nil {
			return numeric.Scalar{}, fmt.Errorf("the fill value %q is not a string (%v); the empty string is used", v, err)
		}
		return s, nil
	}
	if len(raw) == 0 {
		return numeric.Zero(mt.dt), nil
	}
	if ds.Fill.FillTime == 1 {
		// Fill time "never": HDF5 never writes the fill value, and a
		// reader of an unwritten chunk gets whatever its buffer held
		// (h5py: zeros).
		return numeric.Zero(mt.dt), fmt.Errorf("the fill value %x is never written (fill time never): unwritten chunks read as the type's zero, as h5py reads them", raw)
	}
	if len(raw) != mt.dt.Size() {
		return numeric.Scalar{}, fmt.Errorf("the header's fill value has %d bytes for a %d-byte type; the type's zero is used", len(raw), mt.dt.Size())
	}
	b := append([]byte(nil), raw...)
	if mt.endian == numeric.BigEndian {
		cs := mt.dt.ComponentType().Size()
		for i := 0; i+cs <= len(b); i += cs {
			for l, r := i, i+cs-1; l < r; l, r = l+1, r-1 {
				b[l], b[r] = b[r], b[l]
			}
		}
	}
	s, err := numeric.ScalarFromBytes(mt.dt, b)
	if err != nil {
		return numeric.Scalar{}, fmt.Errorf("the header's fill value: %v", err)
	}
	return s, nil
}

// attributes returns an object's attributes as JSON, without the netCDF
// and dimension-scale bookkeeping, and notes on those not shown.
func (w *walker) attributes(obj *h5file.Object, isScale bool) (map[string]json.RawMessage, []string, error) {
	list, err := obj.Attributes(w.ctx)
	if err != nil {
		return nil, nil, fmt.Errorf("its attributes cannot be read: %w", err)
	}
	d := attrDecoder{ctx: w.ctx, f: w.f}
	out := map[string]json.RawMessage{}
	var warns []string
	for i := range list {
		a := &list[i]
		if bookkeeping(a, isScale) {
			continue
		}
		v, err := d.value(a)
		if err != nil {
			warns = append(warns, fmt.Sprintf("attribute %s is not shown: %v", strconv.Quote(a.Name), err))
			continue
		}
		out[a.Name] = v
	}
	return out, warns, nil
}

// isScale reports whether an object is a dimension scale (its CLASS
// attribute is "DIMENSION_SCALE").
func isScale(attrs []h5file.Attribute) bool {
	for _, a := range attrs {
		if a.Name == "CLASS" && a.Type.Class == h5file.ClassString {
			return string(trimString(a.Data, a.Type.Pad)) == "DIMENSION_SCALE"
		}
	}
	return false
}

// definition returns the array's metadata with its attributes
// consolidated as package cf does and the given dimension names.
func (a *array) definition(attrs map[string]json.RawMessage, dims []string) (docAttrs map[string]json.RawMessage, warns []string, doc []byte, err error) {
	c, err := cf.Consolidate(a.mt.dt, a.fill, attrs)
	if err != nil {
		return nil, nil, nil, err
	}
	for _, w := range c.Warnings {
		warns = append(warns, w.Message)
	}
	if len(a.mt.enum) > 0 {
		members := map[string]json.RawMessage{}
		for _, m := range a.mt.enum {
			members[m.Name] = intJSON(a.ds.Type.Base, m.Value)
		}
		b, _ := json.Marshal(members)
		c.Attributes[EnumAttribute] = b
	}
	def := &metadata.ArrayDefinition{Shape: a.shape, DataType: a.mt.dt, ChunkShape: a.chunk, FillValue: c.FillValue, Codecs: a.codecs}
	if len(c.Attributes) > 0 {
		if def.Attributes, err = json.Marshal(c.Attributes); err != nil {
			return nil, nil, nil, err
		}
	}
	if len(dims) == len(a.shape) && len(dims) > 0 {
		if def.DimensionNames, err = json.Marshal(dims); err != nil {
			return nil, nil, nil, err
		}
	}
	a.fill = c.FillValue
	doc, err = def.MarshalJSON()
	return c.Attributes, warns, doc, err
}

// EnumAttribute is the attribute that holds an enum dataset's members
// ({"name": value, ...}); the array holds the enum's integers.
const EnumAttribute = "hdf5_enum"
