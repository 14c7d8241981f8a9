package numcodecs

import (
	"fmt"
	"math"
	"strconv"

	"github.com/zcodec/zcodec/codec"
)

// QuantizeName is the name of the numcodecs Quantize codec in Zarr v3
// metadata; "quantize" is read as an alias.
const QuantizeName = "numcodecs.quantize"

// Quantize is numcodecs' Quantize filter as an array->array codec: it keeps
// about digits decimal digits after the point by rounding each element to
// a multiple of a power of two, np.around(scale * x) / scale, and stores
// the result as astype. Decoding casts back to dtype.
type Quantize struct {
	digits        int64
	dtype, astype numpyType
	scale         float64 // 2^bits, the power of two numcodecs scales by
}

// NewQuantizeFromConfig is the registry factory of numcodecs.quantize:
// digits (a JSON integer) and dtype are required, astype defaults to dtype;
// both are float type strings. digits for which numcodecs' encode raises
// (outside [-308, 307]: 10.0 ** digits or the scale overflows a float64)
// are an error.
func NewQuantizeFromConfig(cfg *codec.Config) (codec.Codec, error) {
	if err := cfg.Require("digits", "dtype"); err != nil {
		return nil, err
	}
	c := &Quantize{}
	var err error
	if c.digits, _, err = cfg.Int("digits", math.MinInt32, math.MaxInt32); err != nil {
		return nil, err
	}
	bits, ok := quantizeBits(c.digits)
	if !ok {
		return nil, cfg.Errorf("digits", "numcodecs cannot quantize to %d digits: its scale 2^ceil(log2(10^%d)) overflows a float64 (want -308 to 307)", c.digits, c.digits)
	}
	c.scale = math.Ldexp(1, bits)
	if c.dtype, _, err = readType(cfg, "dtype", kindFloat); err != nil {
		return nil, err
	}
	astype, ok, err := readType(cfg, "astype", kindFloat)
	if err != nil {
		return nil, err
	}
	if !ok {
		astype = c.dtype
	}
	c.astype = astype
	return c, cfg.Finish()
}

// quantizeBits returns the exponent of the power of two numcodecs 0.11
// scales by for digits: it computes precision = 10.0 ** -digits, exp =
// floor (or ceil, for precision >= 1) of log10(precision), which is
// -digits for every digits it accepts, bits = ceil(log2(10.0 ** -exp)) and
// scale = 2.0 ** bits. 10.0 ** d is the float64 nearest 10^d, as Python's
// pow gives it, and bits the least b with 2^b >= that value. ok is false
// where Python raises: 10.0 ** -digits overflows or is zero, 10.0 ** digits
// overflows, or 2.0 ** bits does. The tests check every digits from -330
// to 330 against numcodecs.
func quantizeBits(digits int64) (bits int, ok bool) {
	if digits < -400 || digits > 400 {
		return 0, false
	}
	pow10 := func(e int64) float64 {
		v, _ := strconv.ParseFloat("1e"+strconv.FormatInt(e, 10), 64) // correctly rounded; ±Inf or 0 beyond range
		return v
	}
	if p := pow10(-digits); p == 0 || math.IsInf(p, 0) {
		return 0, false
	}
	x := pow10(digits)
	if x == 0 || math.IsInf(x, 0) {
		return 0, false
	}
	frac, e := math.Frexp(x) // x = frac * 2^e, frac in [0.5, 1)
	bits = e
	if frac == 0.5 {
		bits--
	}
	return bits, bits <= 1023
}

// Name returns "numcodecs.quantize".
func (c *Quantize) Name() string { return QuantizeName }

// MarshalJSON returns the codec's metadata as numcodecs writes it, astype
// always included.
func (c *Quantize) MarshalJSON() ([]byte, error) {
	type config struct {
		Digits int64  `json:"digits"`
		DType  string `json:"dtype"`
		AsType string `json:"astype"`
	}
	return codec.MarshalCodec(QuantizeName, config{c.digits, c.dtype.str, c.astype.str})
}

// FillRoundTripAdvisory reports true: a fill value that Quantize rounds
// is a warning, not an error (docs/decisions.md#d17).
func (c *Quantize) FillRoundTripAdvisory() bool { return true }

// ResolveArray binds the codec to decoded, whose data type must be dtype.
// The encoded spec has data type astype and the fill value quantised as
// an element is.
func (c *Quantize) ResolveArray(decoded codec.ChunkSpec) (codec.BoundArrayToArray, error) {
	from, to := c.dtype.dt, c.astype.dt
	if decoded.DataType != from {
		return nil, &codec.ConfigError{Codec: QuantizeName, Key: "dtype", Reason: fmt.Sprintf("dtype %q is %v but the array's data type is %v", c.dtype.str, from, decoded.DataType)}
	}
	// scale * arr computes in the type NumPy gives a float array and a
	// Python float (the scale's own type when the array's cannot hold it).
	mid := resultType(from, pyNumber{f: c.scale})
	scale := pyValue(pyNumber{f: c.scale}, mid) // 0 when mid cannot hold a tiny scale, as in NumPy
	encodeOne := func(x npVal) npVal {
		v := npArith('*', npCast(x, from, mid), scale, mid)
		v = npArith('/', npAround(v, mid), scale, mid)
		return npCast(v, mid, to)
	}
	b := &npBound{
		name: QuantizeName, from: from, to: to,
		encodeOne: encodeOne,
		decodeOne: func(v npVal) npVal { return npCast(v, to, from) },
	}
	b.decCopy = from == to // NumPy's astype to the same type copies
	b.encKernel, b.decKernel = quantizeKernels(from, mid, to, c.scale)
	b.enc = decoded.WithDataType(to, npToScalar(encodeOne(npFromScalar(decoded.FillValue)), to))
	return b, nil
}
