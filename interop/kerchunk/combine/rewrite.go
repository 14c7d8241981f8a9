package combine

import (
	"context"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"math"
	"math/big"
	"strconv"

	"github.com/zcodec/zcodec/interop/kerchunk"
	"github.com/zcodec/zcodec/region"
	"github.com/zcodec/zcodec/zarr"
)

// checkTime checks the units and calendar of a CF time coordinate along
// the dimension (or of the bounds of one, which take its units), and
// reports whether its values must be rewritten into the first input's
// units.
func (c *combiner) checkTime(p string) (rewrite bool, why string, err error) {
	src := p
	if !c.isTime(c.in[0].nodes[p]) {
		b := c.boundsOf(p)
		if b == nil {
			return false, "", nil
		}
		src = b.path
	}
	first := c.in[0].nodes[src]
	cal0, err := calendarOf(stringAttr(first, "calendar"))
	if err != nil {
		return false, "", fmt.Errorf("%s: %s: %w", c.in[0].name, nodeName(src), err)
	}
	u0 := stringAttr(first, "units")
	for _, in := range c.in[1:] {
		n := in.nodes[src]
		cal, err := calendarOf(stringAttr(n, "calendar"))
		if err != nil {
			return false, "", fmt.Errorf("%s: %s: %w", in.name, nodeName(src), err)
		}
		if cal != cal0 {
			return false, "", &ConflictError{Path: src, What: "the attribute calendar", A: c.in[0].name, ValueA: shownAttr(first.attrs, "calendar"), B: in.name, ValueB: shownAttr(n.attrs, "calendar"),
				Reason: "dates of two calendars do not lie on one time axis"}
		}
		u := stringAttr(n, "units")
		if u == u0 {
			continue
		}
		conflict := &ConflictError{Path: src, What: "the attribute units", A: c.in[0].name, ValueA: shownAttr(first.attrs, "units"), B: in.name, ValueB: shownAttr(n.attrs, "units")}
		t0, err0 := parseTimeUnits(u0, cal0)
		t, err := parseTimeUnits(u, cal)
		switch {
		case err0 != nil:
			conflict.Reason = "they cannot be reconciled: " + err0.Error()
			return false, "", conflict
		case err != nil:
			conflict.Reason = "they cannot be reconciled: " + err.Error()
			return false, "", conflict
		case t0.unit.Cmp(t.unit) == 0 && t0.epoch.Cmp(t.epoch) == 0:
			continue // the same units, written differently
		case !c.opts.ReconcileTime:
			conflict.Reason = "CF time units of one calendar: reconciling them (--reconcile-time) rewrites the values into the first file's units, exactly, or refuses"
			return false, "", conflict
		}
		rewrite = true
		if why == "" {
			why = fmt.Sprintf("the units of %s differ (%s in %s, %s in %s): its values are rewritten in the first file's units", nodeName(src), u0, c.in[0].name, u, in.name)
		}
	}
	return rewrite, why, nil
}

// elemSize returns the kind ('i', 'u', 'f') and size of a numeric Zarr v2
// data type that can be rewritten, ok false for another.
func elemSize(dtype string) (kind byte, size int, ok bool) {
	if len(dtype) != 3 || dtype[0] != '<' && dtype[0] != '>' && dtype[0] != '|' {
		return 0, 0, false
	}
	kind, size = dtype[1], int(dtype[2]-'0')
	switch {
	case (kind == 'i' || kind == 'u') && (size == 1 || size == 2 || size == 4 || size == 8):
		return kind, size, true
	case kind == 'f' && (size == 4 || size == 8):
		return kind, size, true
	}
	return 0, 0, false
}

// rowElems returns the elements of one index along the first dimension.
func rowElems(shape []int64) int64 {
	n := int64(1)
	for _, s := range shape[1:] {
		n *= s
	}
	return n
}

// fits reports whether the array at p may be rewritten inline.
func (c *combiner) fits(p string, along int) bool {
	_, size, ok := elemSize(c.in[0].nodes[p].dtype)
	if !ok || along != 0 || c.opts.MaxRewriteBytes < 0 {
		return false
	}
	var total int64
	for _, in := range c.in {
		n := in.nodes[p]
		total += n.shape[0] * rowElems(n.shape) * int64(size)
		if total > c.opts.MaxRewriteBytes {
			return false
		}
	}
	return true
}

// rewrite reads the values of an array along the dimension from every
// input, rewrites times into the first input's units where they differ,
// and writes them inline, uncompressed, in chunks of the first input's
// length along the dimension.
func (c *combiner) rewrite(ctx context.Context, p string, along int, why string) error {
	first := c.in[0].nodes[p]
	kind, size, ok := elemSize(first.dtype)
	switch {
	case along != 0:
		return &GridError{Path: p, Dim: c.opts.ConcatDim, Reason: why + "; but only an array whose first dimension is " + c.opts.ConcatDim + " is rewritten"}
	case !ok:
		return &GridError{Path: p, Dim: c.opts.ConcatDim, Reason: why + "; but only integers and float32/float64 are rewritten, not " + strconv.Quote(first.dtype)}
	case !c.fits(p, along):
		return &GridError{Path: p, Dim: c.opts.ConcatDim, Reason: fmt.Sprintf("%s; but its values are more than the %d bytes rewritten inline (MaxRewriteBytes, --max-rewrite)", why, c.opts.MaxRewriteBytes)}
	}
	src := p
	if !c.isTime(first) {
		if b := c.boundsOf(p); b != nil {
			src = b.path
		}
	}
	var target timeUnits
	var fills []*big.Rat
	if src != p || c.isTime(first) {
		cal, _ := calendarOf(stringAttr(c.in[0].nodes[src], "calendar"))
		target, _ = parseTimeUnits(stringAttr(c.in[0].nodes[src], "units"), cal)
		for _, k := range []string{"_FillValue", "missing_value"} {
			fills = append(fills, numbersOf(first.attrs[k])...)
		}
	}
	var data []byte
	var total int64
	for i, in := range c.in {
		n := in.nodes[p]
		st, err := c.reader(ctx, i)
		if err != nil {
			return err
		}
		a, err := zarr.Open(ctx, st, p, nil)
		if err != nil {
			return fmt.Errorf("%s: %w", in.name, err)
		}
		buf := make([]byte, n.shape[0]*rowElems(n.shape)*int64(size))
		if err := a.ReadRegion(ctx, region.Whole(n.shape), buf); err != nil {
			return fmt.Errorf("%s: %w", in.name, err)
		}
		if target.unit != nil {
			u := stringAttr(in.nodes[src], "units")
			if u != stringAttr(c.in[0].nodes[src], "units") {
				cal, _ := calendarOf(stringAttr(in.nodes[src], "calendar"))
				from, err := parseTimeUnits(u, cal)
				if err != nil {
					return fmt.Errorf("%s: %s: %w", in.name, nodeName(src), err)
				}
				if err := shiftTimes(kind, size, buf, from, target, fills); err != nil {
					return &ConflictError{Path: src, What: "the attribute units", A: c.in[0].name, ValueA: strconv.Quote(stringAttr(c.in[0].nodes[src], "units")), B: in.name, ValueB: strconv.Quote(u),
						Reason: "they cannot be reconciled exactly: " + err.Error()}
				}
			}
		}
		data = append(data, buf...)
		total += n.shape[0]
	}
	shape := append([]int64{total}, first.shape[1:]...)
	// The first input's chunk length, or the whole length when that is
	// shorter: a chunk holds no more padding than values.
	chunks := append([]int64{max(min(first.chunks[0], total), 1)}, first.shape[1:]...)
	fill, err := fillBytes(kind, size, first.members["fill_value"])
	if err != nil {
		return &GridError{Path: p, Dim: c.opts.ConcatDim, Reason: why + "; but its fill_value cannot be written: " + err.Error()}
	}
	order := "<"
	if size == 1 {
		order = "|"
	}
	if err := c.putArray(p, first, shape, map[string]any{
		"dtype": order + string(kind) + strconv.Itoa(size), "chunks": chunks,
		"compressor": nil, "filters": nil, "order": "C",
	}); err != nil {
		return err
	}
	chunkBytes := int(chunks[0] * rowElems(shape) * int64(size))
	for k, off := int64(0), 0; off < len(data); k, off = k+1, off+chunkBytes {
		b := make([]byte, 0, chunkBytes)
		b = append(b, data[off:min(off+chunkBytes, len(data))]...)
		for len(b) < chunkBytes {
			b = append(b, fill...)
		}
		idx := make([]int64, len(shape))
		idx[0] = k
		c.res.Set.Put(chunkKey(p, first.sep, idx), kerchunk.Ref{Inline: true, Data: b})
	}
	c.res.Rewritten = append(c.res.Rewritten, p)
	c.warn(p, "%s: rewritten inline, uncompressed", why)
	return nil
}

// numbersOf returns the numbers of an attribute (a number or a list of
// them), exactly; NaN and strings are left out.
func numbersOf(raw json.RawMessage) []*big.Rat {
	var vs []json.Number
	var v json.Number
	if json.Unmarshal(raw, &v) == nil {
		vs = []json.Number{v}
	} else {
		json.Unmarshal(raw, &vs)
	}
	var out []*big.Rat
	for _, v := range vs {
		if r, ok := new(big.Rat).SetString(v.String()); ok {
			out = append(out, r)
		}
	}
	return out
}

// shiftTimes rewrites little-endian times in place from units from into
// units to, exactly, leaving fill values, NaN and infinities as they are.
func shiftTimes(kind byte, size int, buf []byte, from, to timeUnits, fills []*big.Rat) error {
	// v' = (from.epoch - to.epoch + v*from.unit) / to.unit
	delta := new(big.Rat).Sub(from.epoch, to.epoch)
	delta.Quo(delta, to.unit)
	scale := new(big.Rat).Quo(from.unit, to.unit)
	v := new(big.Rat)
	for off := 0; off < len(buf); off += size {
		e := buf[off : off+size]
		var f float64
		switch kind {
		case 'f':
			if size == 4 {
				f = float64(math.Float32frombits(binary.LittleEndian.Uint32(e)))
			} else {
				f = math.Float64frombits(binary.LittleEndian.Uint64(e))
			}
			if math.IsNaN(f) || math.IsInf(f, 0) {
				continue
			}
			v.SetFloat64(f)
		case 'i':
			v.SetInt64(signed(e))
		default:
			v.SetUint64(unsigned(e))
		}
		if isFill(v, fills) {
			continue
		}
		v.Mul(v, scale)
		v.Add(v, delta)
		if err := putExact(kind, e, v); err != nil {
			return fmt.Errorf("the time %s at element %d: %w", v.RatString(), off/size, err)
		}
	}
	return nil
}

func isFill(v *big.Rat, fills []*big.Rat) bool {
	for _, f := range fills {
		if v.Cmp(f) == 0 {
			return true
		}
	}
	return false
}

func signed(e []byte) int64 {
	switch len(e) {
	case 1:
		return int64(int8(e[0]))
	case 2:
		return int64(int16(binary.LittleEndian.Uint16(e)))
	case 4:
		return int64(int32(binary.LittleEndian.Uint32(e)))
	}
	return int64(binary.LittleEndian.Uint64(e))
}

func unsigned(e []byte) uint64 {
	switch len(e) {
	case 1:
		return uint64(e[0])
	case 2:
		return uint64(binary.LittleEndian.Uint16(e))
	case 4:
		return uint64(binary.LittleEndian.Uint32(e))
	}
	return binary.LittleEndian.Uint64(e)
}

// putExact writes v into e (of kind and len(e) bytes, little-endian), or
// fails when the type cannot hold it exactly.
func putExact(kind byte, e []byte, v *big.Rat) error {
	size := len(e)
	switch kind {
	case 'f':
		if size == 4 {
			f, exact := v.Float32()
			if !exact {
				return fmt.Errorf("not a float32")
			}
			binary.LittleEndian.PutUint32(e, math.Float32bits(f))
			return nil
		}
		f, exact := v.Float64()
		if !exact {
			return fmt.Errorf("not a float64")
		}
		binary.LittleEndian.PutUint64(e, math.Float64bits(f))
		return nil
	}
	if !v.IsInt() {
		return fmt.Errorf("not an integer")
	}
	n := v.Num()
	bits := uint(8 * size)
	var u uint64
	if kind == 'i' {
		lo := new(big.Int).Lsh(big.NewInt(-1), bits-1)
		hi := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), bits-1), big.NewInt(1))
		if n.Cmp(lo) < 0 || n.Cmp(hi) > 0 {
			return fmt.Errorf("out of the range of a %d-bit integer", bits)
		}
		u = uint64(n.Int64())
	} else {
		if n.Sign() < 0 || n.BitLen() > int(bits) {
			return fmt.Errorf("out of the range of a %d-bit unsigned integer", bits)
		}
		u = n.Uint64()
	}
	for i := range e {
		e[i] = byte(u >> (8 * i))
	}
	return nil
}

// fillBytes returns the little-endian bytes of a .zarray fill_value (null:
// zeros).
func fillBytes(kind byte, size int, raw json.RawMessage) ([]byte, error) {
	e := make([]byte, size)
	if len(raw) == 0 || string(raw) == "null" {
		return e, nil
	}
	var s string
	if json.Unmarshal(raw, &s) == nil {
		if kind != 'f' {
			return nil, fmt.Errorf("%s is not a fill value of integers", raw)
		}
		var f float64
		switch s {
		case "NaN":
			f = math.NaN()
		case "Infinity":
			f = math.Inf(1)
		case "-Infinity":
			f = math.Inf(-1)
		default:
			return nil, fmt.Errorf("%s is not a fill value", raw)
		}
		if size == 4 {
			binary.LittleEndian.PutUint32(e, math.Float32bits(float32(f)))
		} else {
			binary.LittleEndian.PutUint64(e, math.Float64bits(f))
		}
		return e, nil
	}
	r, ok := new(big.Rat).SetString(string(raw))
	if !ok {
		return nil, fmt.Errorf("%s is not a fill value", raw)
	}
	if err := putExact(kind, e, r); err != nil {
		return nil, fmt.Errorf("the fill value %s: %w", raw, err)
	}
	return e, nil
}
