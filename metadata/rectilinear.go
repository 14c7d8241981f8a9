package metadata

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"

	"github.com/zcodec/zcodec/internal/shorten"
	"github.com/zcodec/zcodec/internal/strictjson"
	"github.com/zcodec/zcodec/region"
)

// The rectilinear chunk grid (zarr-extensions, chunk-grids/rectilinear):
//
//	{"name": "rectilinear", "configuration": {"kind": "inline",
//	 "chunk_shapes": [4, [1, 2, 3], [[4, 2]], [[1, 3], 3]]}}
//
// One entry per dimension: an integer m (edges of m, repeated until they
// cover the dimension) or an array whose elements are edge lengths and
// [length, count] runs.

// maxEdge bounds one edge length: chunk shapes are ints (codec.ChunkSpec).
const maxEdge = math.MaxInt

// parseRectilinear reads the configuration of a rectilinear chunk grid
// into p.a.ChunkEdges and p.a.ChunkShape.
func (p *parser) parseRectilinear(cfg *strictjson.Object) {
	const base = "/chunk_grid/configuration"
	if cfg == nil {
		p.add("/chunk_grid", "", "a rectilinear chunk grid needs a configuration with \"kind\" and \"chunk_shapes\"")
		return
	}
	kind, hasKind, err := cfg.String("kind")
	switch {
	case err != nil:
		p.add(base+"/kind", "", "kind must be the string \"inline\", got %s", describeMember(cfg, "kind"))
	case !hasKind:
		p.add(base, "", "missing required key \"kind\" (\"inline\")")
	case kind != "inline":
		p.add(base+"/kind", "", "kind %s is not supported; only \"inline\"", shorten.Quote(kind))
	}
	elems, hasShapes, err := cfg.Array("chunk_shapes")
	switch {
	case err != nil:
		p.add(base+"/chunk_shapes", "", "chunk_shapes must be an array with one entry per dimension, got %s", describeMember(cfg, "chunk_shapes"))
		hasShapes = false
	case !hasShapes:
		p.add(base, "", "missing required key \"chunk_shapes\"")
	}
	if err := cfg.Finish(); err != nil {
		p.addJSON(err)
	}
	if !hasShapes {
		return
	}
	if p.a.Shape != nil && len(elems) != len(p.a.Shape) {
		p.add(base+"/chunk_shapes", "", "chunk_shapes has %d dimensions, shape has %d", len(elems), len(p.a.Shape))
		return
	}
	edges := make([][]region.Run, len(elems))
	ok := true
	for d, e := range elems {
		ptr := base + "/chunk_shapes/" + strconv.Itoa(d)
		runs, good := p.parseEdges(ptr, e, d)
		edges[d], ok = runs, ok && good
	}
	if !ok || p.a.Shape == nil {
		return
	}
	g, err := region.NewRectilinear(p.a.Shape, edges)
	if err != nil {
		var ee *region.EdgeError
		ptr := base + "/chunk_shapes"
		if errors.As(err, &ee) && ee.Dim >= 0 {
			ptr += "/" + strconv.Itoa(ee.Dim)
		}
		reason := err.Error()
		if ee != nil {
			reason = ee.Reason
		}
		p.add(ptr, "", "%s", reason)
		p.addErr(err)
		return
	}
	p.setGrid(g)
}

// setGrid records a valid rectilinear grid: as ChunkEdges, or as the
// regular grid it equals (ChunkEdges nil).
func (p *parser) setGrid(g *region.Rectilinear) {
	if cs, ok := g.RegularShape(); ok {
		p.a.ChunkShape = ints(cs)
		return
	}
	p.a.ChunkEdges = make([][]region.Run, g.Rank())
	for d := range p.a.ChunkEdges {
		p.a.ChunkEdges[d] = append([]region.Run(nil), g.Edges(d)...)
	}
	p.a.ChunkShape = maxShape(g)
}

// maxShape returns the shape the pipeline of a rectilinear grid is
// resolved for: its largest chunk, and along a dimension without chunks
// its first edge (or 1).
func maxShape(g *region.Rectilinear) []int {
	cs := ints(g.MaxChunkShape())
	for d, c := range cs {
		if c == 0 {
			cs[d] = 1
			if e := g.Edges(d); len(e) > 0 {
				cs[d] = int(e[0].Length)
			}
		}
	}
	return cs
}

func ints(s []int64) []int {
	out := make([]int, len(s))
	for i, v := range s {
		out[i] = int(v)
	}
	return out
}

// parseEdges reads the entry of one dimension: an integer step, or an
// array of edges and [length, count] runs.
func (p *parser) parseEdges(ptr string, e json.RawMessage, d int) ([]region.Run, bool) {
	if e[0] != '[' {
		m, ok := p.edgeInt(ptr, e, "an edge length")
		if !ok {
			return nil, false
		}
		if p.a.Shape == nil || d >= len(p.a.Shape) {
			return nil, false
		}
		n := p.a.Shape[d]
		if n == 0 {
			return nil, true // repeated until the sum is at least 0: no edge
		}
		return []region.Run{{Length: m, Count: n/m + btoi(n%m != 0)}}, true
	}
	items, err := strictjson.ParseArray(e, strictjson.Options{})
	if err != nil {
		p.addJSON(err)
		return nil, false
	}
	runs := make([]region.Run, 0, len(items))
	ok := true
	for i, it := range items {
		iptr := ptr + "/" + strconv.Itoa(i)
		if it[0] != '[' {
			l, good := p.edgeInt(iptr, it, "an edge length")
			ok = ok && good
			runs = append(runs, region.Run{Length: l, Count: 1})
			continue
		}
		pair, err := strictjson.ParseArray(it, strictjson.Options{})
		if err != nil || len(pair) != 2 {
			p.add(iptr, "", "a run must be [length, count], two integers of at least 1, got %s", strictjson.Describe(it))
			ok = false
			continue
		}
		l, good1 := p.edgeInt(iptr+"/0", pair[0], "a run's edge length")
		c, good2 := p.edgeInt(iptr+"/1", pair[1], "a run's count")
		ok = ok && good1 && good2
		runs = append(runs, region.Run{Length: l, Count: c})
	}
	return runs, ok
}

// edgeInt reads a positive integer (an edge length or a run's count).
func (p *parser) edgeInt(ptr string, v json.RawMessage, what string) (int64, bool) {
	isInt := (v[0] == '-' || v[0] >= '0' && v[0] <= '9') && !bytes.ContainsAny(v, ".eE")
	n, err := strconv.ParseInt(string(v), 10, 64)
	switch {
	case !isInt:
		p.add(ptr, "", "%s must be an integer of at least 1, got %s", what, strictjson.Describe(v))
	case err != nil || n > maxEdge:
		p.add(ptr, "", "%s %s is too large (at most %d)", what, shorten.Bytes(v), int64(maxEdge))
	case n < 1:
		p.add(ptr, "", "%s must be at least 1, got %d", what, n)
	default:
		return n, true
	}
	return 0, false
}

func btoi(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

// describeMember describes the value of member key of o for a message.
func describeMember(o *strictjson.Object, key string) string {
	v, ok := o.Raw(key)
	if !ok {
		return "nothing"
	}
	return strictjson.Describe(v)
}

// appendRectilinear writes a rectilinear chunk grid of the given edges:
// a dimension that is regular (RegularLength) as its integer step, any
// other as its runs, a run of one edge as the bare length and a longer
// one as [length, count].
func appendRectilinear(b *bytes.Buffer, g *region.Rectilinear) {
	b.WriteString(`{"name":"rectilinear","configuration":{"kind":"inline","chunk_shapes":[`)
	for d := range g.Rank() {
		if d > 0 {
			b.WriteByte(',')
		}
		if l, ok := g.RegularLength(d); ok {
			b.WriteString(strconv.FormatInt(l, 10))
			continue
		}
		b.WriteByte('[')
		for i, r := range g.Edges(d) {
			if i > 0 {
				b.WriteByte(',')
			}
			if r.Count == 1 {
				b.WriteString(strconv.FormatInt(r.Length, 10))
			} else {
				fmt.Fprintf(b, "[%d,%d]", r.Length, r.Count)
			}
		}
		b.WriteByte(']')
	}
	b.WriteString(`]}}`)
}

// maxShapeChecks bounds the chain resolutions checkChunkShapes makes.
const maxShapeChecks = 256

// checkChunkShapes resolves the chain of a rectilinear grid for chunks
// whose length along one dimension is another of that dimension's edges
// (the others those of ChunkShape), so that a chain that cannot hold some
// chunk (a shard that its inner chunks do not divide) is a problem at
// the edges concerned. It stops after maxShapeChecks distinct lengths;
// a chunk past those that the chain cannot hold fails when it is read or
// written.
func (p *parser) checkChunkShapes() {
	if p.a.ChunkEdges == nil {
		return
	}
	g, err := p.a.Grid()
	if err != nil {
		return
	}
	rg := g.(*region.Rectilinear)
	checks := 0
	for d := range rg.Rank() {
		seen := map[int64]bool{int64(p.a.ChunkShape[d]): true}
		for _, run := range rg.Edges(d) {
			if seen[run.Length] {
				continue
			}
			seen[run.Length] = true
			if checks++; checks > maxShapeChecks {
				return
			}
			shape := slices.Clone(p.a.ChunkShape)
			shape[d] = int(run.Length)
			if _, err := p.a.PipelineFor(shape); err != nil {
				p.add("/chunk_grid/configuration/chunk_shapes/"+strconv.Itoa(d), "", "a chunk of shape %v: %v", shape, err)
				p.addErr(err)
				return
			}
		}
	}
}
