package zarr

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/zcodec/zcodec/internal/shorten"
	"github.com/zcodec/zcodec/internal/strictjson"
	"github.com/zcodec/zcodec/store"
)

// FieldDiff is one top-level member of a metadata document on which a
// node's consolidated metadata and its own document disagree. A member
// absent from one side is nil there.
type FieldDiff struct {
	File         string          // the node's document: "zarr.json", ".zarray", ".zgroup", ".zattrs"
	Field        string          // the member, as a JSON pointer ("/data_type")
	Consolidated json.RawMessage // its value in the consolidated metadata
	Own          json.RawMessage // its value in the node's own document
}

// ConsolidatedMismatch is a node on which a group's consolidated metadata
// and the store disagree: a node whose own metadata says otherwise
// (Fields), a member whose own metadata is gone (NotInStore), or a node
// the store holds that the consolidated metadata leaves out
// (NotConsolidated). Through the group, the consolidated metadata is what
// is used (see the package documentation).
type ConsolidatedMismatch struct {
	Path            string      // the node's path in the store
	Fields          []FieldDiff // sorted by file and field
	NotInStore      bool
	NotConsolidated bool
}

// String returns the node's path quoted, then Reason, for instance
// `"/a": data_type is "uint8" in the consolidated metadata, "int8" in
// a/zarr.json; the consolidated metadata is used`.
func (m ConsolidatedMismatch) String() string {
	return shorten.QuoteName("/"+m.Path) + ": " + m.Reason()
}

// Reason says what disagrees and which copy is used, without the node's
// path.
func (m ConsolidatedMismatch) Reason() string {
	switch {
	case m.NotInStore:
		return "in the consolidated metadata but not in the store; the consolidated metadata is used (its chunks read as the fill value)"
	case m.NotConsolidated:
		return "in the store but not in the consolidated metadata, so it is not a member of the group"
	}
	parts := make([]string, len(m.Fields))
	for i, f := range m.Fields {
		parts[i] = fmt.Sprintf("%s is %s in the consolidated metadata, %s in %s", strings.TrimPrefix(shorten.Pointer(f.Field), "/"),
			describeMember(f.Consolidated), describeMember(f.Own), shorten.Name(store.Join(m.Path, f.File)))
	}
	return strings.Join(parts, "; ") + "; the consolidated metadata is used"
}

// describeMember is a member's value for a message, "absent" when nil.
func describeMember(v json.RawMessage) string {
	if v == nil {
		return "absent"
	}
	return shorten.Bytes(v)
}

// CheckConsolidated compares g's consolidated metadata with the store: it
// lists the hierarchy below g (the store must be able to list: an error
// matching errors.ErrUnsupported otherwise), reads each node's own
// metadata documents and returns, sorted by path, every node on which the
// two disagree (see ConsolidatedMismatch). A group's own
// consolidated_metadata member is not compared, since Consolidate writes
// it empty in the group's entry. It returns nothing for a group without
// consolidated metadata. What the listing cannot read is an error (a
// *MembersError), as it is for Members.
func (g *Group) CheckConsolidated(ctx context.Context) ([]ConsolidatedMismatch, error) {
	if g.consolidated == nil {
		return nil, nil
	}
	listed := &Group{st: g.st, path: g.path, format: g.format, attrs: g.attrs}
	nodes, err := listed.Members(ctx)
	if err != nil {
		return nil, err
	}
	prefix := ""
	if g.path != "" {
		prefix = g.path + "/"
	}
	var out []ConsolidatedMismatch
	seen := map[string]bool{}
	for _, n := range nodes {
		rel := strings.TrimPrefix(n.Path, prefix)
		seen[rel] = true
		c, ok := g.consolidated[rel]
		if !ok || c.empty() {
			out = append(out, ConsolidatedMismatch{Path: n.Path, NotConsolidated: true})
			continue
		}
		var diffs []FieldDiff
		for _, f := range []struct {
			file      string
			cons, own []byte
		}{{"zarr.json", c.zarrJSON, n.docs.zarrJSON}, {".zarray", c.zarray, n.docs.zarray}, {".zgroup", c.zgroup, n.docs.zgroup}, {".zattrs", c.zattrs, n.docs.zattrs}} {
			diffs = append(diffs, diffDocs(f.file, f.cons, f.own)...)
		}
		if len(diffs) > 0 {
			out = append(out, ConsolidatedMismatch{Path: n.Path, Fields: diffs})
		}
	}
	for rel, d := range g.consolidated {
		if rel != "" && !seen[rel] && !d.empty() {
			out = append(out, ConsolidatedMismatch{Path: store.Join(g.path, rel), NotInStore: true})
		}
	}
	slices.SortFunc(out, func(a, b ConsolidatedMismatch) int { return strings.Compare(a.Path, b.Path) })
	return out, nil
}

// diffDocs returns the top-level members on which two versions of one
// metadata document disagree (none when both are absent), comparing
// values as JSON (the order of members and white space do not count). A
// document on one side only differs in all its members.
func diffDocs(file string, cons, own []byte) []FieldDiff {
	if cons == nil && own == nil {
		return nil
	}
	cm, _ := membersByKey(cons)
	om, _ := membersByKey(own)
	var keys []string
	for k := range cm {
		keys = append(keys, k)
	}
	for k := range om {
		if _, ok := cm[k]; !ok {
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)
	var out []FieldDiff
	for _, k := range keys {
		if k == "consolidated_metadata" && file == "zarr.json" {
			continue
		}
		c, o := cm[k], om[k]
		if c != nil && o != nil && bytes.Equal(normalJSON(c), normalJSON(o)) {
			continue
		}
		out = append(out, FieldDiff{File: file, Field: strictjson.Pointer("", k), Consolidated: c, Own: o})
	}
	return out
}

// membersByKey returns the members of the JSON object doc by key.
func membersByKey(doc []byte) (map[string]json.RawMessage, error) {
	if doc == nil {
		return nil, nil
	}
	ms, err := objectMembers(doc)
	if err != nil {
		return nil, err
	}
	out := make(map[string]json.RawMessage, len(ms))
	for _, m := range ms {
		out[m.key] = m.val
	}
	return out, nil
}

// normalJSON returns v with objects' members sorted and no white
// space, numbers kept as written; v itself when it is not JSON.
func normalJSON(v json.RawMessage) []byte {
	dec := json.NewDecoder(bytes.NewReader(v))
	dec.UseNumber()
	var x any
	if err := dec.Decode(&x); err != nil {
		return v
	}
	b, err := json.Marshal(x)
	if err != nil {
		return v
	}
	return b
}

// empty reports whether d holds no document.
func (d nodeDocs) empty() bool {
	return d.zarrJSON == nil && d.zarray == nil && d.zgroup == nil && d.zattrs == nil
}
