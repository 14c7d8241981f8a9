package scaleoffset

import (
	"testing"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/registry"
)

// mustCodec parses one codec entry with the default registry.
func mustCodec(t testing.TB, configuration string) codec.ArrayToArray {
	t.Helper()
	c, err := parseCodec(Name, configuration)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func parseCodec(name, configuration string) (codec.ArrayToArray, error) {
	entry := `{"name": "` + name + `"`
	if configuration != "" {
		entry += `, "configuration": ` + configuration
	}
	entry += "}"
	c, _, err := registry.Default().ParseCodec([]byte(entry), "/codecs/0")
	if err != nil {
		return nil, err
	}
	return c.(codec.ArrayToArray), nil
}
