package vlen

import (
	"encoding/binary"
	"fmt"
	"strconv"
	"unicode/utf8"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/numeric"
)

// The numcodecs object codecs JSON (json2) and MsgPack (msgpack2) write a
// chunk of an object array as one list: the chunk's elements as nested
// lists (numpy's tolist: one level per dimension), then the dtype string
// ("|O") and the shape. What is shared between them lives here: the bound
// codec, the walk over the decoded list and the vlen form it produces.

// objectFormat is the serialization of one object codec.
type objectFormat interface {
	name() string
	// parse reads the encoded chunk into a list of items: string, []byte,
	// nil, int64 and []any, and for elements zcodec does not read float64,
	// bool, map[string]any, msgMap and msgExt; or fails.
	parse(src []byte) ([]any, error)
	// appendChunk appends the encoding of the n elements of the vlen-form
	// chunk src, laid out in shape.
	appendChunk(dst, src []byte, shape []int, text bool) ([]byte, error)
}

// boundObject is json2 or msgpack2 bound to a chunk spec.
type boundObject struct {
	f    objectFormat
	spec codec.ChunkSpec
	n    int
	text bool // string data type: elements must be valid UTF-8
}

func resolveObject(f objectFormat, decoded codec.ChunkSpec, bytesOK bool) (codec.BoundArrayToBytes, error) {
	switch {
	case decoded.DataType == numeric.String:
	case decoded.DataType == numeric.Bytes && bytesOK:
	default:
		want := "string"
		if bytesOK {
			want = "string or bytes"
		}
		return nil, &codec.ConfigError{Codec: f.name(), Reason: fmt.Sprintf("encodes object arrays of the %s data type, not %v", want, decoded.DataType)}
	}
	if len(decoded.Shape) == 0 {
		return nil, &codec.ConfigError{Codec: f.name(), Reason: "a chunk of rank 0 has no list form"}
	}
	return &boundObject{f: f, spec: decoded, n: decoded.NumElements(), text: decoded.DataType == numeric.String}, nil
}

func (b *boundObject) Encoded() codec.BytesSpec {
	return codec.VariableBytes(maxVariableChunk, b.spec)
}

func (b *boundObject) AppendEncodeBytes(dst, src []byte) ([]byte, error) {
	var err error
	if b.text {
		err = checkUTF8(b.f.name(), src, b.n)
	} else {
		err = codec.VlenElements(b.f.name(), src, b.n, nil)
	}
	if err != nil {
		return dst, err
	}
	return b.f.appendChunk(dst, src, b.spec.Shape, b.text)
}

func (b *boundObject) DecodeBytes(dst, src []byte) error {
	return &codec.ConfigError{Codec: b.f.name(), Reason: "variable-length chunks decode with AppendDecodeVariable"}
}

// AppendDecodeVariable parses the list and appends its elements in the
// vlen form. A null element (Python's None) and the integer 0 (zarr 2's
// default fill of object arrays, which pads edge chunks and fills the
// unwritten elements of written ones) read as empty, as numcodecs'
// VLenUTF8 and VLenBytes encode them; any other non-string element is a
// *codec.ElementError wrapping an *UnsupportedError that names its type,
// msgpack2's bin (Python's bytes) in an array of the string data type
// included: bin elements are kept as bytes, never read as text.
func (b *boundObject) AppendDecodeVariable(dst, src []byte, max int) ([]byte, error) {
	name := b.f.name()
	items, err := b.f.parse(src)
	if err != nil {
		return dst, err
	}
	if len(items) < 2 {
		return dst, &codec.CorruptError{Codec: name, Reason: "the list lacks its dtype and shape"}
	}
	if _, ok := items[len(items)-2].(string); !ok {
		return dst, &codec.CorruptError{Codec: name, Reason: "the dtype (the next-to-last item) is not a string"}
	}
	shapeItems, ok := items[len(items)-1].([]any)
	if !ok {
		return dst, &codec.CorruptError{Codec: name, Reason: "the shape (the last item) is not a list"}
	}
	shape := make([]int, len(shapeItems))
	count := int64(1)
	for i, s := range shapeItems {
		d, ok := s.(int64)
		if !ok || d < 0 || d > int64(b.n) {
			return dst, &codec.CorruptError{Codec: name, Reason: fmt.Sprintf("shape entry %d is not a dimension of this chunk", i)}
		}
		shape[i] = int(d)
		count *= d
		if count > int64(b.n) {
			break
		}
	}
	if count != int64(b.n) {
		return dst, &codec.CorruptError{Codec: name, Reason: fmt.Sprintf("the shape %v holds %d elements, want %d", shape, count, b.n)}
	}
	elems := items[:len(items)-2]
	if len(shape) == 0 { // numpy tolist of a 0-d array is the element itself
		shape = []int{len(elems)}
	}
	start := len(dst)
	dst = binary.LittleEndian.AppendUint32(dst, uint32(b.n))
	w := walker{name: name, text: b.text, max: start + max, dst: dst}
	if err := w.level(elems, shape); err != nil {
		return dst[:start], err
	}
	if w.count != b.n {
		return dst[:start], &codec.CorruptError{Codec: name, Reason: fmt.Sprintf("%d elements, want %d", w.count, b.n)}
	}
	return w.dst, nil
}

// walker appends the elements of nested lists in C order.
type walker struct {
	name  string
	text  bool
	max   int // the largest len(dst)
	dst   []byte
	count int
}

func (w *walker) level(items []any, shape []int) error {
	if len(items) != shape[0] {
		return &codec.CorruptError{Codec: w.name, Reason: fmt.Sprintf("a list of %d items where the shape wants %d", len(items), shape[0])}
	}
	for _, it := range items {
		if len(shape) > 1 {
			sub, ok := it.([]any)
			if !ok {
				return &codec.CorruptError{Codec: w.name, Reason: fmt.Sprintf("element %d: %s where the shape wants a list", w.count, kindOf(it))}
			}
			if err := w.level(sub, shape[1:]); err != nil {
				return err
			}
			continue
		}
		var e []byte
		switch v := it.(type) {
		case nil:
		case int64:
			if v != 0 {
				return w.unsupported(it)
			}
		case string:
			e = []byte(v)
		case []byte:
			if w.text {
				return w.unsupported(it) // bin is Python's bytes: not text
			}
			e = v
		default:
			return w.unsupported(it)
		}
		if w.text && !utf8.Valid(e) {
			return &codec.CorruptError{Codec: w.name, Reason: fmt.Sprintf("element %d is not valid UTF-8", w.count)}
		}
		if len(w.dst)+4+len(e) > w.max || uint64(len(e)) > 1<<32-1 {
			return &codec.CorruptError{Codec: w.name, Reason: fmt.Sprintf("the decoded chunk exceeds the limit of %d bytes", w.max)}
		}
		w.dst = binary.LittleEndian.AppendUint32(w.dst, uint32(len(e)))
		w.dst = append(w.dst, e...)
		w.count++
	}
	return nil
}

// unsupported returns the *codec.ElementError of the current element, the
// item v of a type the codecs do not read.
func (w *walker) unsupported(v any) error {
	typ := "unknown"
	switch v.(type) {
	case int64:
		typ = "int"
	case float64:
		typ = "float"
	case bool:
		typ = "bool"
	case map[string]any, msgMap:
		typ = "dict"
	case []any:
		typ = "list"
	case msgExt:
		typ = "ext"
	case []byte:
		typ = "bytes"
	}
	what := "unsupported element of type " + typ
	switch v := v.(type) {
	case int64, bool:
		what += fmt.Sprintf(" (%v)", v)
	case float64:
		what += " (" + strconv.FormatFloat(v, 'g', -1, 64) + ")"
	}
	if typ == "bytes" {
		return &codec.ElementError{Codec: w.name, Decode: true, Index: w.count, Err: &UnsupportedError{Type: typ},
			Reason: "a bin element (Python bytes) in an array of the string data type: bytes are not text; read the array as bytes"}
	}
	return &codec.ElementError{Codec: w.name, Decode: true, Index: w.count, Err: &UnsupportedError{Type: typ},
		Reason: what + "; only strings (and null, and 0, zarr 2's fill of object arrays) are read"}
}

func kindOf(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case string:
		return "a string"
	case []byte:
		return "binary"
	case int64:
		return "an integer"
	case []any:
		return "a list"
	case bool:
		return "a boolean"
	case float64:
		return "a number"
	case map[string]any, msgMap:
		return "an object"
	case msgExt:
		return "an extension"
	}
	return fmt.Sprintf("%T", v)
}

// forEachElement calls f with the index of each element of the vlen-form
// chunk src (checked), its bytes, and the position in shape it opens and
// closes: opens counts the lists that start before it, closes those that
// end after it.
func forEachElement(name string, src []byte, shape []int, f func(e []byte, opens, closes int)) error {
	n := 1
	for _, d := range shape {
		n *= d
	}
	return codec.VlenElements(name, src, n, func(i, off, length int) error {
		opens, closes := 0, 0
		// The element opens a list at each trailing dimension where its
		// index is the first, and closes one where it is the last.
		rest := i
		for d := len(shape) - 1; d >= 0; d-- {
			if rest%shape[d] != 0 {
				break
			}
			opens++
			rest /= shape[d]
		}
		rest = i
		for d := len(shape) - 1; d >= 0; d-- {
			if rest%shape[d] != shape[d]-1 {
				break
			}
			closes++
			rest /= shape[d]
		}
		f(src[off:off+length], opens, closes)
		return nil
	})
}
