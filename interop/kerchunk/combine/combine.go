package combine

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/zcodec/zcodec/internal/jsonstr"
	"github.com/zcodec/zcodec/interop/kerchunk"
	"github.com/zcodec/zcodec/interop/kerchunk/refstore"
	"github.com/zcodec/zcodec/store"
)

// DefaultMaxRewriteBytes is the default of Options.MaxRewriteBytes.
const DefaultMaxRewriteBytes = 16 << 20

// Input is one reference set to combine.
type Input struct {
	// Name names the input in messages (its file).
	Name string
	// Refs is the set.
	Refs kerchunk.Refs
	// Location is where the set lies, against which its relative URLs
	// resolve when a referenced value must be read (see
	// refstore.Options.Location); "" when they are all absolute.
	Location string
}

// Options control Combine. Only ConcatDim is required.
type Options struct {
	// ConcatDim is the dimension, named by the arrays' _ARRAY_DIMENSIONS,
	// along which the inputs follow each other.
	ConcatDim string
	// ReconcileTime rewrites, exactly, the values of CF time coordinates
	// whose units differ between inputs in the same calendar into the
	// first input's units; without it such units are a *ConflictError.
	ReconcileTime bool
	// MaxRewriteBytes bounds the decoded bytes of an array along ConcatDim
	// whose values are rewritten inline (reconciled times, or lengths that
	// no regular grid holds); 0 means DefaultMaxRewriteBytes, -1 none.
	MaxRewriteBytes int64
	// Open are the options with which referenced files are opened when
	// their bytes must be read (see refstore.Options.Open).
	Open *store.OpenOptions
}

// Result is a combined set, with what was done to make it.
type Result struct {
	// Set is the combined reference set.
	Set *kerchunk.Set
	// Warnings say what was taken from the first input where the inputs
	// differ in what does not change values (group attributes, the
	// descriptive attributes of arrays along ConcatDim), and which arrays
	// were rewritten.
	Warnings []kerchunk.Warning
	// Rewritten lists the arrays whose values were read and written inline.
	Rewritten []string
}

// encodingAttrs are the attributes that say how an array's stored values
// map to its values: inputs that differ in them hold values that cannot be
// read as one array.
var encodingAttrs = []string{"scale_factor", "add_offset", "_FillValue", "missing_value", "_Unsigned", "units", "calendar"}

// Combine concatenates inputs along opts.ConcatDim, in the order given,
// into one reference set: see the package documentation for what must
// agree and what is rewritten.
func Combine(ctx context.Context, inputs []Input, opts *Options) (*Result, error) {
	var o Options
	if opts != nil {
		o = *opts
	}
	switch {
	case len(inputs) == 0:
		return nil, errors.New("combine: no inputs")
	case o.ConcatDim == "":
		return nil, errors.New("combine: no dimension to concatenate along")
	}
	if o.MaxRewriteBytes == 0 {
		o.MaxRewriteBytes = DefaultMaxRewriteBytes
	}
	c := &combiner{opts: o, res: &Result{Set: kerchunk.NewSet()}}
	defer c.close()
	for _, in := range inputs {
		got, err := collect(ctx, in)
		if err != nil {
			return nil, err
		}
		c.in = append(c.in, got)
	}
	if err := c.checkNodes(); err != nil {
		return nil, err
	}
	for _, p := range c.in[0].paths {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		n := c.in[0].nodes[p]
		var err error
		if n.array {
			err = c.array(ctx, p)
		} else {
			err = c.group(p)
		}
		if err != nil {
			return nil, err
		}
	}
	return c.res, nil
}

// combiner holds the state of one Combine.
type combiner struct {
	opts    Options
	in      []*input
	res     *Result
	readers map[int]*refstore.Store
	lengths []map[string]int64 // per input: the length of ConcatDim, and the array that gave it
	lenFrom []string
}

func (c *combiner) close() {
	for _, r := range c.readers {
		r.Close()
	}
}

func (c *combiner) warn(p, format string, args ...any) {
	c.res.Warnings = append(c.res.Warnings, kerchunk.Warning{Path: p, Message: fmt.Sprintf(format, args...)})
}

// reader returns the store that reads the values of input i.
func (c *combiner) reader(ctx context.Context, i int) (*refstore.Store, error) {
	if r, ok := c.readers[i]; ok {
		return r, nil
	}
	r, err := refstore.New(ctx, c.in[i].refs, &refstore.Options{Location: c.in[i].location, Open: c.opts.Open})
	if err != nil {
		return nil, fmt.Errorf("%s: %w", c.in[i].name, err)
	}
	if c.readers == nil {
		c.readers = map[int]*refstore.Store{}
	}
	c.readers[i] = r
	return r, nil
}

func kind(n *node) string {
	if n == nil {
		return "none"
	}
	if n.array {
		return "an array"
	}
	return "a group"
}

// checkNodes checks that every input has the nodes of the first.
func (c *combiner) checkNodes() error {
	first := c.in[0]
	for _, in := range c.in[1:] {
		for _, p := range first.paths {
			a, b := first.nodes[p], in.nodes[p]
			if b == nil || a.array != b.array {
				return &ConflictError{Path: p, What: "the node", A: first.name, ValueA: kind(a), B: in.name, ValueB: kind(b),
					Reason: "every input must hold the same groups and arrays (an array left out of one input's references is missing there)"}
			}
		}
		for _, p := range in.paths {
			if first.nodes[p] == nil {
				return &ConflictError{Path: p, What: "the node", A: first.name, ValueA: "none", B: in.name, ValueB: kind(in.nodes[p]),
					Reason: "every input must hold the same groups and arrays"}
			}
		}
	}
	return nil
}

// group writes a group: the first input's metadata, with a warning when
// another input's attributes differ.
func (c *combiner) group(p string) error {
	first := c.in[0].nodes[p]
	for _, in := range c.in[1:] {
		n := in.nodes[p]
		if k, ok := firstDiff(first.attrs, n.attrs, nil); ok {
			c.warn(p, "the attribute %s differs (%s in %s, %s in %s): the first file's attributes are kept", k, shownAttr(first.attrs, k), c.in[0].name, shownAttr(n.attrs, k), in.name)
			break
		}
	}
	c.res.Set.Put(metaKey(p, ".zgroup"), kerchunk.Ref{Inline: true, Data: first.zgroup})
	if first.zattrs != nil {
		c.res.Set.Put(metaKey(p, ".zattrs"), kerchunk.Ref{Inline: true, Data: first.zattrs})
	}
	return nil
}

// firstDiff returns the first key, in sorted order, whose value differs
// between a and b, skipping those in skip.
func firstDiff(a, b map[string]json.RawMessage, skip []string) (string, bool) {
	keys := map[string]bool{}
	for k := range a {
		keys[k] = true
	}
	for k := range b {
		keys[k] = true
	}
	sorted := make([]string, 0, len(keys))
	for k := range keys {
		if !slices.Contains(skip, k) {
			sorted = append(sorted, k)
		}
	}
	slices.Sort(sorted)
	for _, k := range sorted {
		va, oka := a[k]
		vb, okb := b[k]
		if oka != okb || oka && compact(va) != compact(vb) {
			return k, true
		}
	}
	return "", false
}

// shownAttr returns the value of an attribute for messages, "none" when
// absent.
func shownAttr(m map[string]json.RawMessage, k string) string {
	v, ok := m[k]
	if !ok {
		return "none"
	}
	s := compact(v)
	if len(s) > 80 {
		s = s[:77] + "..."
	}
	return s
}

// stringAttr returns a string attribute, "" when absent or not a string.
func stringAttr(n *node, k string) string {
	var s string
	if v, ok := n.attrs[k]; ok {
		json.Unmarshal(v, &s)
	}
	return s
}

// array combines the array at p.
func (c *combiner) array(ctx context.Context, p string) error {
	first := c.in[0].nodes[p]
	along := slices.Index(first.dims, c.opts.ConcatDim)
	if err := c.checkZarray(p, along); err != nil {
		return err
	}
	if along < 0 {
		return c.static(ctx, p)
	}
	rewrite, why, err := c.checkTime(p)
	if err != nil {
		return err
	}
	if err := c.checkAttrs(p, along); err != nil {
		return err
	}
	chunk := first.chunks[along]
	if !rewrite {
		for i, in := range c.in[:len(c.in)-1] {
			if n := in.nodes[p].shape[along]; n%chunk != 0 {
				if along != 0 || !c.fits(p, along) {
					return &GridError{Path: p, Dim: c.opts.ConcatDim, Input: in.name, Length: n, Chunk: chunk,
						Reason: "zcodec writes no rectilinear chunk grid yet, and the array is too large (or not concatenated along its first dimension) to be rewritten inline"}
				}
				rewrite = true
				why = fmt.Sprintf("%s has %d steps along %s, not a multiple of the chunk length %d", c.in[i].name, n, c.opts.ConcatDim, chunk)
				break
			}
		}
	}
	if rewrite {
		return c.rewrite(ctx, p, along, why)
	}
	return c.concat(p, along)
}

// checkZarray checks that every input's .zarray matches the first's, but
// for the length along the concatenated dimension (along, -1 for none).
func (c *combiner) checkZarray(p string, along int) error {
	first := c.in[0].nodes[p]
	for _, in := range c.in[1:] {
		n := in.nodes[p]
		if k, ok := firstDiff(first.members, n.members, []string{"shape"}); ok {
			return &ConflictError{Path: p, What: "the .zarray member " + k, A: c.in[0].name, ValueA: shownAttr(first.members, k), B: in.name, ValueB: shownAttr(n.members, k),
				Reason: "the inputs must have the same data type, chunks and codecs"}
		}
		same := len(n.shape) == len(first.shape)
		for d := 0; same && d < len(n.shape); d++ {
			same = d == along || n.shape[d] == first.shape[d]
		}
		if !same {
			what := "the shape"
			if along >= 0 {
				what = "the shape, apart from " + c.opts.ConcatDim + ","
			}
			return &ConflictError{Path: p, What: what, A: c.in[0].name, ValueA: fmt.Sprint(first.shape), B: in.name, ValueB: fmt.Sprint(n.shape)}
		}
		if k, ok := firstDiff(dimsAttr(first), dimsAttr(n), nil); ok {
			return &ConflictError{Path: p, What: "the attribute " + k, A: c.in[0].name, ValueA: fmt.Sprint(first.dims), B: in.name, ValueB: fmt.Sprint(n.dims)}
		}
	}
	return nil
}

func dimsAttr(n *node) map[string]json.RawMessage {
	if v, ok := n.attrs["_ARRAY_DIMENSIONS"]; ok {
		return map[string]json.RawMessage{"_ARRAY_DIMENSIONS": v}
	}
	return nil
}

// checkAttrs checks the attributes of an array along the dimension: the
// encoding attributes must agree (units and calendar of a time coordinate
// were checked by checkTime); others that differ are a warning.
func (c *combiner) checkAttrs(p string, along int) error {
	first := c.in[0].nodes[p]
	skip := []string{"_ARRAY_DIMENSIONS"}
	if c.isTime(first) || c.boundsOf(p) != nil {
		skip = append(skip, "units", "calendar")
	}
	warned := false
	for _, in := range c.in[1:] {
		n := in.nodes[p]
		for _, k := range encodingAttrs {
			if slices.Contains(skip, k) {
				continue
			}
			if a, b := shownAttr(first.attrs, k), shownAttr(n.attrs, k); a != b {
				return &ConflictError{Path: p, What: "the attribute " + k, A: c.in[0].name, ValueA: a, B: in.name, ValueB: b,
					Reason: "it says how stored values map to values: the combined array would read one input's values wrongly"}
			}
		}
		if k, ok := firstDiff(first.attrs, n.attrs, append(skip, encodingAttrs...)); ok && !warned {
			c.warn(p, "the attribute %s differs (%s in %s, %s in %s): the first file's attributes are kept", k, shownAttr(first.attrs, k), c.in[0].name, shownAttr(n.attrs, k), in.name)
			warned = true
		}
	}
	// Every array along the dimension has the same length in one input.
	for i, in := range c.in {
		if c.lengths == nil {
			c.lengths = make([]map[string]int64, len(c.in))
			c.lenFrom = make([]string, len(c.in))
		}
		n := in.nodes[p].shape[along]
		if c.lengths[i] == nil {
			c.lengths[i] = map[string]int64{p: n}
			c.lenFrom[i] = p
			continue
		}
		if m := c.lengths[i][c.lenFrom[i]]; m != n {
			return fmt.Errorf("%s: the dimension %s has length %d in %s but %d in %s", in.name, c.opts.ConcatDim, m, nodeName(c.lenFrom[i]), n, nodeName(p))
		}
	}
	return nil
}

// isTime reports whether an array is a CF time coordinate: units of the
// form "UNIT since DATE".
func (c *combiner) isTime(n *node) bool { return isTimeUnits(stringAttr(n, "units")) }

// boundsOf returns the time coordinate (of the first input) whose
// "bounds" attribute names the array at p, when it has no units of its
// own; nil otherwise.
func (c *combiner) boundsOf(p string) *node {
	first := c.in[0]
	n := first.nodes[p]
	if _, ok := n.attrs["units"]; ok {
		return nil
	}
	dir, name := splitPath(p)
	for _, q := range first.paths {
		m := first.nodes[q]
		if !m.array || q == p {
			continue
		}
		if d, _ := splitPath(q); d == dir && stringAttr(m, "bounds") == name && c.isTime(m) {
			return m
		}
	}
	return nil
}

func splitPath(p string) (dir, name string) {
	if i := strings.LastIndexByte(p, '/'); i >= 0 {
		return p[:i], p[i+1:]
	}
	return "", p
}

// concat writes an array along the dimension whose chunks stay where they
// are: each input's chunk indices along the dimension shifted by the
// chunks of the inputs before it.
func (c *combiner) concat(p string, along int) error {
	first := c.in[0].nodes[p]
	var total, offset int64
	for _, in := range c.in {
		total += in.nodes[p].shape[along]
	}
	shape := slices.Clone(first.shape)
	shape[along] = total
	if err := c.putArray(p, first, shape, nil); err != nil {
		return err
	}
	chunk := first.chunks[along]
	for _, in := range c.in {
		n := in.nodes[p]
		for _, k := range n.keys {
			idx := slices.Clone(k.index)
			idx[along] += offset / chunk
			c.res.Set.Put(chunkKey(p, first.sep, idx), k.ref)
		}
		offset += n.shape[along]
	}
	return nil
}

// putArray writes an array's .zarray (the first input's, with shape and
// the members of change) and .zattrs (the first input's, or attrs).
func (c *combiner) putArray(p string, first *node, shape []int64, change map[string]any) error {
	m := map[string]json.RawMessage{}
	for k, v := range first.members {
		m[k] = v
	}
	change = mapsWith(change, "shape", shape)
	for k, v := range change {
		b, err := jsonstr.Marshal(v)
		if err != nil {
			return err
		}
		m[k] = b
	}
	za, err := jsonstr.Marshal(m)
	if err != nil {
		return err
	}
	c.res.Set.Put(metaKey(p, ".zarray"), kerchunk.Ref{Inline: true, Data: za})
	if first.zattrs != nil {
		c.res.Set.Put(metaKey(p, ".zattrs"), kerchunk.Ref{Inline: true, Data: first.zattrs})
	}
	return nil
}

func mapsWith(m map[string]any, k string, v any) map[string]any {
	if m == nil {
		m = map[string]any{}
	}
	m[k] = v
	return m
}

// static writes an array without the dimension, once, after checking
// that every input holds the same chunks with the same bytes.
func (c *combiner) static(ctx context.Context, p string) error {
	first := c.in[0].nodes[p]
	for _, in := range c.in[1:] {
		if k, ok := firstDiff(first.attrs, in.nodes[p].attrs, nil); ok {
			return &ConflictError{Path: p, What: "the attribute " + k, A: c.in[0].name, ValueA: shownAttr(first.attrs, k), B: in.name, ValueB: shownAttr(in.nodes[p].attrs, k),
				Reason: "an array without " + c.opts.ConcatDim + " is taken once, so it must be the same in every input"}
		}
	}
	want := map[string]kerchunk.Ref{}
	for _, k := range first.keys {
		want[chunkKey("", first.sep, k.index)] = k.ref
	}
	for i, in := range c.in[1:] {
		n := in.nodes[p]
		got := map[string]bool{}
		for _, k := range n.keys {
			key := chunkKey("", first.sep, k.index)
			got[key] = true
			w, ok := want[key]
			if !ok {
				return &ConflictError{Path: p, What: "the chunk " + key, A: c.in[0].name, ValueA: "absent", B: in.name, ValueB: "present",
					Reason: "an array without " + c.opts.ConcatDim + " must hold the same values in every input"}
			}
			same, err := c.sameBytes(ctx, p, key, 0, w, i+1, k.ref)
			if err != nil {
				return err
			}
			if !same {
				return &ConflictError{Path: p, What: "the stored bytes of chunk " + key, A: c.in[0].name, ValueA: "one value", B: in.name, ValueB: "another",
					Reason: "an array without " + c.opts.ConcatDim + " must hold the same values in every input"}
			}
		}
		for key := range want {
			if !got[key] {
				return &ConflictError{Path: p, What: "the chunk " + key, A: c.in[0].name, ValueA: "present", B: in.name, ValueB: "absent",
					Reason: "an array without " + c.opts.ConcatDim + " must hold the same values in every input"}
			}
		}
	}
	if err := c.putArray(p, first, first.shape, nil); err != nil {
		return err
	}
	for _, k := range first.keys {
		c.res.Set.Put(chunkKey(p, first.sep, k.index), k.ref)
	}
	return nil
}

// sameBytes reports whether two chunks hold the same bytes: references to
// the same range are, inline values are compared, and otherwise both are
// read.
func (c *combiner) sameBytes(ctx context.Context, p, key string, i int, a kerchunk.Ref, j int, b kerchunk.Ref) (bool, error) {
	switch {
	case a.Inline && b.Inline:
		return bytes.Equal(a.Data, b.Data), nil
	case !a.Inline && !b.Inline && a.URL == b.URL && a.Offset == b.Offset && a.Length == b.Length:
		return true, nil
	case !a.Inline && !b.Inline && a.Length >= 0 && b.Length >= 0 && a.Length != b.Length:
		return false, nil
	}
	read := func(k int, r kerchunk.Ref) ([]byte, error) {
		if r.Inline {
			return r.Data, nil
		}
		st, err := c.reader(ctx, k)
		if err != nil {
			return nil, err
		}
		b, err := st.Get(ctx, metaKey(p, key), store.NoLimit)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", c.in[k].name, err)
		}
		return b, nil
	}
	x, err := read(i, a)
	if err != nil {
		return false, err
	}
	y, err := read(j, b)
	if err != nil {
		return false, err
	}
	return bytes.Equal(x, y), nil
}
