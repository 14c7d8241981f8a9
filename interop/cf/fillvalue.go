package cf

import (
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"math"

	"github.com/zcodec/zcodec/numeric"
)

// Encode returns the `_FillValue` attribute value of v under xarray's
// FillValueCoder rules (see the package documentation).
func Encode(v numeric.Scalar) (json.RawMessage, error) {
	dt := v.DataType()
	switch {
	case !dt.Valid():
		return nil, &AttributeError{Reason: "scalar has no data type"}
	case dt == numeric.Bool:
		if v.Bool() {
			return json.RawMessage("true"), nil
		}
		return json.RawMessage("false"), nil
	case dt.IsInteger():
		return json.RawMessage(numeric.FormatFillValue(v)), nil
	case dt.IsFloat():
		return json.RawMessage(`"` + encodeFloat(v.Float64()) + `"`), nil
	case dt.IsText():
		text, _ := v.Text()
		return EncodeString(text), nil
	case dt.IsByteString():
		b, _ := v.ByteString()
		return EncodeBytes(b), nil
	case dt.IsTime():
		return json.RawMessage(numeric.FormatFillValue(v)), nil
	}
	re, im := v.Parts()
	return json.RawMessage(`["` + encodeFloat(re.Float64()) + `", "` + encodeFloat(im.Float64()) + `"]`), nil
}

func encodeFloat(f float64) string {
	var b [8]byte
	binary.LittleEndian.PutUint64(b[:], math.Float64bits(f))
	return base64.StdEncoding.EncodeToString(b[:])
}

// EncodeBytes returns the attribute value of a byte-string fill: its
// standard Base64 encoding as a JSON string.
func EncodeBytes(b []byte) json.RawMessage {
	out, _ := json.Marshal(base64.StdEncoding.EncodeToString(b))
	return out
}

// DecodeBytes reads the attribute value of a byte-string fill.
func DecodeBytes(attr json.RawMessage) ([]byte, error) {
	var s string
	if err := json.Unmarshal(attr, &s); err != nil {
		return nil, &AttributeError{Value: excerpt(attr), Reason: "want a Base64 JSON string"}
	}
	b, err := base64.StdEncoding.DecodeString(s)
	if err != nil {
		return nil, &AttributeError{Value: excerpt(attr), Reason: "not standard Base64: " + err.Error()}
	}
	return b, nil
}

// EncodeString returns the attribute value of a text fill: the string.
func EncodeString(s string) json.RawMessage {
	out, _ := json.Marshal(s)
	return out
}

// Decode reads a `_FillValue` attribute value written under xarray's rules
// as a value of dt (see the package documentation for what is accepted).
func Decode(dt numeric.DataType, attr json.RawMessage) (numeric.Scalar, error) {
	attr = bytes.TrimSpace(attr)
	fail := func(reason string) (numeric.Scalar, error) {
		return numeric.Scalar{}, &AttributeError{DataType: dt, Value: excerpt(attr), Reason: reason}
	}
	if !json.Valid(attr) {
		return fail("not a single JSON value")
	}
	switch {
	case !dt.Valid():
		return fail("invalid data type")
	case dt == numeric.Bool:
		switch string(attr) {
		case "true":
			return numeric.BoolScalar(true), nil
		case "false":
			return numeric.BoolScalar(false), nil
		}
		return fail("want true or false")
	case dt.IsInteger():
		s, err := numeric.ParseFillValue(dt, attr)
		if err != nil {
			return fail("want a JSON integer in range")
		}
		return s, nil
	case dt.IsText():
		var text string
		if json.Unmarshal(attr, &text) != nil {
			return fail("want a JSON string")
		}
		s, err := numeric.TextScalar(dt, text)
		if err != nil {
			return fail(err.Error())
		}
		return s, nil
	case dt.IsByteString():
		b, err := DecodeBytes(attr)
		if err != nil {
			return fail("want a Base64 JSON string")
		}
		s, err := numeric.ByteStringScalar(dt, b)
		if err != nil {
			return fail(err.Error())
		}
		return s, nil
	case dt.IsTime():
		s, err := numeric.ParseFillValue(dt, attr)
		if err != nil {
			return fail(`want a JSON integer in range or "NaT"`)
		}
		return s, nil
	case dt.IsFloat():
		if len(attr) > 0 && attr[0] != '"' {
			return fail("want the Base64 string of a little-endian float64 (xarray's encoding); a plain value needs Cast")
		}
		f, err := decodeFloat(attr)
		if err != nil {
			return fail(err.Error())
		}
		return narrow(dt, f, attr)
	}
	var parts []json.RawMessage
	if json.Unmarshal(attr, &parts) != nil || len(parts) != 2 {
		return fail("want [Base64(real), Base64(imaginary)]")
	}
	comp := dt.ComponentType()
	var vals [2]float64
	for i, p := range parts {
		f, err := decodeFloat(bytes.TrimSpace(p))
		if err != nil {
			return fail("part " + []string{"real", "imaginary"}[i] + ": " + err.Error())
		}
		s, err := narrow(comp, f, attr)
		if err != nil {
			return numeric.Scalar{}, err
		}
		vals[i] = s.Float64()
	}
	return numeric.ComplexScalar(dt, complex(vals[0], vals[1])), nil
}

type decodeError string

func (e decodeError) Error() string { return string(e) }

func decodeFloat(raw json.RawMessage) (float64, error) {
	var s string
	if len(raw) == 0 || raw[0] != '"' || json.Unmarshal(raw, &s) != nil {
		return 0, decodeError("want a Base64 JSON string")
	}
	b, err := base64.StdEncoding.DecodeString(s)
	if err != nil {
		return 0, decodeError("not standard Base64")
	}
	if len(b) != 8 {
		return 0, decodeError("Base64 holds " + itoa(len(b)) + " bytes, want the 8 of a float64")
	}
	return math.Float64frombits(binary.LittleEndian.Uint64(b)), nil
}

// narrow rounds f to float type dt (ties to even), refusing a finite value
// that overflows. NaN payloads are kept where the type can hold them.
func narrow(dt numeric.DataType, f float64, raw []byte) (numeric.Scalar, error) {
	if dt == numeric.Float64 {
		return numeric.ScalarFromBits(dt, math.Float64bits(f), 0), nil
	}
	bits, overflow := numeric.NarrowFloat64(f, dt, numeric.NearestEven)
	if overflow && !math.IsInf(f, 0) {
		return numeric.Scalar{}, &RangeError{DataType: dt, Value: excerpt(raw), Reason: "beyond the largest finite value"}
	}
	return numeric.ScalarFromBits(dt, bits, 0), nil
}

func itoa(n int) string {
	b, _ := json.Marshal(n)
	return string(b)
}
