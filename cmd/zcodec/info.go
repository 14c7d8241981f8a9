package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/codecs/sharding"
	"github.com/zcodec/zcodec/internal/shorten"
	"github.com/zcodec/zcodec/interop/hdf5/h5store"
	"github.com/zcodec/zcodec/store"
	"github.com/zcodec/zcodec/zarr"
)

// infoNode is one node of `zcodec info --json`.
type infoNode struct {
	Path         string            `json:"path"`
	Kind         string            `json:"kind"`
	Format       int               `json:"zarr_format"`
	Consolidated *bool             `json:"consolidated,omitempty"`
	Shape        []int64           `json:"shape,omitempty"`
	DataType     string            `json:"data_type,omitempty"`
	ChunkShape   []int             `json:"chunk_shape,omitempty"`
	InnerChunks  []int             `json:"inner_chunk_shape,omitempty"`
	GridShape    []int64           `json:"grid_shape,omitempty"`
	Codecs       []json.RawMessage `json:"codecs,omitempty"`
	FillValue    json.RawMessage   `json:"fill_value,omitempty"`
	FillText     string            `json:"fill_value_text,omitempty"` // dates and durations: NumPy's text of the fill value
	Chunks       *infoChunks       `json:"chunks,omitempty"`
	Attributes   json.RawMessage   `json:"attributes,omitempty"`
	Warnings     []string          `json:"warnings,omitempty"`
	// HDF5 is what the file says of the storage of an array presented
	// from an HDF5 or netCDF-4 file.
	HDF5  *infoHDF5 `json:"hdf5,omitempty"`
	Error string    `json:"error,omitempty"`
}

// infoHDF5 is the "hdf5" member of an array of an HDF5 file: its layout,
// chunk index and filter pipeline as stored (params are the filters'
// cd_values, as h5dump -p shows them).
type infoHDF5 struct {
	Path    string               `json:"path"`
	Layout  string               `json:"layout"`
	Index   string               `json:"index,omitempty"`
	Filters []h5store.FilterInfo `json:"filters"`
}

// hdf5Info returns the "hdf5" member of the node at path of st, and the
// warnings of its mapping, when st presents an HDF5 file.
func hdf5Info(st store.Store, path string) (*infoHDF5, []string) {
	h, ok := st.(*h5store.Store)
	if !ok {
		return nil, nil
	}
	d, ok := h.Dataset(path)
	if !ok {
		return nil, nil
	}
	return &infoHDF5{Path: d.Path, Layout: d.Layout, Index: d.Index, Filters: d.Filters}, d.Warnings
}

// infoChunks counts the chunks (shards) of an array from the store's
// listing.
type infoChunks struct {
	Total   int64 `json:"total"`
	Present int64 `json:"present"`
	Absent  int64 `json:"absent"`
	Stray   int64 `json:"outside_grid,omitempty"`
	// StoredBytes is the size of the present chunks; -1 when the store
	// does not tell sizes.
	StoredBytes int64 `json:"stored_bytes"`
	// DecodedBytes is what the present chunks hold decoded.
	DecodedBytes int64 `json:"decoded_bytes"`
	// Ratio is DecodedBytes / StoredBytes.
	Ratio float64 `json:"ratio,omitempty"`
	// Unlisted is set when the store cannot list keys (HTTP).
	Unlisted bool `json:"unlisted,omitempty"`
	// Unreadable counts the chunk keys inside the grid that the store
	// lists but cannot read (a FIFO, a link out of the store): neither
	// present nor absent. FirstUnreadable is the first found.
	Unreadable      int64           `json:"unreadable,omitempty"`
	FirstUnreadable *infoUnreadable `json:"first_unreadable,omitempty"`
}

// infoUnreadable is a chunk key that cannot be read, and why.
type infoUnreadable struct {
	Key   string `json:"key"`
	Error string `json:"error"`
}

func runInfo(env *environment, args []string) int {
	fs := newFlags(env, "info", "zcodec info [--json] [--timeout D] PATH",
		"Shows the tree of groups and arrays at PATH (a directory, s3://bucket/prefix,\n"+
			"gs://bucket/prefix, or an http(s) URL): for each array its shape, data type, chunks (or shards and inner chunks), codec chain, fill value,\n"+
			"and from the store's listing of keys the chunks present and absent, their stored bytes\n"+
			"and the compression ratio. It lists keys; it never reads a chunk.")
	asJSON := fs.Bool("json", false, "print the tree as a JSON document")
	sf := fs.storeFlags(false)
	path, code, stop := fs.onePath(args)
	if stop {
		return code
	}
	if err := sf.check(); err != nil {
		return fs.fail("%v", err)
	}
	ctx := env.context()
	t, closeStore, err := openPath(ctx, path, sf)
	if err != nil {
		return failf(env.stderr, "info", "%v", err)
	}
	defer closeStore()
	var nodes []infoNode
	if t.array != nil {
		nodes = append(nodes, describeArray(ctx, t.array, path))
	} else {
		consolidated := t.group.Consolidated()
		nodes = append(nodes, infoNode{Path: "/", Kind: "group", Format: t.group.Format(),
			Consolidated: &consolidated, Attributes: compactJSON(t.group.Attributes())})
		for _, m := range t.members {
			if m.Kind == "group" {
				nodes = append(nodes, infoNode{Path: "/" + m.Path, Kind: "group", Format: m.Format, Attributes: compactJSON(m.Attributes)})
				continue
			}
			a, err := m.OpenArray(ctx, t.opts)
			if err != nil {
				n := infoNode{Path: "/" + m.Path, Kind: "array", Format: m.Format, Error: namedErr(path, err).Error()}
				n.HDF5, _ = hdf5Info(t.st, m.Path)
				nodes = append(nodes, n)
				continue
			}
			nodes = append(nodes, describeArray(ctx, a, path))
		}
		addConsolidatedWarnings(ctx, t, nodes)
	}
	problems := t.memberProblems()
	if *asJSON {
		doc := map[string]any{"path": shown(path), "nodes": nodes}
		if problems != nil {
			doc["problems"] = problems
		}
		writeJSON(env.stdout, doc, true)
	} else {
		w := newSafeWriter(env.stdout)
		printInfo(w, path, nodes)
		if problems != nil {
			fmt.Fprintf(w, "\nproblems     %s\n", problemsSummary(problems))
			printProblems(w, "  ", problems)
		}
	}
	if problems != nil {
		return 1
	}
	for _, n := range nodes {
		if n.Error != "" {
			return 1
		}
	}
	return 0
}

// addConsolidatedWarnings adds to nodes, the nodes of t's group, a
// warning for each node on which the group's consolidated metadata and
// the node's own metadata disagree (zarr.Group.CheckConsolidated), saying
// which copy info shows: the consolidated one. A node the consolidated
// metadata does not hold, and a comparison that fails, are warnings of
// the group. Nothing is compared where the store cannot list.
func addConsolidatedWarnings(ctx context.Context, t *target, nodes []infoNode) {
	if !t.group.Consolidated() {
		return
	}
	ms, err := t.group.CheckConsolidated(ctx)
	switch {
	case errors.Is(err, errors.ErrUnsupported):
		return
	case err != nil:
		nodes[0].Warnings = append(nodes[0].Warnings, "the consolidated metadata could not be compared with the store: "+namedErr(t.path, err).Error())
		return
	}
	byPath := make(map[string]int, len(nodes))
	for i, n := range nodes {
		byPath[n.Path] = i
	}
	for _, m := range ms {
		if i, ok := byPath["/"+m.Path]; ok {
			nodes[i].Warnings = append(nodes[i].Warnings, m.Reason())
			continue
		}
		nodes[0].Warnings = append(nodes[0].Warnings, nodeName(t.path, m.Path)+": "+m.Reason())
	}
}

// describeArray describes a, of the store the user gave as path.
func describeArray(ctx context.Context, a *zarr.Array, path string) infoNode {
	n := infoNode{Path: "/" + a.Path(), Kind: "array", Format: a.Format(), Shape: a.Shape(),
		DataType: a.DataType().String(), ChunkShape: a.ChunkShape(), GridShape: a.GridShape(),
		Attributes: compactJSON(a.Attributes()), Warnings: arrayWarnings(a)}
	n.InnerChunks = innerChunkShape(a)
	var warns []string
	n.HDF5, warns = hdf5Info(a.Store(), a.Path())
	n.Warnings = append(n.Warnings, warns...)
	for _, c := range a.Metadata().Codecs {
		j, err := c.MarshalJSON()
		if err == nil {
			n.Codecs = append(n.Codecs, j)
		}
	}
	n.FillValue, _ = a.FillValue().MarshalJSON()
	n.FillText = fillValueText(a.FillValue())
	st, err := a.Stats(ctx)
	switch {
	case errors.Is(err, errors.ErrUnsupported):
		n.Chunks = &infoChunks{Total: a.NumChunks(), Present: -1, Absent: -1, StoredBytes: -1, DecodedBytes: -1, Unlisted: true}
	case err != nil:
		n.Error = namedErr(path, err).Error()
	default:
		c := &infoChunks{Total: st.Total, Present: st.Present, Absent: max(st.Total-st.Present-st.Unreadable, 0), Stray: st.Stray,
			StoredBytes: st.StoredBytes, DecodedBytes: st.Present * int64(a.Pipeline().DecodedSize()),
			Unreadable: st.Unreadable}
		if err := st.FirstUnreadable; err != nil {
			c.FirstUnreadable = &infoUnreadable{Error: namedErr(path, err).Error()}
			var ce *codec.ChunkError
			if errors.As(err, &ce) {
				c.FirstUnreadable.Key = ce.Key
			}
		}
		if c.StoredBytes > 0 {
			c.Ratio = float64(c.DecodedBytes) / float64(c.StoredBytes)
		}
		n.Chunks = c
	}
	return n
}

// innerChunkShape returns the chunk shape of a sharding codec's inner
// chunks when the array's array->bytes codec is one, else nil.
func innerChunkShape(a *zarr.Array) []int {
	for _, c := range a.Metadata().Codecs {
		if sc, ok := c.(*sharding.Codec); ok {
			return sc.ChunkShape()
		}
	}
	return nil
}

func compactJSON(v json.RawMessage) json.RawMessage {
	if len(v) == 0 {
		return nil
	}
	var b bytes.Buffer
	if json.Compact(&b, v) != nil {
		return nil
	}
	if b.String() == "{}" {
		return nil
	}
	return b.Bytes()
}

func printInfo(w io.Writer, path string, nodes []infoNode) {
	for i, n := range nodes {
		if i > 0 {
			fmt.Fprintln(w)
		}
		head := fmt.Sprintf("%s  %s (Zarr v%d", memberName(n.Path), n.Kind, n.Format)
		if n.Consolidated != nil && *n.Consolidated {
			head += ", consolidated metadata"
		}
		fmt.Fprintf(w, "%s)\n", head)
		if n.HDF5 != nil {
			fmt.Fprintf(w, "  hdf5         %s\n", hdf5Summary(n.HDF5))
		}
		if n.Error != "" {
			fmt.Fprintf(w, "  error        %s\n", n.Error)
			continue
		}
		if n.Kind == "array" {
			fmt.Fprintf(w, "  shape        %v %s\n", n.Shape, n.DataType)
			if n.InnerChunks != nil {
				fmt.Fprintf(w, "  shards       %v (grid %v), inner chunks %v\n", n.ChunkShape, n.GridShape, n.InnerChunks)
			} else {
				fmt.Fprintf(w, "  chunks       %v (grid %v)\n", n.ChunkShape, n.GridShape)
			}
			names := make([]string, len(n.Codecs))
			for i, c := range n.Codecs {
				names[i] = codecSummary(c)
			}
			fmt.Fprintf(w, "  codecs       %s\n", strings.Join(names, "\n               -> "))
			if n.FillText != "" {
				fmt.Fprintf(w, "  fill value   %s (%s)\n", n.FillValue, n.FillText)
			} else {
				fmt.Fprintf(w, "  fill value   %s\n", n.FillValue)
			}
			if c := n.Chunks; c != nil {
				what := "chunks"
				if n.InnerChunks != nil {
					what = "shards"
				}
				if c.Unlisted {
					fmt.Fprintf(w, "  stored       %d %s in the grid; this store cannot list which are present\n", c.Total, what)
				} else {
					fmt.Fprintf(w, "  stored       %d of %d %s present, %d absent", c.Present, c.Total, what, c.Absent)
					if c.StoredBytes >= 0 {
						fmt.Fprintf(w, "; %d bytes", c.StoredBytes)
						if c.Ratio > 0 {
							fmt.Fprintf(w, ", ratio %.2f", c.Ratio)
						}
					}
					fmt.Fprintln(w)
					if c.Unreadable > 0 {
						fmt.Fprintf(w, "  unreadable   %d chunk keys listed but cannot be read", c.Unreadable)
						if f := c.FirstUnreadable; f != nil {
							fmt.Fprintf(w, " (first: %s: %s)", memberName(f.Key), unreadableReason(f))
						}
						fmt.Fprintln(w)
					}
					if c.Stray > 0 {
						fmt.Fprintf(w, "  note         %d chunk keys outside the grid (ignored)\n", c.Stray)
					}
				}
			}
		}
		if len(n.Attributes) > 0 {
			fmt.Fprintf(w, "  attributes   %s\n", attributeNames(n.Attributes))
		}
		for _, warn := range n.Warnings {
			fmt.Fprintf(w, "  warning      %s\n", warn)
		}
	}
}

// codecSummary renders a codec's JSON as name{configuration}.
func codecSummary(j json.RawMessage) string {
	var c struct {
		Name          string          `json:"name"`
		Configuration json.RawMessage `json:"configuration"`
	}
	if json.Unmarshal(j, &c) != nil {
		return string(j)
	}
	cfg := compactJSON(c.Configuration)
	switch {
	case cfg == nil:
		return c.Name
	case len(cfg) > 300: // a huge scalar_map, say: --json has it whole
		return c.Name + shorten.Bytes(cfg)
	}
	return c.Name + string(cfg)
}

// attributeNames lists the names of an attributes object for the text
// output (--json has the values).
func attributeNames(attrs json.RawMessage) string {
	var obj map[string]json.RawMessage
	if json.Unmarshal(attrs, &obj) != nil {
		return shorten.Bytes(attrs)
	}
	names := slices.Sorted(maps.Keys(obj))
	more := ""
	if len(names) > 12 {
		more = fmt.Sprintf(", ... (%d in all)", len(names))
		names = names[:12]
	}
	for i, k := range names {
		names[i] = shorten.String(k)
	}
	return strings.Join(names, ", ") + more
}

// unreadableReason is the store's reason in the message of an unreadable
// chunk, after the prefix that names the array and the key (shown beside
// it).
func unreadableReason(f *infoUnreadable) string {
	if i := strings.Index(f.Error, "chunk "+strconv.Quote(f.Key)+": "); f.Key != "" && i >= 0 {
		return f.Error[i+len("chunk "+strconv.Quote(f.Key)+": "):]
	}
	return f.Error
}

// hdf5Summary is the text line of an "hdf5" member: the dataset's path,
// layout and index, and its filters with their cd_values.
func hdf5Summary(h *infoHDF5) string {
	s := h.Path + ", " + h.Layout
	if h.Index != "" {
		s += " (" + h.Index + " index)"
	}
	if len(h.Filters) > 0 {
		fs := make([]string, len(h.Filters))
		for i, f := range h.Filters {
			fs[i] = fmt.Sprintf("%s %v", f.Name, f.Params)
		}
		s += ", filters " + strings.Join(fs, ", ")
	}
	return s
}
