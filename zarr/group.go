package zarr

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"path"
	"slices"
	"strings"

	"github.com/zcodec/zcodec/internal/shorten"
	"github.com/zcodec/zcodec/internal/strictjson"
	"github.com/zcodec/zcodec/store"
)

// Group is a Zarr group: a node whose members are arrays and groups below
// its path.
type Group struct {
	st     store.Store
	path   string
	format int
	attrs  json.RawMessage
	// consolidated holds the members' metadata when the group carries
	// consolidated metadata (nil otherwise), by path relative to the group.
	consolidated map[string]nodeDocs
}

// nodeDocs are the metadata documents of one node: zarr.json for Zarr v3;
// .zarray or .zgroup, and .zattrs, for Zarr v2.
type nodeDocs struct {
	zarrJSON, zarray, zgroup, zattrs []byte
}

// Node is a member of a group's hierarchy, as Members finds it.
type Node struct {
	Path       string          // the node's path in the store
	Kind       string          // "array" or "group"
	Format     int             // 3, or 2
	Attributes json.RawMessage // the node's attributes, or nil

	st   store.Store
	docs nodeDocs
	// err is why a node that a store of another format presents cannot
	// be opened (a *store.UnsupportedNodeError).
	err error
}

// OpenArray opens the node as an array, from the metadata already read
// (or consolidated) when there is some.
func (n *Node) OpenArray(ctx context.Context, opts *Options) (*Array, error) {
	if n.Kind != "array" {
		return nil, &NodeError{Kind: "array", Path: n.Path, Err: ErrNotArray}
	}
	if n.err != nil {
		return nil, &NodeError{Kind: "array", Path: n.Path, Err: n.err}
	}
	switch {
	case n.docs.zarrJSON != nil:
		return openV3(n.st, n.Path, n.docs.zarrJSON, opts)
	case n.docs.zarray != nil:
		return openV2(ctx, n.st, n.Path, n.docs.zarray, n.docs.zattrs, opts)
	}
	return Open(ctx, n.st, n.Path, opts)
}

// OpenGroup opens the group at path in s: a Zarr v3 group (zarr.json with
// node_type "group") or a Zarr v2 group (.zgroup, with .zattrs and the
// consolidated metadata of .zmetadata when present).
func OpenGroup(ctx context.Context, s store.Store, p string) (*Group, error) {
	p, err := cleanPath(p)
	if err != nil {
		return nil, &NodeError{Kind: "group", Path: p, Err: err}
	}
	fail := func(err error) (*Group, error) { return nil, &NodeError{Kind: "group", Path: p, Err: err} }
	doc, err := getMetadata(ctx, s, store.Join(p, "zarr.json"))
	if err == nil {
		g, err := parseV3Group(doc)
		if err != nil {
			return fail(err)
		}
		g.st, g.path = s, p
		return g, nil
	}
	if !errors.Is(err, store.ErrNotFound) {
		return fail(err)
	}
	zgroup, err := getMetadata(ctx, s, store.Join(p, ".zgroup"))
	if errors.Is(err, store.ErrNotFound) {
		if _, aerr := getMetadata(ctx, s, store.Join(p, ".zarray")); aerr == nil {
			return fail(fmt.Errorf("%w: a Zarr v2 array (.zarray)", ErrNotGroup))
		}
		return fail(fmt.Errorf("no zarr.json or .zgroup: %w", store.ErrNotFound))
	}
	if err != nil {
		return fail(err)
	}
	var head struct {
		ZarrFormat int `json:"zarr_format"`
	}
	if err := json.Unmarshal(zgroup, &head); err != nil || head.ZarrFormat != 2 {
		return fail(errors.New(".zgroup: want {\"zarr_format\": 2}"))
	}
	g := &Group{st: s, path: p, format: 2}
	if attrs, err := getMetadata(ctx, s, store.Join(p, ".zattrs")); err == nil {
		g.attrs = attrs
	} else if !errors.Is(err, store.ErrNotFound) {
		return fail(err)
	}
	zmeta, err := getMetadata(ctx, s, store.Join(p, ".zmetadata"))
	switch {
	case err == nil:
		if g.consolidated, err = parseZmetadata(zmeta); err != nil {
			return fail(err)
		}
	case !errors.Is(err, store.ErrNotFound):
		return fail(err)
	}
	return g, nil
}

// parseV3Group reads a group's zarr.json, with its inline consolidated
// metadata when present. A value of the wrong JSON type, and two members
// of the consolidated metadata that name one node ("a", "/a", "a/"), are a
// *MetadataError with the JSON pointer of the value.
func parseV3Group(doc []byte) (*Group, error) {
	const file = "zarr.json"
	bad := func(pointer, format string, args ...any) error {
		return &MetadataError{File: file, Pointer: pointer, Reason: fmt.Sprintf(format, args...)}
	}
	obj, err := strictjson.Parse(doc, strictjson.Options{})
	if err != nil {
		return nil, jsonError(file, err, "an object (a group's zarr.json)")
	}
	zf, ok := obj.Raw("zarr_format")
	switch {
	case !ok:
		return nil, bad("", "missing required member \"zarr_format\"")
	case string(zf) != "3":
		return nil, bad("/zarr_format", "zarr_format is %s, want the number 3", strictjson.Describe(zf))
	}
	nt, ok := obj.Raw("node_type")
	var nodeType string
	switch {
	case !ok:
		return nil, bad("", "missing required member \"node_type\"")
	case nt[0] != '"' || json.Unmarshal(nt, &nodeType) != nil:
		return nil, bad("/node_type", "node_type must be the string \"group\", got %s", strictjson.Describe(nt))
	case nodeType == "array":
		return nil, fmt.Errorf("%w: zarr.json describes an array", ErrNotGroup)
	case nodeType != "group":
		return nil, bad("/node_type", "node_type is %s, want \"group\"", shorten.Quote(nodeType))
	}
	g := &Group{format: 3}
	if v, ok := obj.Raw("attributes"); ok {
		if v[0] != '{' {
			return nil, bad("/attributes", "attributes must be an object, got %s", strictjson.Describe(v))
		}
		g.attrs = v
	}
	v, ok := obj.Raw("consolidated_metadata")
	if !ok || string(v) == "null" {
		return g, nil
	}
	const cm = "/consolidated_metadata"
	if v[0] != '{' {
		return nil, bad(cm, "consolidated_metadata must be null or an object with \"kind\": \"inline\" and \"metadata\", got %s", strictjson.Describe(v))
	}
	c, err := strictjson.Parse(v, strictjson.Options{Pointer: cm})
	if err != nil {
		return nil, jsonError(file, err, "an object")
	}
	if k, ok := c.Raw("kind"); ok {
		var kind string
		if k[0] != '"' || json.Unmarshal(k, &kind) != nil {
			return nil, bad(cm+"/kind", "kind must be a string (\"inline\"), got %s", strictjson.Describe(k))
		}
		if kind != "inline" {
			return nil, bad(cm+"/kind", "consolidated_metadata of kind %s is not supported; only \"inline\"", shorten.Quote(kind))
		}
	}
	m, ok := c.Raw("metadata")
	if !ok || string(m) == "null" {
		return g, nil
	}
	if m[0] != '{' {
		return nil, bad(cm+"/metadata", "metadata must be an object holding the metadata of each node by its path, got %s", strictjson.Describe(m))
	}
	members, err := objectMembers(m) // checked by strictjson.Parse above
	if err != nil {
		return nil, bad(cm+"/metadata", "%v", err)
	}
	g.consolidated = make(map[string]nodeDocs, len(members))
	first := make(map[string]string, len(members)) // the key naming each node first
	for _, mem := range members {
		ptr := strictjson.Pointer(cm, "metadata", mem.key)
		p, err := cleanPath(mem.key)
		if err == nil && p == "" {
			err = errors.New("not a path below the group")
		}
		if err != nil {
			return nil, bad(ptr, "member %s: %v", shorten.QuoteName(mem.key), err)
		}
		if mem.val[0] != '{' {
			return nil, bad(ptr, "member %s must be an object (the node's zarr.json), got %s", shorten.QuoteName(mem.key), strictjson.Describe(mem.val))
		}
		if k, dup := first[p]; dup {
			return nil, bad(ptr, "members %s and %s both name the node %s: readers disagree on which one counts",
				shorten.QuoteName(k), shorten.QuoteName(mem.key), shorten.QuoteName(p))
		}
		first[p] = mem.key
		g.consolidated[p] = nodeDocs{zarrJSON: mem.val}
	}
	return g, nil
}

// jsonError turns an error of strictjson into a *MetadataError of file;
// want says what the document should have been when it is not an object.
func jsonError(file string, err error, want string) error {
	var e *strictjson.Error
	if !errors.As(err, &e) {
		return &MetadataError{File: file, Reason: err.Error()}
	}
	reason := e.Reason
	switch {
	case e.Kind == strictjson.KindType && len(e.Path) == 0:
		reason = "want " + want + strings.TrimPrefix(reason, "want a JSON object")
	case e.Position() != "":
		reason += " at " + e.Position()
	}
	return &MetadataError{File: file, Pointer: e.Pointer, Reason: reason}
}

// parseZmetadata reads a Zarr v2 .zmetadata document.
func parseZmetadata(doc []byte) (map[string]nodeDocs, error) {
	const file = ".zmetadata"
	obj, err := strictjson.Parse(doc, strictjson.Options{})
	if err != nil {
		return nil, jsonError(file, err, "an object with \"metadata\" and \"zarr_consolidated_format\"")
	}
	if f, ok := obj.Raw("zarr_consolidated_format"); !ok || string(f) != "1" {
		got := "missing"
		if ok {
			got = strictjson.Describe(f)
		}
		return nil, &MetadataError{File: file, Pointer: "/zarr_consolidated_format", Reason: "zarr_consolidated_format must be the number 1, got " + got}
	}
	m, ok := obj.Raw("metadata")
	if !ok || m[0] != '{' {
		got := "nothing"
		if ok {
			got = strictjson.Describe(m)
		}
		return nil, &MetadataError{File: file, Pointer: "/metadata", Reason: "metadata must be an object holding each document by its key, got " + got}
	}
	members, err := objectMembers(m)
	if err != nil {
		return nil, &MetadataError{File: file, Pointer: "/metadata", Reason: err.Error()}
	}
	out := map[string]nodeDocs{}
	for _, mem := range members {
		key, v := mem.key, mem.val
		dir, name := path.Split(key)
		dir = strings.TrimSuffix(dir, "/")
		if dir != "" {
			if _, err := cleanPath(dir); err != nil {
				return nil, &MetadataError{File: file, Pointer: strictjson.Pointer("/metadata", key), Reason: fmt.Sprintf("key %s: %v", shorten.Name(key), err)}
			}
		}
		d := out[dir]
		switch name {
		case ".zarray":
			d.zarray = v
		case ".zgroup":
			d.zgroup = v
		case ".zattrs":
			d.zattrs = v
		default:
			continue
		}
		out[dir] = d
	}
	return out, nil
}

// CreateGroup writes the zarr.json of a new Zarr v3 group at path in s,
// with the given attributes (a JSON object, or nil).
func CreateGroup(ctx context.Context, s store.Store, p string, attrs json.RawMessage) (*Group, error) {
	g, err := CreatePendingGroup(ctx, s, p, attrs)
	if err != nil {
		return nil, err
	}
	return g.Publish(ctx)
}

// groupDocument returns the zarr.json of a Zarr v3 group with the given
// attributes (nil: none), as CreateGroup writes it.
func groupDocument(attrs json.RawMessage) ([]byte, error) {
	var b bytes.Buffer
	b.WriteString(`{"zarr_format":3,"node_type":"group"`)
	if len(attrs) > 0 {
		var obj map[string]json.RawMessage
		if err := json.Unmarshal(attrs, &obj); err != nil || obj == nil {
			return nil, errors.New("attributes must be a JSON object")
		}
		b.WriteString(`,"attributes":`)
		if err := json.Compact(&b, attrs); err != nil {
			return nil, err
		}
	}
	b.WriteString("}")
	var out bytes.Buffer
	json.Indent(&out, b.Bytes(), "", "  ")
	out.WriteByte('\n')
	return out.Bytes(), nil
}

// Path returns the group's path in its store ("" for the root).
func (g *Group) Path() string { return g.path }

// Format returns 3 for a Zarr v3 group, 2 for a Zarr v2 group.
func (g *Group) Format() int { return g.format }

// Attributes returns the group's attributes as JSON, or nil.
func (g *Group) Attributes() json.RawMessage { return g.attrs }

// Consolidated reports whether the group carries consolidated metadata
// (a v3 consolidated_metadata member, or a v2 .zmetadata).
func (g *Group) Consolidated() bool { return g.consolidated != nil }

// Members returns every array and group below g (at any depth), sorted by
// path. With consolidated metadata it reads nothing more from the store;
// otherwise it lists the keys under the group (the store must be able to
// list) and reads each node's metadata.
//
// What the listing finds but cannot use is reported, not dropped: names
// that are not keys (not valid UTF-8, a backslash), keys the store lists
// but cannot read (store.Entry.Err), and metadata documents whose reading
// fails. Members then returns the nodes it could read together with a
// *MembersError listing them, so that a caller that copies or checks a
// whole hierarchy cannot miss them. What lies inside an array found (its
// chunks) is left to the array (see Array.Stats and Array.Verify).
//
// A store of another format (an HDF5 file) may present a node it cannot
// present as Zarr: reading its metadata fails with a
// *store.UnsupportedNodeError of kind "array" or "group". Such a node is
// a member like the others, and opening it (Node.OpenArray) fails with
// that error; one of no known kind is a MembersError problem.
func (g *Group) Members(ctx context.Context) ([]Node, error) {
	var nodes []Node
	var problems []MemberProblem
	if g.consolidated != nil {
		for rel, d := range g.consolidated {
			if rel == "" {
				continue
			}
			n, ok := nodeFromDocs(g.st, store.Join(g.path, rel), d)
			if ok {
				nodes = append(nodes, n)
			}
		}
	} else {
		found := map[string]bool{}
		var bad []MemberProblem
		prefix := ""
		if g.path != "" {
			prefix = g.path + "/"
		}
		err := g.st.List(ctx, prefix, func(e store.Entry) error {
			dir, name := path.Split(e.Key)
			kerr := e.Err
			if kerr == nil {
				kerr = store.ValidKey(e.Key)
			}
			if kerr != nil {
				key := e.Key
				var ike *store.InvalidKeyError
				if errors.As(kerr, &ike) {
					key = ike.Key // the name as found, where e.Key may be escaped
				}
				bad = append(bad, MemberProblem{Key: key, Err: kerr})
				return nil
			}
			if name == "zarr.json" || name == ".zarray" || name == ".zgroup" {
				if p := strings.TrimSuffix(dir, "/"); p != g.path {
					found[p] = true
				}
			}
			return nil
		})
		if err != nil {
			return nil, &NodeError{Kind: "group", Path: g.path, Err: err}
		}
		for p := range found {
			d, err := readDocs(ctx, g.st, p)
			var une *store.UnsupportedNodeError
			if errors.As(err, &une) && (une.Kind == "array" || une.Kind == "group") {
				// A node the store presents but cannot present as Zarr: a
				// member whose opening fails, beside the others.
				nodes = append(nodes, Node{Path: p, Kind: une.Kind, Format: 3, st: g.st, err: err})
				continue
			}
			if err != nil {
				key := p
				var ke *store.KeyError
				if errors.As(err, &ke) {
					key = ke.Key // the document that failed
				}
				problems = append(problems, MemberProblem{Key: key, Err: err})
				continue
			}
			if n, ok := nodeFromDocs(g.st, p, d); ok {
				nodes = append(nodes, n)
			}
		}
		for _, b := range bad {
			if !insideArray(b.Key, nodes) {
				problems = append(problems, b)
			}
		}
	}
	slices.SortFunc(nodes, func(a, b Node) int { return strings.Compare(a.Path, b.Path) })
	if len(problems) > 0 {
		slices.SortFunc(problems, func(a, b MemberProblem) int { return strings.Compare(a.Key, b.Key) })
		return nodes, &MembersError{Group: g.path, Problems: problems}
	}
	return nodes, nil
}

// insideArray reports whether key lies below one of the arrays of nodes.
func insideArray(key string, nodes []Node) bool {
	for _, n := range nodes {
		if n.Kind == "array" && strings.HasPrefix(key, n.Path+"/") {
			return true
		}
	}
	return false
}

// readDocs reads the metadata documents of the node at p.
func readDocs(ctx context.Context, s store.Store, p string) (nodeDocs, error) {
	var d nodeDocs
	for _, f := range []struct {
		name string
		dst  *[]byte
	}{{"zarr.json", &d.zarrJSON}, {".zarray", &d.zarray}, {".zgroup", &d.zgroup}, {".zattrs", &d.zattrs}} {
		v, err := getMetadata(ctx, s, store.Join(p, f.name))
		if err == nil {
			*f.dst = v
		} else if !errors.Is(err, store.ErrNotFound) {
			return d, err
		}
		if f.name == "zarr.json" && err == nil {
			return d, nil
		}
	}
	return d, nil
}

// nodeFromDocs describes the node whose documents are d; false when d
// holds no node.
func nodeFromDocs(s store.Store, p string, d nodeDocs) (Node, bool) {
	n := Node{Path: p, st: s, docs: d}
	switch {
	case d.zarrJSON != nil:
		var head struct {
			NodeType   string          `json:"node_type"`
			Attributes json.RawMessage `json:"attributes"`
		}
		json.Unmarshal(d.zarrJSON, &head)
		n.Kind, n.Format, n.Attributes = head.NodeType, 3, head.Attributes
		if n.Kind != "array" && n.Kind != "group" {
			n.Kind = "array" // Open will say what is wrong with it
		}
	case d.zarray != nil:
		n.Kind, n.Format, n.Attributes = "array", 2, d.zattrs
	case d.zgroup != nil:
		n.Kind, n.Format, n.Attributes = "group", 2, d.zattrs
	default:
		return n, false
	}
	return n, true
}
