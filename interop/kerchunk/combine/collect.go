package combine

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"path"
	"slices"
	"strconv"
	"strings"

	"github.com/zcodec/zcodec/interop/kerchunk"
)

// node is a group or an array of one input.
type node struct {
	path   string
	array  bool
	zgroup []byte // a group's .zgroup, as the input holds it
	zattrs []byte // the .zattrs, nil when there is none
	attrs  map[string]json.RawMessage
	// An array's .zarray, its members, and what they say.
	zarray  []byte
	members map[string]json.RawMessage
	shape   []int64
	chunks  []int64
	sep     string
	dtype   string
	dims    []string // _ARRAY_DIMENSIONS, nil when there are none
	// keys are the array's chunks: the chunk indices, and the reference.
	keys []chunkRef
}

// chunkRef is one chunk of an array.
type chunkRef struct {
	index []int64
	ref   kerchunk.Ref
}

// input is one reference set, read.
type input struct {
	name     string
	location string
	refs     kerchunk.Refs
	nodes    map[string]*node
	paths    []string // sorted
}

// metaNames are the metadata keys of a Zarr v2 hierarchy that a combined
// set holds.
var metaNames = []string{".zgroup", ".zattrs", ".zarray"}

// collect reads the nodes and chunk references of a set.
func collect(ctx context.Context, in Input) (*input, error) {
	out := &input{name: in.Name, location: in.Location, refs: in.Refs, nodes: map[string]*node{}}
	type kv struct {
		key string
		ref kerchunk.Ref
	}
	var chunks []kv
	err := in.Refs.Keys(ctx, "", func(key string, _ int64) error {
		ref, ok, err := in.Refs.Ref(ctx, key)
		if err != nil || !ok {
			return err
		}
		dir, name := path.Split(key)
		dir = strings.TrimSuffix(dir, "/")
		if !kerchunk.IsMetadataKey(key) {
			chunks = append(chunks, kv{key, ref})
			return nil
		}
		if !slices.Contains(metaNames, name) || strings.Contains(dir, "/.z") || strings.HasPrefix(dir, ".z") {
			return nil // .zmetadata and the like: not carried over
		}
		if !ref.Inline {
			return fmt.Errorf("%s: %s is a reference to %s, not inline metadata", in.Name, key, ref.URL)
		}
		n := out.nodes[dir]
		if n == nil {
			n = &node{path: dir}
			out.nodes[dir] = n
		}
		switch name {
		case ".zgroup":
			n.zgroup = ref.Data
		case ".zattrs":
			n.zattrs = ref.Data
		case ".zarray":
			n.array, n.zarray = true, ref.Data
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("%s: %w", in.Name, err)
	}
	for p, n := range out.nodes {
		if n.zgroup == nil && !n.array {
			return nil, fmt.Errorf("%s: %s has attributes but no .zgroup or .zarray", in.Name, nodeName(p))
		}
		if n.zgroup != nil && n.array {
			return nil, fmt.Errorf("%s: %s has both a .zgroup and a .zarray", in.Name, nodeName(p))
		}
		if err := n.parse(); err != nil {
			return nil, fmt.Errorf("%s: %s: %w", in.Name, nodeName(p), err)
		}
		out.paths = append(out.paths, p)
	}
	slices.Sort(out.paths)
	for _, c := range chunks {
		n, rest := out.arrayOf(c.key)
		if n == nil {
			return nil, fmt.Errorf("%s: the key %s belongs to no array", in.Name, strconv.Quote(c.key))
		}
		idx, err := n.chunkIndex(rest)
		if err != nil {
			return nil, fmt.Errorf("%s: %s: %w", in.Name, strconv.Quote(c.key), err)
		}
		n.keys = append(n.keys, chunkRef{idx, c.ref})
	}
	return out, nil
}

// arrayOf returns the array a chunk key belongs to (the deepest array
// whose path prefixes it) and the rest of the key.
func (in *input) arrayOf(key string) (*node, string) {
	for i := len(key) - 1; i >= 0; i-- {
		if key[i] == '/' {
			if n := in.nodes[key[:i]]; n != nil && n.array {
				return n, key[i+1:]
			}
		}
	}
	if n := in.nodes[""]; n != nil && n.array {
		return n, key
	}
	return nil, ""
}

// parse reads what the node's metadata says.
func (n *node) parse() error {
	if n.zattrs != nil {
		if err := json.Unmarshal(n.zattrs, &n.attrs); err != nil {
			return fmt.Errorf(".zattrs is not a JSON object: %w", err)
		}
	}
	if !n.array {
		return nil
	}
	if err := json.Unmarshal(n.zarray, &n.members); err != nil {
		return fmt.Errorf(".zarray is not a JSON object: %w", err)
	}
	var za struct {
		Shape      []int64 `json:"shape"`
		Chunks     []int64 `json:"chunks"`
		Sep        string  `json:"dimension_separator"`
		DataType   any     `json:"dtype"`
		Order      string  `json:"order"`
		ZarrFormat int     `json:"zarr_format"`
	}
	if err := json.Unmarshal(n.zarray, &za); err != nil {
		return fmt.Errorf(".zarray: %w", err)
	}
	if len(za.Shape) != len(za.Chunks) {
		return fmt.Errorf(".zarray: %d dimensions in shape, %d in chunks", len(za.Shape), len(za.Chunks))
	}
	for i := range za.Shape {
		if za.Shape[i] < 0 || za.Chunks[i] < 1 {
			return fmt.Errorf(".zarray: shape %v with chunks %v", za.Shape, za.Chunks)
		}
	}
	n.shape, n.chunks, n.sep = za.Shape, za.Chunks, za.Sep
	if n.sep == "" {
		n.sep = "."
	}
	if s, ok := za.DataType.(string); ok {
		n.dtype = s
	}
	if raw, ok := n.attrs["_ARRAY_DIMENSIONS"]; ok {
		if err := json.Unmarshal(raw, &n.dims); err != nil || len(n.dims) != len(n.shape) {
			return fmt.Errorf("_ARRAY_DIMENSIONS %s does not name its %d dimensions", raw, len(n.shape))
		}
	}
	return nil
}

// chunkIndex parses the rest of a chunk key.
func (n *node) chunkIndex(rest string) ([]int64, error) {
	if len(n.shape) == 0 {
		if rest != "0" {
			return nil, fmt.Errorf("not the chunk key 0 of a scalar array")
		}
		return nil, nil
	}
	parts := strings.Split(rest, n.sep)
	if len(parts) != len(n.shape) {
		return nil, fmt.Errorf("not a chunk key of an array of %d dimensions", len(n.shape))
	}
	idx := make([]int64, len(parts))
	for i, p := range parts {
		v, err := strconv.ParseInt(p, 10, 64)
		grid := (n.shape[i] + n.chunks[i] - 1) / n.chunks[i]
		if err != nil || v < 0 || v >= max(grid, 1) || p != strconv.FormatInt(v, 10) {
			return nil, fmt.Errorf("not a chunk key of the array's grid")
		}
		idx[i] = v
	}
	return idx, nil
}

// chunkKey returns the key of the chunk at idx of the array at path p.
func chunkKey(p, sep string, idx []int64) string {
	var b strings.Builder
	if p != "" {
		b.WriteString(p)
		b.WriteByte('/')
	}
	if len(idx) == 0 {
		b.WriteByte('0')
	}
	for i, v := range idx {
		if i > 0 {
			b.WriteString(sep)
		}
		b.WriteString(strconv.FormatInt(v, 10))
	}
	return b.String()
}

// metaKey returns the key name (a metadata document, or a chunk key) of
// the node at p.
func metaKey(p, name string) string {
	if p == "" {
		return name
	}
	return p + "/" + name
}

// compact returns the compact form of a JSON value, for comparing.
func compact(raw json.RawMessage) string {
	var b bytes.Buffer
	if err := json.Compact(&b, raw); err != nil {
		return string(raw)
	}
	return b.String()
}
