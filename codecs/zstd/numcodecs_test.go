package zstd_test

import (
	"encoding/json"
	"testing"

	"github.com/zcodec/zcodec/internal/b2btest"
	"github.com/zcodec/zcodec/numeric"
)

func TestNumcodecsConfig(t *testing.T) {
	b2btest.CheckConfigs(t, []b2btest.ConfigCase{
		// zarr-python 3 with numcodecs >= 0.13
		{JSON: `{"name":"numcodecs.zstd","configuration":{"level":0,"checksum":false}}`, Want: `{"name":"numcodecs.zstd","configuration":{"level":0,"checksum":false}}`},
		// numcodecs 0.11's get_config, without "id"
		{JSON: `{"name":"numcodecs.zstd","configuration":{"level":1}}`, Want: `{"name":"numcodecs.zstd","configuration":{"level":1,"checksum":false}}`},
		{JSON: `{"name":"numcodecs.zstd"}`, Want: `{"name":"numcodecs.zstd","configuration":{"level":0,"checksum":false}}`},
		{JSON: `{"name":"numcodecs.zstd","configuration":{"level":-7,"checksum":true}}`, Want: `{"name":"numcodecs.zstd","configuration":{"level":-7,"checksum":true}}`},
		{JSON: `{"name":"numcodecs.zstd","configuration":{"level":23}}`, Want: `{"name":"numcodecs.zstd","configuration":{"level":23,"checksum":false}}`},
		{JSON: `{"name":"numcodecs.zstd","configuration":{"checksum":"yes"}}`, Err: "want true or false"},
		{JSON: `{"name":"numcodecs.zstd","configuration":{"id":"zstd"}}`, Err: `unknown configuration key "id"`},
	})
}

// TestNumcodecsNameVectors decodes numcodecs 0.11's Zstd vectors
// (testdata/numcodecs) under the name numcodecs.zstd, with numcodecs'
// configuration, and round-trips them.
func TestNumcodecsNameVectors(t *testing.T) {
	good, _ := b2btest.Vectors(t, "zstd-")
	for _, v := range good {
		t.Run(v.Name, func(t *testing.T) {
			var cfg map[string]any
			if err := json.Unmarshal(v.Numcodecs, &cfg); err != nil {
				t.Fatal(err)
			}
			delete(cfg, "id")
			js, _ := json.Marshal(map[string]any{"name": "numcodecs.zstd", "configuration": cfg})
			b := b2btest.Bind(t, b2btest.Parse(t, string(js)), v.DataType(t), v.Len)
			out, err := b.AppendDecode(nil, v.Encoded)
			if err != nil {
				t.Fatal(err)
			}
			b2btest.Equal(t, "decode", out, v.Decoded)
			enc, err := b.AppendEncode(nil, v.Decoded)
			if err != nil {
				t.Fatal(err)
			}
			back, err := b.AppendDecode(nil, enc)
			if err != nil {
				t.Fatal(err)
			}
			b2btest.Equal(t, "round trip", back, v.Decoded)
		})
	}
	b2btest.CheckRoundTrip(t, b2btest.Parse(t, `"numcodecs.zstd"`), numeric.Float32)
}

func FuzzNumcodecsConfig(f *testing.F) {
	b2btest.FuzzConfig(f, "numcodecs.zstd", `{"level":0,"checksum":false}`, `{"level":1}`, `{}`)
}
