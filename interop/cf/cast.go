package cf

import (
	"bytes"
	"encoding/json"
	"errors"
	"math/big"
	"strings"

	"github.com/zcodec/zcodec/numeric"
)

// Cast converts a plain attribute value to a value of dt, by value. value
// is a JSON number, true or false, one of the strings "NaN", "Infinity",
// "-Infinity" or "0x..." (float bits, as in Zarr fill-value JSON), a
// two-element [re, im] array for complex types, or a one-element array
// holding any of these (HDF5 attributes are arrays). The rules are in the
// package documentation; a value that does not fit dt is a *RangeError,
// anything else malformed an *AttributeError.
func Cast(dt numeric.DataType, value json.RawMessage) (numeric.Scalar, error) {
	value = bytes.TrimSpace(value)
	if !json.Valid(value) {
		return numeric.Scalar{}, &AttributeError{DataType: dt, Value: excerpt(value), Reason: "not a single JSON value"}
	}
	if len(value) > 0 && value[0] == '[' {
		var items []json.RawMessage
		if err := json.Unmarshal(value, &items); err == nil && len(items) == 1 {
			value = bytes.TrimSpace(items[0])
		}
	}
	if !dt.Valid() {
		return numeric.Scalar{}, &AttributeError{DataType: dt, Value: excerpt(value), Reason: "invalid data type"}
	}
	switch {
	case dt == numeric.Bool:
		switch string(value) {
		case "true", "1":
			return numeric.BoolScalar(true), nil
		case "false", "0":
			return numeric.BoolScalar(false), nil
		}
		return numeric.Scalar{}, &RangeError{DataType: dt, Value: excerpt(value), Reason: "want true, false, 0 or 1"}
	case dt.IsInteger():
		return castInt(dt, value)
	case dt.IsFloat():
		return castFloat(dt, value)
	case !dt.IsComplex():
		// text, byte strings, dates and durations: their fill-value JSON
		s, err := numeric.ParseFillValue(dt, value)
		if err != nil {
			return numeric.Scalar{}, &RangeError{DataType: dt, Value: excerpt(value), Reason: reasonOf(err)}
		}
		return s, nil
	}
	if len(value) > 0 && value[0] != '[' {
		// a real value: imaginary part zero
		re, err := castFloat(dt.ComponentType(), value)
		if err != nil {
			return numeric.Scalar{}, err
		}
		return numeric.ComplexScalar(dt, complex(re.Float64(), 0)), nil
	}
	s, err := numeric.ParseFillValue(dt, value)
	if err != nil {
		return numeric.Scalar{}, &RangeError{DataType: dt, Value: excerpt(value), Reason: reasonOf(err)}
	}
	return s, nil
}

func castInt(dt numeric.DataType, value []byte) (numeric.Scalar, error) {
	if len(value) == 0 || !(value[0] == '-' || value[0] >= '0' && value[0] <= '9') {
		return numeric.Scalar{}, &AttributeError{DataType: dt, Value: excerpt(value), Reason: "want a JSON number"}
	}
	f, _, err := big.ParseFloat(string(value), 10, 4096, big.ToNearestEven)
	if err != nil {
		return numeric.Scalar{}, &AttributeError{DataType: dt, Value: excerpt(value), Reason: "want a JSON number"}
	}
	// compare as floats first: converting 1e999999999 to an integer would
	// allocate what the text claims
	lo, hi, _ := dt.IntRange()
	if f.Cmp(new(big.Float).SetInt64(lo)) < 0 || f.Cmp(new(big.Float).SetUint64(hi)) > 0 {
		return numeric.Scalar{}, &RangeError{DataType: dt, Value: excerpt(value), Reason: "outside the type's range"}
	}
	if !f.IsInt() {
		return numeric.Scalar{}, &RangeError{DataType: dt, Value: excerpt(value), Reason: "not an integer"}
	}
	i, _ := f.Int(nil)
	if i.Sign() < 0 {
		return numeric.IntScalar(dt, i.Int64())
	}
	return numeric.UintScalar(dt, i.Uint64())
}

func castFloat(dt numeric.DataType, value []byte) (numeric.Scalar, error) {
	if len(value) > 0 && value[0] == '"' {
		var s string
		_ = json.Unmarshal(value, &s)
		if s == "+Infinity" {
			value = []byte(`"Infinity"`)
		}
	}
	s, err := numeric.ParseFillValue(dt, value)
	if err != nil {
		if len(value) > 0 && value[0] != '"' && value[0] != '-' && (value[0] < '0' || value[0] > '9') {
			return numeric.Scalar{}, &AttributeError{DataType: dt, Value: excerpt(value), Reason: "want a number, \"NaN\", \"Infinity\", \"-Infinity\" or \"0x\" hex"}
		}
		return numeric.Scalar{}, &RangeError{DataType: dt, Value: excerpt(value), Reason: reasonOf(err)}
	}
	return s, nil
}

func reasonOf(err error) string {
	var fe *numeric.FillValueError
	if errors.As(err, &fe) {
		return fe.Reason
	}
	return strings.TrimPrefix(err.Error(), "numeric: ")
}
