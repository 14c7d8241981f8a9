package codec

import (
	"encoding/binary"
	"unsafe"

	"github.com/zcodec/zcodec/internal/elements"
	"github.com/zcodec/zcodec/internal/hostorder"
	"github.com/zcodec/zcodec/numeric"
)

// SliceTypeError reports a Go slice whose element type is not the Go type
// that holds the elements of the pipeline's data type in memory
// (numeric.DataTypeOf[T]() != Want.Storage()).
type SliceTypeError struct {
	Got  numeric.DataType // the data type of the Go values given
	Want numeric.DataType // the pipeline's decoded data type
}

func (e *SliceTypeError) Error() string {
	want := e.Want.String()
	if st := e.Want.Storage(); st != e.Want {
		want += " (held as " + st.String() + ")"
	}
	return "codec: a slice of " + e.Got.String() + " values given to a pipeline for " + want
}

// AppendEncodeSlice encodes src, one whole decoded chunk held as Go values,
// with p and appends the result to dst. T must be the Go type that holds
// the elements of p's data type in memory (numeric.DataTypeOf[T]() equals
// its Storage(): int64 for dates and durations, int8 for int2 and int4,
// uint8 for uint2, uint4 and the small floats' bits) and len(src) the
// chunk's element count.
func AppendEncodeSlice[T numeric.Element](p *Pipeline, dst []byte, src []T) ([]byte, error) {
	if err := checkSlice[T](p, len(src)); err != nil {
		return dst, err
	}
	if hostorder.LittleEndian {
		return p.AppendEncode(dst, elements.Bytes(src))
	}
	buf := make([]byte, p.DecodedSize())
	putElements(buf, src)
	return p.AppendEncode(dst, buf)
}

// DecodeSlice decodes src, one encoded chunk, into dst, which holds the
// chunk's element count of Go values of the type that holds p's data type in
// memory (see AppendEncodeSlice). On error the contents of dst are
// unspecified.
func DecodeSlice[T numeric.Element](p *Pipeline, dst []T, src []byte) error {
	if err := checkSlice[T](p, len(dst)); err != nil {
		return err
	}
	if hostorder.LittleEndian {
		return p.Decode(elements.Bytes(dst), src)
	}
	buf := make([]byte, p.DecodedSize())
	if err := p.Decode(buf, src); err != nil {
		return err
	}
	getElements(dst, buf)
	return nil
}

func checkSlice[T numeric.Element](p *Pipeline, n int) error {
	if dt := numeric.DataTypeOf[T](); dt != p.spec.DataType.Storage() {
		return &SliceTypeError{Got: dt, Want: p.spec.DataType}
	}
	if want := p.spec.NumElements(); n != want {
		return &SizeError{What: "element slice", Got: n, Want: want, Unit: UnitElements}
	}
	return nil
}

// putElements writes the little-endian encoding of src into b (big-endian
// hosts only).
func putElements[T numeric.Element](b []byte, src []T) {
	size := int(unsafe.Sizeof(*new(T)))
	for i, v := range src {
		numeric.ScalarOf(v).PutBytes(b[i*size:])
	}
}

// getElements decodes the little-endian elements of b into dst (big-endian
// hosts only).
func getElements[T numeric.Element](dst []T, b []byte) {
	size := int(unsafe.Sizeof(*new(T)))
	dt := numeric.DataTypeOf[T]()
	for i := range dst {
		var lo, hi uint64
		var buf [16]byte
		copy(buf[:], b[i*size:(i+1)*size])
		lo = binary.LittleEndian.Uint64(buf[:8])
		hi = binary.LittleEndian.Uint64(buf[8:])
		dst[i], _ = numeric.ValueOf[T](numeric.ScalarFromBits(dt, lo, hi))
	}
}
