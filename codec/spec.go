package codec

import (
	"fmt"
	"math"
	"slices"

	"github.com/zcodec/zcodec/numeric"
)

// ChunkSpec describes the array side of a chunk at one point of a codec
// chain: its data type, its shape and the fill value.
type ChunkSpec struct {
	DataType  numeric.DataType
	Shape     []int
	FillValue numeric.Scalar // of type DataType
}

// MaxChunkBytes is the largest chunk, in decoded bytes, that a ChunkSpec
// may describe (16 GiB). It bounds every allocation made on a spec's word.
const MaxChunkBytes = 1 << 34

// Validate checks that the data type is valid, every dimension is at least
// 1, the fill value has the chunk's data type and the chunk's byte size is
// at most MaxChunkBytes (for a variable-length type, the size of its
// smallest vlen form: 4 bytes per element and 4 more).
func (s ChunkSpec) Validate() error {
	if !s.DataType.Valid() {
		return fmt.Errorf("invalid data type %v", s.DataType)
	}
	if s.FillValue.DataType() != s.DataType {
		return fmt.Errorf("fill value %v is a %v, not a %v", s.FillValue, s.FillValue.DataType(), s.DataType)
	}
	n := int64(1)
	for i, d := range s.Shape {
		if d < 1 {
			return fmt.Errorf("chunk dimension %d is %d; want at least 1", i, d)
		}
		if n > math.MaxInt64/int64(d) {
			return fmt.Errorf("chunk shape %v is too large", s.Shape)
		}
		n *= int64(d)
	}
	if s.DataType.Size() == 0 { // variable length: at least 4 bytes per element, after the count
		if n > (MaxChunkBytes-4)/minVlenElementBytes {
			return fmt.Errorf("chunk of %d %v elements exceeds %d bytes", n, s.DataType, int64(MaxChunkBytes))
		}
		return nil
	}
	if n > MaxChunkBytes/int64(s.DataType.Size()) {
		return fmt.Errorf("chunk of %d %v elements exceeds %d bytes", n, s.DataType, int64(MaxChunkBytes))
	}
	return nil
}

// NumElements returns the number of elements of a chunk (the product of
// Shape; 1 for a scalar chunk). It assumes a spec that passed Validate.
func (s ChunkSpec) NumElements() int {
	n := 1
	for _, d := range s.Shape {
		n *= d
	}
	return n
}

// Size returns the chunk's size in bytes when decoded; 0 for a
// variable-length type (see Pipeline.VariableLength).
func (s ChunkSpec) Size() int { return s.NumElements() * s.DataType.Size() }

// Clone returns a copy of s that shares no memory with it.
func (s ChunkSpec) Clone() ChunkSpec {
	s.Shape = slices.Clone(s.Shape)
	return s
}

// WithDataType returns a copy of s with another data type and fill value;
// the shape is copied.
func (s ChunkSpec) WithDataType(dt numeric.DataType, fill numeric.Scalar) ChunkSpec {
	return ChunkSpec{DataType: dt, Shape: slices.Clone(s.Shape), FillValue: fill}
}

// String returns "float64 [64 64] fill 0".
func (s ChunkSpec) String() string {
	return fmt.Sprintf("%v %v fill %v", s.DataType, s.Shape, s.FillValue)
}

// BytesSpec describes the byte strings at one point of the bytes side of a
// chain.
type BytesSpec struct {
	// Size is the exact length of every byte string, or -1 when the length
	// depends on the data (after a compressor).
	Size int
	// MaxSize bounds the length: a decoder for this spec never produces or
	// allocates for more. It equals Size when Size is not -1.
	MaxSize int
	// Array is the array spec that entered the array->bytes codec: the data
	// type whose elements the bytes hold (shuffle uses its element size).
	Array ChunkSpec
}

// Fixed reports whether every byte string has the same length, Size.
func (s BytesSpec) Fixed() bool { return s.Size >= 0 }

// FixedBytes returns the spec of byte strings of exactly n bytes.
func FixedBytes(n int, array ChunkSpec) BytesSpec {
	return BytesSpec{Size: n, MaxSize: n, Array: array}
}

// VariableBytes returns the spec of byte strings of at most max bytes.
func VariableBytes(max int, array ChunkSpec) BytesSpec {
	return BytesSpec{Size: -1, MaxSize: max, Array: array}
}

// CheckDecoded reports an error unless n bytes are a valid decoded length
// for s. codecName names the decoder in the error.
func (s BytesSpec) CheckDecoded(codecName string, n int) error {
	if s.Size >= 0 && n != s.Size {
		return &CorruptError{Codec: codecName, Reason: fmt.Sprintf("decoded %d bytes, want %d", n, s.Size)}
	}
	if n > s.MaxSize {
		return &CorruptError{Codec: codecName, Reason: fmt.Sprintf("decoded %d bytes, more than the %d a chunk can hold", n, s.MaxSize)}
	}
	return nil
}

// String returns "bytes[4096]" or "bytes[<=4200]".
func (s BytesSpec) String() string {
	if s.Fixed() {
		return fmt.Sprintf("bytes[%d]", s.Size)
	}
	return fmt.Sprintf("bytes[<=%d]", s.MaxSize)
}
