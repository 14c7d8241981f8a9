package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// cliCase is one run of a command: its arguments and standard input, the
// exit status, and what standard output must equal (want, when exit is 0)
// or standard error must contain (otherwise).
type cliCase struct {
	args  []string
	stdin string
	code  int
	want  string
}

func runCases(t *testing.T, cases []cliCase) {
	t.Helper()
	for _, c := range cases {
		out, errOut, code := runIn(t, []byte(c.stdin), c.args...)
		if code != c.code {
			t.Errorf("%q: exit %d, want %d\nstdout %s\nstderr %s", c.args, code, c.code, out, errOut)
			continue
		}
		if code == 0 && out != c.want {
			t.Errorf("%q: stdout %q, want %q", c.args, out, c.want)
		}
		if code != 0 && (!strings.Contains(errOut, c.want) || out != "") {
			t.Errorf("%q: stderr %q, want %q and no stdout (got %q)", c.args, errOut, c.want, out)
		}
	}
}

func TestHDF5Commands(t *testing.T) {
	dir := t.TempDir()
	out, stderr, code := runIn(t, nil, "hdf5", "translate", "../../testdata/cli/hdf5_description.json")
	if code != 0 {
		t.Fatalf("hdf5 translate exit %d: %s", code, stderr)
	}
	if !strings.Contains(stderr, "filter 1 (shuffle) is optional") {
		t.Errorf("hdf5 translate warnings: %q", stderr)
	}
	zarrJSON := filepath.Join(dir, "zarr.json")
	os.WriteFile(zarrJSON, []byte(out), 0o644)
	vout, _, code := runIn(t, nil, "validate", zarrJSON)
	if code != 0 {
		t.Fatalf("translated metadata does not validate:\n%s\n%s", out, vout)
	}
	for _, want := range []string{"array: int16, shape [100 200], chunks [50 50], fill_value -9999",
		"codec 1 numcodecs.fletcher32 (bytes->bytes): 5000 bytes -> 5004 bytes",
		"codec 3 numcodecs.zlib (bytes->bytes)"} {
		if !strings.Contains(vout, want) {
			t.Errorf("validate output lacks %q:\n%s", want, vout)
		}
	}
	// the reverse mapping, from stdin
	fout, _, code := runIn(t, []byte(out), "hdf5", "filters", "-")
	var filters []struct {
		ID       int      `json:"id"`
		CDValues []uint32 `json:"cd_values"`
	}
	if code != 0 || json.Unmarshal([]byte(fout), &filters) != nil || len(filters) != 3 ||
		filters[0].ID != 3 || filters[1].ID != 2 || filters[2].ID != 1 || filters[2].CDValues[0] != 5 {
		t.Errorf("hdf5 filters exit %d:\n%s", code, fout)
	}
	meta := func(dt, codecs string) string {
		return `{"zarr_format": 3, "node_type": "array", "shape": [8], "data_type": "` + dt + `",
			"chunk_grid": {"name": "regular", "configuration": {"chunk_shape": [8]}},
			"chunk_key_encoding": {"name": "default"}, "fill_value": 0, "codecs": ` + codecs + `}`
	}
	runCases(t, []cliCase{
		{[]string{"hdf5", "translate", "-"}, `{"data_type": "<u2", "shape": [8], "chunks": [4], "filters": [{"id": 5, "cd_values": []}]}`, 1, "nbit"},
		{[]string{"hdf5", "translate", "-"}, `{"data_type": "<u2"}`, 1, "missing required key"},
		{[]string{"hdf5", "translate", filepath.Join(dir, "missing.json")}, "", 1, "no such file"},
		{[]string{"hdf5", "translate"}, "", 2, "usage"},
		{[]string{"hdf5", "translate", "a", "b"}, "", 2, "usage"},
		{[]string{"hdf5", "filters", "-"}, meta("uint16", `[{"name": "bytes", "configuration": {"endian": "big"}}, {"name": "numcodecs.bz2", "configuration": {"level": 9}}]`), 0,
			`[{"id":307,"flags":0,"cd_values":[9],"name":"bzip2"}]` + "\n"},
		{[]string{"hdf5", "filters", "-"}, meta("uint8", `["bytes"]`), 0, "[]\n"},
		{[]string{"hdf5", "filters", "-"}, meta("float32", `[{"name": "scale_offset"}, {"name": "bytes", "configuration": {"endian": "little"}}]`), 1, "scale_offset"},
		// names the registry does not know are refused with its error
		{[]string{"hdf5", "filters", "-"}, meta("float32", `[{"name": "bytes", "configuration": {"endian": "little"}}, {"name": "zlib"}]`), 1, `unknown codec "zlib"`},
		// the codec's own default level
		{[]string{"hdf5", "filters", "-"}, meta("uint8", `["bytes", {"name": "numcodecs.bz2"}]`), 0,
			`[{"id":307,"flags":0,"cd_values":[1],"name":"bzip2"}]` + "\n"},
	})
	// elementsize 0 copies: no shuffle filter, and a note
	fout, stderr, code = runIn(t, []byte(meta("float64", `[{"name": "bytes", "configuration": {"endian": "little"}}, {"name": "numcodecs.shuffle", "configuration": {"elementsize": 0}}]`)), "hdf5", "filters", "-")
	if code != 0 || strings.TrimSpace(fout) != "[]" || !strings.Contains(stderr, "copies the bytes unchanged") {
		t.Errorf("no-op shuffle: exit %d stdout %q stderr %q", code, fout, stderr)
	}
	_, stderr, _ = runIn(t, []byte(meta("uint16", `[{"name": "bytes", "configuration": {"endian": "big"}}]`)), "hdf5", "filters", "-")
	if !strings.Contains(stderr, "big-endian") {
		t.Errorf("stderr %q: want the big-endian note", stderr)
	}
}

func TestNetCDFCommands(t *testing.T) {
	runCases(t, []cliCase{
		{[]string{"netcdf", "parse-filter", "307,9|32004,-17b,1.5d"}, "", 0, `[{"id":307,"params":[9]},{"id":32004,"params":[239,0,1073217536]}]` + "\n"},
		{[]string{"netcdf", "parse-filter", "307"}, "", 0, `[{"id":307,"params":[]}]` + "\n"},
		{[]string{"netcdf", "parse-filter", "--nccopy", "v1&v2,307,9"}, "", 0, `{"variables":["v1","v2"],"none":false,"filters":[{"id":307,"params":[9]}]}` + "\n"},
		{[]string{"netcdf", "parse-filter", "--nccopy", "none"}, "", 0, `{"variables":null,"none":true,"filters":null}` + "\n"},
		{[]string{"netcdf", "parse-filter", "307,,9"}, "", 1, "at offset 4"},
		{[]string{"netcdf", "parse-filter", "307,9,"}, "", 1, "filter spec: at offset 6: empty parameter\n\t307,9,\n\t      ^\n"},
		{[]string{"netcdf", "parse-filter"}, "", 2, "usage"},
		{[]string{"netcdf", "parse-filter", "--nccopy"}, "", 2, "usage"},
		{[]string{"netcdf", "format-filter", "-"}, `[{"id":307,"params":[9]},{"id":1,"params":[5]}]`, 0, "307,9|1,5\n"},
		{[]string{"netcdf", "format-filter", "-"}, `[{"id":2}]`, 0, "2\n"},
		{[]string{"netcdf", "format-filter", "-"}, `[{"id":0,"params":[]}]`, 1, "/0/id"},
		{[]string{"netcdf", "format-filter", "-"}, `{`, 1, "line 1, column 2"},
		{[]string{"netcdf", "format-filter", "-"}, `{}`, 1, "want a JSON array"},
		{[]string{"netcdf", "format-filter"}, "", 2, "usage"},
		{[]string{"netcdf", "frob"}, "", 2, "usage"},
	})
}

func TestFillValueCommands(t *testing.T) {
	runCases(t, []cliCase{
		{[]string{"fillvalue", "encode", "--dtype", "float32", "3.4028235e38"}, "", 0, `"AAAA4P//70c="` + "\n"},
		{[]string{"fillvalue", "encode", "--dtype=float64", "NaN"}, "", 0, `"AAAAAAAA+H8="` + "\n"},
		{[]string{"fillvalue", "encode", "--dtype", "float64", `"-Infinity"`}, "", 0, `"AAAAAAAA8P8="` + "\n"},
		{[]string{"fillvalue", "encode", "--dtype", "float64", "-Infinity"}, "", 0, `"AAAAAAAA8P8="` + "\n"},
		{[]string{"fillvalue", "encode", "--dtype", "float32", "0x7fc00001"}, "", 0, `"AAAAIAAA+H8="` + "\n"},
		{[]string{"fillvalue", "encode", "--dtype", "int16", "-9999"}, "", 0, "-9999\n"},
		{[]string{"fillvalue", "encode", "-9999", "--dtype", "int16"}, "", 0, "-9999\n"},
		{[]string{"fillvalue", "encode", "--dtype", "bool", "true"}, "", 0, "true\n"},
		{[]string{"fillvalue", "encode", "--dtype", "complex64", "[1.5, -2]"}, "", 0, `["AAAAAAAA+D8=", "AAAAAAAAAMA="]` + "\n"},
		{[]string{"fillvalue", "encode", "-9999", "--dtype", "uint8"}, "", 1, "not a valid uint8"},
		{[]string{"fillvalue", "encode", "--dtype", "float32", "1e39"}, "", 1, "float32"},
		{[]string{"fillvalue", "encode", "1"}, "", 2, "--dtype is required"},
		{[]string{"fillvalue", "encode", "--dtype", "float32"}, "", 2, "exactly one VALUE"},
		{[]string{"fillvalue", "encode", "--dtype", "f4", "1"}, "", 2, "unsupported data type"},
		{[]string{"fillvalue", "encode", "--type", "float32", "1"}, "", 2, "unknown flag"},
		{[]string{"fillvalue", "decode", "--dtype", "float32", `"AAAA4P//70c="`}, "", 0, "3.4028235e+38\n"},
		{[]string{"fillvalue", "decode", "--dtype", "float32", "AAAA4P//70c="}, "", 0, "3.4028235e+38\n"},
		{[]string{"fillvalue", "decode", "--dtype", "complex128", `["AAAAAAAA+D8=", "AAAAAAAAAMA="]`}, "", 0, "[1.5, -2]\n"},
		{[]string{"fillvalue", "decode", "--dtype", "int64", "-9223372036854775808"}, "", 0, "-9223372036854775808\n"},
		{[]string{"fillvalue", "decode", "--dtype", "float32", "1.5"}, "", 1, "needs Cast"},
		{[]string{"fillvalue"}, "", 2, "usage"},
	})
}

func TestV2ConvertCommand(t *testing.T) {
	dir := t.TempDir()
	attrs := filepath.Join(dir, ".zattrs")
	os.WriteFile(attrs, []byte(`{"units": "K"}`), 0o644)
	dupAttrs := filepath.Join(dir, "dup.zattrs")
	os.WriteFile(dupAttrs, []byte(`{"units": "K", "units": "m"}`), 0o644)
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
		{[]string{"-", "--fill", "-Infinity"}, null, 0, `"fill_value": "-Infinity"`},
		{[]string{"--fill"}, "", 2, "needs a value"},
		{[]string{"--frob", "-"}, "", 2, "unknown flag"},
		{[]string{}, "", 2, "usage"},
		{[]string{"-"}, strings.Replace(xr, `"compressor": null`, `"compressor": {"id": "no_such"}`, 1), 1, `"numcodecs.no_such"`},
		{[]string{"--attrs", filepath.Join(dir, "none"), "-"}, xr, 1, "no such file"},
		{[]string{"--attrs", dupAttrs, "-"}, xr, 1, `/units: duplicate key "units"`},
	} {
		out, stderr, code := runIn(t, []byte(c.stdin), append([]string{"v2", "convert"}, c.args...)...)
		if code != c.code {
			t.Errorf("%v: exit %d, want %d (%s)", c.args, code, c.code, stderr)
			continue
		}
		if code == 0 && !strings.Contains(out, c.want) || code != 0 && !strings.Contains(stderr, c.want) {
			t.Errorf("%v: stdout %q stderr %q, want %q", c.args, out, stderr, c.want)
		}
	}
	out, stderr, code := runIn(t, nil, "v2", "convert", "../../testdata/cli/v2.zarray")
	if code != 0 {
		t.Fatalf("v2 convert exit %d: %s", code, stderr)
	}
	zarrJSON := filepath.Join(dir, "zarr.json")
	os.WriteFile(zarrJSON, []byte(out), 0o644)
	vout, _, code := runIn(t, nil, "validate", zarrJSON)
	if code != 0 || !strings.Contains(vout, `fill_value "NaN"`) || !strings.Contains(vout, "numcodecs.shuffle") || !strings.Contains(vout, "numcodecs.zlib") {
		t.Errorf("converted v2 metadata:\n%s\n%s", out, vout)
	}
}

func TestGroupUsage(t *testing.T) {
	for _, args := range [][]string{{"hdf5"}, {"netcdf", "frob"}, {"v2"}, {"fillvalue"}} {
		if _, _, code := runIn(t, nil, args...); code != 2 {
			t.Errorf("zcodec %v: exit %d, want 2", args, code)
		}
	}
}

// TestDecodeIsLenient: a float scale_offset array whose fill value does not
// survive float rounding (offset 3.3, scale 0.1, fill 0) decodes with a
// warning, and encoding or validating it is an error.
func TestDecodeIsLenient(t *testing.T) {
	dir := t.TempDir()
	meta := filepath.Join(dir, "zarr.json")
	os.WriteFile(meta, []byte(`{"zarr_format": 3, "node_type": "array", "shape": [4], "data_type": "float32",
		"chunk_grid": {"name": "regular", "configuration": {"chunk_shape": [4]}},
		"chunk_key_encoding": {"name": "default"}, "fill_value": 0,
		"codecs": [{"name": "scale_offset", "configuration": {"offset": 3.3, "scale": 0.1}}, {"name": "bytes", "configuration": {"endian": "little"}}]}`), 0o644)
	chunk := make([]byte, 16)
	out, stderr, code := runIn(t, chunk, "decode", "--metadata", meta)
	if code != 0 || len(out) != 16 || !strings.Contains(stderr, "warning: /codecs/0: scale_offset: fill value 0 (float32) encodes to -0.33") {
		t.Errorf("decode: exit %d, %d bytes, stderr %q", code, len(out), stderr)
	}
	if _, stderr, code := runIn(t, chunk, "encode", "--metadata", meta); code != 1 || !strings.Contains(stderr, "fill value 0 (float32)") {
		t.Errorf("encode: exit %d, stderr %q", code, stderr)
	}
	if out, _, code := runIn(t, nil, "validate", meta); code != 1 || !strings.Contains(out, "fill value 0 (float32)") {
		t.Errorf("validate: exit %d, %q", code, out)
	}
}
