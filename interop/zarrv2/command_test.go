package zarrv2_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/zcodec/zcodec/interop/zarrv2"
)

func TestConvertCommand(t *testing.T) {
	dir := t.TempDir()
	attrs := filepath.Join(dir, ".zattrs")
	os.WriteFile(attrs, []byte(`{"units": "K"}`), 0o644)
	null := `{"zarr_format": 2, "shape": [4], "chunks": [4], "dtype": "<f8", "compressor": {"id": "zlib", "level": 1}, "fill_value": null, "order": "C", "filters": null}`
	xr := `{"zarr_format": 2, "shape": [4], "chunks": [4], "dtype": "<i2", "compressor": null, "fill_value": -9999, "order": "C", "filters": null}`
	for _, c := range []struct {
		args  []string
		stdin string
		code  int
		want  string // in stdout, or in stderr when code != 0
	}{
		{[]string{"-"}, xr, 0, `"fill_value": -9999`},
		{[]string{"--xarray", "--attrs", attrs, "-"}, xr, 0, `"_FillValue": -9999`},
		{[]string{"--attrs", attrs, "-"}, xr, 0, `"units": "K"`},
		{[]string{"-"}, null, 1, "/fill_value"},
		{[]string{"--fill", "NaN", "-"}, null, 0, `"fill_value": "NaN"`},
		{[]string{"--fill"}, "", 2, "needs a value"},
		{[]string{"--frob", "-"}, "", 2, "unknown flag"},
		{[]string{}, "", 2, "usage"},
		{[]string{"-"}, strings.Replace(xr, `"compressor": null`, `"compressor": {"id": "blosc"}`, 1), 1, "blosc"},
		{[]string{"-"}, strings.Replace(xr, `"order": "C", "shape": [4]`, `"order": "F"`, 1), 0, `"fill_value"`},
	} {
		var stdout, stderr bytes.Buffer
		code := zarrv2.ConvertCommand(c.args, strings.NewReader(c.stdin), &stdout, &stderr)
		if code != c.code {
			t.Errorf("%v: exit %d, want %d (%s)", c.args, code, c.code, stderr.String())
			continue
		}
		if code == 0 && !strings.Contains(stdout.String(), c.want) || code != 0 && !strings.Contains(stderr.String(), c.want) {
			t.Errorf("%v: stdout %q stderr %q, want %q", c.args, stdout.String(), stderr.String(), c.want)
		}
	}
}
