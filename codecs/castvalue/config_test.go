package castvalue_test

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/codecs/castvalue"
)

// TestScalarMapUnknownKeyNamed checks that an unknown scalar_map key is
// named as written, not as its escaped JSON pointer token, and that the
// error carries the configuration key.
func TestScalarMapUnknownKeyNamed(t *testing.T) {
	cfg, err := codec.NewConfig(castvalue.Name, "/codecs/0/configuration", json.RawMessage(`{"data_type": "uint8", "scalar_map": {"en/code": []}}`))
	if err != nil {
		t.Fatal(err)
	}
	_, err = castvalue.NewFromConfig(cfg)
	var ce *codec.ConfigError
	if !errors.As(err, &ce) || ce.Pointer != "/codecs/0/configuration/scalar_map/en~1code" || ce.Key != "scalar_map" ||
		!strings.Contains(ce.Reason, `unknown scalar_map key "en/code"`) {
		t.Errorf("error %v (%+v)", err, ce)
	}
}
