package hdf5scaleoffset

import (
	"fmt"
	"math"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/registry"
)

// Name is the codec's name.
const Name = "zcodec.hdf5_scaleoffset"

// HeaderSize is the size of the header the filter writes before the packed
// values: 4 bytes of minimum bits, 1 byte giving the size of the minimum, 8
// bytes of minimum and 8 bytes of zeros.
const HeaderSize = 21

func init() {
	registry.Register(registry.Registration{
		Name:    Name,
		Kind:    codec.KindBytesToBytes,
		New:     NewFromConfig,
		Summary: "HDF5 scale-offset filter (id 6): per-chunk minimum and minimum-bits packing of integers and D-scaled floats",
	})
}

// ScaleType is how the filter scales values: HDF5's H5Z_SO_scale_type_t,
// cd_values[0].
type ScaleType uint32

// The scale types. HDF5 defines E-scaling for floats but does not
// implement it: no chunk is ever written with it, and the codec refuses it.
const (
	ScaleFloatD ScaleType = 0 // H5Z_SO_FLOAT_DSCALE: floats, keep ScaleFactor decimal digits
	ScaleFloatE ScaleType = 1 // H5Z_SO_FLOAT_ESCALE: not implemented by HDF5
	ScaleInt    ScaleType = 2 // H5Z_SO_INT: integers, keep ScaleFactor bits (0: computed per chunk)
)

// MinBitsDefault is the integer scale factor that lets the filter compute
// the minimum number of bits of each chunk (H5Z_SO_INT_MINBITS_DEFAULT).
const MinBitsDefault = 0

var scaleTypeNames = map[ScaleType]string{ScaleFloatD: "float_dscale", ScaleFloatE: "float_escale", ScaleInt: "int"}

// String returns "int", "float_dscale" or "float_escale", the names of the
// configuration.
func (t ScaleType) String() string {
	if s, ok := scaleTypeNames[t]; ok {
		return s
	}
	return fmt.Sprintf("ScaleType(%d)", uint32(t))
}

// Codec is the unbound zcodec.hdf5_scaleoffset codec: the parameters the
// filter records in a file (its cd_values after H5Z's set_local).
type Codec struct {
	// ScaleType is ScaleInt for integer data and ScaleFloatD for floats.
	ScaleType ScaleType
	// ScaleFactor is, for ScaleInt, the number of bits each value keeps
	// (MinBitsDefault: computed per chunk; the bit width of the type: the
	// filter leaves chunks unchanged), and for ScaleFloatD the number of
	// decimal digits kept. It is at least 0 (H5Pset_scaleoffset refuses
	// negative factors) and at most 2^31-1.
	ScaleFactor int
	// Elements is the number of elements of a chunk.
	Elements int
	// DataType is the dataset's element type, from the class, size and
	// sign parameters: int8 to uint64, float32 or float64.
	DataType numeric.DataType
	// BigEndian is the dataset's byte order, which is the byte order of the
	// decoded bytes.
	BigEndian bool
	// Fill is the dataset's fill value, of DataType; the zero Scalar means
	// the dataset defines none (HDF5's fill value "undefined").
	Fill numeric.Scalar
}

// NewFromConfig is the registry factory.
func NewFromConfig(cfg *codec.Config) (codec.Codec, error) {
	if err := cfg.Require("scale_type", "scale_factor", "elements", "class", "size", "order"); err != nil {
		return nil, err
	}
	c := &Codec{}
	st, _, err := cfg.Enum("scale_type", "int", "float_dscale", "float_escale")
	if err != nil {
		return nil, err
	}
	switch st {
	case "int":
		c.ScaleType = ScaleInt
	case "float_dscale":
		c.ScaleType = ScaleFloatD
	default:
		return nil, cfg.Errorf("scale_type", "E-scaling (float_escale) is not implemented by HDF5: no chunk is written with it")
	}
	sf, _, err := cfg.Int("scale_factor", 0, math.MaxInt32)
	if err != nil {
		return nil, err
	}
	c.ScaleFactor = int(sf)
	n, _, err := cfg.Int("elements", 1, min(math.MaxUint32, math.MaxInt))
	if err != nil {
		return nil, err
	}
	c.Elements = int(n)
	class, _, err := cfg.Enum("class", "integer", "float")
	if err != nil {
		return nil, err
	}
	size, _, err := cfg.Int("size", 1, 8)
	if err != nil {
		return nil, err
	}
	sign, hasSign, err := cfg.Enum("sign", "unsigned", "signed")
	if err != nil {
		return nil, err
	}
	if class == "float" && hasSign {
		return nil, cfg.Errorf("sign", "a float class has no sign parameter")
	}
	if class == "integer" && !hasSign {
		return nil, cfg.Errorf("", `configuration with "sign" is required for the integer class`)
	}
	dt, ok := dataTypeOf(class == "float", int(size), sign == "signed")
	if !ok {
		return nil, cfg.Errorf("size", "%s size %d is not supported (integers: 1, 2, 4 or 8 bytes; floats: 4 or 8)", class, size)
	}
	c.DataType = dt
	order, _, err := cfg.Enum("order", "little", "big")
	if err != nil {
		return nil, err
	}
	c.BigEndian = order == "big"
	fill, ok, err := cfg.FillValue("fill_value", dt)
	if err != nil {
		return nil, err
	}
	if ok {
		c.Fill = fill
	}
	if err := c.check(); err != nil {
		return nil, cfg.Errorf(err.key, "%s", err.reason)
	}
	return c, cfg.Finish()
}

// dataTypeOf returns the data type of a class, size and sign.
func dataTypeOf(float bool, size int, signed bool) (numeric.DataType, bool) {
	if float {
		switch size {
		case 4:
			return numeric.Float32, true
		case 8:
			return numeric.Float64, true
		}
		return 0, false
	}
	types := map[int][2]numeric.DataType{1: {numeric.Uint8, numeric.Int8}, 2: {numeric.Uint16, numeric.Int16}, 4: {numeric.Uint32, numeric.Int32}, 8: {numeric.Uint64, numeric.Int64}}
	t, ok := types[size]
	if !ok {
		return 0, false
	}
	if signed {
		return t[1], true
	}
	return t[0], true
}

// paramError is a problem with one parameter of a Codec.
type paramError struct {
	key, reason string
}

// check validates the parameters together.
func (c *Codec) check() *paramError {
	dt := c.DataType
	if got, ok := dataTypeOf(dt.IsFloat(), dt.Size(), dt.IsSigned()); !ok || got != dt {
		return &paramError{"class", fmt.Sprintf("data type %v is not one the filter handles (int8 to uint64, float32, float64)", dt)}
	}
	if c.ScaleFactor < 0 || c.ScaleFactor > math.MaxInt32 {
		return &paramError{"scale_factor", fmt.Sprintf("scale factor %d is outside [0, %d] (H5Pset_scaleoffset refuses negative factors)", c.ScaleFactor, math.MaxInt32)}
	}
	if c.Elements < 1 || int64(c.Elements) > math.MaxUint32 || int64(c.Elements)*int64(dt.Size()) > codec.MaxChunkBytes {
		return &paramError{"elements", fmt.Sprintf("%d elements per chunk; want 1 to %d, at most %d bytes", c.Elements, uint32(math.MaxUint32), int64(codec.MaxChunkBytes))}
	}
	switch c.ScaleType {
	case ScaleInt:
		if dt.IsFloat() {
			return &paramError{"scale_type", `scale type "int" is for the integer class; floats use "float_dscale"`}
		}
		if bits := 8 * dt.Size(); c.ScaleFactor > bits {
			return &paramError{"scale_factor", fmt.Sprintf("%d bits exceed the %d bits of %v (HDF5 refuses such chunks)", c.ScaleFactor, bits, dt)}
		}
	case ScaleFloatD:
		if !dt.IsFloat() {
			return &paramError{"scale_type", `scale type "float_dscale" is for the float class; integers use "int"`}
		}
	case ScaleFloatE:
		return &paramError{"scale_type", "E-scaling (float_escale) is not implemented by HDF5: no chunk is written with it"}
	default:
		return &paramError{"scale_type", fmt.Sprintf("unknown scale type %d", uint32(c.ScaleType))}
	}
	if c.Fill.Valid() && c.Fill.DataType() != dt {
		return &paramError{"fill_value", fmt.Sprintf("fill value %v is a %v, not a %v", c.Fill, c.Fill.DataType(), dt)}
	}
	return nil
}

// Name returns "zcodec.hdf5_scaleoffset".
func (c *Codec) Name() string { return Name }

// config is the JSON configuration, in canonical key order.
type config struct {
	ScaleType   string          `json:"scale_type"`
	ScaleFactor int             `json:"scale_factor"`
	Elements    int             `json:"elements"`
	Class       string          `json:"class"`
	Size        int             `json:"size"`
	Sign        string          `json:"sign,omitempty"`
	Order       string          `json:"order"`
	FillValue   *numeric.Scalar `json:"fill_value,omitempty"`
}

// MarshalJSON returns the codec's metadata; fill_value is absent when the
// dataset defines no fill value.
func (c *Codec) MarshalJSON() ([]byte, error) {
	cf := config{ScaleType: c.ScaleType.String(), ScaleFactor: c.ScaleFactor, Elements: c.Elements, Size: c.DataType.Size(), Order: "little"}
	cf.Class = "integer"
	if c.DataType.IsFloat() {
		cf.Class = "float"
	} else if c.DataType.IsSigned() {
		cf.Sign = "signed"
	} else {
		cf.Sign = "unsigned"
	}
	if c.BigEndian {
		cf.Order = "big"
	}
	if c.Fill.Valid() {
		f := c.Fill
		cf.FillValue = &f
	}
	return codec.MarshalCodec(Name, cf)
}

// ResolveBytesToBytes binds the codec to the chunks it will see: they must
// hold Elements elements of DataType.
func (c *Codec) ResolveBytesToBytes(decoded codec.BytesSpec) (codec.BoundBytesToBytes, error) {
	if e := c.check(); e != nil {
		return nil, &codec.ConfigError{Codec: Name, Key: e.key, Reason: e.reason}
	}
	size := c.DataType.Size()
	if !decoded.Fixed() || decoded.Size != c.Elements*size {
		return nil, &codec.ConfigError{Codec: Name, Key: "elements", Reason: fmt.Sprintf("the filter packs chunks of %d %v elements (%d bytes); the chain gives it %v", c.Elements, c.DataType, c.Elements*size, decoded)}
	}
	if dt := decoded.Array.DataType; dt != c.DataType {
		return nil, &codec.ConfigError{Codec: Name, Key: "class", Reason: fmt.Sprintf("the filter's parameters describe %v elements; the array's data type is %v", c.DataType, dt)}
	}
	return newBound(c, decoded), nil
}
