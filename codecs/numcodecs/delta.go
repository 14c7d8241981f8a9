package numcodecs

import (
	"fmt"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/numeric"
)

// DeltaName is the name of the numcodecs Delta codec in Zarr v3 metadata;
// "delta" is read as an alias.
const DeltaName = "numcodecs.delta"

// Delta is numcodecs' Delta filter as an array->array codec: it stores the
// first element and then the difference of each element from the one
// before, over the chunk in C order, as type astype. See the package
// documentation for NumPy's casts and the accumulation used to decode.
type Delta struct {
	dtype, astype numpyType
}

// NewDeltaFromConfig is the registry factory of numcodecs.delta: dtype is
// required and astype defaults to it; both are NumPy type strings of bool,
// integer, float or complex types.
func NewDeltaFromConfig(cfg *codec.Config) (codec.Codec, error) {
	if err := cfg.Require("dtype"); err != nil {
		return nil, err
	}
	const kinds = kindBool | kindInt | kindFloat | kindComplex
	c := &Delta{}
	var err error
	if c.dtype, _, err = readType(cfg, "dtype", kinds); err != nil {
		return nil, err
	}
	astype, ok, err := readType(cfg, "astype", kinds)
	if err != nil {
		return nil, err
	}
	if !ok {
		astype = c.dtype
	}
	c.astype = astype
	return c, cfg.Finish()
}

// Name returns "numcodecs.delta".
func (c *Delta) Name() string { return DeltaName }

// MarshalJSON returns the codec's metadata as numcodecs writes it, astype
// always included.
func (c *Delta) MarshalJSON() ([]byte, error) {
	type config struct {
		DType  string `json:"dtype"`
		AsType string `json:"astype"`
	}
	return codec.MarshalCodec(DeltaName, config{c.dtype.str, c.astype.str})
}

// FillRoundTripAdvisory reports true: the fill value never passed through
// numcodecs' filters in Zarr v2, so a fill value that does not survive
// Delta is reported as a warning, not an error (docs/decisions.md#d17).
func (c *Delta) FillRoundTripAdvisory() bool { return true }

// ResolveArray binds the codec to decoded, whose data type must be dtype.
// The encoded spec has data type astype and the same shape; its fill value
// is what numcodecs' encode gives a chunk of fill values at its first
// element (the fill cast to astype), or NumPy's astype of the fill where
// numcodecs' encode raises.
func (c *Delta) ResolveArray(decoded codec.ChunkSpec) (codec.BoundArrayToArray, error) {
	from, to := c.dtype.dt, c.astype.dt
	if decoded.DataType != from {
		return nil, &codec.ConfigError{Codec: DeltaName, Key: "dtype", Reason: fmt.Sprintf("dtype %q is %v but the array's data type is %v", c.dtype.str, from, decoded.DataType)}
	}
	b := &deltaBound{from: from, to: to, acc: promoteTypes(from, to), n: decoded.NumElements()}
	fill := npFromScalar(decoded.FillValue)
	enc, _, ok := npSetItem(fill, from, to)
	if !ok {
		enc = npCast(fill, from, to)
	}
	b.enc = decoded.WithDataType(to, npToScalar(enc, to))
	b.encKernel, b.decKernel = deltaKernels(from, to)
	return b, nil
}

// deltaBound is numcodecs.delta bound to a chunk spec.
type deltaBound struct {
	from, to numeric.DataType // dtype and astype
	acc      numeric.DataType // the type decoding accumulates in
	n        int              // elements per chunk
	enc      codec.ChunkSpec
	// whole-chunk loops where dtype and astype are one integer, float32 or
	// float64 type; nil otherwise
	encKernel, decKernel func(dst, src []byte)
}

// Encoded returns the spec of the encoded chunks, fill value included.
func (b *deltaBound) Encoded() codec.ChunkSpec {
	return b.enc.Clone()
}

// EncodeArray stores the first element of src cast to astype, then each
// element's difference from the one before, computed in dtype (wrapping
// for integers, not_equal for bools) and cast to astype. The first element
// goes through NumPy's scalar assignment, which raises for a NaN, an
// infinity or a value beyond int64 stored as a signed integer: that is an
// *codec.ElementError.
func (b *deltaBound) EncodeArray(dst, src []byte) error {
	if err := checkSizes(src, dst, b.n, b.from, b.to, "decoded chunk"); err != nil {
		return err
	}
	if b.encKernel != nil {
		b.encKernel(dst, src)
		return nil
	}
	prev := npLoad(b.from, src, 0)
	first, reason, ok := npSetItem(prev, b.from, b.to)
	if !ok {
		return &codec.ElementError{Codec: DeltaName, Index: 0, Value: npToScalar(prev, b.from), Reason: reason, Err: ErrValue}
	}
	npStore(b.to, dst, 0, first)
	for i := 1; i < b.n; i++ {
		x := npLoad(b.from, src, i)
		npStore(b.to, dst, i, npCast(npArith('-', x, prev, b.from), b.from, b.to))
		prev = x
	}
	return nil
}

// DecodeArray is numcodecs' np.cumsum(enc, out=dec): the running sum is
// kept in the type NumPy promotes astype and dtype to (bool: logical or)
// and each partial sum is cast to dtype.
func (b *deltaBound) DecodeArray(dst, src []byte) error {
	if err := checkSizes(src, dst, b.n, b.to, b.from, "encoded chunk"); err != nil {
		return err
	}
	if b.decKernel != nil {
		b.decKernel(dst, src)
		return nil
	}
	sum := npCast(npLoad(b.to, src, 0), b.to, b.acc)
	npStore(b.from, dst, 0, npCast(sum, b.acc, b.from))
	for i := 1; i < b.n; i++ {
		sum = npArith('+', sum, npCast(npLoad(b.to, src, i), b.to, b.acc), b.acc)
		npStore(b.from, dst, i, npCast(sum, b.acc, b.from))
	}
	return nil
}

// DecodeFill decodes one value the way DecodeArray decodes a one-element
// chunk.
func (b *deltaBound) DecodeFill(encoded numeric.Scalar) (numeric.Scalar, error) {
	if encoded.DataType() != b.to {
		return encoded, fmt.Errorf("%s: fill value %v is a %v, want %v", DeltaName, encoded, encoded.DataType(), b.to)
	}
	v := npCast(npCast(npFromScalar(encoded), b.to, b.acc), b.acc, b.from)
	return npToScalar(v, b.from), nil
}

// checkSizes checks that src holds n elements of type from and dst n of
// type to.
func checkSizes(src, dst []byte, n int, from, to numeric.DataType, what string) error {
	if len(src) != n*from.Size() {
		return &codec.SizeError{What: what, Got: len(src), Want: n * from.Size()}
	}
	if len(dst) != n*to.Size() {
		return &codec.SizeError{What: "destination", Got: len(dst), Want: n * to.Size()}
	}
	return nil
}
