package numcodecs_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/zcodec/zcodec/registry"
)

// TestNumPyNames checks docs/decisions.md#d22: the data type names
// zarr-python 3 writes in numcodecs configurations of v3 arrays ("int32"),
// and the other spellings NumPy accepts, are read, and written back in the
// explicit form.
func TestNumPyNames(t *testing.T) {
	for in, want := range map[string]string{
		`{"name": "numcodecs.delta", "configuration": {"dtype": "int32"}}`:                                                           `"dtype":"<i4"`,
		`{"name": "numcodecs.delta", "configuration": {"dtype": "i", "astype": "int16"}}`:                                            `"astype":"<i2"`,
		`{"name": "numcodecs.astype", "configuration": {"encode_dtype": "f", "decode_dtype": "double"}}`:                             `"decode_dtype":"<f8"`,
		`{"name": "numcodecs.fixedscaleoffset", "configuration": {"offset": 0, "scale": 10, "dtype": "float64", "astype": "uint8"}}`: `"astype":"|u1"`,
		`{"name": "numcodecs.quantize", "configuration": {"digits": 2, "dtype": ">d"}}`:                                              `"dtype":">f8"`,
	} {
		c, _, err := registry.Default().ParseCodec(json.RawMessage(in), "/codecs/0")
		if err != nil {
			t.Errorf("%s: %v", in, err)
			continue
		}
		out, err := c.MarshalJSON()
		if err != nil || !strings.Contains(string(out), want) {
			t.Errorf("%s written as %s (%v); want %s", in, out, err, want)
		}
	}
}
