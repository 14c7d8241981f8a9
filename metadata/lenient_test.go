package metadata_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/metadata"
	"github.com/zcodec/zcodec/numeric"
)

// scaleOffsetDoc is the metadata of a float array written by another
// client with a scale_offset whose fill value (0) does not survive float
// rounding: (0 - offset) * scale decodes back to a value that is not 0.
func scaleOffsetDoc(dt, offset string) []byte {
	return doc(`"shape": [6], "data_type": "` + dt + `", "chunk_grid": {"name": "regular", "configuration": {"chunk_shape": [3]}},
		"fill_value": 0, "codecs": [{"name": "scale_offset", "configuration": {"offset": ` + offset + `, "scale": 0.1}},
		{"name": "bytes", "configuration": {"endian": "little"}}], "dimension_names": null`)
}

// TestFillRoundTripModes checks decisions D17 on metadata: strict by
// default (validate, encode, create), a warning when reading.
func TestFillRoundTripModes(t *testing.T) {
	// What the fill decodes back to, computed by NumPy 1.24 in the array's
	// type: d = np.float32(0) - np.float32(3.3); (d * np.float32(0.1)) /
	// np.float32(0.1) + np.float32(3.3), and the same in float64 for 0.7.
	for _, tc := range []struct {
		dt, offset string
		decoded    float64
	}{
		{"float32", "3.3", float64(float32(-2.3841858e-07))},
		{"float64", "0.7", 1.1102230246251565e-16},
	} {
		dt := tc.dt
		data := scaleOffsetDoc(dt, tc.offset)
		_, err := metadata.Parse(data, nil)
		var ve *metadata.ValidationError
		var fe *codec.FillRoundTripError
		if !errors.As(err, &ve) || !errors.As(err, &fe) || len(ve.Problems) != 1 || ve.Problems[0].Pointer != "/codecs/0" ||
			ve.Problems[0].Codec != "scale_offset" || !strings.Contains(ve.Problems[0].Reason, "fill value 0 ("+dt+") encodes to") {
			t.Fatalf("%s strict: %v", dt, err)
		}
		a, err := metadata.Parse(data, &metadata.Options{Options: codec.Options{FillMode: codec.FillWarn}})
		if err != nil {
			t.Fatalf("%s warn: %v", dt, err)
		}
		if len(a.Warnings) != 1 || a.Warnings[0].Pointer != "/codecs/0" || !strings.HasPrefix(a.Warnings[0].Message, "scale_offset: ") ||
			!strings.Contains(a.Warnings[0].Message, "but decodes back to") || !strings.Contains(a.Warnings[0].Message, "a warning when reading") {
			t.Errorf("%s warnings: %+v", dt, a.Warnings)
		}
		if w := a.Pipeline.Warnings(); len(w) != 1 || fillErr(w[0]).Original.Float64() != 0 || fillErr(w[0]).Decoded.Float64() != tc.decoded || a.Pipeline.FillMode() != codec.FillWarn {
			t.Errorf("%s pipeline warnings: %+v", dt, w)
		}
		// Reading works: a chunk decodes.
		enc, err := a.Pipeline.AppendEncode(nil, make([]byte, a.Pipeline.DecodedSize()))
		if err != nil || a.Pipeline.Decode(make([]byte, a.Pipeline.DecodedSize()), enc) != nil {
			t.Errorf("%s: chunk round trip: %v", dt, err)
		}
		// D19: "dimension_names": null is no names.
		if a.DimensionNames != nil {
			t.Errorf("dimension_names null kept as %s", a.DimensionNames)
		}
	}
}

// TestSyntaxErrorsLocated checks that a zarr.json that is not JSON is
// reported with what is wrong and where, never as "not a JSON object".
func TestSyntaxErrorsLocated(t *testing.T) {
	tests := []struct {
		doc, pointer, reason string
		line, column         int
	}{
		{"{\n  \"zarr_format\": 3,\n  \"node_type\": \"array\",\n}", "", "invalid JSON: trailing comma before '}' at line 3, column 23 (byte 44)", 3, 23},
		{`{"zarr_format": 3, "fill_value": NaN}`, "/fill_value", `invalid JSON: bare NaN is not JSON; write the string "NaN" at line 1, column 34 (byte 33)`, 1, 34},
		{"\xef\xbb\xbf{\"zarr_format\": 3}", "", "invalid JSON: the document starts with a byte-order mark", 1, 1},
		{`{"attributes": ` + strings.Repeat("[", 100) + strings.Repeat("]", 100) + `}`, "/attributes" + strings.Repeat("/0", 63), "invalid JSON: objects and arrays nest deeper than 64 levels", 1, 79},
		{`{"zarr_format": 3, "zarr_format": 3}`, "/zarr_format", `duplicate key "zarr_format" at line 1, column 20 (byte 19)`, 1, 20},
		{``, "", "invalid JSON: empty document", 1, 1},
	}
	for _, tt := range tests {
		_, err := metadata.Parse([]byte(tt.doc), nil)
		var ve *metadata.ValidationError
		var se *metadata.SyntaxError
		if !errors.As(err, &ve) || !errors.As(err, &se) || len(ve.Problems) != 1 {
			t.Errorf("%.40q: %v", tt.doc, err)
			continue
		}
		p := ve.Problems[0]
		if p.Pointer != tt.pointer || !strings.HasPrefix(p.Reason, tt.reason) || se.Line != tt.line || se.Column != tt.column || se.Pointer != tt.pointer {
			t.Errorf("%.40q: problem %+v, syntax error %+v; want pointer %q, reason %q, line %d, column %d", tt.doc, p, se, tt.pointer, tt.reason, tt.line, tt.column)
		}
		if strings.Contains(err.Error(), "not a JSON object") {
			t.Errorf("%.40q: %v", tt.doc, err)
		}
	}
	_, err := metadata.Parse([]byte(`[1, 2]`), nil)
	if err == nil || !strings.Contains(err.Error(), "/: want a JSON object, got an array [1, 2]") {
		t.Errorf("array document: %v", err)
	}
}

// TestLongNamesShortened checks that a huge member name or value appears
// shortened, and once, in the messages.
func TestLongNamesShortened(t *testing.T) {
	long := strings.Repeat("m", 1<<20)
	for _, data := range [][]byte{
		doc(`"shape": [1], "data_type": "int8", "chunk_grid": {"name": "regular", "configuration": {"chunk_shape": [1]}}, "fill_value": 0, "codecs": ["bytes"], "` + long + `": 1`),
		doc(`"shape": [1], "data_type": "int8", "chunk_grid": {"name": "` + long + `"}, "fill_value": 0, "codecs": ["bytes"]`),
		doc(`"shape": [1], "data_type": "int8", "chunk_grid": {"name": "regular", "configuration": {"chunk_shape": [1]}}, "fill_value": 0, "codecs": ["` + long + `"]`),
		[]byte(`{"` + long + `": 1, "` + long + `": 2}`),
	} {
		_, err := metadata.Parse(data, nil)
		if err == nil || len(err.Error()) > 400 {
			t.Errorf("message of %d bytes: %.400v", len(errString(err)), err)
		}
	}
}

func errString(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// TestFillThatDoesNotEncode checks arrays whose fill value cannot be
// encoded at all: refused when strict, read with a warning otherwise.
func TestFillThatDoesNotEncode(t *testing.T) {
	tests := []struct {
		name, doc, strict string
	}{
		{"NaN fill, float64 -> uint8 without scalar_map", string(doc(`"shape": [4], "data_type": "float64",
			"chunk_grid": {"name": "regular", "configuration": {"chunk_shape": [4]}}, "fill_value": "NaN",
			"codecs": [{"name": "cast_value", "configuration": {"data_type": "uint8", "rounding": "nearest-even"}}, "bytes"]`)),
			`encode fill value "NaN": float64 has no uint8 value`},
		{"uint16 fill 0 below the offset", string(doc(`"shape": [4], "data_type": "uint16",
			"chunk_grid": {"name": "regular", "configuration": {"chunk_shape": [4]}}, "fill_value": 0,
			"codecs": [{"name": "scale_offset", "configuration": {"offset": 1000, "scale": 2}}, {"name": "bytes", "configuration": {"endian": "little"}}]`)),
			"fill value 0 cannot be encoded"},
	}
	for _, tt := range tests {
		_, err := metadata.Parse([]byte(tt.doc), nil)
		var fe *codec.FillRoundTripError
		if !errors.As(err, &fe) || fe.EncodeErr == nil || !strings.Contains(err.Error(), tt.strict) {
			t.Errorf("%s, strict: %v", tt.name, err)
		}
		if strings.Count(err.Error(), "cast_value: cast_value") > 0 {
			t.Errorf("%s: codec name doubled: %v", tt.name, err)
		}
		a, err := metadata.Parse([]byte(tt.doc), &metadata.Options{Options: codec.Options{FillMode: codec.FillWarn}})
		if err != nil {
			t.Errorf("%s, warn: %v", tt.name, err)
			continue
		}
		if len(a.Warnings) != 1 || !strings.Contains(a.Warnings[0].Message, "cannot be encoded") {
			t.Errorf("%s: warnings %+v", tt.name, a.Warnings)
		}
		// Chunks decode.
		enc := []byte{1, 2, 3, 4}
		if a.DataType == numeric.Uint16 {
			enc = []byte{2, 0, 4, 0, 6, 0, 8, 0} // 1001, 1002, 1003, 1004
		}
		out := make([]byte, a.Pipeline.DecodedSize())
		if err := a.Pipeline.Decode(out, enc); err != nil {
			t.Errorf("%s: decode: %v", tt.name, err)
		}
		if a.DataType == numeric.Uint16 && string(out) != "\xe9\x03\xea\x03\xeb\x03\xec\x03" {
			t.Errorf("%s: decoded % x", tt.name, out)
		}
	}
}

// fillErr returns the *codec.FillRoundTripError of a warning, or nil.
func fillErr(w codec.Warning) *codec.FillRoundTripError {
	e, _ := w.Err.(*codec.FillRoundTripError)
	return e
}

// TestBareNaNReading checks docs/decisions.md#d21 on metadata: a bare NaN
// fill value is read as NaN when reading, and stays a problem when
// validating; what is written again has the string.
func TestBareNaNReading(t *testing.T) {
	data := doc(`"shape": [4], "data_type": "float32", "chunk_grid": {"name": "regular", "configuration": {"chunk_shape": [2]}},
		"fill_value": NaN, "codecs": [{"name": "bytes", "configuration": {"endian": "little"}}], "attributes": {"lo": -Infinity}`)
	if _, err := metadata.Parse(data, nil); err == nil {
		t.Fatal("strict Parse accepted a bare NaN")
	}
	a, err := metadata.Parse(data, &metadata.Options{Options: codec.Options{FillMode: codec.FillWarn}})
	if err != nil {
		t.Fatal(err)
	}
	if f := a.FillValue.Float64(); f == f {
		t.Errorf("fill value %v; want NaN", f)
	}
	out, err := a.MarshalJSON()
	compact := strings.Join(strings.Fields(string(out)), "")
	if err != nil || !strings.Contains(compact, `"fill_value":"NaN"`) || !strings.Contains(compact, `"lo":"-Infinity"`) {
		t.Errorf("written again: %s, %v", out, err)
	}
}

// TestBytesWithoutEndian checks docs/decisions.md#d23 on metadata: a bytes
// codec without endian on a multi-byte type is an error when validating
// and a warning at its entry when reading.
func TestBytesWithoutEndian(t *testing.T) {
	data := doc(`"shape": [4], "data_type": "int32", "chunk_grid": {"name": "regular", "configuration": {"chunk_shape": [2]}},
		"fill_value": 0, "codecs": [{"name": "bytes"}, {"name": "zstd", "configuration": {"level": 100}}]`)
	_, err := metadata.Parse(data, nil)
	var ve *metadata.ValidationError
	if !errors.As(err, &ve) || !errors.Is(err, codec.ErrReadOnlyConfig) {
		t.Fatalf("strict Parse: %v", err)
	}
	a, err := metadata.Parse(data, &metadata.Options{Options: codec.Options{FillMode: codec.FillWarn}})
	if err != nil {
		t.Fatal(err)
	}
	if len(a.Warnings) != 2 || a.Warnings[0].Pointer != "/codecs/0" || a.Warnings[1].Pointer != "/codecs/1" ||
		!strings.Contains(a.Warnings[0].Message, "little-endian") || !strings.Contains(a.Warnings[1].Message, "encoding uses 22") {
		t.Errorf("warnings %v", a.Warnings)
	}
	out, _ := a.MarshalJSON()
	if compact := strings.Join(strings.Fields(string(out)), ""); !strings.Contains(compact, `{"name":"bytes"}`) || !strings.Contains(compact, `"level":100`) {
		t.Errorf("written again: %s; want the codecs as read", out)
	}
}
