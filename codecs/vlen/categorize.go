package vlen

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"unicode/utf8"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/internal/hostorder"
	"github.com/zcodec/zcodec/internal/npdtype"
	"github.com/zcodec/zcodec/numeric"
)

// Categorize is numcodecs' Categorize (id categorize) over an object array
// of strings (its dtype "|O"): each element is stored as an integer code,
// 1 + the index of its label, 0 for a string that is no label (and for
// None). numcodecs' filter turns the object array into integers, which
// the compressors then take; in Zarr v3 terms it is the array->bytes
// codec of the string data type, writing the codes in the integer type
// astype (numcodecs' default "|u1") and its byte order.
//
// Decoding reads code 0, and any code that names no label (above their
// number, or negative), as the empty string, as numcodecs fills what no
// label matches with ”. Encoding gives each element the code of the last
// label equal to it (numcodecs assigns the labels in order), 0 when none
// is; a string equal to no label, the empty one included unless it is a
// label, thus reads back empty. Over fixed-length text (a "<U n" dtype)
// the configuration builds a [CategorizeText] instead.
type Categorize struct {
	categories
}

// categories is the configuration Categorize and CategorizeText share.
type categories struct {
	labels []string
	codes  map[string]uint64 // label -> code (the last label of a text)
	astype numeric.DataType
	endian numeric.Endian
	raw    map[string]any
	// overflow is set when the labels have codes beyond astype: such an
	// array reads (the codes stored are those astype holds) but does not
	// write.
	overflow bool
}

// CategorizeName is the registered name of Categorize.
const CategorizeName = "numcodecs.categorize"

// newCategorizeFromConfig builds a Categorize for dtype "|O" and a
// CategorizeText for a "<U n" (or ">U n") dtype.
func newCategorizeFromConfig(cfg *codec.Config) (codec.Codec, error) {
	if err := cfg.Require("labels", "dtype"); err != nil {
		return nil, err
	}
	c := categories{codes: map[string]uint64{}, astype: numeric.Uint8, raw: map[string]any{}}
	elems, _, err := cfg.Array("labels")
	if err != nil {
		return nil, err
	}
	for i, e := range elems {
		var s string
		if json.Unmarshal(e, &s) != nil || !utf8.ValidString(s) {
			return nil, cfg.Errorf("labels", "label %d is not a string", i)
		}
		c.labels = append(c.labels, s)
		c.codes[s] = uint64(i) + 1
	}
	c.raw["labels"] = c.labels
	dtype, _, err := cfg.String("dtype")
	if err != nil {
		return nil, err
	}
	var text numeric.DataType
	switch dtype {
	case "|O", "O", "<O", ">O", "=O", "object":
	default:
		dt, _, err := npdtype.Parse(dtype)
		if err != nil || dt.Kind() != numeric.FixedLengthUTF32 {
			return nil, cfg.Errorf("dtype", "%q: want an object array (\"|O\") of strings or fixed-length text (\"<U n\")", dtype)
		}
		text = dt
	}
	c.raw["dtype"] = dtype
	if as, ok, err := cfg.String("astype"); err != nil {
		return nil, err
	} else if ok {
		dt, e, err := npdtype.Parse(as)
		if err != nil || !dt.IsInteger() {
			return nil, cfg.Errorf("astype", "%q: want a NumPy integer type such as \"|u1\" or \"<u2\"", as)
		}
		c.astype, c.endian = dt, e
		c.raw["astype"] = as
	}
	c.overflow = uint64(len(c.labels)) > maxCode(c.astype)
	if err := cfg.Finish(); err != nil {
		return nil, err
	}
	if text != 0 {
		return newCategorizeText(c, text), nil
	}
	return &Categorize{c}, nil
}

// overflowError is the error of encoding with labels beyond astype.
func (c *categories) overflowError() error {
	return &codec.ConfigError{Codec: CategorizeName, Reason: fmt.Sprintf("%d labels have codes beyond %v", len(c.labels), c.astype)}
}

// codeAt returns the code of the little-endian integer of astype at src,
// 0 (no label) for a negative one.
func (c *categories) codeAt(src []byte) uint64 {
	size := c.astype.Size()
	var w [8]byte
	copy(w[:], src[:size])
	v := binary.LittleEndian.Uint64(w[:])
	if c.astype.IsSigned() && v>>(8*size-1) != 0 {
		return 0
	}
	return v
}

// Name returns "numcodecs.categorize".
func (c *Categorize) Name() string { return CategorizeName }

// MarshalJSON returns the codec with its configuration as given.
func (c *Categorize) MarshalJSON() ([]byte, error) { return codec.MarshalCodec(CategorizeName, c.raw) }

// Labels returns the labels, in order (code i+1 is label i).
func (c *Categorize) Labels() []string { return append([]string(nil), c.labels...) }

// ResolveBytes binds the codec to chunks of the string data type.
func (c *Categorize) ResolveBytes(decoded codec.ChunkSpec) (codec.BoundArrayToBytes, error) {
	if decoded.DataType != numeric.String {
		return nil, &codec.ConfigError{Codec: CategorizeName, Reason: fmt.Sprintf("encodes object arrays of the string data type, not %v", decoded.DataType)}
	}
	n := decoded.NumElements()
	size := c.astype.Size()
	if n > math.MaxInt/size {
		return nil, &codec.ConfigError{Codec: CategorizeName, Reason: fmt.Sprintf("a chunk of %d elements has too many codes", n)}
	}
	codes := codec.ChunkSpec{DataType: c.astype, Shape: decoded.Shape, FillValue: numeric.Zero(c.astype)}
	return &boundCategorize{c: c, spec: decoded, codes: codes, n: n, size: size}, nil
}

type boundCategorize struct {
	c       *Categorize
	spec    codec.ChunkSpec
	codes   codec.ChunkSpec
	n, size int
}

// Encoded is n codes of astype, the array spec that of the codes (the
// compressors' item size is theirs, as in numcodecs).
func (b *boundCategorize) Encoded() codec.BytesSpec {
	return codec.FixedBytes(b.n*b.size, b.codes)
}

// maxCode is the largest code the integer type dt holds.
func maxCode(dt numeric.DataType) uint64 {
	if dt.IsSigned() {
		return 1<<(8*dt.Size()-1) - 1
	}
	return 1<<(8*dt.Size()) - 1 // 0 - 1 for 8 bytes: every code
}

// bigEndian reports whether the codes are stored big-endian (and swapped
// from and to little-endian by whole chunks).
func (c *categories) bigEndian() bool { return c.endian == numeric.BigEndian && c.astype.Size() > 1 }

// AppendEncodeBytes writes the code of each element of the vlen-form
// chunk src.
func (b *boundCategorize) AppendEncodeBytes(dst, src []byte) ([]byte, error) {
	if b.c.overflow {
		return dst, b.c.overflowError()
	}
	start := len(dst)
	var buf [8]byte
	err := codec.VlenElements(CategorizeName, src, b.n, func(_, off, length int) error {
		binary.LittleEndian.PutUint64(buf[:], b.c.codes[string(src[off:off+length])])
		dst = append(dst, buf[:b.size]...)
		return nil
	})
	if err != nil {
		return dst[:start], err
	}
	if b.c.bigEndian() {
		hostorder.SwapUnits(dst[start:], b.size)
	}
	return dst, nil
}

func (b *boundCategorize) DecodeBytes(dst, src []byte) error {
	return &codec.ConfigError{Codec: CategorizeName, Reason: "variable-length chunks decode with AppendDecodeVariable"}
}

// AppendDecodeVariable appends the labels the codes of src name, in the
// vlen form.
func (b *boundCategorize) AppendDecodeVariable(dst, src []byte, max int) ([]byte, error) {
	if len(src) != b.n*b.size {
		return dst, &codec.CorruptError{Codec: CategorizeName, Reason: fmt.Sprintf("%d bytes of codes, want %d (%d of %v)", len(src), b.n*b.size, b.n, b.c.astype)}
	}
	if b.c.bigEndian() {
		src = slices.Clone(src)
		hostorder.SwapUnits(src, b.size)
	}
	start := len(dst)
	dst = binary.LittleEndian.AppendUint32(dst, uint32(b.n))
	for i := range b.n {
		var label string
		if v := b.c.codeAt(src[i*b.size:]); v >= 1 && v <= uint64(len(b.c.labels)) {
			label = b.c.labels[v-1]
		}
		if len(dst)-start+4+len(label) > max {
			return dst[:start], &codec.CorruptError{Codec: CategorizeName, Reason: fmt.Sprintf("the decoded chunk exceeds the limit of %d bytes", max)}
		}
		dst = binary.LittleEndian.AppendUint32(dst, uint32(len(label)))
		dst = append(dst, label...)
	}
	return dst, nil
}
