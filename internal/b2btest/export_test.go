package b2btest_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	_ "github.com/zcodec/zcodec/codecs/bzip2"
	_ "github.com/zcodec/zcodec/codecs/crc32c"
	_ "github.com/zcodec/zcodec/codecs/deflate"
	_ "github.com/zcodec/zcodec/codecs/lz4"
	_ "github.com/zcodec/zcodec/codecs/shuffle"
	_ "github.com/zcodec/zcodec/codecs/zstd"
	"github.com/zcodec/zcodec/internal/b2btest"
)

// TestExportForNumcodecs writes zcodec's encodings of every numcodecs
// vector input to $ZCODEC_EXPORT_DIR, with export.json, for
// testdata/numcodecs/check_zcodec.py to decode with numcodecs. It is
// skipped when the variable is unset.
func TestExportForNumcodecs(t *testing.T) {
	dir := os.Getenv("ZCODEC_EXPORT_DIR")
	if dir == "" {
		t.Skip("ZCODEC_EXPORT_DIR is not set")
	}
	good, _ := b2btest.Vectors(t, "")
	type entry struct {
		Name      string          `json:"name"`
		Numcodecs json.RawMessage `json:"numcodecs"`
		Encoded   string          `json:"encoded"`
		Decoded   string          `json:"decoded"`
	}
	var out []entry
	for _, v := range good {
		b := b2btest.Bind(t, b2btest.Parse(t, string(v.Zarr)), v.DataType(t), v.Len)
		enc, err := b.AppendEncode(nil, v.Decoded)
		if err != nil {
			t.Fatalf("%s: %v", v.Name, err)
		}
		e := entry{Name: v.Name, Numcodecs: v.Numcodecs, Encoded: v.Name + ".zc", Decoded: v.Name + ".raw"}
		if err := os.WriteFile(filepath.Join(dir, e.Encoded), enc, 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, e.Decoded), v.Decoded, 0o644); err != nil {
			t.Fatal(err)
		}
		out = append(out, e)
	}
	js, _ := json.MarshalIndent(out, "", " ")
	if err := os.WriteFile(filepath.Join(dir, "export.json"), js, 0o644); err != nil {
		t.Fatal(err)
	}
}
