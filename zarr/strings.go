package zarr

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"slices"
	"unicode/utf8"
	"unsafe"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/internal/vlenform"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/region"
	"github.com/zcodec/zcodec/store"
)

// StringTypeError reports a text or byte-string call on an array of
// another data type.
type StringTypeError struct {
	Call     string           // "ReadStrings", "WriteByteStrings", ...
	DataType numeric.DataType // the array's data type
	Want     string           // what the call reads: "a text type (string, fixed_length_utf32)", ...
}

func (e *StringTypeError) Error() string {
	return fmt.Sprintf("%s: the array's data type %v is not %s", e.Call, e.DataType, e.Want)
}

// ElementError reports an element of the source of WriteStrings or
// WriteByteStrings that the array's data type cannot hold: invalid UTF-8,
// too many code points or bytes for a fixed length, a vlen element longer
// than 2^32-1 bytes. Nothing has been written.
type ElementError struct {
	Call   string // "WriteStrings" or "WriteByteStrings"
	Index  int    // the element's index in the source slice
	Reason string
	Err    error // the underlying error, if any (a *numeric.ScalarError)
}

func (e *ElementError) Error() string {
	return fmt.Sprintf("%s: element %d: %s", e.Call, e.Index, e.Reason)
}

// Unwrap returns the underlying error, if any.
func (e *ElementError) Unwrap() error { return e.Err }

const (
	wantText  = "a text type (string, fixed_length_utf32)"
	wantBytes = "a byte-string type (bytes, null_terminated_bytes, r*)"
)

// ReadStrings reads region r of an array of a text type (string, or
// fixed_length_utf32 with its U+0000 padding removed, as NumPy reads <U n)
// as Go strings in C order over the region. Absent chunks read as the fill
// value. The strings of one chunk share one backing allocation (the
// decoded chunk, or one buffer per chunk for a part of one); a
// fixed-length region shares one. For a chain that is the identity
// (vlen-utf8 without a compressor) the decoded chunk is the value the
// store's Get returned, which the module's stores allocate for each call:
// a Store of one's own must not change a value it returned. Errors are as ReadRegion's, or a
// *StringTypeError.
func ReadStrings(ctx context.Context, a *Array, r region.Box) ([]string, error) {
	if !a.meta.DataType.IsText() {
		return nil, a.nodeErr(&StringTypeError{Call: "ReadStrings", DataType: a.meta.DataType, Want: wantText})
	}
	dst, err := a.newElems(r)
	if err != nil {
		return nil, err
	}
	out := make([]string, dst)
	err = a.readElems(ctx, r, out, func(i int, backing []byte, s, e int) {
		if e > s {
			out[i] = unsafe.String(&backing[s], e-s)
		}
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// ReadByteStrings reads region r of an array of a byte-string type
// (bytes; null_terminated_bytes without its trailing NULs, as NumPy reads
// |S n; r* whole) as byte slices in C order over the region, sharing
// backing memory as ReadStrings' strings do; each slice's capacity ends at
// its length, so appending to one never reaches another. Errors are as
// ReadStrings'.
func ReadByteStrings(ctx context.Context, a *Array, r region.Box) ([][]byte, error) {
	if !a.meta.DataType.IsByteString() {
		return nil, a.nodeErr(&StringTypeError{Call: "ReadByteStrings", DataType: a.meta.DataType, Want: wantBytes})
	}
	dst, err := a.newElems(r)
	if err != nil {
		return nil, err
	}
	out := make([][]byte, dst)
	err = a.readElems(ctx, r, nil, func(i int, backing []byte, s, e int) {
		out[i] = backing[s:e:e]
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

func (a *Array) nodeErr(err error) error { return &NodeError{Kind: "array", Path: a.path, Err: err} }

// newElems checks r and returns its element count.
func (a *Array) newElems(r region.Box) (int, error) {
	if err := r.Validate(a.meta.Shape); err != nil {
		return 0, a.nodeErr(err)
	}
	n := r.Size()
	if n < 0 || n > math.MaxInt32*16 {
		return 0, a.nodeErr(&region.Error{Input: r.String(), Dim: -1, Reason: "too many elements for memory"})
	}
	return int(n), nil
}

// readElems calls set(i, backing, s, e) for every element i of region r
// (C order over r): its value is backing[s:e], in the form ReadStrings or
// ReadByteStrings returns. Calls for one chunk come from one goroutine,
// and no two calls have the same i.
//
// strs, when not nil, is the []string set fills, written directly for
// whole chunks of a variable-length type.
func (a *Array) readElems(ctx context.Context, r region.Box, strs []string, set func(i int, backing []byte, s, e int)) error {
	dt := a.meta.DataType
	if !dt.IsVariableLength() {
		return a.readFixedElems(ctx, r, set)
	}
	fill := fillBytes(a.meta.FillValue)
	rb, cr := a.boxes(r)
	return a.forChunks(ctx, cr, func(coords []int64, _ *[]byte, _ *codec.Options) error {
		buffer, part, whole := a.chunkLayout(coords, rb)
		key := a.ChunkKey(coords)
		enc, err := a.st.Get(ctx, key, a.maxEnc)
		if errors.Is(err, store.ErrNotFound) {
			forBox(part, buffer, rb, func(_, ri, run int) {
				for k := range run {
					set(ri+k, fill, 0, len(fill))
				}
			})
			return nil
		}
		if err != nil {
			return &codec.ChunkError{Array: a.path, Key: key, Err: err}
		}
		// The decoded chunk is fresh memory that nothing else holds: the
		// elements of a whole chunk point into it. When the chain is the
		// identity (vlen-utf8 alone) that is the stored value itself,
		// checked: a store's Get returns memory of its own for each call,
		// which nothing changes afterwards.
		chunk := enc
		if a.pipe.IsIdentity() {
			err = a.pipe.CheckIdentity(enc)
		} else {
			chunk, err = a.pipe.AppendDecode(nil, enc)
		}
		if err != nil {
			return &codec.ChunkError{Array: a.path, Key: key, Err: err}
		}
		if whole {
			pos := 4
			forBox(part, buffer, rb, func(_, ri, run int) {
				if strs != nil { // the common case, without a call per element
					pos = vlenform.Strings(strs[ri:ri+run], chunk, pos)
					return
				}
				for k := range run {
					l := int(binary.LittleEndian.Uint32(chunk[pos:]))
					pos += 4
					set(ri+k, chunk, pos, pos+l)
					pos += l
				}
			})
			return nil
		}
		// A part: gather its elements into one buffer of their own, so
		// that they do not hold the whole chunk.
		offs := vlenform.Offsets(chunk, a.pipe.Spec().NumElements())
		total := 0
		forBox(part, buffer, rb, func(ci, _, run int) {
			total += offs[ci+run] - offs[ci] - 4*run
		})
		backing := make([]byte, 0, total)
		forBox(part, buffer, rb, func(ci, ri, run int) {
			for k := range run {
				s := offs[ci+k] + 4
				e := offs[ci+k+1]
				start := len(backing)
				backing = append(backing, chunk[s:e]...)
				set(ri+k, backing, start, len(backing))
			}
		})
		return nil
	})
}

// readFixedElems is readElems for the fixed-length types: the region is
// read whole (ReadRegion) and its elements converted into one buffer.
func (a *Array) readFixedElems(ctx context.Context, r region.Box, set func(i int, backing []byte, s, e int)) error {
	n, ok := regionBytes(r, a.es)
	if !ok {
		return a.nodeErr(&region.Error{Input: r.String(), Dim: -1, Reason: "too many elements for memory"})
	}
	raw := make([]byte, n)
	if err := a.ReadRegion(ctx, r, raw); err != nil {
		return err
	}
	dt := a.meta.DataType
	switch dt.Kind() {
	case numeric.RawBytes:
		for i := 0; i*a.es < n; i++ {
			set(i, raw, i*a.es, (i+1)*a.es)
		}
	case numeric.NullTerminatedBytes:
		for i := 0; i*a.es < n; i++ {
			e := raw[i*a.es : (i+1)*a.es]
			set(i, raw, i*a.es, i*a.es+len(bytes.TrimRight(e, "\x00")))
		}
	case numeric.FixedLengthUTF32:
		// Every code unit becomes at most 4 bytes of UTF-8: a buffer of
		// the region's size never grows.
		backing := make([]byte, 0, n)
		for i := 0; i*a.es < n; i++ {
			start := len(backing)
			backing = numeric.AppendUTF32Text(backing, raw[i*a.es:(i+1)*a.es])
			set(i, backing, start, len(backing))
		}
	}
	return nil
}

// fillBytes returns the value of a text or byte-string fill as ReadStrings
// and ReadByteStrings return it.
func fillBytes(fill numeric.Scalar) []byte {
	if t, ok := fill.Text(); ok {
		return []byte(t)
	}
	b, _ := fill.ByteString()
	return b
}

// forBox calls f for every run of the innermost dimension of part, a box
// of the array: ci is the run's first element as an index into the
// decoded chunk (which holds the box inChunk), ri into the region's
// buffer (which holds inRegion).
func forBox(part, inChunk, inRegion region.Box, f func(ci, ri, run int)) {
	rank := part.Rank()
	if part.Empty() {
		return
	}
	if rank == 0 {
		f(0, 0, 1)
		return
	}
	p := slices.Clone(part.Start) // the run's first element
	lead := region.Box{Start: part.Start[:rank-1], Stop: part.Stop[:rank-1]}
	run := int(part.Len(rank - 1))
	for {
		ci, ri := int64(0), int64(0)
		for d := range rank {
			ci = ci*inChunk.Len(d) + p[d] - inChunk.Start[d]
			ri = ri*inRegion.Len(d) + p[d] - inRegion.Start[d]
		}
		f(int(ci), int(ri), run)
		if !lead.Next(p[:rank-1]) {
			return
		}
	}
}

// WriteStrings writes src, one Go string per element of region r in C
// order, into an array of a text type (see WriteRegion for what is
// stored, and when). Each string must be valid UTF-8 and, for
// fixed_length_utf32, hold at most LengthBytes()/4 code points; src is
// checked whole before anything is written.
func WriteStrings(ctx context.Context, a *Array, r region.Box, src []string) error {
	if !a.meta.DataType.IsText() {
		return a.nodeErr(&StringTypeError{Call: "WriteStrings", DataType: a.meta.DataType, Want: wantText})
	}
	for i, s := range src {
		if !utf8.ValidString(s) {
			return a.nodeErr(&ElementError{Call: "WriteStrings", Index: i, Reason: "not valid UTF-8"})
		}
	}
	return writeElems(ctx, a, r, src, "WriteStrings")
}

// WriteByteStrings writes src, one byte string per element of region r in
// C order, into an array of a byte-string type. A null_terminated_bytes
// element holds at most LengthBytes() bytes (NUL-padded), an r* element
// exactly LengthBytes().
func WriteByteStrings(ctx context.Context, a *Array, r region.Box, src [][]byte) error {
	if !a.meta.DataType.IsByteString() {
		return a.nodeErr(&StringTypeError{Call: "WriteByteStrings", DataType: a.meta.DataType, Want: wantBytes})
	}
	return writeElems(ctx, a, r, src, "WriteByteStrings")
}

// writeElems is WriteStrings and WriteByteStrings once src is checked;
// call names the caller in errors.
func writeElems[S ~string | ~[]byte](ctx context.Context, a *Array, r region.Box, src []S, call string) error {
	if a.format != 3 {
		return a.nodeErr(fmt.Errorf("arrays opened from Zarr v2 metadata are read-only: %w", store.ErrReadOnly))
	}
	n, err := a.newElems(r)
	if err != nil {
		return err
	}
	if len(src) != n {
		return a.nodeErr(&codec.SizeError{What: "source", Got: len(src), Want: n, Unit: codec.UnitElements})
	}
	dt := a.meta.DataType
	if !dt.IsVariableLength() {
		raw := make([]byte, n*a.es)
		for i, s := range src {
			if reason, err := putFixed(dt, raw[i*a.es:(i+1)*a.es], s); reason != "" {
				return a.nodeErr(&ElementError{Call: call, Index: i, Reason: reason, Err: err})
			}
		}
		return a.WriteRegion(ctx, r, raw)
	}
	for i, s := range src {
		if uint64(len(s)) > math.MaxUint32 {
			return a.nodeErr(&ElementError{Call: call, Index: i, Reason: fmt.Sprintf("%d bytes, more than a vlen element holds", len(s))})
		}
	}
	fill := fillBytes(a.meta.FillValue)
	cn := a.pipe.Spec().NumElements()
	elemAt := func(i int) []byte { return []byte(src[i]) } // []byte: no copy
	if ss, ok := any(src).([]string); ok {
		elemAt = func(i int) []byte { return unsafe.Slice(unsafe.StringData(ss[i]), len(ss[i])) }
	}
	rb, cr := a.boxes(r)
	return a.forChunks(ctx, cr, func(coords []int64, enc *[]byte, budget *codec.Options) error {
		buffer, part, _ := a.chunkLayout(coords, rb)
		key := a.ChunkKey(coords)
		elems := make([][]byte, cn)
		if !a.coversChunk(coords, rb) {
			old, err := a.st.Get(ctx, key, a.maxEnc)
			switch {
			case errors.Is(err, store.ErrNotFound):
				for i := range elems {
					elems[i] = fill
				}
			case err != nil:
				return &codec.ChunkError{Array: a.path, Key: key, Err: err}
			default:
				chunk, err := a.pipe.AppendDecode(nil, old)
				if err != nil {
					return &codec.ChunkError{Array: a.path, Key: key, Err: err}
				}
				offs := vlenform.Offsets(chunk, cn)
				for i := range elems {
					elems[i] = chunk[offs[i]+4 : offs[i+1]]
				}
			}
		} else {
			for i := range elems {
				elems[i] = fill // what lies outside the array
			}
		}
		forBox(part, buffer, rb, func(ci, ri, run int) {
			for k := range run {
				elems[ci+k] = elemAt(ri + k)
			}
		})
		allFill := true
		size := 4
		for _, e := range elems {
			size += 4 + len(e)
			if allFill && !bytes.Equal(e, fill) {
				allFill = false
			}
		}
		if allFill {
			if err := a.st.Delete(ctx, key); err != nil {
				return &codec.ChunkError{Array: a.path, Key: key, Err: err}
			}
			return nil
		}
		chunk := make([]byte, 0, size)
		chunk = binary.LittleEndian.AppendUint32(chunk, uint32(cn))
		for _, e := range elems {
			chunk = binary.LittleEndian.AppendUint32(chunk, uint32(len(e)))
			chunk = append(chunk, e...)
		}
		return a.encodeChunk(ctx, key, chunk, enc)
	})
}

// putFixed writes v as one element of a fixed-length text or byte-string
// type into elem. It returns why it cannot ("" when it did), and the
// underlying error if there is one.
func putFixed[S ~string | ~[]byte](dt numeric.DataType, elem []byte, v S) (string, error) {
	switch dt.Kind() {
	case numeric.FixedLengthUTF32:
		// WriteByteStrings never reaches here: string(v) does not copy.
		if err := numeric.PutUTF32(elem, string(v)); err != nil {
			var se *numeric.ScalarError
			if errors.As(err, &se) {
				return se.Reason, err
			}
			return err.Error(), err
		}
		return "", nil
	case numeric.NullTerminatedBytes:
		if len(v) > len(elem) {
			return fmt.Sprintf("%d bytes exceed the %d of %v", len(v), len(elem), dt), nil
		}
	case numeric.RawBytes:
		if len(v) != len(elem) {
			return fmt.Sprintf("%d bytes, want exactly %d for %v", len(v), len(elem), dt), nil
		}
	}
	clear(elem[copy(elem, v):])
	return "", nil
}
