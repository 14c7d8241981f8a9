package zarr

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/zcodec/zcodec/internal/shorten"
	"github.com/zcodec/zcodec/store"
)

// Consolidate writes the consolidated metadata of the group at groupPath
// in s: the metadata of every node below it, at any depth, in one document,
// so that opening the group and every member (OpenGroup, Group.Members,
// Node.OpenArray) costs one read and no listing. It lists the hierarchy
// (the store must be able to list) without using consolidated metadata
// already there, and returns the group reopened with what it wrote.
//
// For a Zarr v3 group it rewrites the group's zarr.json with the inline
// consolidated_metadata member as zarr-python 3 writes it (see the
// package documentation); for a Zarr v2 group it writes the group's
// .zmetadata as zarr-python 2 does. Either way the other members of the
// group's documents are kept as they are.
//
// A document larger than a metadata document may be (64 MiB, which
// OpenGroup would refuse to read) fails the call, with nothing written.
// What Members cannot use (see MembersError) fails the call, with nothing
// written: consolidated metadata that leaves part of the hierarchy out
// would hide it from every reader. So does a node of the other Zarr format
// (ErrMixedFormats) and a metadata document that is not a JSON object.
func Consolidate(ctx context.Context, s store.Store, groupPath string) (*Group, error) {
	g, err := OpenGroup(ctx, s, groupPath)
	if err != nil {
		return nil, err
	}
	fail := func(err error) (*Group, error) {
		return nil, &NodeError{Kind: "group", Path: g.path, Err: fmt.Errorf("consolidating metadata: %w", err)}
	}
	listed := &Group{st: s, path: g.path, format: g.format, attrs: g.attrs}
	nodes, err := listed.Members(ctx)
	if err != nil {
		return fail(err)
	}
	prefix := ""
	if g.path != "" {
		prefix = g.path + "/"
	}
	for _, n := range nodes {
		if n.Format != g.format {
			return fail(fmt.Errorf("%w: %s is a Zarr v%d %s in a Zarr v%d group",
				ErrMixedFormats, shorten.QuoteName(n.Path), n.Format, n.Kind, g.format))
		}
	}
	var key string
	var doc []byte
	if g.format == 3 {
		key = store.Join(g.path, "zarr.json")
		doc, err = consolidatedV3(ctx, s, key, nodes, prefix)
	} else {
		key = store.Join(g.path, ".zmetadata")
		doc, err = consolidatedV2(ctx, s, g.path, nodes, prefix)
	}
	if err != nil {
		return fail(err)
	}
	if len(doc) > maxMetadataBytes {
		// Written, it would replace a readable document with one no reader
		// of this package opens: the group would be lost.
		return fail(fmt.Errorf("%s would be %d bytes, more than the %d a metadata document may hold; nothing written",
			shorten.QuoteName(key), len(doc), maxMetadataBytes))
	}
	if err := s.Set(ctx, key, doc); err != nil {
		return fail(err)
	}
	return OpenGroup(ctx, s, g.path)
}

// emptyConsolidated is the consolidated_metadata member of a group that is
// itself a member of consolidated metadata: its members are listed in the
// consolidating group's document, not again inside its own entry.
const emptyConsolidated = `{"kind":"inline","must_understand":false,"metadata":{}}`

// consolidatedV3 returns the group's zarr.json (read at key) with the
// consolidated_metadata member of nodes.
func consolidatedV3(ctx context.Context, s store.Store, key string, nodes []Node, prefix string) ([]byte, error) {
	own, err := getMetadata(ctx, s, key)
	if err != nil {
		return nil, err
	}
	entries := make([]docEntry, 0, len(nodes))
	for _, n := range nodes {
		doc := n.docs.zarrJSON
		if n.Kind == "group" {
			doc, err = withMember(doc, "consolidated_metadata", json.RawMessage(emptyConsolidated))
		} else {
			_, err = objectMembers(doc)
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %v", shorten.QuoteName(store.Join(n.Path, "zarr.json")), err)
		}
		entries = append(entries, docEntry{strings.TrimPrefix(n.Path, prefix), doc})
	}
	slices.SortFunc(entries, compareV3Keys)
	var c bytes.Buffer
	c.WriteString(`{"kind":"inline","must_understand":false,"metadata":`)
	if err := writeEntries(&c, entries); err != nil {
		return nil, err
	}
	c.WriteByte('}')
	doc, err := withMember(own, "consolidated_metadata", c.Bytes())
	if err != nil {
		return nil, fmt.Errorf("zarr.json: %v", err)
	}
	return indent(doc, "  "), nil
}

// consolidatedV2 returns the .zmetadata document of the Zarr v2 group at
// p: its own .zgroup and .zattrs and those of nodes, by key relative to
// the group.
func consolidatedV2(ctx context.Context, s store.Store, p string, nodes []Node, prefix string) ([]byte, error) {
	var entries []docEntry
	for _, name := range []string{".zgroup", ".zattrs"} {
		v, err := getMetadata(ctx, s, store.Join(p, name))
		switch {
		case err == nil:
			entries = append(entries, docEntry{name, v})
		case !errors.Is(err, store.ErrNotFound):
			return nil, err
		}
	}
	for _, n := range nodes {
		rel := strings.TrimPrefix(n.Path, prefix)
		for _, f := range []struct {
			name string
			doc  []byte
		}{{".zarray", n.docs.zarray}, {".zgroup", n.docs.zgroup}, {".zattrs", n.docs.zattrs}} {
			if f.doc != nil {
				entries = append(entries, docEntry{rel + "/" + f.name, f.doc})
			}
		}
	}
	for _, e := range entries {
		if _, err := objectMembers(e.doc); err != nil {
			return nil, fmt.Errorf("%s: %v", shorten.QuoteName(store.Join(p, e.key)), err)
		}
	}
	// zarr-python 2 writes every key sorted (by code point, which is the
	// order of UTF-8 bytes).
	slices.SortFunc(entries, func(a, b docEntry) int { return strings.Compare(a.key, b.key) })
	var b bytes.Buffer
	b.WriteString(`{"metadata":`)
	if err := writeEntries(&b, entries); err != nil {
		return nil, err
	}
	b.WriteString(`,"zarr_consolidated_format":1}`)
	return indent(b.Bytes(), "    "), nil
}

// docEntry is one metadata document of consolidated metadata, by key.
type docEntry struct {
	key string
	doc []byte
}

// compareV3Keys orders the keys of v3 consolidated metadata as zarr-python
// 3 does: by depth, then without regard to case (zarr-python compares the
// NFKC case folding, which lower-casing matches for ASCII names), then
// byte by byte so that the order is total.
func compareV3Keys(a, b docEntry) int {
	if c := strings.Count(a.key, "/") - strings.Count(b.key, "/"); c != 0 {
		return c
	}
	if c := strings.Compare(strings.ToLower(a.key), strings.ToLower(b.key)); c != 0 {
		return c
	}
	return strings.Compare(a.key, b.key)
}

// writeEntries writes entries as one JSON object, each document compacted.
func writeEntries(b *bytes.Buffer, entries []docEntry) error {
	b.WriteByte('{')
	for i, e := range entries {
		if i > 0 {
			b.WriteByte(',')
		}
		k, _ := json.Marshal(e.key)
		b.Write(k)
		b.WriteByte(':')
		if err := json.Compact(b, e.doc); err != nil {
			return fmt.Errorf("%s: %v", shorten.QuoteName(e.key), err)
		}
	}
	b.WriteByte('}')
	return nil
}

// indent returns the JSON document doc indented, with a final newline.
func indent(doc []byte, prefix string) []byte {
	var out bytes.Buffer
	json.Indent(&out, doc, "", prefix) // doc is valid: it was just built from checked parts
	out.WriteByte('\n')
	return out.Bytes()
}

// member is one member of a JSON object.
type member struct {
	key string
	val json.RawMessage
}

// objectMembers returns the members of the JSON object doc, in order.
func objectMembers(doc []byte) ([]member, error) {
	var whole json.RawMessage
	if err := json.Unmarshal(doc, &whole); err != nil {
		return nil, err
	}
	dec := json.NewDecoder(bytes.NewReader(doc))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return nil, errors.New("not a JSON object")
	}
	var out []member
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return nil, err
		}
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return nil, err
		}
		out = append(out, member{t.(string), v})
	}
	return out, nil
}

// withMember returns the JSON object doc with member key set to val: in
// place when doc has it, last otherwise.
func withMember(doc []byte, key string, val json.RawMessage) ([]byte, error) {
	ms, err := objectMembers(doc)
	if err != nil {
		return nil, err
	}
	i := slices.IndexFunc(ms, func(m member) bool { return m.key == key })
	if i < 0 {
		ms = append(ms, member{key, val})
	} else {
		ms[i].val = val
	}
	var b bytes.Buffer
	b.WriteByte('{')
	for i, m := range ms {
		if i > 0 {
			b.WriteByte(',')
		}
		k, _ := json.Marshal(m.key)
		b.Write(k)
		b.WriteByte(':')
		if err := json.Compact(&b, m.val); err != nil {
			return nil, err
		}
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}
