package cf_test

import (
	"encoding/json"
	"errors"
	"os"
	"runtime"
	"strings"
	"testing"

	"github.com/zcodec/zcodec/interop/cf"
	"github.com/zcodec/zcodec/numeric"
)

type fillVector struct {
	DType string          `json:"dtype"`
	Value json.RawMessage `json:"value"`
	Attr  json.RawMessage `json:"attr"`
}

func loadFill(t testing.TB) ([]fillVector, map[string]json.RawMessage) {
	t.Helper()
	b, err := os.ReadFile("../../testdata/cf/fillvalue.json")
	if err != nil {
		t.Fatal(err)
	}
	var v struct {
		ATL06 map[string]json.RawMessage `json:"atl06"`
		Cases []fillVector               `json:"cases"`
	}
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatal(err)
	}
	if len(v.Cases) < 20 {
		t.Fatalf("only %d vectors", len(v.Cases))
	}
	return v.Cases, v.ATL06
}

func compact(raw json.RawMessage) string {
	var v any
	if err := json.Unmarshal(raw, &v); err != nil {
		return string(raw)
	}
	b, _ := json.Marshal(v)
	return string(b)
}

// TestVectors checks Encode and Decode against values computed with
// Python's struct and base64.
func TestVectors(t *testing.T) {
	cases, _ := loadFill(t)
	for _, c := range cases {
		dt, err := numeric.ParseDataType(c.DType)
		if err != nil {
			t.Fatal(err)
		}
		v, err := numeric.ParseFillValue(dt, c.Value)
		if err != nil {
			t.Fatalf("%s %s: %v", c.DType, c.Value, err)
		}
		enc, err := cf.Encode(v)
		if err != nil {
			t.Fatalf("Encode(%v): %v", v, err)
		}
		if !dt.IsInteger() && compact(enc) != compact(c.Attr) || dt.IsInteger() && string(enc) != string(c.Attr) {
			t.Errorf("Encode(%s %s) = %s, want %s", c.DType, c.Value, enc, c.Attr)
		}
		back, err := cf.Decode(dt, c.Attr)
		if err != nil {
			t.Fatalf("Decode(%s, %s): %v", c.DType, c.Attr, err)
		}
		if !back.Equal(v) || (!v.IsNaN() && back != v) {
			t.Errorf("Decode(%s, %s) = %v, want %v", c.DType, c.Attr, back, v)
		}
	}
}

// TestATL06 settles the seed's example: xarray's rule gives "AAAA4P//70c="
// for float32 max; the seed's "AAAAAn9/f0A=" is the float64 503.97.
func TestATL06(t *testing.T) {
	_, atl := loadFill(t)
	v := numeric.FloatScalar(numeric.Float32, 3.4028235e38)
	enc, err := cf.Encode(v)
	if err != nil {
		t.Fatal(err)
	}
	if string(enc) != `"AAAA4P//70c="` || string(atl["xarray_rule"]) != `"AAAA4P//70c="` {
		t.Fatalf("Encode(float32 max) = %s, Python %s", enc, atl["xarray_rule"])
	}
	seed, err := cf.Decode(numeric.Float64, json.RawMessage(`"AAAAAn9/f0A="`))
	if err != nil {
		t.Fatal(err)
	}
	if got := seed.Float64(); got != 503.96850776672363 || string(atl["seed_bytes_as_le_float64"]) != "503.96850776672363" {
		t.Fatalf("seed value decodes to %v (Python: %s)", got, atl["seed_bytes_as_le_float64"])
	}
}

func TestDecodeErrors(t *testing.T) {
	for _, c := range []struct {
		dt   numeric.DataType
		attr string
		msg  string
	}{
		{numeric.Float32, `1.5`, "plain value needs Cast"},
		{numeric.Float32, `"AAAA"`, "3 bytes"},
		{numeric.Float32, `"!!!"`, "Base64"},
		{numeric.Float32, `"AAAAAAAA8H8="`, ""},               // +Inf is fine
		{numeric.Float32, `"HUqc9IeCB0g="`, "largest finite"}, // 1e39
		{numeric.Uint8, `-1`, "integer in range"},
		{numeric.Uint8, `"255"`, "integer in range"},
		{numeric.Bool, `1`, "true or false"},
		{numeric.Complex64, `["AAAAAAAA+D8="]`, "[Base64(real), Base64(imaginary)]"},
		{numeric.Float64, `{`, "not a single JSON value"},
	} {
		_, err := cf.Decode(c.dt, json.RawMessage(c.attr))
		if c.msg == "" {
			if err != nil {
				t.Errorf("Decode(%v, %s): %v", c.dt, c.attr, err)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), c.msg) || !errors.Is(err, cf.ErrAttribute) {
			t.Errorf("Decode(%v, %s) = %v, want an error containing %q", c.dt, c.attr, err, c.msg)
		}
	}
}

func TestCast(t *testing.T) {
	for _, c := range []struct {
		dt   numeric.DataType
		in   string
		want string // fill-value JSON, or "" for a *RangeError
	}{
		{numeric.Uint8, `-9999`, ""},
		{numeric.Uint8, `255`, "255"},
		{numeric.Uint8, `255.0`, "255"},
		{numeric.Uint8, `[7]`, "7"},
		{numeric.Int16, `1.5`, ""},
		{numeric.Int16, `-3e2`, "-300"},
		{numeric.Uint64, `18446744073709551615`, "18446744073709551615"},
		{numeric.Uint64, `18446744073709551616`, ""},
		{numeric.Float32, `3.4028234663852886e+38`, "3.4028235e+38"},
		{numeric.Float32, `1e39`, ""},
		{numeric.Float32, `"NaN"`, `"NaN"`},
		{numeric.Float32, `"+Infinity"`, `"Infinity"`},
		{numeric.Float32, `-9999`, "-9999"},
		{numeric.Float16, `0.1`, "0.1"},
		{numeric.Bool, `1`, "true"},
		{numeric.Bool, `2`, ""},
		{numeric.Complex64, `[1.5, -2]`, "[1.5, -2]"},
		{numeric.Complex128, `2`, "[2, 0]"},
	} {
		got, err := cf.Cast(c.dt, json.RawMessage(c.in))
		if c.want == "" {
			var re *cf.RangeError
			if !errors.As(err, &re) {
				t.Errorf("Cast(%v, %s) = %v, %v; want a *RangeError", c.dt, c.in, got, err)
			}
			continue
		}
		if err != nil || numeric.FormatFillValue(got) != c.want {
			t.Errorf("Cast(%v, %s) = %v, %v; want %s", c.dt, c.in, got, err, c.want)
		}
	}
}

func TestConsolidate(t *testing.T) {
	header := numeric.FloatScalar(numeric.Float32, 3.4028235e38)
	attrs := map[string]json.RawMessage{
		"_FillValue":    json.RawMessage(`3.4028234663852886e+38`),
		"missing_value": json.RawMessage(`-9999`),
		"units":         json.RawMessage(`"m"`),
	}
	c, err := cf.Consolidate(numeric.Float32, header, attrs)
	if err != nil {
		t.Fatal(err)
	}
	if c.FillValue != header || string(c.Attributes["_FillValue"]) != `"AAAA4P//70c="` ||
		string(c.Attributes["missing_value"]) != "-9999" || string(c.Attributes["units"]) != `"m"` || len(c.Warnings) != 0 {
		t.Fatalf("Consolidate = %+v", c)
	}
	if string(attrs["_FillValue"]) != `3.4028234663852886e+38` {
		t.Fatal("Consolidate changed its input map")
	}
	// no header fill: the dtype's zero; _FillValue differs and stays separate
	c, err = cf.Consolidate(numeric.Int16, numeric.Scalar{}, map[string]json.RawMessage{"_FillValue": json.RawMessage(`-9999`)})
	if err != nil || numeric.FormatFillValue(c.FillValue) != "0" || string(c.Attributes["_FillValue"]) != "-9999" {
		t.Fatalf("Consolidate(no header) = %+v, %v", c, err)
	}
	// out of range: dropped with a warning
	c, err = cf.Consolidate(numeric.Uint8, numeric.Scalar{}, map[string]json.RawMessage{"_FillValue": json.RawMessage(`-9999`)})
	if err != nil || len(c.Warnings) != 1 || c.Warnings[0].Pointer != "/attributes/_FillValue" || c.Warnings[0].Err != nil ||
		!strings.HasPrefix(c.Warnings[0].Message, "-9999 dropped: ") {
		t.Fatalf("Consolidate(-9999 on uint8) = %+v, %v", c, err)
	}
	if _, ok := c.Attributes["_FillValue"]; ok {
		t.Fatal("out-of-range _FillValue kept")
	}
	// a header fill of the wrong type is an error
	if _, err := cf.Consolidate(numeric.Uint8, numeric.Zero(numeric.Int8), nil); err == nil {
		t.Fatal("header of the wrong type accepted")
	}
}

func FuzzDecode(f *testing.F) {
	cases, _ := loadFill(f)
	for _, c := range cases {
		f.Add(c.DType, []byte(c.Attr))
	}
	f.Fuzz(func(t *testing.T, dtName string, attr []byte) {
		dt, err := numeric.ParseDataType(dtName)
		if err != nil {
			return
		}
		v, err := cf.Decode(dt, attr)
		if err != nil {
			return
		}
		enc, err := cf.Encode(v)
		if err != nil {
			t.Fatalf("Encode(%v): %v", v, err)
		}
		back, err := cf.Decode(dt, enc)
		if err != nil || !back.Equal(v) {
			t.Fatalf("Decode(Encode(%v)) = %v, %v", v, back, err)
		}
		_, _ = cf.Cast(dt, attr)
	})
}

// TestCastHugeExponent: a huge exponent is out of range without building
// the integer it names.
func TestCastHugeExponent(t *testing.T) {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	if _, err := cf.Cast(numeric.Int64, json.RawMessage("1e999999999")); err == nil {
		t.Fatal("accepted")
	}
	runtime.ReadMemStats(&after)
	if n := after.TotalAlloc - before.TotalAlloc; n > 1<<20 {
		t.Fatalf("allocated %d bytes", n)
	}
}
