package transpose

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/internal/shorten"
	"github.com/zcodec/zcodec/numeric"
)

// Name is the name of the transpose codec in Zarr v3 metadata.
const Name = "transpose"

// Codec is the unbound transpose codec: a permutation of a chunk's
// dimensions.
type Codec struct {
	order []int
}

// New returns a transpose codec for order, which must be a permutation of
// 0, 1, ..., len(order)-1. It returns the *codec.ConfigError the JSON form
// would.
func New(order []int) (*Codec, error) {
	if reason := checkPermutation(order); reason != "" {
		return nil, &codec.ConfigError{Codec: Name, Key: "order", Reason: reason}
	}
	return &Codec{order: slices.Clone(order)}, nil
}

// NewFromConfig is the registry factory of transpose: "order", required,
// is a JSON list of integers that permutes 0, 1, ..., n-1. The strings "C"
// and "F" of early drafts of the specification are errors whose message
// gives the list to write instead.
func NewFromConfig(cfg *codec.Config) (codec.Codec, error) {
	if err := cfg.Require("order"); err != nil {
		return nil, err
	}
	raw, _ := cfg.Raw("order")
	var order []int
	switch {
	case bytes.Equal(raw, []byte(`"C"`)):
		return nil, cfg.Errorf("order", `"C" (C order, an early draft's spelling of the identity) is not valid: write the list [0, 1, ..., n-1] for an n-dimensional array, such as [0, 1, 2] for 3 dimensions, or leave the codec out`)
	case bytes.Equal(raw, []byte(`"F"`)):
		return nil, cfg.Errorf("order", `"F" (Fortran order, an early draft's spelling of reversing the dimensions) is not valid: write the list [n-1, ..., 1, 0] for an n-dimensional array, such as [2, 1, 0] for 3 dimensions`)
	case len(raw) == 0 || raw[0] != '[':
		return nil, cfg.Errorf("order", "want a list of dimension indices such as [1, 0]")
	}
	var items []json.RawMessage
	if err := json.Unmarshal(raw, &items); err != nil {
		return nil, cfg.Errorf("order", "want a list of integers, such as [1, 0]")
	}
	for i, it := range items {
		it = bytes.TrimSpace(it)
		v, err := strconv.ParseInt(string(it), 10, 64)
		if err != nil || v < 0 || v >= int64(len(items)) {
			return nil, cfg.Errorf("order", "entry %d is %s; want an integer from 0 to %d (the list permutes the %d dimensions)", i, shorten.Bytes(it), len(items)-1, len(items))
		}
		order = append(order, int(v))
	}
	if reason := checkPermutation(order); reason != "" {
		return nil, cfg.Errorf("order", "%s", reason)
	}
	return &Codec{order: order}, cfg.Finish()
}

// checkPermutation returns why order is not a permutation of 0..n-1, or "".
func checkPermutation(order []int) string {
	seen := make([]bool, len(order))
	for i, d := range order {
		switch {
		case d < 0 || d >= len(order):
			return fmt.Sprintf("entry %d is %d; want an integer from 0 to %d (the list permutes the %d dimensions)", i, d, len(order)-1, len(order))
		case seen[d]:
			return fmt.Sprintf("dimension %d appears twice in %v; want each of 0 to %d once", d, order, len(order)-1)
		}
		seen[d] = true
	}
	return ""
}

// Name returns "transpose".
func (c *Codec) Name() string { return Name }

// Order returns the permutation.
func (c *Codec) Order() []int { return slices.Clone(c.order) }

// MarshalJSON returns {"name": "transpose", "configuration": {"order": [...]}}.
func (c *Codec) MarshalJSON() ([]byte, error) {
	order := c.order
	if order == nil {
		order = []int{}
	}
	return codec.MarshalCodec(Name, map[string][]int{"order": order})
}

// ResolveArray binds the codec to chunks of the decoded spec, whose rank
// must be len(order). The encoded spec has the shape permuted (encoded
// dimension k is decoded dimension order[k]), the same data type and the
// same fill value. Any data type is accepted: the codec moves elements
// without looking at them.
func (c *Codec) ResolveArray(decoded codec.ChunkSpec) (codec.BoundArrayToArray, error) {
	if len(decoded.Shape) != len(c.order) {
		return nil, &codec.ConfigError{Codec: Name, Key: "order", Reason: fmt.Sprintf("order %v permutes %d dimensions, but the chunk has %d (shape %v)", c.order, len(c.order), len(decoded.Shape), decoded.Shape)}
	}
	enc := make([]int, len(c.order))
	for k, d := range c.order {
		enc[k] = decoded.Shape[d]
	}
	return &bound{
		size:    decoded.DataType.Size(),
		encoded: codec.ChunkSpec{DataType: decoded.DataType, Shape: enc, FillValue: decoded.FillValue},
		encode:  newPlan(decoded.Shape, c.order),
		decode:  newPlan(enc, inverse(c.order)),
	}, nil
}

// bound is transpose bound to a chunk spec.
type bound struct {
	size           int // element size in bytes
	encoded        codec.ChunkSpec
	encode, decode *plan
}

// Encoded returns the spec of the encoded chunks.
func (b *bound) Encoded() codec.ChunkSpec {
	return b.encoded.Clone()
}

// EncodeArray writes the transpose of src into dst.
func (b *bound) EncodeArray(dst, src []byte) error {
	if err := b.check(dst, src, "decoded chunk"); err != nil {
		return err
	}
	runBytes(b.encode, b.size, dst, src)
	return nil
}

// DecodeArray writes the inverse transpose of src into dst.
func (b *bound) DecodeArray(dst, src []byte) error {
	if err := b.check(dst, src, "encoded chunk"); err != nil {
		return err
	}
	runBytes(b.decode, b.size, dst, src)
	return nil
}

func (b *bound) check(dst, src []byte, what string) error {
	n := b.encode.n * b.size
	if len(src) != n {
		return &codec.SizeError{What: what, Got: len(src), Want: n}
	}
	if len(dst) != n {
		return &codec.SizeError{What: "destination", Got: len(dst), Want: n}
	}
	return nil
}

// DecodeFill returns the fill value unchanged: transposing does not change
// elements.
func (b *bound) DecodeFill(encoded numeric.Scalar) (numeric.Scalar, error) {
	return encoded, nil
}
