package b2btest

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/registry"
)

// ConfigCase is codec JSON and what parsing it gives: the canonical JSON
// the codec writes back, or (when Err is set) a *codec.ConfigError whose
// message contains Err.
type ConfigCase struct {
	JSON string
	Want string
	Err  string
}

// CheckConfigs parses every case with the default registry.
func CheckConfigs(t *testing.T, cases []ConfigCase) {
	for _, tc := range cases {
		t.Run(tc.JSON, func(t *testing.T) {
			c, _, err := registry.Default().ParseCodec(json.RawMessage(tc.JSON), "/codecs/1")
			if tc.Err != "" {
				var ce *codec.ConfigError
				if !errors.As(err, &ce) || !errors.Is(err, codec.ErrConfig) || !strings.Contains(err.Error(), tc.Err) {
					t.Fatalf("error %v; want a *codec.ConfigError containing %q", err, tc.Err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			js, err := c.MarshalJSON()
			if err != nil {
				t.Fatal(err)
			}
			if string(js) != tc.Want {
				t.Fatalf("MarshalJSON = %s, want %s", js, tc.Want)
			}
		})
	}
}
