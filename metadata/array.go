// Package metadata reads Zarr v3 array metadata (zarr.json) as far as the
// codec pipeline is concerned: it validates the data type, the regular chunk
// grid, the chunk key encoding, the fill value and the codec chain, resolves
// the chain into a codec.Pipeline, and keeps every other member as it was.
//
// Parse reports every problem it finds, not only the first, as a
// *ValidationError whose Problems each carry a JSON pointer, the codec
// concerned (if any) and the reason.
//
// Choices where the Zarr v3 specification leaves room:
//   - Unknown top-level members are extensions: one whose value is an object
//     with "must_understand": false is kept and ignored; any other is a
//     problem, as the specification requires for extensions that must be
//     understood.
//   - storage_transformers is kept; a non-empty list is a problem, since
//     zcodec applies none.
//   - data_type must be one of the names of numeric.ParseDataType; extension
//     data types written as objects are a problem.
//   - "+Infinity" as a float fill value is accepted with a warning
//     (decisions D3).
package metadata

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/registry"
)

// Array is the parsed metadata of a Zarr v3 array.
type Array struct {
	Shape      []int64
	DataType   numeric.DataType
	ChunkShape []int
	// ChunkKeyEncoding is the chunk_key_encoding object as given.
	ChunkKeyEncoding json.RawMessage
	FillValue        numeric.Scalar
	// Codecs is the codec chain; CodecPointers holds the JSON pointer of
	// each codec's entry ("/codecs/0", ...).
	Codecs        []codec.Codec
	CodecPointers []string
	// Pipeline is the chain resolved for one chunk of ChunkShape.
	Pipeline *codec.Pipeline
	// Attributes, DimensionNames and StorageTransformers are kept as given
	// (nil when absent).
	Attributes          json.RawMessage
	DimensionNames      json.RawMessage
	StorageTransformers json.RawMessage
	// Extra holds every other top-level member, as given.
	Extra map[string]json.RawMessage
	// Warnings are notes about accepted but non-canonical input.
	Warnings []Problem
}

// Problem is one finding about a zarr.json.
type Problem struct {
	Pointer string // JSON pointer of the value concerned ("" for the document)
	Codec   string // the codec concerned, if any
	Reason  string
}

func (p Problem) String() string {
	var b strings.Builder
	if p.Pointer != "" {
		b.WriteString(p.Pointer)
	} else {
		b.WriteString("/")
	}
	b.WriteString(": ")
	if p.Codec != "" {
		b.WriteString(p.Codec)
		b.WriteString(": ")
	}
	b.WriteString(p.Reason)
	return b.String()
}

// ValidationError lists every problem found in a zarr.json.
type ValidationError struct {
	Problems []Problem
	// Err is the first underlying typed error (a *codec.ConfigError,
	// *codec.FillRoundTripError, ...), for errors.As and errors.Is.
	Err error
}

func (e *ValidationError) Error() string {
	lines := make([]string, len(e.Problems))
	for i, p := range e.Problems {
		lines[i] = p.String()
	}
	return "invalid array metadata: " + strings.Join(lines, "; ")
}

// Unwrap returns Err.
func (e *ValidationError) Unwrap() error { return e.Err }

// Parse reads a zarr.json document, building codecs with reg (nil means
// registry.Default()).
func Parse(data []byte, reg *registry.Registry) (*Array, error) {
	if reg == nil {
		reg = registry.Default()
	}
	p := &parser{reg: reg, a: &Array{}}
	p.parse(data)
	if len(p.problems) > 0 {
		return nil, &ValidationError{Problems: p.problems, Err: p.firstErr}
	}
	return p.a, nil
}

type parser struct {
	reg      *registry.Registry
	a        *Array
	problems []Problem
	firstErr error
}

func (p *parser) add(pointer, codecName, format string, args ...any) {
	p.problems = append(p.problems, Problem{Pointer: pointer, Codec: codecName, Reason: fmt.Sprintf(format, args...)})
}

func (p *parser) addErr(err error) {
	if p.firstErr == nil {
		p.firstErr = err
	}
}

var knownMembers = []string{
	"zarr_format", "node_type", "shape", "data_type", "chunk_grid", "chunk_key_encoding",
	"fill_value", "codecs", "attributes", "dimension_names", "storage_transformers",
}

func (p *parser) parse(data []byte) {
	doc, err := decodeObject(data)
	if err != nil {
		p.add("", "", "%v", err)
		return
	}
	for _, k := range []string{"zarr_format", "node_type", "shape", "data_type", "chunk_grid", "chunk_key_encoding", "fill_value", "codecs"} {
		if _, ok := doc[k]; !ok {
			p.add("", "", "missing required member %q", k)
		}
	}
	if v, ok := doc["zarr_format"]; ok && string(v) != "3" {
		p.add("/zarr_format", "", "zarr_format is %s, want 3", short(v))
	}
	if v, ok := doc["node_type"]; ok && string(v) != `"array"` {
		p.add("/node_type", "", "node_type is %s, want \"array\"", short(v))
	}
	if v, ok := doc["shape"]; ok {
		p.a.Shape = p.parseShape(v)
	}
	if v, ok := doc["data_type"]; ok {
		p.parseDataType(v)
	}
	if v, ok := doc["chunk_grid"]; ok {
		p.parseChunkGrid(v)
	}
	if v, ok := doc["chunk_key_encoding"]; ok {
		p.parseChunkKeyEncoding(v)
	}
	if v, ok := doc["fill_value"]; ok && p.a.DataType.Valid() {
		fill, warns, err := numeric.ParseFillValueWarnings(p.a.DataType, v)
		if err != nil {
			p.add("/fill_value", "", "%v", err)
			p.addErr(err)
		}
		for _, w := range warns {
			p.a.Warnings = append(p.a.Warnings, Problem{Pointer: "/fill_value", Reason: string(w)})
		}
		p.a.FillValue = fill
	}
	if v, ok := doc["codecs"]; ok {
		p.parseCodecs(v)
	}
	p.parseOptional(doc)
	if len(p.problems) == 0 {
		p.resolve()
	}
}

func (p *parser) parseShape(v json.RawMessage) []int64 {
	var shape []int64
	if err := json.Unmarshal(v, &shape); err != nil || shape == nil {
		p.add("/shape", "", "shape must be an array of non-negative integers, got %s", short(v))
		return nil
	}
	for i, d := range shape {
		if d < 0 {
			p.add(fmt.Sprintf("/shape/%d", i), "", "dimension %d is negative", d)
		}
	}
	return shape
}

func (p *parser) parseDataType(v json.RawMessage) {
	var name string
	if err := json.Unmarshal(v, &name); err != nil {
		p.add("/data_type", "", "data_type must be a data type name; extension data types given as objects are not supported")
		return
	}
	dt, err := numeric.ParseDataType(name)
	if err != nil {
		p.add("/data_type", "", "%v", err)
		p.addErr(err)
		return
	}
	p.a.DataType = dt
}

func (p *parser) parseChunkGrid(v json.RawMessage) {
	var grid struct {
		Name          string          `json:"name"`
		Configuration json.RawMessage `json:"configuration"`
	}
	if err := json.Unmarshal(v, &grid); err != nil || grid.Name == "" {
		p.add("/chunk_grid", "", "chunk_grid must be an object with a name")
		return
	}
	if grid.Name != "regular" {
		p.add("/chunk_grid/name", "", "chunk grid %q is not supported; only \"regular\"", grid.Name)
		return
	}
	cfg, err := decodeObject(grid.Configuration)
	if err != nil {
		p.add("/chunk_grid/configuration", "", "%v", err)
		return
	}
	for k := range cfg {
		if k != "chunk_shape" {
			p.add("/chunk_grid/configuration/"+k, "", "unknown key %q", k)
		}
	}
	raw, ok := cfg["chunk_shape"]
	var cs []int
	if !ok || json.Unmarshal(raw, &cs) != nil || cs == nil {
		p.add("/chunk_grid/configuration/chunk_shape", "", "chunk_shape must be an array of positive integers")
		return
	}
	for i, d := range cs {
		if d < 1 {
			p.add(fmt.Sprintf("/chunk_grid/configuration/chunk_shape/%d", i), "", "chunk dimension %d must be at least 1", d)
		}
	}
	if p.a.Shape != nil && len(cs) != len(p.a.Shape) {
		p.add("/chunk_grid/configuration/chunk_shape", "", "chunk_shape has %d dimensions, shape has %d", len(cs), len(p.a.Shape))
	}
	p.a.ChunkShape = cs
}

func (p *parser) parseChunkKeyEncoding(v json.RawMessage) {
	p.a.ChunkKeyEncoding = v
	var cke struct {
		Name          string          `json:"name"`
		Configuration json.RawMessage `json:"configuration"`
	}
	if err := json.Unmarshal(v, &cke); err != nil || cke.Name == "" {
		p.add("/chunk_key_encoding", "", "chunk_key_encoding must be an object with a name")
		return
	}
	if cke.Name != "default" && cke.Name != "v2" {
		p.add("/chunk_key_encoding/name", "", "chunk key encoding %q is not supported; want \"default\" or \"v2\"", cke.Name)
		return
	}
	if len(cke.Configuration) == 0 {
		return
	}
	cfg, err := decodeObject(cke.Configuration)
	if err != nil {
		p.add("/chunk_key_encoding/configuration", "", "%v", err)
		return
	}
	for k, val := range cfg {
		if k != "separator" {
			p.add("/chunk_key_encoding/configuration/"+k, "", "unknown key %q", k)
			continue
		}
		if s := string(val); s != `"/"` && s != `"."` {
			p.add("/chunk_key_encoding/configuration/separator", "", "separator must be \"/\" or \".\", got %s", short(val))
		}
	}
}

func (p *parser) parseCodecs(v json.RawMessage) {
	chain, err := p.reg.ParseCodecs(v, "/codecs")
	for _, w := range chain.Warnings {
		p.a.Warnings = append(p.a.Warnings, Problem{Pointer: w.Pointer, Reason: w.Message})
	}
	if err != nil {
		p.addErr(err)
		for _, e := range unjoin(err) {
			var ce *codec.ConfigError
			if errors.As(e, &ce) {
				p.problems = append(p.problems, Problem{Pointer: ce.Pointer, Codec: ce.Codec, Reason: ce.Reason})
			} else {
				p.add("/codecs", "", "%v", e)
			}
		}
		return
	}
	if len(chain.Codecs) == 0 {
		p.add("/codecs", "", "the codec chain is empty; it needs an array->bytes codec such as \"bytes\"")
		return
	}
	p.a.Codecs = chain.Codecs
	p.a.CodecPointers = chain.Pointers
}

func (p *parser) parseOptional(doc map[string]json.RawMessage) {
	if v, ok := doc["attributes"]; ok {
		if !isObject(v) {
			p.add("/attributes", "", "attributes must be a JSON object")
		}
		p.a.Attributes = v
	}
	if v, ok := doc["dimension_names"]; ok {
		var names []*string
		if err := json.Unmarshal(v, &names); err != nil || names == nil {
			p.add("/dimension_names", "", "dimension_names must be an array of strings or nulls")
		} else if p.a.Shape != nil && len(names) != len(p.a.Shape) {
			p.add("/dimension_names", "", "dimension_names has %d entries, shape has %d dimensions", len(names), len(p.a.Shape))
		}
		p.a.DimensionNames = v
	}
	if v, ok := doc["storage_transformers"]; ok {
		var ts []json.RawMessage
		if err := json.Unmarshal(v, &ts); err != nil || ts == nil {
			p.add("/storage_transformers", "", "storage_transformers must be an array")
		} else if len(ts) > 0 {
			p.add("/storage_transformers", "", "storage transformers are not supported (%d given)", len(ts))
		}
		p.a.StorageTransformers = v
	}
	for _, k := range slices.Sorted(maps.Keys(doc)) {
		if slices.Contains(knownMembers, k) {
			continue
		}
		v := doc[k]
		if p.a.Extra == nil {
			p.a.Extra = map[string]json.RawMessage{}
		}
		p.a.Extra[k] = v
		var ext struct {
			MustUnderstand *bool `json:"must_understand"`
		}
		if !isObject(v) || json.Unmarshal(v, &ext) != nil || ext.MustUnderstand == nil || *ext.MustUnderstand {
			p.add("/"+escape(k), "", "unknown member %q must be understood (extensions that may be ignored are objects with \"must_understand\": false)", k)
		}
	}
}

// resolve builds the pipeline for one chunk and turns its error into
// problems with pointers.
func (p *parser) resolve() {
	spec := p.a.ChunkSpec()
	pl, err := codec.NewPipeline(spec, p.a.Codecs)
	if err == nil {
		p.a.Pipeline = pl
		return
	}
	p.addErr(err)
	var (
		se  *codec.StepError
		coe *codec.ChainOrderError
		ce  *codec.ConfigError
	)
	switch {
	case errors.As(err, &se):
		ptr := p.a.CodecPointers[se.Index]
		reason := se.Err.Error()
		if errors.As(se.Err, &ce) {
			if ce.Pointer != "" {
				ptr = ce.Pointer
			} else if ce.Key != "" {
				ptr += "/configuration/" + escape(ce.Key)
			}
			reason = ce.Reason
		}
		var fe *codec.FillRoundTripError
		if errors.As(se.Err, &fe) {
			reason = fe.Error()
		}
		p.add(ptr, se.Codec, "%s", reason)
	case errors.As(err, &ce) && ce.Codec == "":
		p.add("/chunk_grid/configuration/chunk_shape", "", "%s", ce.Reason)
	case errors.As(err, &coe):
		ptr := "/codecs"
		if coe.Index < len(p.a.CodecPointers) {
			ptr = p.a.CodecPointers[coe.Index]
		}
		p.add(ptr, coe.Codec, "%s", coe.Reason)
	default:
		p.add("", "", "%v", err)
	}
}

// ChunkSpec returns the spec of one chunk: data type, chunk shape, fill.
func (a *Array) ChunkSpec() codec.ChunkSpec {
	return codec.ChunkSpec{DataType: a.DataType, Shape: slices.Clone(a.ChunkShape), FillValue: a.FillValue}
}

func decodeObject(data []byte) (map[string]json.RawMessage, error) {
	data = bytes.TrimSpace(data)
	if !isObject(data) {
		return nil, errors.New("not a JSON object")
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	if _, err := dec.Token(); err != nil {
		return nil, fmt.Errorf("invalid JSON: %v", err)
	}
	out := map[string]json.RawMessage{}
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return nil, fmt.Errorf("invalid JSON at byte %d: %v", dec.InputOffset(), err)
		}
		k := t.(string)
		if _, dup := out[k]; dup {
			return nil, fmt.Errorf("duplicate member %q", k)
		}
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return nil, fmt.Errorf("invalid JSON in member %q: %v", k, err)
		}
		out[k] = v
	}
	if _, err := dec.Token(); err != nil {
		return nil, fmt.Errorf("invalid JSON: %v", err)
	}
	if dec.More() {
		return nil, errors.New("trailing data after the JSON object")
	}
	if _, err := dec.Token(); err == nil {
		return nil, errors.New("trailing data after the JSON object")
	}
	return out, nil
}

func isObject(v []byte) bool {
	v = bytes.TrimSpace(v)
	return len(v) > 0 && v[0] == '{' && json.Valid(v)
}

func escape(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1")
}

func short(v []byte) string {
	s := string(bytes.TrimSpace(v))
	if len(s) > 40 {
		s = s[:37] + "..."
	}
	return s
}

func unjoin(err error) []error {
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		return j.Unwrap()
	}
	return []error{err}
}
