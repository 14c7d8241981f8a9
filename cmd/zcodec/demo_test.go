package main

import (
	"path/filepath"
	"strings"
	"testing"
)

func TestDemo(t *testing.T) {
	out, stderr, code := zcodec(t, nil, "demo")
	if code != 0 {
		t.Fatalf("demo exit %d: %s", code, stderr)
	}
	for _, want := range []string{"into a Zarr v3 store", "removed at exit", "scale_offset+cast_value", "wrote       8 chunks", "max abs error 0.125 K", "region      [0:2, 0:4] = [278.15"} {
		if !strings.Contains(out, want) {
			t.Errorf("demo output lacks %q:\n%s", want, out)
		}
	}
	dir := filepath.Join(t.TempDir(), "demo.zarr")
	out, stderr, code = zcodec(t, nil, "demo", "--out", dir)
	if code != 0 || !strings.Contains(out, "zcodec info "+dir) {
		t.Fatalf("demo --out: exit %d\n%s%s", code, out, stderr)
	}
	// the store is real: info, cat and verify work on it
	out, _, code = zcodec(t, nil, "info", dir)
	if code != 0 || !strings.Contains(out, "8 of 8 chunks present") || !strings.Contains(out, "attributes   long_name, units") {
		t.Errorf("info on the demo store: exit %d\n%s", code, out)
	}
	out, _, code = zcodec(t, nil, "cat", "--region", "0:2,0:4", "--format", "csv", dir+"/air_temperature")
	if code != 0 || out != "278.15,278.15,278.15,278.15\n278.4,278.15,278.15,278.15\n" {
		t.Errorf("cat on the demo store: exit %d\n%q", code, out)
	}
	if _, _, code = zcodec(t, nil, "demo", "--out", dir); code != 1 {
		t.Errorf("demo --out over an existing directory: exit %d", code)
	}
	out, _, code = zcodec(t, nil, "demo", "--metadata")
	if code != 0 || !strings.Contains(out, `"node_type": "array"`) {
		t.Errorf("demo --metadata: exit %d\n%s", code, out)
	}
}
