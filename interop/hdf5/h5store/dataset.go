package h5store

import (
	"encoding/json"
	"fmt"

	"github.com/zcodec/zcodec/interop/hdf5/h5file"
)

// pending is a dataset node whose metadata waits for its dimension names.
type pending struct {
	n     *node
	attrs map[string]json.RawMessage
	raw   []h5file.Attribute // for the dimension lists
	scale bool
	// hidden: a netCDF dimension without a coordinate variable, which
	// names a dimension but is not an array.
	hidden bool
	warns  []string
}

// dataset adds the dataset at Zarr path zp, its metadata to be finished
// once the dimension names are known.
func (w *walker) dataset(zp, h5path string, obj *h5file.Object) {
	n := &node{path: zp, h5path: h5path, kind: "array", obj: obj}
	if err := w.add(n); err != nil {
		n.err = unsupportedNode("array", h5path, err)
		return
	}
	raw, err := obj.Attributes(w.ctx)
	if err != nil {
		n.err = unsupportedNode("array", h5path, fmt.Errorf("its attributes cannot be read: %w", err))
		return
	}
	p := &pending{n: n, raw: raw, scale: isScale(raw)}
	if p.scale {
		for _, a := range raw {
			if a.Name == "NAME" && a.Type.Class == h5file.ClassString {
				p.hidden = isNetCDFDimensionOnly(string(trimString(a.Data, a.Type.Pad)))
			}
		}
	}
	arr, info, warns, err := w.mapArray(h5path, obj)
	n.info = info
	if err != nil {
		n.err = unsupportedNode("array", h5path, err)
		w.datas = append(w.datas, p)
		return
	}
	n.arr = arr
	attrs, awarns, err := w.attributes(obj, p.scale)
	if err != nil {
		n.err = unsupportedNode("array", h5path, err)
		return
	}
	p.attrs, p.warns = attrs, append(warns, awarns...)
	w.datas = append(w.datas, p)
}

// isNetCDFDimensionOnly reports whether a dimension scale's NAME marks a
// netCDF dimension that has no coordinate variable: netcdf-c writes
// "This is a netCDF dimension but not a netCDF variable." followed by the
// dimension's length, h5netcdf the sentence alone.
func isNetCDFDimensionOnly(name string) bool {
	const mark = "This is a netCDF dimension but not a netCDF variable."
	return len(name) >= len(mark) && name[:len(mark)] == mark
}

// finish resolves the dimension names and writes the metadata of every
// dataset; netCDF dimensions without coordinate variables are dropped.
func (w *walker) finish() error {
	names, err := w.dimensionNames()
	if err != nil {
		return err
	}
	for _, p := range w.datas {
		n := p.n
		if p.hidden {
			delete(w.s.nodes, n.path)
			continue
		}
		if n.err != nil || n.arr == nil {
			continue
		}
		_, warns, doc, err := n.arr.definition(p.attrs, names[p])
		if err != nil {
			n.err = unsupportedNode("array", n.h5path, err)
			continue
		}
		n.doc = doc
		n.info.Warnings = append(p.warns, warns...)
	}
	return nil
}

// groupDocument is a group's zarr.json.
func groupDocument(attrs map[string]json.RawMessage) ([]byte, error) {
	doc := struct {
		ZarrFormat int                        `json:"zarr_format"`
		NodeType   string                     `json:"node_type"`
		Attributes map[string]json.RawMessage `json:"attributes,omitempty"`
	}{3, "group", attrs}
	return json.Marshal(doc)
}
