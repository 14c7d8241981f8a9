package zarr

import (
	"context"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/internal/elements"
	"github.com/zcodec/zcodec/internal/hostorder"
	"github.com/zcodec/zcodec/numeric"
)

// Read reads region r of a into a new slice of Go values, in C order over
// the region. T must be the Go type of the array's data type
// (numeric.DataTypeOf[T]() == a.DataType()); otherwise the error is a
// *codec.SliceTypeError.
func Read[T numeric.Element](ctx context.Context, a *Array, r codec.Region) ([]T, error) {
	if err := checkType[T](a); err != nil {
		return nil, err
	}
	if err := r.Validate(a.meta.Shape); err != nil {
		return nil, &NodeError{Kind: "array", Path: a.path, Err: err}
	}
	n, ok := regionBytes(r, a.es)
	if !ok {
		return nil, &NodeError{Kind: "array", Path: a.path, Err: &codec.RegionError{Input: r.String(), Dim: -1, Reason: "too many elements for memory"}}
	}
	dst := make([]T, n/a.es)
	return dst, ReadInto(ctx, a, r, dst)
}

// ReadInto reads region r of a into dst, which holds exactly r's element
// count of Go values of the array's data type.
func ReadInto[T numeric.Element](ctx context.Context, a *Array, r codec.Region, dst []T) error {
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
	for i := range dst {
		s, _ := numeric.ScalarFromBytes(a.meta.DataType, buf[i*a.es:])
		dst[i], _ = numeric.ValueOf[T](s)
	}
	return nil
}

// Write writes src, Go values of the array's data type in C order over
// region r, into r (see WriteRegion).
func Write[T numeric.Element](ctx context.Context, a *Array, r codec.Region, src []T) error {
	if err := checkType[T](a); err != nil {
		return err
	}
	if hostorder.LittleEndian {
		return a.WriteRegion(ctx, r, elements.Bytes(src))
	}
	buf := make([]byte, len(src)*a.es)
	for i, v := range src {
		numeric.ScalarOf(v).PutBytes(buf[i*a.es:])
	}
	return a.WriteRegion(ctx, r, buf)
}

func checkType[T numeric.Element](a *Array) error {
	if dt := numeric.DataTypeOf[T](); dt != a.meta.DataType {
		return &codec.SliceTypeError{Got: dt, Want: a.meta.DataType}
	}
	return nil
}
