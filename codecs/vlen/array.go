package vlen

import (
	"fmt"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/internal/npdtype"
	"github.com/zcodec/zcodec/numeric"
)

// Array is numcodecs' VLenArray (id vlen-array): an object array whose
// elements are 1-d NumPy arrays of one dtype, each stored as its bytes in
// the vlen-bytes layout. zcodec reads such an array as the bytes data type:
// element i is the bytes of the i-th array, in the byte order of Dtype.
// NewArray checks Dtype at once; an Array written as a literal is checked
// by ResolveBytes.
type Array struct {
	// Dtype is the NumPy type string of the items ("<i4").
	Dtype    string
	itemSize int
}

func newArrayFromConfig(cfg *codec.Config) (codec.Codec, error) {
	if err := cfg.Require("dtype"); err != nil {
		return nil, err
	}
	s, _, err := cfg.String("dtype")
	if err != nil {
		return nil, err
	}
	dt, _, err := npdtype.Parse(s)
	if err != nil {
		return nil, cfg.Errorf("dtype", "%v", err)
	}
	return &Array{Dtype: s, itemSize: dt.Size()}, cfg.Finish()
}

// NewArray returns the vlen-array codec for items of the NumPy type
// string dtype.
func NewArray(dtype string) (*Array, error) {
	dt, _, err := npdtype.Parse(dtype)
	if err != nil {
		return nil, err
	}
	return &Array{Dtype: dtype, itemSize: dt.Size()}, nil
}

// ItemType returns the data type of the items and their byte order.
func (c *Array) ItemType() (numeric.DataType, numeric.Endian) {
	dt, e, _ := npdtype.Parse(c.Dtype)
	return dt, e
}

// Name returns "numcodecs.vlen-array".
func (c *Array) Name() string { return ArrayName }

// MarshalJSON returns {"name": "numcodecs.vlen-array", "configuration":
// {"dtype": ...}}.
func (c *Array) MarshalJSON() ([]byte, error) {
	return codec.MarshalCodec(ArrayName, map[string]string{"dtype": c.Dtype})
}

// ResolveBytes binds the codec to chunks of the bytes data type.
func (c *Array) ResolveBytes(decoded codec.ChunkSpec) (codec.BoundArrayToBytes, error) {
	if decoded.DataType != numeric.Bytes {
		return nil, &codec.ConfigError{Codec: ArrayName, Reason: fmt.Sprintf("encodes object arrays read as the bytes data type, not %v", decoded.DataType)}
	}
	size := c.itemSize
	if size == 0 { // an Array written as a literal: its Dtype is not checked yet
		dt, _, err := npdtype.Parse(c.Dtype)
		if err != nil {
			return nil, &codec.ConfigError{Codec: ArrayName, Key: "dtype", Reason: err.Error()}
		}
		size = dt.Size()
	}
	return &boundVlen{name: ArrayName, spec: decoded, n: decoded.NumElements(), itemSize: size}, nil
}
