package numcodecs

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"

	"github.com/zcodec/zcodec/numeric"
)

// NumPy 1.24's value-based type promotion of an array with a Python scalar,
// as FixedScaleOffset meets it.

// pyNumber is a Python number as numcodecs keeps offset and scale: an int
// (a JSON number without fraction or exponent) or a float.
type pyNumber struct {
	isInt bool
	i     *big.Int // when isInt
	f     float64  // when !isInt; also float64(i), rounded
}

// parsePyNumber reads raw as Python's json module would.
func parsePyNumber(raw json.RawMessage) (pyNumber, error) {
	raw = bytes.TrimSpace(raw)
	s := string(raw)
	if len(s) == 0 || !(s[0] == '-' || s[0] >= '0' && s[0] <= '9') || !json.Valid(raw) {
		return pyNumber{}, fmt.Errorf("want a JSON number, got %s", jsonKind(raw))
	}
	isInt := true
	for _, c := range s {
		if c == '.' || c == 'e' || c == 'E' {
			isInt = false
		}
	}
	if isInt {
		i, ok := new(big.Int).SetString(s, 10)
		if !ok {
			return pyNumber{}, fmt.Errorf("invalid integer")
		}
		if i.Cmp(big.NewInt(math.MinInt64)) < 0 || i.Cmp(new(big.Int).SetUint64(math.MaxUint64)) > 0 {
			return pyNumber{}, fmt.Errorf("an integer of %d decimal digits is outside [-2^63, 2^64-1]: NumPy would compute with Python objects", len(strings.TrimPrefix(i.String(), "-")))
		}
		f, _ := new(big.Float).SetInt(i).Float64()
		return pyNumber{isInt: true, i: i, f: f}, nil
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil && !math.IsInf(f, 0) {
		return pyNumber{}, fmt.Errorf("invalid number")
	}
	return pyNumber{f: f}, nil // Python reads an overflowing literal as ±inf
}

// minScalarType is np.min_scalar_type of a Python number, with NumPy's
// "small unsigned" flag: a non-negative int that also fits the signed type
// of the same size.
func (p pyNumber) minScalarType() (dt numeric.DataType, smallUnsigned bool) {
	if !p.isInt {
		a := math.Abs(p.f)
		switch {
		case math.IsNaN(p.f) || math.IsInf(p.f, 0) || a < 65000:
			return numeric.Float16, false
		case a < 3.4e38:
			return numeric.Float32, false
		}
		return numeric.Float64, false
	}
	if p.i.Sign() >= 0 {
		for _, dt := range []numeric.DataType{numeric.Uint8, numeric.Uint16, numeric.Uint32, numeric.Uint64} {
			_, hi, _ := dt.IntRange()
			if p.i.Cmp(new(big.Int).SetUint64(hi)) <= 0 {
				return dt, p.i.Cmp(new(big.Int).SetUint64(hi>>1)) <= 0
			}
		}
	}
	for _, dt := range []numeric.DataType{numeric.Int8, numeric.Int16, numeric.Int32} {
		lo, _, _ := dt.IntRange()
		if p.i.Cmp(big.NewInt(lo)) >= 0 {
			return dt, false
		}
	}
	return numeric.Int64, false
}

func kindRank(dt numeric.DataType) int {
	if dt.IsFloat() {
		return 2
	}
	return 1
}

// signedOf returns the signed integer type of the same size as dt.
func signedOf(dt numeric.DataType) numeric.DataType {
	switch dt {
	case numeric.Uint8:
		return numeric.Int8
	case numeric.Uint16:
		return numeric.Int16
	case numeric.Uint32:
		return numeric.Int32
	case numeric.Uint64:
		return numeric.Int64
	}
	return dt
}

// promoteTypes is np.promote_types for bool, the integer, float and
// complex types.
func promoteTypes(a, b numeric.DataType) numeric.DataType {
	switch {
	case a == b:
		return a
	case a == numeric.Bool:
		return b
	case b == numeric.Bool:
		return a
	case a.IsComplex() || b.IsComplex():
		part := promoteTypes(realPart(a), realPart(b))
		if part == numeric.Float64 {
			return numeric.Complex128
		}
		return numeric.Complex64
	}
	if a.IsFloat() && b.IsFloat() {
		if a.Size() >= b.Size() {
			return a
		}
		return b
	}
	if b.IsFloat() {
		a, b = b, a
	}
	if a.IsFloat() { // float a, integer b
		switch {
		case b.Size() == 1 && a == numeric.Float16:
			return numeric.Float16
		case b.Size() <= 2 && a != numeric.Float64:
			return numeric.Float32
		}
		return numeric.Float64
	}
	if a.IsSigned() == b.IsSigned() {
		if a.Size() >= b.Size() {
			return a
		}
		return b
	}
	if b.IsSigned() {
		a, b = b, a
	}
	// signed a, unsigned b
	switch {
	case a.Size() > b.Size():
		return a
	case b.Size() == 1:
		return numeric.Int16
	case b.Size() == 2:
		return numeric.Int32
	case b.Size() == 4:
		return numeric.Int64
	}
	return numeric.Float64
}

// resultType is the type NumPy 1.24 gives `array op scalar` for an array of
// type arr and a Python scalar p (value-based casting).
func resultType(arr numeric.DataType, p pyNumber) numeric.DataType {
	sdt, small := p.minScalarType()
	if kindRank(sdt) > kindRank(arr) {
		// a float scalar with an integer array: the scalar's default type
		return promoteTypes(arr, numeric.Float64)
	}
	if small && arr.IsSigned() {
		sdt = signedOf(sdt)
	}
	return promoteTypes(arr, sdt)
}

// jsonKind names the kind of JSON value raw holds, for messages that must
// not echo a value of unbounded length.
func jsonKind(raw []byte) string {
	if len(raw) == 0 {
		return "nothing"
	}
	switch raw[0] {
	case '"':
		return "a string"
	case '{':
		return "an object"
	case '[':
		return "a list"
	case 't', 'f':
		return "a boolean"
	case 'n':
		return "null"
	}
	return "an invalid value"
}

// realPart returns the type of a complex type's parts, float32 for the
// component of complex64 (float16 is never a part), and other types as
// they are.
func realPart(dt numeric.DataType) numeric.DataType {
	if dt.IsComplex() {
		return dt.ComponentType()
	}
	return dt
}
