package zarr

import (
	"bytes"
	"context"
	"encoding/json"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/metadata"
	"github.com/zcodec/zcodec/store"
)

// PendingArray is an array whose chunks are written before its metadata:
// its zarr.json is not in the store until Publish writes it, so readers
// see no array at its path (and no chunk of it as an element) while the
// chunks are being written. This is how a conversion split into parts
// (CopyPart) keeps a half-written array from looking complete: absent
// chunks read as the fill value, so an array whose metadata were written
// first would read, half-way, as an array of fill values.
//
// The metadata document is fixed when the pending array is made
// (CreatePending) and travels as bytes (Document) to the processes that
// write parts of it (OpenPending); Publish writes exactly those bytes.
type PendingArray struct {
	arr *Array
	doc []byte
}

// CreatePending is Create without the write: it validates m as strictly
// as Create does and fails with ErrExists when a node exists at path, but
// writes nothing. The array returned (Array) writes chunks; Publish
// writes its zarr.json.
func CreatePending(ctx context.Context, s store.Store, path string, m *metadata.ArrayDefinition, opts *Options) (*PendingArray, error) {
	path, err := cleanPath(path)
	if err != nil {
		return nil, &NodeError{Kind: "array", Path: path, Err: err}
	}
	if err := checkFree(ctx, s, path); err != nil {
		return nil, err
	}
	doc, err := m.MarshalJSON()
	if err != nil {
		return nil, &NodeError{Kind: "array", Path: path, Err: err}
	}
	return OpenPending(s, path, doc, opts)
}

// OpenPending returns the pending array at path in s whose metadata is
// doc, a Zarr v3 array's zarr.json (as Document returns it), validated as
// strictly as Create validates metadata. It neither reads nor writes the
// store: the processes that write parts of one array each open it from
// the same document.
func OpenPending(s store.Store, path string, doc []byte, opts *Options) (*PendingArray, error) {
	path, err := cleanPath(path)
	if err != nil {
		return nil, &NodeError{Kind: "array", Path: path, Err: err}
	}
	if kind := nodeType(doc); kind != "array" {
		return nil, &NodeError{Kind: "array", Path: path, Err: ErrNotArray}
	}
	parsed, err := metadata.Parse(doc, opts.metadataOptions(codec.FillStrict))
	if err != nil {
		return nil, &NodeError{Kind: "array", Path: path, Err: err}
	}
	a, err := newArray(s, path, 3, parsed, opts)
	if err != nil {
		return nil, err
	}
	return &PendingArray{arr: a, doc: bytes.Clone(doc)}, nil
}

// Array returns the array, to write its chunks (WriteRegion, CopyPart) or
// read what has been written.
func (p *PendingArray) Array() *Array { return p.arr }

// Document returns the zarr.json that Publish writes (a copy).
func (p *PendingArray) Document() []byte { return bytes.Clone(p.doc) }

// Publish writes the array's zarr.json, the document the pending array was
// made from, byte for byte, replacing what the key held: publishing again
// is harmless. Call it when every chunk is written.
func (p *PendingArray) Publish(ctx context.Context) (*Array, error) {
	if err := p.arr.st.Set(ctx, store.Join(p.arr.path, "zarr.json"), p.doc); err != nil {
		return nil, &NodeError{Kind: "array", Path: p.arr.path, Err: err}
	}
	return p.arr, nil
}

// PendingGroup is a group whose zarr.json is not yet written: the groups
// of a hierarchy being converted in parts, published with its arrays.
type PendingGroup struct {
	st    store.Store
	path  string
	doc   []byte
	attrs json.RawMessage
}

// CreatePendingGroup is CreateGroup without the write: it checks the
// attributes and fails with ErrExists when a node exists at path, but
// writes nothing until Publish.
func CreatePendingGroup(ctx context.Context, s store.Store, p string, attrs json.RawMessage) (*PendingGroup, error) {
	p, err := cleanPath(p)
	if err != nil {
		return nil, &NodeError{Kind: "group", Path: p, Err: err}
	}
	if err := checkFree(ctx, s, p); err != nil {
		return nil, err
	}
	doc, err := groupDocument(attrs)
	if err != nil {
		return nil, &NodeError{Kind: "group", Path: p, Err: err}
	}
	return &PendingGroup{st: s, path: p, doc: doc, attrs: attrs}, nil
}

// OpenPendingGroup returns the pending group at path in s whose metadata
// is doc, a Zarr v3 group's zarr.json (as Document returns it). It neither
// reads nor writes the store.
func OpenPendingGroup(s store.Store, p string, doc []byte) (*PendingGroup, error) {
	p, err := cleanPath(p)
	if err != nil {
		return nil, &NodeError{Kind: "group", Path: p, Err: err}
	}
	g, err := parseV3Group(doc)
	if err != nil {
		return nil, &NodeError{Kind: "group", Path: p, Err: err}
	}
	return &PendingGroup{st: s, path: p, doc: bytes.Clone(doc), attrs: g.attrs}, nil
}

// Path returns the group's path in its store ("" for the root).
func (g *PendingGroup) Path() string { return g.path }

// Document returns the zarr.json that Publish writes (a copy).
func (g *PendingGroup) Document() []byte { return bytes.Clone(g.doc) }

// Publish writes the group's zarr.json, byte for byte the document the
// pending group was made from, replacing what the key held: publishing
// again is harmless.
func (g *PendingGroup) Publish(ctx context.Context) (*Group, error) {
	if err := g.st.Set(ctx, store.Join(g.path, "zarr.json"), g.doc); err != nil {
		return nil, &NodeError{Kind: "group", Path: g.path, Err: err}
	}
	grp, err := parseV3Group(g.doc)
	if err != nil {
		return nil, &NodeError{Kind: "group", Path: g.path, Err: err}
	}
	grp.st, grp.path, grp.attrs = g.st, g.path, g.attrs
	return grp, nil
}
