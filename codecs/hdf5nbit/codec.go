package hdf5nbit

import (
	"encoding/json"
	"fmt"
	"math"
	"strconv"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/registry"
)

// Name is the codec's name.
const Name = "zcodec.hdf5_nbit"

func init() {
	registry.Register(registry.Registration{
		Name:    Name,
		Kind:    codec.KindBytesToBytes,
		New:     NewFromConfig,
		Summary: "HDF5 n-bit filter (id 5): the significant bits of each value, packed",
	})
}

// Codec is the unbound zcodec.hdf5_nbit codec: the parameters the filter
// records in a file (its cd_values after H5Z's set_local).
type Codec struct {
	// Elements is the number of elements of a chunk.
	Elements int
	// Type is the dataset's datatype as the filter describes it.
	Type Datatype
}

// NewFromConfig is the registry factory.
func NewFromConfig(cfg *codec.Config) (codec.Codec, error) {
	if err := cfg.Require("elements", "datatype"); err != nil {
		return nil, err
	}
	n, _, err := cfg.Int("elements", 1, min(math.MaxUint32, math.MaxInt))
	if err != nil {
		return nil, err
	}
	sub, _, err := cfg.Object("datatype")
	if err != nil {
		return nil, err
	}
	t, err := parseType(sub, 0)
	if err != nil {
		return nil, err
	}
	if err := t.check(0); err != nil {
		return nil, cfg.Errorf("datatype", "%v", err)
	}
	c := &Codec{Elements: int(n), Type: t}
	if p := 3 + t.params(); p > MaxCDValues {
		return nil, cfg.Errorf("datatype", "the description takes %d cd_values; the filter accepts at most %d", p, MaxCDValues)
	}
	return c, cfg.Finish()
}

// parseType reads a datatype description.
func parseType(cfg *codec.Config, depth int) (Datatype, error) {
	if depth > maxDepth {
		return Datatype{}, cfg.Errorf("", "datatypes nest deeper than %d levels", maxDepth)
	}
	if err := cfg.Require("class", "size"); err != nil {
		return Datatype{}, err
	}
	class, _, err := cfg.Enum("class", "atomic", "array", "compound", "noop")
	if err != nil {
		return Datatype{}, err
	}
	size, _, err := cfg.Int("size", 1, math.MaxInt32)
	if err != nil {
		return Datatype{}, err
	}
	t := Datatype{Size: int(size)}
	switch class {
	case "atomic":
		t.Class = ClassAtomic
		if err := cfg.Require("order", "precision", "offset"); err != nil {
			return t, err
		}
		order, _, err := cfg.Enum("order", "little", "big")
		if err != nil {
			return t, err
		}
		t.BigEndian = order == "big"
		p, _, err := cfg.Int("precision", 1, 8*size)
		if err != nil {
			return t, err
		}
		o, _, err := cfg.Int("offset", 0, 8*size-p)
		if err != nil {
			return t, err
		}
		t.Precision, t.Offset = int(p), int(o)
	case "array":
		t.Class = ClassArray
		if err := cfg.Require("base"); err != nil {
			return t, err
		}
		sub, _, err := cfg.Object("base")
		if err != nil {
			return t, err
		}
		base, err := parseType(sub, depth+1)
		if err != nil {
			return t, err
		}
		t.Base = &base
	case "compound":
		t.Class = ClassCompound
		if err := cfg.Require("members"); err != nil {
			return t, err
		}
		elems, _, err := cfg.Array("members")
		if err != nil {
			return t, err
		}
		for i, raw := range elems {
			mc, err := codec.NewConfig(cfg.Codec(), cfg.Pointer("members")+"/"+strconv.Itoa(i), raw)
			if err != nil {
				return t, err
			}
			if !mc.Present() {
				return t, cfg.Errorf("members", "member %d is not an object", i)
			}
			if err := mc.Require("offset", "type"); err != nil {
				return t, err
			}
			off, _, err := mc.Int("offset", 0, math.MaxInt32)
			if err != nil {
				return t, err
			}
			sub, _, err := mc.Object("type")
			if err != nil {
				return t, err
			}
			mt, err := parseType(sub, depth+1)
			if err != nil {
				return t, err
			}
			if err := mc.Finish(); err != nil {
				return t, err
			}
			t.Members = append(t.Members, Member{Offset: int(off), Type: mt})
		}
	default:
		t.Class = ClassNoOp
	}
	return t, cfg.Finish()
}

// Name returns "zcodec.hdf5_nbit".
func (c *Codec) Name() string { return Name }

type typeJSON struct {
	Class     string       `json:"class"`
	Size      int          `json:"size"`
	Order     string       `json:"order,omitempty"`
	Precision *int         `json:"precision,omitempty"`
	Offset    *int         `json:"offset,omitempty"`
	Base      *typeJSON    `json:"base,omitempty"`
	Members   []memberJSON `json:"members,omitempty"`
}

type memberJSON struct {
	Offset int      `json:"offset"`
	Type   typeJSON `json:"type"`
}

func toJSON(t *Datatype) typeJSON {
	j := typeJSON{Class: t.Class.String(), Size: t.Size}
	switch t.Class {
	case ClassAtomic:
		j.Order = "little"
		if t.BigEndian {
			j.Order = "big"
		}
		p, o := t.Precision, t.Offset
		j.Precision, j.Offset = &p, &o
	case ClassArray:
		b := toJSON(t.Base)
		j.Base = &b
	case ClassCompound:
		j.Members = make([]memberJSON, len(t.Members))
		for i := range t.Members {
			j.Members[i] = memberJSON{Offset: t.Members[i].Offset, Type: toJSON(&t.Members[i].Type)}
		}
	}
	return j
}

// MarshalJSON returns the codec's metadata.
func (c *Codec) MarshalJSON() ([]byte, error) {
	if c.Type.Class == ClassArray && c.Type.Base == nil {
		return nil, fmt.Errorf("%s: array type without a base type", Name)
	}
	return codec.MarshalCodec(Name, struct {
		Elements int      `json:"elements"`
		Datatype typeJSON `json:"datatype"`
	}{c.Elements, toJSON(&c.Type)})
}

var _ json.Marshaler = (*Codec)(nil)

// integerTypes are the data types an atomic description decodes to.
var integerTypes = map[numeric.DataType]bool{numeric.Int8: true, numeric.Uint8: true, numeric.Int16: true, numeric.Uint16: true,
	numeric.Int32: true, numeric.Uint32: true, numeric.Int64: true, numeric.Uint64: true}

// ResolveBytesToBytes binds the codec to the chunks it will see: they must
// hold Elements elements of the described type, and unless the filter
// leaves them unchanged the type must be atomic and the array's data type
// an integer type of its size (the sign of the values comes from it).
func (c *Codec) ResolveBytesToBytes(decoded codec.BytesSpec) (codec.BoundBytesToBytes, error) {
	fail := func(key, format string, args ...any) (codec.BoundBytesToBytes, error) {
		return nil, &codec.ConfigError{Codec: Name, Key: key, Reason: fmt.Sprintf(format, args...)}
	}
	if err := c.Type.check(0); err != nil {
		return fail("datatype", "%v", err)
	}
	if c.Elements < 1 || int64(c.Elements) > math.MaxUint32 || int64(c.Elements)*int64(c.Type.Size) > codec.MaxChunkBytes {
		return fail("elements", "%d elements per chunk; want 1 to %d, at most %d bytes", c.Elements, uint32(math.MaxUint32), int64(codec.MaxChunkBytes))
	}
	total := c.Elements * c.Type.Size
	if !decoded.Fixed() || decoded.Size != total {
		return fail("elements", "the filter packs chunks of %d elements of %d bytes (%d bytes); the chain gives it %v", c.Elements, c.Type.Size, total, decoded)
	}
	dt := decoded.Array.DataType
	if c.Type.full() {
		return &bound{identity: true, decoded: decoded, encoded: decoded, n: c.Elements, size: c.Type.Size}, nil
	}
	switch {
	case c.Type.Class != ClassAtomic:
		return fail("datatype", "n-bit packing of %s datatypes (%v) is not supported: Zarr has no data type for their members", c.Type.Class, &c.Type)
	case dt.IsFloat():
		return fail("datatype", "n-bit packing of floating-point data (%v) is not supported: HDF5 converts such custom float layouts to IEEE floats when reading", &c.Type)
	case !integerTypes[dt] || dt.Size() != c.Type.Size:
		return fail("datatype", "the filter describes %v; the array's data type %v is not an integer type of %d bytes", &c.Type, dt, c.Type.Size)
	}
	return newBound(c, decoded), nil
}
