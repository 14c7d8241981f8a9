package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestConvertWritesSettingsAsEncoded: arrays whose chains hold settings
// zcodec reads but does not write (numcodecs wrote zstd level 100 and lz4
// acceleration -1) convert with the settings their libraries encoded with
// (22 and 1), so none is left out, and read back the same.
func TestConvertWritesSettingsAsEncoded(t *testing.T) {
	root := "../../testdata/stores/zarr213_extra"
	dst := filepath.Join(t.TempDir(), "v3")
	_, e, code := runIn(t, nil, "convert", root, dst)
	if code != 0 || strings.Contains(e, "left out") || strings.Contains(e, "skipped") {
		t.Fatalf("convert: exit %d\n%s", code, e)
	}
	for _, tc := range []struct{ array, want string }{
		{"f4_zstd_level100", `"level": 22`},
		{"i2_lz4_accel_minus1", `"acceleration": 1`},
	} {
		b, err := os.ReadFile(filepath.Join(dst, tc.array, "zarr.json"))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(b), tc.want) {
			t.Errorf("%s: zarr.json has no %s:\n%s", tc.array, tc.want, b)
		}
		src, _, c1 := runIn(t, nil, "cat", "--format", "csv", filepath.Join(root, tc.array))
		got, e, c2 := runIn(t, nil, "cat", "--format", "csv", filepath.Join(dst, tc.array))
		if c1 != 0 || c2 != 0 || got != src || src == "" {
			t.Errorf("%s: converted values differ (exit %d, %d: %s)", tc.array, c1, c2, e)
		}
	}
}
