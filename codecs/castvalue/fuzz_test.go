package castvalue_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"testing"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/registry"
)

// FuzzCastValue feeds arbitrary configurations, array data types and chunk
// bytes through parsing, resolution, encoding and decoding: every failure
// must be an error, never a panic, and a failed conversion leaves a zeroed
// destination.
func FuzzCastValue(f *testing.F) {
	for _, v := range specVectors {
		dt, _ := numeric.ParseDataType(v.from)
		var chunk []byte
		for _, s := range v.in {
			if x, err := numeric.ParseFillValue(dt, []byte(s)); err == nil {
				chunk = append(chunk, x.Bytes()...)
			}
		}
		f.Add(v.config, uint8(dt), chunk)
	}
	f.Add(`{"data_type": "float16", "out_of_range": "clamp", "scalar_map": {"decode": [["NaN", 1]]}}`, uint8(numeric.Int32), []byte{0xff, 0xff, 0x7f, 0x7f, 1, 0, 0, 0})
	f.Add(`{"data_type": "int8", "scalar_map": {"encode": [], "decode": [[1, "0x7c01"]]}}`, uint8(numeric.Float16), []byte{0x01, 0x7c})
	f.Fuzz(func(t *testing.T, config string, dtByte uint8, chunk []byte) {
		raw := fmt.Sprintf(`{"name": "cast_value", "configuration": %s}`, config)
		c, _, err := registry.Default().ParseCodec(json.RawMessage(raw), "/codecs/0")
		if err != nil {
			var ce *codec.ConfigError
			if !errors.As(err, &ce) {
				t.Fatalf("parse error of type %T: %v", err, err)
			}
			return
		}
		if _, err := json.Marshal(c); err != nil {
			t.Fatalf("marshal of a parsed codec: %v", err)
		}
		dt := numeric.DataType(dtByte % 16)
		if !dt.Valid() {
			return
		}
		n := len(chunk) / dt.Size()
		if n == 0 {
			return
		}
		fill, _ := numeric.ScalarFromBytes(dt, chunk[:dt.Size()])
		if !fill.Valid() {
			fill = numeric.Zero(dt)
		}
		spec := codec.ChunkSpec{DataType: dt, Shape: []int{n}, FillValue: fill}
		b, err := c.(codec.ArrayToArray).ResolveArray(spec)
		if err != nil {
			return
		}
		enc := b.Encoded()
		if _, err := b.DecodeFill(enc.FillValue); err != nil {
			var ee *codec.ElementError
			if !errors.As(err, &ee) {
				t.Fatalf("DecodeFill error of type %T: %v", err, err)
			}
		}
		src := chunk[:n*dt.Size()]
		out := bytes.Repeat([]byte{0xa5}, enc.Size())
		checkRun(t, b.EncodeArray(out, src), out)
		// decode whatever bytes we have, as stored chunks
		stored := bytes.Repeat(chunk, 1+enc.Size()/max(1, len(chunk)))[:enc.Size()]
		back := bytes.Repeat([]byte{0xa5}, spec.Size())
		checkRun(t, b.DecodeArray(back, stored), back)
	})
}

func checkRun(t *testing.T, err error, dst []byte) {
	t.Helper()
	if err == nil {
		return
	}
	var ee *codec.ElementError
	if !errors.As(err, &ee) {
		t.Fatalf("error of type %T: %v", err, err)
	}
	if ee.Index < 0 || ee.Index >= len(dst) {
		t.Fatalf("error index %d outside the chunk: %v", ee.Index, err)
	}
	if bytes.ContainsFunc(dst, func(r rune) bool { return r != 0 }) {
		t.Fatalf("destination not zeroed after %v", err)
	}
}
