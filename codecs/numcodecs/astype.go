package numcodecs

import (
	"fmt"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/numeric"
)

// AsTypeName is the name of the numcodecs AsType codec in Zarr v3
// metadata; "astype" is read as an alias.
const AsTypeName = "numcodecs.astype"

// AsType is numcodecs' AsType filter as an array->array codec: it encodes
// with x.astype(encode_dtype) and decodes with enc.astype(decode_dtype),
// NumPy casts as described in the package documentation (floats to
// integers truncate; out-of-range integers wrap).
type AsType struct {
	encodeStr, decodeStr string
	encode, decode       numeric.DataType
}

// NewAsTypeFromConfig is the registry factory of numcodecs.astype:
// encode_dtype and decode_dtype are required NumPy type strings of
// integer or float types.
func NewAsTypeFromConfig(cfg *codec.Config) (codec.Codec, error) {
	if err := cfg.Require("encode_dtype", "decode_dtype"); err != nil {
		return nil, err
	}
	enc, _, err := readType(cfg, "encode_dtype", kindInt|kindFloat)
	if err != nil {
		return nil, err
	}
	dec, _, err := readType(cfg, "decode_dtype", kindInt|kindFloat)
	if err != nil {
		return nil, err
	}
	c := &AsType{encodeStr: enc.str, encode: enc.dt, decodeStr: dec.str, decode: dec.dt}
	return c, cfg.Finish()
}

// Name returns "numcodecs.astype".
func (c *AsType) Name() string { return AsTypeName }

// MarshalJSON returns the codec's metadata as numcodecs writes it.
func (c *AsType) MarshalJSON() ([]byte, error) {
	return codec.MarshalCodec(AsTypeName, map[string]string{"encode_dtype": c.encodeStr, "decode_dtype": c.decodeStr})
}

// ResolveArray binds the codec to decoded, whose data type must be
// decode_dtype. The encoded spec has data type encode_dtype and the fill
// value cast to it.
func (c *AsType) ResolveArray(decoded codec.ChunkSpec) (codec.BoundArrayToArray, error) {
	if decoded.DataType != c.decode {
		return nil, &codec.ConfigError{Codec: AsTypeName, Key: "decode_dtype", Reason: fmt.Sprintf("decode_dtype %q is %v but the array's data type is %v", c.decodeStr, c.decode, decoded.DataType)}
	}
	from, to := c.decode, c.encode
	b := &npBound{
		name: AsTypeName, from: from, to: to,
		encodeOne: func(v npVal) npVal { return npCast(v, from, to) },
		decodeOne: func(v npVal) npVal { return npCast(v, to, from) },
	}
	b.encCopy, b.decCopy = from == to, from == to
	if from != to {
		if k := newNPCastKernel(from, to); k != nil {
			b.encKernel = k.run
		}
		if k := newNPCastKernel(to, from); k != nil {
			b.decKernel = k.run
		}
	}
	fill := npToScalar(b.encodeOne(npFromScalar(decoded.FillValue)), to)
	b.enc = decoded.WithDataType(to, fill)
	return b, nil
}

// FillRoundTripAdvisory reports true: a fill value that does not survive
// the casts is a warning, not an error (docs/decisions.md#d17).
func (c *AsType) FillRoundTripAdvisory() bool { return true }
