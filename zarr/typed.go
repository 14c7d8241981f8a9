package zarr

import (
	"context"
	"encoding/binary"
	"unsafe"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/internal/elements"
	"github.com/zcodec/zcodec/internal/hostorder"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/region"
)

// Read reads region r of a into a new slice of Go values, in C order over
// the region. T must be the Go type that holds the elements of the array's
// data type in memory (numeric.DataTypeOf[T]() == a.DataType().Storage()):
// the type's own Go type for the core types, int64 for numpy.datetime64
// and numpy.timedelta64 (counts of the unit, NaT = math.MinInt64), int8 for
// int2 and int4 (sign-extended), uint8 for uint2 and uint4 (zero-extended)
// and for the floats of 8 bits and fewer (the format's bits). Otherwise the
// error is a *codec.SliceTypeError.
func Read[T numeric.Element](ctx context.Context, a *Array, r region.Box) ([]T, error) {
	if err := checkType[T](a); err != nil {
		return nil, err
	}
	if err := r.Validate(a.meta.Shape); err != nil {
		return nil, &NodeError{Kind: "array", Path: a.path, Err: err}
	}
	n, ok := regionBytes(r, a.es)
	if !ok {
		return nil, &NodeError{Kind: "array", Path: a.path, Err: &region.Error{Input: r.String(), Dim: -1, Reason: "too many elements for memory"}}
	}
	dst := make([]T, n/a.es)
	return dst, ReadInto(ctx, a, r, dst)
}

// ReadInto reads region r of a into dst, which holds exactly r's element
// count of Go values of the type that holds the array's data type in memory
// (see Read).
func ReadInto[T numeric.Element](ctx context.Context, a *Array, r region.Box, dst []T) error {
	if err := checkType[T](a); err != nil {
		return err
	}
	if hostorder.LittleEndian {
		return a.ReadRegion(ctx, r, elements.Bytes(dst))
	}
	buf := make([]byte, len(dst)*a.es)
	if err := a.ReadRegion(ctx, r, buf); err != nil {
		return err
	}
	getLittleEndian(dst, buf)
	return nil
}

// Write writes src, Go values of the type that holds the array's data type
// in memory (see Read) in C order over region r, into r (see WriteRegion).
func Write[T numeric.Element](ctx context.Context, a *Array, r region.Box, src []T) error {
	if err := checkType[T](a); err != nil {
		return err
	}
	if hostorder.LittleEndian {
		return a.WriteRegion(ctx, r, elements.Bytes(src))
	}
	buf := make([]byte, len(src)*a.es)
	putLittleEndian(buf, src)
	return a.WriteRegion(ctx, r, buf)
}

func checkType[T numeric.Element](a *Array) error {
	if dt := numeric.DataTypeOf[T](); dt != a.meta.DataType.Storage() {
		return &codec.SliceTypeError{Got: dt, Want: a.meta.DataType}
	}
	return nil
}

// putLittleEndian writes the little-endian encoding of src into b, which
// holds len(src) elements of T's size (the big-endian host path).
func putLittleEndian[T numeric.Element](b []byte, src []T) {
	size := int(unsafe.Sizeof(*new(T)))
	for i, v := range src {
		numeric.ScalarOf(v).PutBytes(b[i*size : (i+1)*size])
	}
}

// getLittleEndian decodes the little-endian elements of b into dst (the
// big-endian host path).
func getLittleEndian[T numeric.Element](dst []T, b []byte) {
	size := int(unsafe.Sizeof(*new(T)))
	dt := numeric.DataTypeOf[T]()
	for i := range dst {
		var buf [16]byte
		copy(buf[:], b[i*size:(i+1)*size])
		s := numeric.ScalarFromBits(dt, binary.LittleEndian.Uint64(buf[:8]), binary.LittleEndian.Uint64(buf[8:]))
		dst[i], _ = numeric.ValueOf[T](s)
	}
}
