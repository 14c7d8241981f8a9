package codec_test

import (
	"encoding/json"
	"testing"

	"github.com/zcodec/zcodec/codec"
	_ "github.com/zcodec/zcodec/codecs"
	"github.com/zcodec/zcodec/registry"
)

// TestAsWritten: the settings a reader accepts and a writer refuses are
// replaced by those the writer's library encoded with; the rest is kept.
func TestAsWritten(t *testing.T) {
	chain, err := registry.Default().ParseCodecs(json.RawMessage(`[{"name":"bytes"},
		{"name":"numcodecs.lz4","configuration":{"acceleration":-1}},
		{"name":"zstd","configuration":{"level":100,"checksum":true}},
		{"name":"numcodecs.zstd","configuration":{"level":-200000}},
		{"name":"gzip","configuration":{"level":5}}]`), "/codecs")
	if err != nil {
		t.Fatal(err)
	}
	got, err := json.Marshal(codec.AsWritten(chain.Codecs))
	if err != nil {
		t.Fatal(err)
	}
	want := `[{"name":"bytes","configuration":{"endian":"little"}},{"name":"numcodecs.lz4","configuration":{"acceleration":1}},{"name":"zstd","configuration":{"level":22,"checksum":true}},{"name":"numcodecs.zstd","configuration":{"level":-131072,"checksum":false}},{"name":"gzip","configuration":{"level":5}}]`
	if string(got) != want {
		t.Errorf("AsWritten = %s\nwant %s", got, want)
	}
	// The original chain is unchanged.
	if orig, _ := json.Marshal(chain.Codecs); string(orig) == want {
		t.Error("AsWritten changed its argument")
	}
}
