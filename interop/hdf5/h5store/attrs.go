package h5store

import (
	"context"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/zcodec/zcodec/interop/hdf5/h5file"
	"github.com/zcodec/zcodec/numeric"
)

// maxAttributeElements bounds the elements of one attribute turned into
// JSON.
const maxAttributeElements = 1 << 20

// bookkeeping reports whether an attribute is netCDF-4's or the HDF5
// dimension-scale API's own bookkeeping, which the Zarr view consumes
// (dimension_names comes from it) rather than shows: _Netcdf4Dimid,
// _Netcdf4Coordinates, _NCProperties, _nc3_strict and any other
// _Netcdf4 name; DIMENSION_LIST (a list of references); REFERENCE_LIST (a
// compound); CLASS and NAME on a dimension scale.
func bookkeeping(a *h5file.Attribute, isScale bool) bool {
	switch a.Name {
	case "_NCProperties", "_nc3_strict", "_Netcdf4Dimid", "_Netcdf4Coordinates":
		return true
	case "DIMENSION_LIST":
		return a.Type.Class == h5file.ClassVlen && a.Type.Base != nil && a.Type.Base.Class == h5file.ClassReference
	case "REFERENCE_LIST":
		return a.Type.Class == h5file.ClassCompound
	case "CLASS", "NAME":
		return isScale
	}
	return strings.HasPrefix(a.Name, "_Netcdf4")
}

// attrDecoder turns attribute values into JSON.
type attrDecoder struct {
	ctx context.Context
	f   *h5file.File
}

// value returns the attribute's value as JSON: null for an empty
// (null-dataspace) attribute, a scalar for a scalar or a one-element
// attribute (as netCDF and xarray present them), otherwise nested lists
// in the attribute's shape. Numbers are exact (integers in full, floats in
// the shortest form that gives the float64 value back, NaN and infinities
// as the strings "NaN", "Infinity", "-Infinity"); strings as strings.
func (d attrDecoder) value(a *h5file.Attribute) (json.RawMessage, error) {
	if a.Space.Kind == h5file.SpaceNull {
		return json.RawMessage("null"), nil
	}
	n, ok := a.Space.NumElements()
	if !ok || n > maxAttributeElements {
		return nil, fmt.Errorf("%d elements (at most %d are shown)", n, maxAttributeElements)
	}
	size := a.Type.Size
	if uint64(len(a.Data)) < n*uint64(size) {
		return nil, fmt.Errorf("%d bytes for %d elements of %d bytes", len(a.Data), n, size)
	}
	elems := make([]json.RawMessage, n)
	for i := range elems {
		v, err := d.element(a.Type, a.Data[i*size:(i+1)*size])
		if err != nil {
			return nil, fmt.Errorf("element %d: %w", i, err)
		}
		elems[i] = v
	}
	if n == 1 {
		return elems[0], nil
	}
	dims := a.Space.Dims
	var nest func(dim int, els []json.RawMessage) []byte
	nest = func(dim int, els []json.RawMessage) []byte {
		b := []byte{'['}
		if dim == len(dims)-1 {
			for i, e := range els {
				if i > 0 {
					b = append(b, ',')
				}
				b = append(b, e...)
			}
			return append(b, ']')
		}
		step := len(els) / max(int(dims[dim]), 1)
		for i := 0; i < int(dims[dim]); i++ {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, nest(dim+1, els[i*step:(i+1)*step])...)
		}
		return append(b, ']')
	}
	return nest(0, elems), nil
}

// element returns one element as JSON.
func (d attrDecoder) element(t *h5file.Datatype, b []byte) (json.RawMessage, error) {
	switch t.Class {
	case h5file.ClassFixed, h5file.ClassBitfield:
		return intJSON(t, b), nil
	case h5file.ClassEnum:
		return intJSON(t.Base, b), nil
	case h5file.ClassFloat:
		f, ok := floatValue(t, b)
		if !ok {
			return nil, &UnsupportedTypeError{Type: t.String(), Reason: "not an IEEE layout"}
		}
		return floatJSON(f), nil
	case h5file.ClassString:
		return stringJSON(trimString(b, t.Pad)), nil
	case h5file.ClassVlen:
		if !t.VlenString {
			return nil, &UnsupportedTypeError{Type: t.String(), Reason: "variable-length sequences are not shown as attributes"}
		}
		v, err := d.f.ReadVlen(d.ctx, b)
		if err != nil {
			return nil, err
		}
		if n := int(h5file.VlenCount(b)); n < len(v) {
			v = v[:n]
		}
		return stringJSON(trimString(v, t.Pad)), nil
	case h5file.ClassCompound:
		if m, err := mapType(t, false); err == nil && m.dt.IsComplex() {
			half := t.Size / 2
			re, _ := floatValue(t.Members[0].Type, b[:half])
			im, _ := floatValue(t.Members[1].Type, b[half:])
			return json.RawMessage("[" + string(floatJSON(re)) + "," + string(floatJSON(im)) + "]"), nil
		}
	}
	return nil, &UnsupportedTypeError{Type: t.String(), Reason: "not shown as an attribute"}
}

// intJSON prints an integer of any size and byte order.
func intJSON(t *h5file.Datatype, b []byte) json.RawMessage {
	var u uint64
	if t.Order == h5file.BigEndian {
		for _, x := range b {
			u = u<<8 | uint64(x)
		}
	} else {
		for i := len(b) - 1; i >= 0; i-- {
			u = u<<8 | uint64(b[i])
		}
	}
	bits := 8 * len(b)
	if t.Signed && bits < 64 && u&(1<<(bits-1)) != 0 {
		u |= ^uint64(0) << bits
	}
	if t.Signed {
		return json.RawMessage(strconv.FormatInt(int64(u), 10))
	}
	return json.RawMessage(strconv.FormatUint(u, 10))
}

// floatValue decodes an IEEE float of any byte order as a float64.
func floatValue(t *h5file.Datatype, b []byte) (float64, bool) {
	dt, ok := floatType(t)
	if !ok || len(b) != t.Size {
		return 0, false
	}
	le := make([]byte, len(b))
	copy(le, b)
	if t.Order == h5file.BigEndian {
		for l, r := 0, len(le)-1; l < r; l, r = l+1, r-1 {
			le[l], le[r] = le[r], le[l]
		}
	}
	switch dt {
	case numeric.Float32:
		return float64(math.Float32frombits(binary.LittleEndian.Uint32(le))), true
	case numeric.Float64:
		return math.Float64frombits(binary.LittleEndian.Uint64(le)), true
	}
	s, err := numeric.ScalarFromBytes(dt, le)
	if err != nil {
		return 0, false
	}
	return s.Float64(), true
}

// floatJSON prints a float64 exactly: the shortest decimal that reads back
// as the same float64 (a float32 attribute therefore prints the float64
// of its value, as xarray writes it), NaN and infinities as strings.
func floatJSON(f float64) json.RawMessage {
	switch {
	case math.IsNaN(f):
		return json.RawMessage(`"NaN"`)
	case math.IsInf(f, 1):
		return json.RawMessage(`"Infinity"`)
	case math.IsInf(f, -1):
		return json.RawMessage(`"-Infinity"`)
	}
	return json.RawMessage(strconv.FormatFloat(f, 'g', -1, 64))
}

// trimString removes a fixed-length string's padding: everything from the
// first NUL for null-terminated strings, trailing NULs for null-padded
// ones, trailing spaces (and NULs) for space-padded ones.
func trimString(b []byte, pad h5file.StringPad) []byte {
	switch pad {
	case h5file.PadNullTerm:
		for i, c := range b {
			if c == 0 {
				return b[:i]
			}
		}
	case h5file.PadSpace:
		for len(b) > 0 && (b[len(b)-1] == ' ' || b[len(b)-1] == 0) {
			b = b[:len(b)-1]
		}
	default:
		for len(b) > 0 && b[len(b)-1] == 0 {
			b = b[:len(b)-1]
		}
	}
	return b
}

// stringJSON prints text as a JSON string. Bytes that are not UTF-8 are
// read as Latin-1, each byte the code point of its value, which is what
// the ASCII strings of older writers hold when they are not ASCII.
func stringJSON(b []byte) json.RawMessage {
	s := string(b)
	if !utf8.ValidString(s) {
		r := make([]rune, len(b))
		for i, c := range b {
			r[i] = rune(c)
		}
		s = string(r)
	}
	out, _ := json.Marshal(s)
	return out
}
