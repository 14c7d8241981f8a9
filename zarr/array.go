package zarr

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/codecs/sharding"
	"github.com/zcodec/zcodec/metadata"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/region"
	"github.com/zcodec/zcodec/registry"
	"github.com/zcodec/zcodec/store"
)

// maxMetadataBytes bounds every metadata document read from a store.
const maxMetadataBytes = 64 << 20

// Options control how arrays are opened and how their chunks are processed.
// A nil *Options gives the defaults.
//
// The embedded codec.Options are the limits of the chunks, read as the
// package documentation says:
//   - Concurrency is the budget of one read or write: the goroutines at
//     work and the store requests in flight, shards included. The default
//     is GOMAXPROCS, or the store's PreferredConcurrency when the store is
//     a store.ConcurrencyHint that prefers more (object stores, HTTP),
//     since their requests mostly wait. Out of a budget B, min(B, chunks)
//     chunks are processed at once, and a chunk that is a shard reads and
//     decodes its inner chunks on max(1, B/chunks at once) of them. Each
//     chunk at work holds at most one decoded and one encoded chunk, so
//     the budget also bounds the memory a read or write uses beyond the
//     caller's buffer.
//   - MaxChunkBytes refuses arrays whose decoded chunk (shard) is larger,
//     since reading one means holding it whole, and sharded arrays whose
//     shard index (encoded, or decoded at 16 bytes per inner chunk) is
//     larger, since a partial read holds it whole (0 or less:
//     codec.DefaultMaxChunkBytes, 2 GiB). It cannot raise the limit of a
//     chunk spec, codec.MaxChunkBytes (16 GiB).
//   - RangeGap is how far apart, in bytes, the inner chunks of a shard
//     that a read needs may lie and still be read with one request (0
//     means codec.DefaultRangeGap, 64 KiB; -1 reads every inner chunk with
//     a request of its own).
//   - FillMode is not read: an array that exists is opened in the warn
//     fill mode and one created is checked in the strict mode (see the
//     package documentation).
type Options struct {
	codec.Options
	// Registry builds the codecs of the chain (nil: registry.Default(), so
	// import github.com/zcodec/zcodec/codecs for the standard set).
	Registry *registry.Registry
}

// codecOptions returns the array's limits as codec.Options, whose methods
// hold the default rules; nil for a nil o.
func (o *Options) codecOptions() *codec.Options {
	if o == nil {
		return nil
	}
	return &o.Options
}

func (o *Options) maxChunkBytes() int64 { return o.codecOptions().MaxChunkBytesOrDefault() }

// concurrency returns the budget of the array's reads and writes over s:
// o.Concurrency, or by default max(GOMAXPROCS, the store's
// PreferredConcurrency) when s is a store.ConcurrencyHint.
func (o *Options) concurrency(s store.Store) int {
	n := o.codecOptions().ConcurrencyOrDefault()
	if o != nil && o.Concurrency > 0 {
		return n
	}
	if h, ok := s.(store.ConcurrencyHint); ok {
		n = max(n, h.PreferredConcurrency())
	}
	return n
}

func (o *Options) registry() *registry.Registry {
	if o == nil || o.Registry == nil {
		return registry.Default()
	}
	return o.Registry
}

// Array is a Zarr array in a store: its metadata, resolved codec chain and
// chunk grid. It reads and writes regions; it is safe for concurrent use,
// except that two writes whose regions touch the same chunk must not run at
// once (each rewrites whole chunks).
type Array struct {
	st     store.Store
	path   string
	format int
	meta   *metadata.Array
	pipe   *codec.Pipeline
	keys   keyEncoding
	grid   *region.Regular
	// chunks is the box of the grid's chunk coordinates (region.GridBox).
	chunks region.Box
	es     int
	maxEnc int64 // the largest encoded chunk the chain allows
	// wholeChunk is the region of one whole chunk, [0, chunk shape).
	wholeChunk region.Box
	warnings   []codec.Warning
	conc       int
	rangeGap   int64 // Options.RangeGap, given to the shards' partial reads
	fill       *filler
	bufs       sync.Pool // *[]byte, one decoded chunk each
}

// Open opens the array at path in s: a Zarr v3 array (path/zarr.json) or a
// Zarr v2 array (path/.zarray with path/.zattrs), whose metadata is
// converted to Zarr v3 (see the package documentation; v2 arrays are
// read-only). path is "" for the store's root, or a key such as "a/b".
func Open(ctx context.Context, s store.Store, path string, opts *Options) (*Array, error) {
	path, err := cleanPath(path)
	if err != nil {
		return nil, &NodeError{Kind: "array", Path: path, Err: err}
	}
	doc, err := getMetadata(ctx, s, store.Join(path, "zarr.json"))
	switch {
	case err == nil:
		if kind := nodeType(doc); kind == "group" {
			return nil, &NodeError{Kind: "array", Path: path, Err: fmt.Errorf("%w: zarr.json describes a group", ErrNotArray)}
		}
		return openV3(s, path, doc, opts)
	case !errors.Is(err, store.ErrNotFound):
		return nil, &NodeError{Kind: "array", Path: path, Err: err}
	}
	zarray, err := getMetadata(ctx, s, store.Join(path, ".zarray"))
	if errors.Is(err, store.ErrNotFound) {
		if _, gerr := getMetadata(ctx, s, store.Join(path, ".zgroup")); gerr == nil {
			return nil, &NodeError{Kind: "array", Path: path, Err: fmt.Errorf("%w: a Zarr v2 group (.zgroup)", ErrNotArray)}
		}
		return nil, &NodeError{Kind: "array", Path: path, Err: fmt.Errorf("no zarr.json or .zarray: %w", store.ErrNotFound)}
	}
	if err != nil {
		return nil, &NodeError{Kind: "array", Path: path, Err: err}
	}
	zattrs, err := getMetadata(ctx, s, store.Join(path, ".zattrs"))
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		return nil, &NodeError{Kind: "array", Path: path, Err: err}
	}
	return openV2(ctx, s, path, zarray, zattrs, opts)
}

// cleanPath turns "/a/b/" into "a/b" and checks that it is "" or a key.
func cleanPath(path string) (string, error) {
	path = strings.Trim(path, "/")
	if path == "" {
		return "", nil
	}
	return path, store.ValidKey(path)
}

// nodeType returns the node_type member of a zarr.json, or "".
func nodeType(doc []byte) string {
	var head struct {
		NodeType string `json:"node_type"`
	}
	json.Unmarshal(doc, &head)
	return head.NodeType
}

// metadataOptions are the options an array's metadata is parsed with. The
// pipeline's own concurrency is 1: the calls that take no budget of their
// own (encoding a whole shard, decoding a chain that cannot decode in
// part) run on the goroutine of the chunk they serve, so that the array's
// budget (forChunks) bounds them; whole shards are read through
// DecodeRegion, which takes a share of the budget.
func (o *Options) metadataOptions(mode codec.FillMode) *metadata.Options {
	return &metadata.Options{Registry: o.registry(), Options: codec.Options{FillMode: mode, MaxChunkBytes: o.maxChunkBytes(), Concurrency: 1}}
}

// openV3 opens a Zarr v3 array from its zarr.json. The array exists, so
// its chain is resolved for reading: a fill value that does not survive the
// chain is a warning, not an error (docs/decisions.md#d17).
func openV3(s store.Store, path string, doc []byte, opts *Options) (*Array, error) {
	m, err := metadata.Parse(doc, opts.metadataOptions(codec.FillWarn))
	if err != nil {
		return nil, &NodeError{Kind: "array", Path: path, Err: fmt.Errorf("zarr.json: %w", err)}
	}
	a, err := newArray(s, path, 3, m, opts)
	if err != nil {
		return nil, err
	}
	a.warnings = inFile(m.Warnings, "zarr.json")
	return a, nil
}

func newArray(s store.Store, path string, format int, m *metadata.Array, opts *Options) (*Array, error) {
	keys, err := parseKeyEncoding(m.ChunkKeyEncoding)
	if err != nil {
		return nil, &NodeError{Kind: "array", Path: path, Err: err}
	}
	if m.ChunkEdges != nil {
		return nil, &NodeError{Kind: "array", Path: path, Err: errors.New("the rectilinear chunk grid is not supported by the array layer yet")}
	}
	if size := int64(m.Pipeline.DecodedSize()); size > opts.maxChunkBytes() {
		return nil, &NodeError{Kind: "array", Path: path, Err: &codec.LimitError{
			What: "decoded chunk", Size: size, Limit: opts.maxChunkBytes(), Setting: codec.SettingMaxChunkBytes}}
	}
	if err := checkShards(m.Pipeline, opts.maxChunkBytes()); err != nil {
		return nil, &NodeError{Kind: "array", Path: path, Err: err}
	}
	a := &Array{
		st: s, path: path, format: format, meta: m, pipe: m.Pipeline, keys: keys,
		grid: region.NewRegular(m.Shape, m.ChunkShape), es: m.DataType.Size(),
		maxEnc: int64(m.Pipeline.Encoded().MaxSize),
		conc:   opts.concurrency(s), rangeGap: opts.codecOptions().RangeGapOrDefault(), fill: newFiller(m.FillValue),
		wholeChunk: region.Whole(region.Int64s(m.ChunkShape)),
	}
	a.chunks = region.GridBox(a.grid)
	size := a.pipe.DecodedSize()
	a.bufs.New = func() any { b := make([]byte, size); return &b }
	return a, nil
}

// checkShards refuses a chain of shards (at every level of nesting) whose
// index, encoded or decoded, is larger than limit, when the array is
// opened: a partial read of a shard holds its whole index, whose size the
// metadata alone sets (16 bytes per inner chunk). The shard codec refuses
// it too, but only when a shard is read.
func checkShards(p *codec.Pipeline, limit int64) error {
	for {
		b, ok := sharding.FromPipeline(p)
		if !ok {
			return nil
		}
		if n := int64(b.IndexSize()); n > limit {
			return &codec.LimitError{Codec: sharding.Name, What: "shard index", Size: n, Limit: limit}
		}
		if n := 16 * int64(b.NumChunks()); n > limit {
			return &codec.LimitError{Codec: sharding.Name, What: "decoded shard index", Size: n, Limit: limit}
		}
		p = b.Inner()
	}
}

// Create writes the metadata of a new Zarr v3 array at path in s and returns
// it. m gives the shape, data type, chunk shape, fill value, codecs and
// optionally the chunk key encoding (nil: "default" with "/"), attributes
// and dimension names (metadata.Array.Definition gives those of an array
// that exists). The metadata is validated strictly (the fill value must
// survive every codec: docs/decisions.md#d1, #d17). Create fails with
// ErrExists when a node already exists at path.
func Create(ctx context.Context, s store.Store, path string, m *metadata.ArrayDefinition, opts *Options) (*Array, error) {
	p, err := CreatePending(ctx, s, path, m, opts)
	if err != nil {
		return nil, err
	}
	return p.Publish(ctx)
}

// checkFree fails with ErrExists when path holds a node.
func checkFree(ctx context.Context, s store.Store, path string) error {
	for _, name := range []string{"zarr.json", ".zarray", ".zgroup"} {
		_, err := s.Get(ctx, store.Join(path, name), maxMetadataBytes)
		if err == nil {
			return &NodeError{Kind: "node", Path: path, Err: fmt.Errorf("%w (%s)", ErrExists, name)}
		}
		if !errors.Is(err, store.ErrNotFound) {
			return &NodeError{Kind: "node", Path: path, Err: err}
		}
	}
	return nil
}

// Path returns the array's path in its store ("" for the root).
func (a *Array) Path() string { return a.path }

// Store returns the store the array lives in.
func (a *Array) Store() store.Store { return a.st }

// Format returns the Zarr format the array is stored in: 3, or 2 for an
// array opened from a .zarray (read-only).
func (a *Array) Format() int { return a.format }

// Shape returns the array's shape.
func (a *Array) Shape() []int64 { return slices.Clone(a.meta.Shape) }

// DataType returns the array's data type.
func (a *Array) DataType() numeric.DataType { return a.meta.DataType }

// ChunkShape returns the shape of the chunks of the array's regular grid:
// the shards of a sharded array.
func (a *Array) ChunkShape() []int { return slices.Clone(a.meta.ChunkShape) }

// GridShape returns the number of chunks along each dimension.
func (a *Array) GridShape() []int64 { return slices.Clone(a.grid.GridShape()) }

// NumChunks returns the number of chunks of the grid (-1 when it does not
// fit an int64).
func (a *Array) NumChunks() int64 { return a.chunks.Size() }

// FillValue returns the array's fill value.
func (a *Array) FillValue() numeric.Scalar { return a.meta.FillValue }

// Metadata returns the array's metadata as Zarr v3 (converted for a v2
// array). It must not be modified.
func (a *Array) Metadata() *metadata.Array { return a.meta }

// Pipeline returns the codec chain resolved for one chunk of the grid.
func (a *Array) Pipeline() *codec.Pipeline { return a.pipe }

// Attributes returns the array's attributes as JSON (an object), or nil.
func (a *Array) Attributes() json.RawMessage { return a.meta.Attributes }

// Warnings returns notes about metadata that was accepted although it is
// not canonical (see metadata.Array.Warnings), and about the conversion of
// Zarr v2 metadata (see zarrv2.Result.Warnings). Each is about the array's
// metadata document, zarr.json (Format 3) or .zarray (Format 2): its
// Pointer is into that document and its Message ends with the document's
// name, " (in zarr.json)" or " (in .zarray)", so that String says where to
// look:
//
//	/fill_value: "+Infinity" is not a Zarr v3 fill-value string; read as "Infinity" (in zarr.json)
//
// Err is as in the metadata's warning (a *codec.FillRoundTripError for a
// fill value that does not survive the chain). The result is a copy.
func (a *Array) Warnings() []codec.Warning { return slices.Clone(a.warnings) }

// inFile returns ws with the name of the metadata file they are about at
// the end of each message (see Array.Warnings).
func inFile(ws []codec.Warning, file string) []codec.Warning {
	out := make([]codec.Warning, len(ws))
	for i, w := range ws {
		w.Message += " (in " + file + ")"
		out[i] = w
	}
	return out
}

// ChunkKey returns the store key of the chunk at the given grid
// coordinates (with the array's path).
func (a *Array) ChunkKey(coords []int64) string {
	return store.Join(a.path, a.keys.key(coords))
}

// MetadataJSON returns the array's zarr.json as it would be written (for a
// v2 array, the converted metadata).
func (a *Array) MetadataJSON() ([]byte, error) {
	return a.meta.MarshalJSON()
}

// getBuf returns a decoded-chunk buffer from the pool.
func (a *Array) getBuf() *[]byte { return a.bufs.Get().(*[]byte) }

func (a *Array) putBuf(b *[]byte) { a.bufs.Put(b) }

// checkRegion checks r against the array and n, the length of the
// caller's buffer, against r, and returns r as a box and the box of the
// chunk coordinates it touches.
func (a *Array) checkRegion(r region.Box, n int, what string) (rb, cr region.Box, err error) {
	if a.pipe.VariableLength() {
		return rb, cr, &NodeError{Kind: "array", Path: a.path, Err: fmt.Errorf(
			"the elements of %v have no fixed size: read them with ReadStrings or ReadByteStrings, write them with WriteStrings or WriteByteStrings", a.meta.DataType)}
	}
	if err := r.Validate(a.meta.Shape); err != nil {
		return rb, cr, &NodeError{Kind: "array", Path: a.path, Err: err}
	}
	want, ok := regionBytes(r, a.es)
	if !ok {
		return rb, cr, &NodeError{Kind: "array", Path: a.path, Err: &region.Error{Input: r.String(), Dim: -1, Reason: "too many elements for memory"}}
	}
	if n != want {
		return rb, cr, &NodeError{Kind: "array", Path: a.path, Err: &codec.SizeError{What: what, Got: n, Want: want}}
	}
	rb, cr = a.boxes(r)
	return rb, cr, nil
}

// boxes returns a copy of r, a region of the array, and the box of the
// chunk coordinates it touches.
func (a *Array) boxes(r region.Box) (rb, cr region.Box) {
	region.Alloc(len(r.Start), &rb, &cr) // one allocation
	copy(rb.Start, r.Start)
	copy(rb.Stop, r.Stop)
	cr.SetChunksOf(a.grid, rb)
	return rb, cr
}
