package numcodecs

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/numeric"
)

// FixedScaleOffsetName is the name of the numcodecs FixedScaleOffset codec
// in Zarr v3 metadata; "fixedscaleoffset" is read as an alias.
const FixedScaleOffsetName = "numcodecs.fixedscaleoffset"

// FixedScaleOffset is numcodecs' FixedScaleOffset filter as an array->array
// codec. It encodes with
//
//	np.around((x - offset) * scale).astype(astype)
//
// and decodes with (enc / scale + offset).astype(dtype), computing exactly
// what NumPy 1.24 computes (see the package documentation): so chunks that
// numcodecs wrote decode to the same numbers, and numcodecs decodes the
// chunks this codec writes.
type FixedScaleOffset struct {
	offsetRaw, scaleRaw json.RawMessage
	offset, scale       pyNumber
	dtypeStr, astypeStr string
	dtype, astype       numeric.DataType
}

// NewFixedScaleOffsetFromConfig is the registry factory of
// numcodecs.fixedscaleoffset. offset, scale and dtype are required, astype
// defaults to dtype; offset and scale are JSON numbers, read as Python
// reads them (an integer literal is a Python int, anything else a float),
// dtype and astype NumPy type strings of integer or float types. A zero
// scale is an error.
func NewFixedScaleOffsetFromConfig(cfg *codec.Config) (codec.Codec, error) {
	if err := cfg.Require("offset", "scale", "dtype"); err != nil {
		return nil, err
	}
	c := &FixedScaleOffset{}
	for _, key := range []string{"offset", "scale"} {
		raw, _ := cfg.Raw(key)
		p, err := parsePyNumber(raw)
		if err != nil {
			return nil, cfg.Errorf(key, "%v", err)
		}
		var compact bytes.Buffer
		_ = json.Compact(&compact, raw)
		if key == "offset" {
			c.offset, c.offsetRaw = p, compact.Bytes()
		} else {
			if p.f == 0 {
				return nil, cfg.Errorf(key, "scale must not be zero")
			}
			c.scale, c.scaleRaw = p, compact.Bytes()
		}
	}
	dtype, _, err := readType(cfg, "dtype", kindInt|kindFloat)
	if err != nil {
		return nil, err
	}
	astype, ok, err := readType(cfg, "astype", kindInt|kindFloat)
	if err != nil {
		return nil, err
	}
	if !ok {
		astype = dtype
	}
	c.dtypeStr, c.dtype = dtype.str, dtype.dt
	c.astypeStr, c.astype = astype.str, astype.dt
	return c, cfg.Finish()
}

// Name returns "numcodecs.fixedscaleoffset".
func (c *FixedScaleOffset) Name() string { return FixedScaleOffsetName }

// MarshalJSON returns the codec's metadata as numcodecs writes it: offset
// and scale as given, dtype and astype as type strings (astype always).
func (c *FixedScaleOffset) MarshalJSON() ([]byte, error) {
	type config struct {
		Offset json.RawMessage `json:"offset"`
		Scale  json.RawMessage `json:"scale"`
		DType  string          `json:"dtype"`
		AsType string          `json:"astype"`
	}
	return codec.MarshalCodec(FixedScaleOffsetName, config{c.offsetRaw, c.scaleRaw, c.dtypeStr, c.astypeStr})
}

// fsoPlan is the sequence of NumPy types one element passes through.
type fsoPlan struct {
	dtype, astype numeric.DataType
	// encoding: t1 = dtype - offset, t2 = t1 * scale, around, astype
	t1, t2        numeric.DataType
	encOff, encSc npVal // offset in t1, scale in t2
	// decoding: t3 = astype / scale, t4 = t3 + offset, astype(dtype)
	t3, t4        numeric.DataType
	decSc, decOff npVal // scale in t3, offset in t4
}

func newFSOPlan(dtype, astype numeric.DataType, offset, scale pyNumber) *fsoPlan {
	p := &fsoPlan{dtype: dtype, astype: astype}
	p.t1 = resultType(dtype, offset)
	p.t2 = resultType(p.t1, scale)
	p.encOff, p.encSc = pyValue(offset, p.t1), pyValue(scale, p.t2)
	if astype.IsInteger() {
		p.t3 = numeric.Float64 // true division of integers is float64 division
	} else {
		p.t3 = resultType(astype, scale)
	}
	p.t4 = resultType(p.t3, offset)
	p.decSc, p.decOff = pyValue(scale, p.t3), pyValue(offset, p.t4)
	return p
}

func (p *fsoPlan) encodeOne(x npVal) npVal {
	v := npArith('-', npCast(x, p.dtype, p.t1), p.encOff, p.t1)
	v = npArith('*', npCast(v, p.t1, p.t2), p.encSc, p.t2)
	return npCast(npAround(v, p.t2), p.t2, p.astype)
}

func (p *fsoPlan) decodeOne(x npVal) npVal {
	v := npCast(x, p.astype, p.t3)
	if p.t3.IsInteger() { // not reached: t3 is always a float type
		v = npCast(v, p.t3, numeric.Float64)
	}
	v = npArith('/', v, p.decSc, p.t3)
	v = npArith('+', npCast(v, p.t3, p.t4), p.decOff, p.t4)
	return npCast(v, p.t4, p.dtype)
}

// ResolveArray binds the codec to decoded, whose data type must be dtype.
// The encoded spec has data type astype and the fill value encoded.
func (c *FixedScaleOffset) ResolveArray(decoded codec.ChunkSpec) (codec.BoundArrayToArray, error) {
	if decoded.DataType != c.dtype {
		return nil, &codec.ConfigError{Codec: FixedScaleOffsetName, Key: "dtype", Reason: fmt.Sprintf("dtype %q is %v but the array's data type is %v", c.dtypeStr, c.dtype, decoded.DataType)}
	}
	p := newFSOPlan(c.dtype, c.astype, c.offset, c.scale)
	b := &npBound{name: FixedScaleOffsetName, from: c.dtype, to: c.astype, encodeOne: p.encodeOne, decodeOne: p.decodeOne}
	b.encKernel, b.decKernel = fsoKernels(p)
	fill := npToScalar(p.encodeOne(npFromScalar(decoded.FillValue)), c.astype)
	b.enc = decoded.WithDataType(c.astype, fill)
	return b, nil
}

// FillRoundTripAdvisory reports true: the fill value never passed through
// numcodecs' filters in Zarr v2, so a fill value that does not survive
// quantisation (NaN stored as an integer, typically) is reported as a
// warning, not an error (docs/decisions.md#d17).
func (c *FixedScaleOffset) FillRoundTripAdvisory() bool { return true }
