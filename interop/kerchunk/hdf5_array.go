package kerchunk

import (
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/zcodec/zcodec/internal/jsonstr"
	"github.com/zcodec/zcodec/internal/npdtype"
	"github.com/zcodec/zcodec/interop/cf"
	"github.com/zcodec/zcodec/interop/hdf5/h5file"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/region"
	"github.com/zcodec/zcodec/store"
	"github.com/zcodec/zcodec/zarr"
)

// arrayRefs collects the keys of one array while it is made, so that a
// refused array leaves nothing in the set.
type arrayRefs struct {
	path   string
	prefix string // keyPrefix(path)
	keys   map[string]Ref
	// chunks counts the chunk keys; forced the bytes inlined because
	// they cannot be referenced, bounded by budget.
	chunks int
	forced int64
	budget int64
}

// chunkName is the Zarr v2 chunk key suffix of coords ("0" for a scalar).
func chunkName(coords []int64) string {
	if len(coords) == 0 {
		return "0"
	}
	var b strings.Builder
	for i, v := range coords {
		if i > 0 {
			b.WriteByte('.')
		}
		b.WriteString(strconv.FormatInt(v, 10))
	}
	return b.String()
}

func (ar *arrayRefs) put(coords []int64, r Ref) {
	ar.keys[ar.prefix+chunkName(coords)] = r
	ar.chunks++
}

// force inlines data that cannot be referenced, within the budget.
func (ar *arrayRefs) force(coords []int64, data []byte, why string) error {
	if int64(len(data)) > ar.budget-ar.forced {
		return &RefusedError{Path: ar.path, Reason: fmt.Sprintf(
			"its chunks that cannot be referenced (%s) must be inlined, and they hold more than the %d bytes allowed (MaxInlineBytes, --max-inline)",
			why, ar.budget)}
	}
	ar.forced += int64(len(data))
	ar.put(coords, inline(data))
	return nil
}

// array makes the keys of the array at p, or refuses it.
func (c *converter) array(ctx context.Context, p string) (map[string]Ref, error) {
	za, err := zarr.Open(ctx, c.st, p, nil)
	if err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, refuse(p, err)
	}
	m := za.Metadata()
	info, ok := c.st.Dataset(p)
	if !ok {
		return nil, &RefusedError{Path: p, Reason: "h5store does not present it as a dataset"}
	}
	obj, err := lookup(ctx, c.st.File(), info.Path)
	if err != nil {
		return nil, refuse(p, fmt.Errorf("the dataset %s cannot be found again in the file: %w", info.Path, err))
	}
	ds, err := obj.Dataset(ctx)
	if err != nil {
		return nil, refuse(p, err)
	}
	ar := &arrayRefs{path: p, prefix: keyPrefix(p), keys: map[string]Ref{}, budget: c.opts.MaxInlineBytes}
	chain, err := v2ChainOf(m, c.opts.Fletcher32Filter)
	var uc *UnsupportedCodecError
	if errors.As(err, &uc) {
		return c.decodedArray(ctx, ar, za, err)
	}
	if err != nil {
		return nil, refuse(p, err)
	}
	chunks := make([]int64, len(m.ChunkShape))
	for i, v := range m.ChunkShape {
		chunks[i] = int64(v)
	}
	var stored []zarr.StoredChunk
	if err := za.ListChunks(ctx, func(sc zarr.StoredChunk) error {
		if sc.Err != nil {
			return sc.Err
		}
		if sc.InGrid {
			stored = append(stored, sc)
		}
		return nil
	}); err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, refuse(p, fmt.Errorf("its chunks cannot be listed: %w", err))
	}
	fixed := !chain.vlen
	for _, sc := range stored {
		fixed = fixed && sc.Size >= 0
	}
	switch {
	case ds.Layout.Class == h5file.LayoutChunked:
		err = c.chunked(ctx, ar, za, ds, chain, stored)
	case ds.Layout.Class == h5file.LayoutContiguous && fixed:
		chunks, err = c.contiguous(ctx, ar, za, ds, chain)
	default:
		// Compact data, variable-length strings, converted integers:
		// every chunk is served made, and inlined as h5store serves it.
		why := "compact data, held in the dataset's header"
		if chain.vlen {
			why = "variable-length strings, read from the global heap"
		} else if ds.Layout.Class == h5file.LayoutContiguous {
			why = "integers of reduced precision, converted"
		}
		for _, sc := range stored {
			data, err := c.get(ctx, ar, za, sc.Coords, chain.trim)
			if err != nil {
				return nil, err
			}
			if err := ar.force(sc.Coords, data, why); err != nil {
				return nil, err
			}
		}
	}
	if err != nil {
		return nil, err
	}
	fill, err := c.fillValue(ctx, ar, za, chain, chunks)
	if err != nil {
		return nil, err
	}
	doc := zarray{
		Chunks: chunks, Compressor: json.RawMessage("null"), Dtype: chain.dtype,
		FillValue: fill, Filters: chain.filters, Order: "C", Shape: m.Shape, ZarrFormat: 2,
	}
	if len(chunks) == 0 {
		doc.Chunks = []int64{}
	}
	zb, err := jsonstr.Marshal(doc)
	if err != nil {
		return nil, err
	}
	ar.keys[ar.prefix+".zarray"] = inline(zb)
	attrs, err := c.attributes(ar, za, m.Shape)
	if err != nil {
		return nil, err
	}
	ar.keys[ar.prefix+".zattrs"] = inline(attrs)
	return ar.keys, nil
}

// get returns the value h5store serves for the chunk at coords, less
// trim bytes (a final checksum left out).
func (c *converter) get(ctx context.Context, ar *arrayRefs, za *zarr.Array, coords []int64, trim int) ([]byte, error) {
	limit := ar.budget - ar.forced
	if limit < maxInt64-int64(trim) {
		limit += int64(trim)
	}
	data, err := c.st.Get(ctx, za.ChunkKey(coords), limit)
	var tl *store.TooLargeError
	switch {
	case errors.As(err, &tl):
		return nil, &RefusedError{Path: ar.path, Reason: fmt.Sprintf(
			"chunk %v must be inlined (it cannot be referenced), and it is larger than the %d bytes left of MaxInlineBytes (--max-inline)", coords, ar.budget-ar.forced)}
	case err != nil:
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, refuse(ar.path, fmt.Errorf("chunk %v: %w", coords, err))
	case len(data) < trim:
		return nil, refuse(ar.path, fmt.Errorf("chunk %v holds %d bytes, less than its checksum", coords, len(data)))
	}
	return data[:len(data)-trim], nil
}

// chunked adds the chunks of a chunked dataset: those served as stored by
// reference (or inline when small), the others inline as served.
func (c *converter) chunked(ctx context.Context, ar *arrayRefs, za *zarr.Array, ds *h5file.Dataset, chain *v2Chain, stored []zarr.StoredChunk) error {
	where := map[string]h5file.Chunk{}
	if err := ds.Chunks(ctx, func(ch h5file.Chunk) error {
		co := make([]int64, len(ch.Coords))
		for i, v := range ch.Coords {
			co[i] = int64(v)
		}
		where[chunkName(co)] = ch
		return nil
	}); err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		return refuse(ar.path, fmt.Errorf("its chunk index cannot be read: %w", err))
	}
	for _, sc := range stored {
		if sc.Size < 0 {
			why := "stored with filters skipped, served re-encoded"
			if chain.vlen {
				why = "variable-length strings, read from the global heap"
			}
			data, err := c.get(ctx, ar, za, sc.Coords, chain.trim)
			if err != nil {
				return err
			}
			if err := ar.force(sc.Coords, data, why); err != nil {
				return err
			}
			continue
		}
		ch, ok := where[chunkName(sc.Coords)]
		if !ok || int64(ch.Size) != sc.Size {
			return refuse(ar.path, fmt.Errorf("chunk %v is listed with %d bytes that the chunk index does not place", sc.Coords, sc.Size))
		}
		n := sc.Size - int64(chain.trim)
		if n < 0 {
			return refuse(ar.path, fmt.Errorf("chunk %v holds %d bytes, less than its checksum", sc.Coords, sc.Size))
		}
		if n < int64(c.opts.InlineThreshold) {
			data, err := c.get(ctx, ar, za, sc.Coords, chain.trim)
			if err != nil {
				return err
			}
			ar.put(sc.Coords, inline(data))
			continue
		}
		ar.put(sc.Coords, Ref{URL: c.url, Offset: ch.Offset, Length: n})
	}
	return nil
}

// fillValue returns the .zarray fill_value, which readers use twice: as
// the value of absent chunks, and (xarray) as the CF mask. It is the
// _FillValue attribute (null when there is none), once every chunk of the
// grid is in the set: absent chunks are added, filled with the header's
// fill value as HDF5 reads them, when MaxFillChunks and MaxInlineBytes
// allow. Otherwise it
// is the header's fill value (D32), so that absent chunks read as HDF5
// reads them, with a warning when that differs from the mask.
func (c *converter) fillValue(ctx context.Context, ar *arrayRefs, za *zarr.Array, chain *v2Chain, chunks []int64) (json.RawMessage, error) {
	hdr := za.FillValue()
	mask := json.RawMessage("null")
	if cfFill, ok := cfFillValue(za); ok {
		mask = fillJSON(cfFill)
	}
	shape := za.Shape()
	g := make(grid, len(shape))
	total := int64(1)
	for i, d := range shape {
		g[i] = (d + chunks[i] - 1) / chunks[i]
		total *= g[i]
	}
	missing := total - int64(ar.chunks)
	if missing <= 0 {
		return mask, nil
	}
	enc, err := c.fillChunk(za, chain, chunks, hdr)
	if err != nil {
		return nil, refuse(ar.path, err)
	}
	if missing > c.opts.MaxFillChunks || missing > (ar.budget-ar.forced)/max(int64(len(enc)), 1) {
		msg := fmt.Sprintf("%d of its %d chunks are absent, too many to fill (MaxFillChunks, --max-fill-chunks; MaxInlineBytes, --max-inline): they read as fill_value, the header's fill value %s; fsspec before 2023 fails on them (KeyError)", missing, total, fillJSON(hdr))
		switch {
		case string(mask) == "null":
			msg += fmt.Sprintf("; readers that mask with fill_value (xarray) mask %s, where the dataset has no _FillValue", fillJSON(hdr))
		case string(mask) != string(fillJSON(hdr)):
			msg += fmt.Sprintf("; readers that mask with fill_value (xarray) mask %s, where _FillValue says %s", fillJSON(hdr), mask)
		}
		c.warn(ar.path, "%s", msg)
		return fillJSON(hdr), nil
	}
	for n := int64(0); n < total; n++ {
		coords := coordsOf(g, n)
		if _, ok := ar.keys[ar.prefix+chunkName(coords)]; ok {
			continue
		}
		if n%1024 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		if err := ar.force(coords, enc, "absent chunks, filled with the header's fill value"); err != nil {
			return nil, err
		}
	}
	return mask, nil
}

// coordsOf returns the coordinates of chunk n of grid in C order.
func coordsOf(g grid, n int64) []int64 {
	co := make([]int64, len(g))
	for i := len(g) - 1; i >= 0; i-- {
		co[i] = n % g[i]
		n /= g[i]
	}
	return co
}

// cfFillValue decodes the array's _FillValue attribute, if any.
func cfFillValue(za *zarr.Array) (numeric.Scalar, bool) {
	var attrs map[string]json.RawMessage
	if json.Unmarshal(za.Attributes(), &attrs) != nil {
		return numeric.Scalar{}, false
	}
	raw, ok := attrs[cf.FillValueAttr]
	if !ok {
		return numeric.Scalar{}, false
	}
	dt := za.DataType()
	if !dt.IsInteger() && !dt.IsFloat() && dt != numeric.Bool && !dt.IsComplex() {
		return numeric.Scalar{}, false
	}
	s, err := cf.Decode(dt, raw)
	return s, err == nil
}

// fillChunk returns a chunk of chunks elements of the header's fill value,
// encoded as the chunks of the array are (less the trimmed checksum).
func (c *converter) fillChunk(za *zarr.Array, chain *v2Chain, chunks []int64, hdr numeric.Scalar) ([]byte, error) {
	n := int64(1)
	for _, d := range chunks {
		n *= d
	}
	if chain.vlen {
		// vlen-utf8 (vlen-bytes): a count, then each string's length and bytes.
		text, _ := hdr.Text()
		if b, ok := hdr.ByteString(); ok && text == "" {
			text = string(b)
		}
		if n > 1<<28 || int64(len(text)+4)*n > 1<<31 {
			return nil, fmt.Errorf("a chunk of %d strings is too large to fill", n)
		}
		out := binary.LittleEndian.AppendUint32(nil, uint32(n))
		for range n {
			out = binary.LittleEndian.AppendUint32(out, uint32(len(text)))
			out = append(out, text...)
		}
		return out, nil
	}
	size := int64(hdr.DataType().Size())
	if n*size > 1<<31 {
		return nil, fmt.Errorf("a chunk of %d elements is too large to fill", n)
	}
	elem := hdr.Bytes()
	if chain.endian == numeric.BigEndian {
		swap(elem, hdr.DataType())
	}
	raw := make([]byte, 0, n*size)
	for range n {
		raw = append(raw, elem...)
	}
	if len(za.Metadata().Codecs) == 1 || !sameShape(za.ChunkShape(), chunks) {
		return raw, nil // the bytes codec alone: the stored order, as is
	}
	// Encode in little-endian decoded layout through the whole chain.
	le := make([]byte, 0, n*size)
	for range n {
		le = append(le, hdr.Bytes()...)
	}
	enc, err := za.Pipeline().AppendEncode(nil, le)
	if err != nil {
		return nil, err
	}
	if len(enc) < chain.trim {
		return nil, errors.New("an encoded fill chunk shorter than its checksum")
	}
	return enc[:len(enc)-chain.trim], nil
}

func sameShape(a []int, b []int64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if int64(a[i]) != b[i] {
			return false
		}
	}
	return true
}

// swap turns little-endian elements of dt into big-endian ones in place
// (each component of a complex number on its own).
func swap(b []byte, dt numeric.DataType) {
	size := dt.Size()
	if dt.IsComplex() {
		size /= 2
	}
	if size < 2 || dt.IsByteString() || dt.Kind() == numeric.RawBytes {
		return
	}
	for i := 0; i+size <= len(b); i += size {
		e := b[i : i+size]
		for l, r := 0, size-1; l < r; l, r = l+1, r-1 {
			e[l], e[r] = e[r], e[l]
		}
	}
}

// attributes returns the .zattrs of an array: its attributes, with
// _FillValue as a plain number, and _ARRAY_DIMENSIONS.
func (c *converter) attributes(ar *arrayRefs, za *zarr.Array, shape []int64) ([]byte, error) {
	attrs := map[string]json.RawMessage{}
	if a := za.Attributes(); len(a) > 0 {
		if err := json.Unmarshal(a, &attrs); err != nil {
			return nil, refuse(ar.path, fmt.Errorf("its attributes: %w", err))
		}
		if attrs == nil {
			attrs = map[string]json.RawMessage{}
		}
	}
	if _, ok := attrs[cf.FillValueAttr]; ok {
		if s, ok := cfFillValue(za); ok {
			attrs[cf.FillValueAttr] = fillJSON(s)
		}
	}
	var dims []*string
	if dn := za.Metadata().DimensionNames; len(dn) > 0 {
		_ = json.Unmarshal(dn, &dims)
	}
	names := make([]string, len(shape))
	for i := range names {
		if i < len(dims) && len(dims) == len(shape) && dims[i] != nil {
			names[i] = *dims[i]
		} else {
			names[i] = fmt.Sprintf("phony_dim_%s_%d", strings.ReplaceAll(ar.path, "/", "_"), i)
			c.warn(ar.path, "dimension %d has no name: %s given", i, names[i])
		}
	}
	attrs["_ARRAY_DIMENSIONS"] = mustJSON(names)
	return jsonstr.Marshal(attrs)
}

// decodedArray inlines an array whose chain has no numcodecs equivalent,
// decoded, as one chunk of raw values (in the byte order stored, no filters), when
// InlineUnsupported allows; else it refuses the array with why.
func (c *converter) decodedArray(ctx context.Context, ar *arrayRefs, za *zarr.Array, why error) (map[string]Ref, error) {
	dt := za.DataType()
	shape := za.Shape()
	n := int64(dt.Size())
	for _, d := range shape {
		if d != 0 && n > maxInt64/d {
			n = maxInt64
			break
		}
		n *= d
	}
	if c.opts.InlineUnsupported <= 0 || n > c.opts.InlineUnsupported || dt.Size() == 0 {
		reason := why.Error()
		if c.opts.InlineUnsupported > 0 {
			reason += fmt.Sprintf("; its %d decoded bytes are more than InlineUnsupported (--inline-unsupported) allows, %d", n, c.opts.InlineUnsupported)
		}
		return nil, &RefusedError{Path: ar.path, Reason: reason, Err: why}
	}
	// The values in the byte order they are stored in, as h5py shows them.
	endian := storedEndian(za)
	chain := &v2Chain{dtype: npdtype.Format(dt, endian), endian: endian}
	if chain.dtype == "" {
		return nil, &RefusedError{Path: ar.path, Reason: why.Error(), Err: why}
	}
	chunks := make([]int64, len(shape))
	empty := false
	for i, d := range shape {
		chunks[i] = max(d, 1)
		empty = empty || d == 0
	}
	if !empty {
		buf := make([]byte, n)
		if err := za.ReadRegion(ctx, region.Whole(shape), buf); err != nil {
			if ctx.Err() != nil {
				return nil, ctx.Err()
			}
			return nil, refuse(ar.path, err)
		}
		if endian == numeric.BigEndian {
			swap(buf, dt)
		}
		ar.put(make([]int64, len(shape)), inline(buf))
	}
	c.warn(ar.path, "decoded and inlined (%d bytes): %v", n, why)
	fill := json.RawMessage("null") // every chunk is present: fill_value only masks
	if s, ok := cfFillValue(za); ok {
		fill = fillJSON(s)
	}
	zb, err := jsonstr.Marshal(zarray{
		Chunks: chunks, Compressor: json.RawMessage("null"), Dtype: chain.dtype,
		FillValue: fill, Order: "C", Shape: shape, ZarrFormat: 2,
	})
	if err != nil {
		return nil, err
	}
	ar.keys[ar.prefix+".zarray"] = inline(zb)
	attrs, err := c.attributes(ar, za, shape)
	if err != nil {
		return nil, err
	}
	ar.keys[ar.prefix+".zattrs"] = inline(attrs)
	return ar.keys, nil
}

// storedEndian is the byte order of the array's bytes codec.
func storedEndian(za *zarr.Array) numeric.Endian {
	for _, cd := range za.Metadata().Codecs {
		if cd.Name() != "bytes" {
			continue
		}
		raw, err := cd.MarshalJSON()
		if err != nil {
			break
		}
		var doc struct {
			Configuration struct {
				Endian string `json:"endian"`
			} `json:"configuration"`
		}
		if json.Unmarshal(raw, &doc) == nil && doc.Configuration.Endian == "big" {
			return numeric.BigEndian
		}
	}
	return numeric.LittleEndian
}
