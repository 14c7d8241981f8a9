package metadata

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/internal/shorten"
	"github.com/zcodec/zcodec/internal/strictjson"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/region"
	"github.com/zcodec/zcodec/registry"
)

// Array is the parsed metadata of a Zarr v3 array.
type Array struct {
	Shape    []int64
	DataType numeric.DataType
	// ChunkShape is the chunk shape of a regular chunk grid. Of a
	// rectilinear grid (ChunkEdges not nil) it is the shape of its
	// largest chunk (region.Rectilinear.MaxChunkShape), which bounds the
	// buffer of any chunk and which Pipeline is resolved for.
	ChunkShape []int
	// ChunkEdges is nil for a regular chunk grid; for a rectilinear one it
	// holds the edges of each dimension as runs (see
	// region.NewRectilinear). A rectilinear grid that is regular is read
	// as the regular grid, with ChunkEdges nil.
	ChunkEdges [][]region.Run
	// ChunkKeyEncoding is the chunk_key_encoding object as given
	// (ParseKeyEncoding reads it).
	ChunkKeyEncoding json.RawMessage
	FillValue        numeric.Scalar
	// Codecs is the codec chain; CodecPointers holds the JSON pointer of
	// each codec's entry ("/codecs/0", ...).
	Codecs        []codec.Codec
	CodecPointers []string
	// Pipeline is the chain resolved for one chunk of ChunkShape.
	Pipeline *codec.Pipeline
	// Attributes, DimensionNames and StorageTransformers are kept as given
	// (nil when absent; DimensionNames is also nil for "dimension_names":
	// null).
	Attributes          json.RawMessage
	DimensionNames      json.RawMessage
	StorageTransformers json.RawMessage
	// Extra holds every other top-level member, as given.
	Extra map[string]json.RawMessage
	// Warnings are notes about accepted but non-canonical input, and the
	// fill round trips that failed without failing the parse (their Err a
	// *codec.FillRoundTripError). Each has the JSON pointer of the value
	// concerned; the message names the codec concerned, if any.
	Warnings []codec.Warning

	opts *codec.Options // what Parse resolved Pipeline with
}

// Grid returns the array's chunk grid: a *region.Regular of ChunkShape
// when ChunkEdges is nil, else a *region.Rectilinear of ChunkEdges. An
// Array that Parse returned always has one; one built otherwise may give
// the *region.EdgeError of edges that do not cover its shape.
func (a *Array) Grid() (region.Grid, error) {
	if a.ChunkEdges == nil {
		if len(a.ChunkShape) != len(a.Shape) {
			return nil, &region.EdgeError{Dim: -1, Run: -1, Reason: fmt.Sprintf("a chunk shape of %d dimensions for an array of %d", len(a.ChunkShape), len(a.Shape))}
		}
		return region.NewRegular(a.Shape, a.ChunkShape), nil
	}
	return region.NewRectilinear(a.Shape, a.ChunkEdges)
}

// PipelineFor returns the chain resolved for a chunk of the given shape,
// with the options Parse resolved Pipeline with: the pipeline of one
// chunk of a rectilinear grid (Pipeline is that of ChunkShape).
func (a *Array) PipelineFor(shape []int) (*codec.Pipeline, error) {
	if slices.Equal(shape, a.ChunkShape) && a.Pipeline != nil {
		return a.Pipeline, nil
	}
	spec := a.ChunkSpec()
	spec.Shape = slices.Clone(shape)
	return codec.NewPipeline(spec, a.Codecs, a.opts)
}

// ChunkSpec returns the spec of one chunk: data type, chunk shape, fill.
func (a *Array) ChunkSpec() codec.ChunkSpec {
	return codec.ChunkSpec{DataType: a.DataType, Shape: slices.Clone(a.ChunkShape), FillValue: a.FillValue}
}

// Options control how Parse builds and resolves a codec chain. A nil
// *Options gives the defaults, as does the zero value of each field.
//
// The embedded codec.Options are those the chain is resolved with (see
// codec.NewPipeline): FillMode says what a failed fill round trip is,
// codec.FillStrict (the default: validating, creating) an error and
// codec.FillWarn (reading arrays that exist) a warning; MaxChunkBytes
// caps any buffer a decode through the resolved Pipeline allocates;
// Concurrency is the number of goroutines the Pipeline's calls that take
// no options of their own (Decode and AppendEncode of a whole shard) may
// spread one chunk over; RangeGap is handed on likewise.
type Options struct {
	codec.Options
	// Registry builds the codecs; nil means registry.Default().
	Registry *registry.Registry
}

func (o *Options) registry() *registry.Registry {
	if o == nil || o.Registry == nil {
		return registry.Default()
	}
	return o.Registry
}

// codecOptions returns the options the pipeline is resolved with.
func (o *Options) codecOptions() *codec.Options {
	if o == nil {
		return nil
	}
	return &o.Options
}

// Parse reads a zarr.json document, building codecs with opts.Registry and
// resolving the chain for one chunk with opts.FillMode, opts.MaxChunkBytes
// and opts.Concurrency (see codec.NewPipeline). A nil opts gives the
// defaults: registry.Default() and the strict fill round trip.
func Parse(data []byte, opts *Options) (*Array, error) {
	p := &parser{reg: opts.registry(), a: &Array{opts: opts.codecOptions()}, opts: opts.codecOptions()}
	if opts != nil && opts.FillMode == codec.FillWarn {
		data, _ = strictjson.FromPython(data) // reading: docs/decisions.md#d21
	}
	p.parse(data)
	if len(p.problems) > 0 {
		return nil, &ValidationError{Problems: p.problems, Err: p.firstErr}
	}
	return p.a, nil
}

type parser struct {
	reg      *registry.Registry
	opts     *codec.Options
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

// addJSON records a problem the JSON reader found (a *strictjson.Error).
func (p *parser) addJSON(err error) {
	var e *strictjson.Error
	if !errors.As(err, &e) {
		p.add("", "", "%v", err)
		return
	}
	switch e.Kind {
	case strictjson.KindSyntax, strictjson.KindDepth, strictjson.KindDuplicate:
		se := &SyntaxError{Pointer: e.Pointer, Offset: e.Offset, Line: e.Line, Column: e.Column, Reason: e.Reason}
		p.addErr(se)
		what := "invalid JSON: "
		if e.Kind == strictjson.KindDuplicate {
			what = ""
		}
		p.add(e.Pointer, "", "%s%s at %s", what, e.Reason, se.Position())
	default:
		p.add(e.Pointer, "", "%s", e.Reason)
	}
}

var requiredMembers = []string{"zarr_format", "node_type", "shape", "data_type", "chunk_grid", "chunk_key_encoding", "fill_value", "codecs"}

var knownMembers = append(slices.Clone(requiredMembers), "attributes", "dimension_names", "storage_transformers")

func (p *parser) parse(data []byte) {
	doc, err := strictjson.Parse(data, strictjson.Options{})
	if err != nil {
		p.addJSON(err)
		return
	}
	for _, k := range requiredMembers {
		if !doc.Has(k) {
			p.add("", "", "missing required member %q", k)
		}
	}
	if v, ok := doc.Raw("zarr_format"); ok && string(v) != "3" {
		p.add("/zarr_format", "", "zarr_format is %s, want 3", shorten.Bytes(v))
	}
	if v, ok := doc.Raw("node_type"); ok && string(v) != `"array"` {
		p.add("/node_type", "", "node_type is %s, want \"array\"", shorten.Bytes(v))
	}
	if v, ok := doc.Raw("shape"); ok {
		p.a.Shape = p.parseShape(v)
	}
	if v, ok := doc.Raw("data_type"); ok {
		p.parseDataType(v)
	}
	if doc.Has("chunk_grid") {
		p.parseChunkGrid(doc)
	}
	p.checkGrid()
	if doc.Has("chunk_key_encoding") {
		p.parseChunkKeyEncoding(doc)
	}
	if v, ok := doc.Raw("fill_value"); ok && p.a.DataType.Valid() {
		fill, warns, err := numeric.ParseFillValueWarnings(p.a.DataType, v)
		if err != nil {
			p.add("/fill_value", "", "%v", err)
			p.addErr(err)
		}
		for _, w := range warns {
			p.a.Warnings = append(p.a.Warnings, codec.Warning{Pointer: "/fill_value", Message: w})
		}
		p.a.FillValue = fill
	}
	if v, ok := doc.Raw("codecs"); ok {
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
		p.add("/shape", "", "shape must be an array of non-negative integers, got %s", shorten.Bytes(v))
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
	dt, err := numeric.ParseDataTypeJSON(v)
	if err != nil {
		p.add("/data_type", "", "%v", err)
		p.addErr(err)
		return
	}
	p.a.DataType = dt
}

// namedObject reads member key of doc as {"name": ..., "configuration":
// {...}} and returns the name and the configuration (nil when absent), or
// ok false after recording a problem.
func (p *parser) namedObject(doc *strictjson.Object, key string) (name string, cfg *strictjson.Object, ok bool) {
	obj, _, err := doc.Object(key)
	if err != nil {
		p.add(doc.PointerTo(key), "", "%s must be an object with a name", key)
		return "", nil, false
	}
	name, _, err = obj.String("name")
	if err != nil || name == "" {
		p.add(doc.PointerTo(key), "", "%s must be an object with a name", key)
		return "", nil, false
	}
	cfg, _, err = obj.Object("configuration")
	if err != nil {
		p.addJSON(err)
		return name, nil, false
	}
	return name, cfg, true
}

func (p *parser) parseChunkGrid(doc *strictjson.Object) {
	name, cfg, ok := p.namedObject(doc, "chunk_grid")
	if !ok {
		return
	}
	if name == "rectilinear" {
		p.parseRectilinear(cfg)
		return
	}
	if name != "regular" {
		p.add("/chunk_grid/name", "", "chunk grid %s is not supported; only \"regular\" and \"rectilinear\"", shorten.Quote(name))
		return
	}
	var cs []int
	if cfg != nil {
		raw, ok := cfg.Raw("chunk_shape")
		if ok && json.Unmarshal(raw, &cs) != nil {
			cs = nil
		}
		if err := cfg.Finish(); err != nil {
			p.addJSON(err)
		}
	}
	if cs == nil {
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

func (p *parser) parseChunkKeyEncoding(doc *strictjson.Object) {
	p.a.ChunkKeyEncoding, _ = doc.Raw("chunk_key_encoding")
	p.keyEncoding(p.a.ChunkKeyEncoding)
}

func (p *parser) parseCodecs(v json.RawMessage) {
	chain, err := p.reg.ParseCodecs(v, "/codecs")
	p.a.Warnings = append(p.a.Warnings, chain.Warnings...)
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

func (p *parser) parseOptional(doc *strictjson.Object) {
	if v, ok := doc.Raw("attributes"); ok {
		if v[0] != '{' {
			p.add("/attributes", "", "attributes must be a JSON object")
		}
		p.a.Attributes = v
	}
	if v, ok := doc.Raw("dimension_names"); ok && string(v) != "null" {
		var names []*string
		if err := json.Unmarshal(v, &names); err != nil || names == nil {
			p.add("/dimension_names", "", "dimension_names must be an array of strings or nulls")
		} else if p.a.Shape != nil && len(names) != len(p.a.Shape) {
			p.add("/dimension_names", "", "dimension_names has %d entries, shape has %d dimensions", len(names), len(p.a.Shape))
		}
		p.a.DimensionNames = v
	}
	if v, ok := doc.Raw("storage_transformers"); ok {
		var ts []json.RawMessage
		if err := json.Unmarshal(v, &ts); err != nil || ts == nil {
			p.add("/storage_transformers", "", "storage_transformers must be an array")
		} else if len(ts) > 0 {
			p.add("/storage_transformers", "", "storage transformers are not supported (%d given)", len(ts))
		}
		p.a.StorageTransformers = v
	}
	keys := doc.Keys()
	slices.Sort(keys)
	for _, k := range keys {
		if slices.Contains(knownMembers, k) {
			continue
		}
		v, _ := doc.Raw(k)
		if p.a.Extra == nil {
			p.a.Extra = map[string]json.RawMessage{}
		}
		p.a.Extra[k] = v
		if !ignorableExtension(v) {
			p.add(strictjson.Pointer("", k), "", "unknown member %s must be understood (extensions that may be ignored are objects with \"must_understand\": false)", shorten.Quote(k))
		}
	}
}

// ignorableExtension reports whether v is an object with "must_understand":
// false.
func ignorableExtension(v json.RawMessage) bool {
	if v[0] != '{' {
		return false
	}
	obj, err := strictjson.Parse(v, strictjson.Options{})
	if err != nil {
		return false
	}
	must, ok, err := obj.Bool("must_understand")
	return ok && err == nil && !must
}

// resolve builds the pipeline for one chunk and turns its error into
// problems with pointers, and its warnings into warnings.
func (p *parser) resolve() {
	spec := p.a.ChunkSpec()
	pl, err := codec.NewPipeline(spec, p.a.Codecs, p.opts)
	if err == nil {
		p.a.Pipeline = pl
		p.checkChunkShapes()
		for _, w := range pl.Warnings() {
			e, ok := w.Err.(*codec.FillRoundTripError)
			if !ok {
				// A configuration accepted for reading only
				// (docs/decisions.md#d23), at the codec's entry.
				var se *codec.StepError
				if w.Pointer == "" && errors.As(w.Err, &se) && se.Index < len(p.a.CodecPointers) {
					w.Pointer = p.a.CodecPointers[se.Index]
				}
				p.a.Warnings = append(p.a.Warnings, w)
				continue
			}
			why := "a warning when reading (docs/decisions.md#d17)"
			if e.Advisory {
				why = "a warning for numcodecs codecs (docs/decisions.md#d17)"
			}
			// A codec in a chain nested in the codec at e.Index (inside a
			// shard) is named by the last step of e.Nested, located by
			// w.Pointer when the holding codec knows it.
			ptr := p.a.CodecPointers[e.Index]
			if w.Pointer != "" {
				ptr = w.Pointer
			}
			msg := fmt.Sprintf("%s: %v; %s", shorten.String(e.FailingCodec()), e, why)
			p.a.Warnings = append(p.a.Warnings, codec.Warning{Pointer: ptr, Message: msg, Err: e})
		}
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
				ptr = strictjson.Pointer(ptr, "configuration", ce.Key)
			}
			reason = ce.Reason
		}
		var fe *codec.FillRoundTripError
		if errors.As(se.Err, &fe) && (ce == nil || ce.Reason == "") {
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

func unjoin(err error) []error {
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		return j.Unwrap()
	}
	return []error{err}
}
