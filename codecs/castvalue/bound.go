package castvalue

import (
	"fmt"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/numeric"
)

// ResolveArray binds the codec to chunks of the decoded spec: it checks the
// array's data type, reads the scalar_map sides written in that type,
// chooses the encode and decode kernels and casts the fill value into
// data_type. Every failure is a *codec.ConfigError.
func (c *Codec) ResolveArray(decoded codec.ChunkSpec) (codec.BoundArrayToArray, error) {
	if err := c.check(); err != nil {
		return nil, err
	}
	from := decoded.DataType
	if !from.IsReal() {
		return nil, &codec.ConfigError{Codec: Name, Reason: fmt.Sprintf("array data type %v is not supported: cast_value converts between integer and float types", from)}
	}
	if decoded.FillValue.DataType() != from {
		return nil, &codec.ConfigError{Codec: Name, Reason: fmt.Sprintf("fill value %v is a %v, not a %v", decoded.FillValue, decoded.FillValue.DataType(), from)}
	}
	encMap, decMap, err := c.mapEntries(from)
	if err != nil {
		return nil, err
	}
	enc, err := numeric.NewCast(numeric.CastSpec{From: from, To: c.DataType, Rounding: c.Rounding, OutOfRange: c.OutOfRange, Map: encMap})
	if err != nil {
		return nil, &codec.ConfigError{Codec: Name, Reason: err.Error()}
	}
	dec, err := numeric.NewCast(numeric.CastSpec{From: c.DataType, To: from, Rounding: c.Rounding, OutOfRange: c.OutOfRange, Map: decMap})
	if err != nil {
		return nil, &codec.ConfigError{Codec: Name, Reason: err.Error()}
	}
	fill, rule := enc.Scalar(decoded.FillValue)
	if rule != numeric.CastOK {
		e := elementError(-1, decoded.FillValue, from, c.DataType, rule, false)
		return nil, &codec.ConfigError{Codec: Name, Key: "data_type", Reason: e.Error(), Err: &codec.FillRoundTripError{Original: decoded.FillValue, EncodeErr: e}}
	}
	b := &bound{enc: enc, dec: dec, encoded: decoded.WithDataType(c.DataType, fill)}
	b.decodedSize = decoded.Size()
	b.encodedSize = b.encoded.Size()
	return b, nil
}

// mapEntries returns the scalar_map of both directions as typed entries for
// an array of data type array: encode maps array -> DataType, decode maps
// DataType -> array. It fails, with a *codec.ConfigError, when a value is
// not valid for its type.
func (c *Codec) mapEntries(array numeric.DataType) (encode, decode []numeric.MapEntry, err error) {
	if encode, err = c.entries(c.Encode, array, c.DataType, "encode"); err != nil {
		return nil, nil, err
	}
	if decode, err = c.entries(c.Decode, c.DataType, array, "decode"); err != nil {
		return nil, nil, err
	}
	return encode, decode, nil
}

// entries parses the scalar_map pairs of one direction into scalars.
func (c *Codec) entries(pairs []Pair, in, out numeric.DataType, side string) ([]numeric.MapEntry, error) {
	m := make([]numeric.MapEntry, 0, len(pairs))
	for i, p := range pairs {
		from, err := numeric.ParseFillValue(in, p.In)
		if err != nil {
			return nil, &codec.ConfigError{Codec: Name, Key: "scalar_map", Reason: fmt.Sprintf("%s entry %d input: %v", side, i, err)}
		}
		to, err := numeric.ParseFillValue(out, p.Out)
		if err != nil {
			return nil, &codec.ConfigError{Codec: Name, Key: "scalar_map", Reason: fmt.Sprintf("%s entry %d output: %v", side, i, err)}
		}
		m = append(m, numeric.MapEntry{From: from, To: to})
	}
	return m, nil
}

// bound is a cast_value codec bound to a chunk spec.
type bound struct {
	enc, dec                 *numeric.Cast
	encoded                  codec.ChunkSpec
	decodedSize, encodedSize int
}

// Encoded returns the encoded spec: data_type, the same shape, the cast fill.
func (b *bound) Encoded() codec.ChunkSpec {
	return b.encoded.Clone()
}

// EncodeArray casts src (decoded elements) into dst (encoded elements).
// On error dst is zeroed and the error is a *codec.ElementError or a
// *codec.SizeError.
func (b *bound) EncodeArray(dst, src []byte) error {
	return run(b.enc, dst, src, b.decodedSize, b.encodedSize, false)
}

// DecodeArray casts src (encoded elements) into dst (decoded elements).
func (b *bound) DecodeArray(dst, src []byte) error {
	return run(b.dec, dst, src, b.encodedSize, b.decodedSize, true)
}

func run(c *numeric.Cast, dst, src []byte, srcSize, dstSize int, decoding bool) error {
	if len(src) != srcSize {
		what := "decoded chunk"
		if decoding {
			what = "encoded chunk"
		}
		return &codec.SizeError{What: what, Got: len(src), Want: srcSize}
	}
	if len(dst) != dstSize {
		return &codec.SizeError{What: "destination", Got: len(dst), Want: dstSize}
	}
	i, rule := c.Bytes(dst, src)
	if rule == numeric.CastOK {
		return nil
	}
	clear(dst)
	spec := c.Spec()
	n := spec.From.Size()
	v, _ := numeric.ScalarFromBytes(spec.From, src[i*n:(i+1)*n])
	return elementError(i, v, spec.From, spec.To, rule, decoding)
}

// ElementCasts returns the conversions of encoding (the array's data type
// to data_type) and decoding, scalar_map and policies included, so that a
// neighbouring codec can fuse the cast into its own pass over a chunk
// (codec.ElementCaster). Errors of a fused pass are still this codec's
// EncodeArray and DecodeArray errors.
func (b *bound) ElementCasts() (encode, decode *numeric.Cast) { return b.enc, b.dec }

// DecodeFill casts one value of data_type back to the array's data type.
func (b *bound) DecodeFill(encoded numeric.Scalar) (numeric.Scalar, error) {
	spec := b.dec.Spec()
	if encoded.DataType() != spec.From {
		return numeric.Scalar{}, fmt.Errorf("%s: fill value %v is a %v, want %v", Name, encoded, encoded.DataType(), spec.From)
	}
	v, rule := b.dec.Scalar(encoded)
	if rule != numeric.CastOK {
		return numeric.Scalar{}, elementError(-1, encoded, spec.From, spec.To, rule, true)
	}
	return v, nil
}
