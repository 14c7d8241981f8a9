package vlen

import (
	"encoding/binary"
	"fmt"
	"math"
	"slices"
	"unicode/utf8"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/internal/hostorder"
	"github.com/zcodec/zcodec/numeric"
)

// CategorizeText is numcodecs' Categorize over fixed-length text, the
// configuration of a "<U n" dtype (zarr 2 writes it for arrays of NumPy's
// <U n): the array->bytes codec of the fixed_length_utf32 type of n code
// points, writing integer codes of astype in its byte order, which the
// compressors then take. Codes are those of [Categorize]: 1 + the index
// of the last label equal to the element, 0 for none. (zarr-python 3
// declares its Categorize an array->array codec; in this registry the
// codec has one kind, that of the Zarr v2 arrays it reads.)
//
// A label is compared as NumPy compares text, without the trailing U+0000
// padding; a label of more than n code points equals no element, and
// decodes, as NumPy assigns it into a <U n array, cut to its first n code
// points. Code 0 and codes that name no label decode as the empty text.
// The filter's dtype must have the array's length; its byte order is taken
// to be the array's (numcodecs views the chunk in it).
type CategorizeText struct {
	categories
	text numeric.DataType
	// padded[i] is label i as an element: UTF-32 little-endian, cut to the
	// capacity and padded with U+0000.
	padded [][]byte
	// codes maps an element's bytes to its code, for the labels that fit.
	elemCodes map[string]uint64
}

func newCategorizeText(c categories, text numeric.DataType) *CategorizeText {
	width := text.LengthBytes()
	t := &CategorizeText{categories: c, text: text, elemCodes: map[string]uint64{}}
	for i, l := range c.labels {
		e := make([]byte, width)
		n := 0
		for _, r := range l {
			if n+4 > width {
				break
			}
			binary.LittleEndian.PutUint32(e[n:], uint32(r))
			n += 4
		}
		t.padded = append(t.padded, e)
		if utf8.RuneCountInString(l) <= width/4 {
			t.elemCodes[string(e)] = uint64(i) + 1
		}
	}
	return t
}

// Name returns "numcodecs.categorize".
func (c *CategorizeText) Name() string { return CategorizeName }

// MarshalJSON returns the codec with its configuration as given.
func (c *CategorizeText) MarshalJSON() ([]byte, error) {
	return codec.MarshalCodec(CategorizeName, c.raw)
}

// Labels returns the labels, in order (code i+1 is label i).
func (c *CategorizeText) Labels() []string { return append([]string(nil), c.labels...) }

// ResolveBytes binds the codec to chunks of the configured text type.
func (c *CategorizeText) ResolveBytes(decoded codec.ChunkSpec) (codec.BoundArrayToBytes, error) {
	if decoded.DataType != c.text {
		return nil, &codec.ConfigError{Codec: CategorizeName, Reason: fmt.Sprintf("configured for %v, given chunks of %v", c.text, decoded.DataType)}
	}
	n := decoded.NumElements()
	if n > math.MaxInt/c.text.LengthBytes() {
		return nil, &codec.ConfigError{Codec: CategorizeName, Reason: fmt.Sprintf("a chunk of %d elements is too large", n)}
	}
	code, err := c.encodeFill(decoded.FillValue)
	if err != nil {
		return nil, err
	}
	fill, err := numeric.IntScalar(c.astype, int64(code))
	if err != nil {
		return nil, err
	}
	codes := codec.ChunkSpec{DataType: c.astype, Shape: decoded.Shape, FillValue: fill}
	return &boundCategorizeText{c: c, codes: codes, n: n}, nil
}

// encodeFill is the code of the fill value.
func (c *CategorizeText) encodeFill(fill numeric.Scalar) (uint64, error) {
	e := make([]byte, c.text.LengthBytes())
	if v, ok := fill.Text(); ok {
		if err := numeric.PutUTF32(e, v); err != nil {
			return 0, &codec.ConfigError{Codec: CategorizeName, Reason: fmt.Sprintf("fill value: %v", err)}
		}
	}
	return c.elemCodes[string(e)], nil
}

type boundCategorizeText struct {
	c     *CategorizeText
	codes codec.ChunkSpec
	n     int
}

// Encoded is n codes of astype, the array spec that of the codes (the
// compressors' item size is theirs, as in numcodecs).
func (b *boundCategorizeText) Encoded() codec.BytesSpec {
	return codec.FixedBytes(b.n*b.c.astype.Size(), b.codes)
}

// AppendEncodeBytes appends the code of each element of src.
func (b *boundCategorizeText) AppendEncodeBytes(dst, src []byte) ([]byte, error) {
	if b.c.overflow {
		return dst, b.c.overflowError()
	}
	width, size := b.c.text.LengthBytes(), b.c.astype.Size()
	if len(src) != b.n*width {
		return dst, &codec.ConfigError{Codec: CategorizeName, Reason: fmt.Sprintf("given %d bytes of text for %d elements of %v", len(src), b.n, b.c.text)}
	}
	start := len(dst)
	var w [8]byte
	for i := range b.n {
		binary.LittleEndian.PutUint64(w[:], b.c.elemCodes[string(src[i*width:(i+1)*width])])
		dst = append(dst, w[:size]...)
	}
	if b.c.bigEndian() {
		hostorder.SwapUnits(dst[start:], size)
	}
	return dst, nil
}

// DecodeBytes writes the label each code of src names to dst.
func (b *boundCategorizeText) DecodeBytes(dst, src []byte) error {
	width, size := b.c.text.LengthBytes(), b.c.astype.Size()
	if len(src) != b.n*size {
		return &codec.CorruptError{Codec: CategorizeName, Reason: fmt.Sprintf("%d bytes of codes, want %d (%d of %v)", len(src), b.n*size, b.n, b.c.astype)}
	}
	if len(dst) != b.n*width {
		return &codec.ConfigError{Codec: CategorizeName, Reason: fmt.Sprintf("given %d bytes of text for %d elements", len(dst), b.n)}
	}
	if b.c.bigEndian() {
		src = slices.Clone(src)
		hostorder.SwapUnits(src, size)
	}
	for i := range b.n {
		e := dst[i*width : (i+1)*width]
		if v := b.c.codeAt(src[i*size:]); v >= 1 && v <= uint64(len(b.c.padded)) {
			copy(e, b.c.padded[v-1])
		} else {
			clear(e)
		}
	}
	return nil
}
