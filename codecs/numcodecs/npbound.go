package numcodecs

import (
	"fmt"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/numeric"
)

// npBound is a bound codec that maps each element through NumPy
// operations: fixedscaleoffset and astype.
type npBound struct {
	name      string
	from, to  numeric.DataType // decoded and encoded data types
	encodeOne func(npVal) npVal
	decodeOne func(npVal) npVal
	// optional whole-chunk kernels for common type combinations
	encKernel, decKernel func(dst, src []byte)
	// encCopy, decCopy: that direction copies the element bytes (astype
	// to the same type, which NumPy copies, signalling NaNs included)
	encCopy, decCopy bool
	enc              codec.ChunkSpec
}

// Encoded returns the spec of the encoded chunks, fill value included.
func (b *npBound) Encoded() codec.ChunkSpec {
	return b.enc.Clone()
}

// EncodeArray encodes src, one whole chunk, into dst.
func (b *npBound) EncodeArray(dst, src []byte) error {
	return b.run(dst, src, b.from, b.to, b.encCopy, b.encKernel, b.encodeOne)
}

// DecodeArray decodes src, one whole encoded chunk, into dst.
func (b *npBound) DecodeArray(dst, src []byte) error {
	return b.run(dst, src, b.to, b.from, b.decCopy, b.decKernel, b.decodeOne)
}

func (b *npBound) run(dst, src []byte, from, to numeric.DataType, copies bool, k func(dst, src []byte), one func(npVal) npVal) error {
	n := b.enc.NumElements()
	if len(src) != n*from.Size() {
		return &codec.SizeError{What: "source chunk", Got: len(src), Want: n * from.Size()}
	}
	if len(dst) != n*to.Size() {
		return &codec.SizeError{What: "destination", Got: len(dst), Want: n * to.Size()}
	}
	if copies {
		copy(dst, src)
		return nil
	}
	if k != nil {
		k(dst, src)
		return nil
	}
	for i := range n {
		npStore(to, dst, i, one(npLoad(from, src, i)))
	}
	return nil
}

// DecodeFill decodes one value the way DecodeArray decodes elements.
func (b *npBound) DecodeFill(encoded numeric.Scalar) (numeric.Scalar, error) {
	if encoded.DataType() != b.to {
		return encoded, fmt.Errorf("%s: fill value %v is a %v, want %v", b.name, encoded, encoded.DataType(), b.to)
	}
	return npToScalar(b.decodeOne(npFromScalar(encoded)), b.from), nil
}
