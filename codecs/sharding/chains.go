package sharding

import (
	"errors"
	"fmt"
	"slices"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/internal/strictjson"
)

// chain is one of the codec's two nested chains, with what its errors and
// warnings are reported with.
type chain struct {
	codecs  []codec.Codec
	key     string   // its configuration key: "codecs", "index_codecs"
	name    string   // its name in warning paths: "inner", "index"
	pointer string   // the JSON pointer of key, "" unless parsed
	entries []string // the JSON pointers of its entries, when parsed
}

func (c *Codec) innerChain() chain {
	return chain{c.codecs, "codecs", "inner", c.pointers.codecs, c.pointers.codecEntries}
}

func (c *Codec) indexChain() chain {
	return chain{c.indexCodecs, "index_codecs", "index", c.pointers.indexCodecs, c.pointers.indexEntries}
}

// resolveChain resolves ch for spec with the codec's options, turning a
// failure into a *codec.ConfigError of the codec that says which chain
// and, when the codec came from JSON, points at the nested entry (or into
// its configuration).
func (c *Codec) resolveChain(ch chain, spec codec.ChunkSpec) (*codec.Pipeline, error) {
	p, err := codec.NewPipeline(spec, ch.codecs, c.opts)
	if err == nil {
		return p, nil
	}
	var (
		se  *codec.StepError
		coe *codec.ChainOrderError
		ce  *codec.ConfigError
	)
	idx := -1
	switch {
	case errors.As(err, &se):
		idx = se.Index
	case errors.As(err, &coe):
		idx = coe.Index
	}
	ptr := ch.pointer
	if idx >= 0 && idx < len(ch.entries) {
		ptr = ch.entries[idx]
	}
	if se != nil && errors.As(se.Err, &ce) {
		switch {
		case ce.Pointer != "":
			ptr = ce.Pointer
		case ce.Key != "" && idx < len(ch.entries):
			ptr = strictjson.Pointer(ch.entries[idx], "configuration", ce.Key)
		}
	}
	return nil, &codec.ConfigError{Pointer: ptr, Codec: Name, Key: ch.key, Reason: fmt.Sprintf("%s: %v", ch.key, err), Err: err}
}

// warnings returns the warnings of p, ch resolved, as warnings of a chain
// nested in the codec (see codec.NestedWarner), each with the pointer of
// its entry when known.
func (ch chain) warnings(p *codec.Pipeline) []codec.Warning {
	var out []codec.Warning
	for _, w := range p.Warnings() {
		if e, ok := w.Err.(*codec.FillRoundTripError); ok {
			if w.Pointer == "" && e.Index < len(ch.entries) {
				w.Pointer = ch.entries[e.Index]
			}
			e.Nested = append([]codec.NestedStep{{Chain: ch.name, Index: e.Index, Codec: e.Codec}}, e.Nested...)
		}
		var se *codec.StepError
		if _, fill := w.Err.(*codec.FillRoundTripError); !fill && errors.As(w.Err, &se) {
			// A configuration accepted for reading (codec.Warner).
			if w.Pointer == "" && se.Index < len(ch.entries) {
				w.Pointer = ch.entries[se.Index]
			}
			w.Message = ch.name + " " + w.Message
		}
		out = append(out, w)
	}
	return out
}

// NestedWarnings returns the fill round trip warnings of the inner chain
// (chain "inner") and of the index chain ("index"), resolved with the
// codec's options (see WithOptions and codec.NestedWarner).
func (b *Bound) NestedWarnings() []codec.Warning {
	out := make([]codec.Warning, len(b.warnings))
	for i, w := range b.warnings {
		if e, ok := w.Err.(*codec.FillRoundTripError); ok {
			c := *e
			c.Nested = slices.Clone(e.Nested)
			w.Err = &c
		}
		out[i] = w
	}
	return out
}
