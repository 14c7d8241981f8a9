package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// staleConsolidated writes a group whose consolidated metadata says its
// array "a" is int8 with the bytes codec, while a/zarr.json, rewritten
// since, says uint8 with a crc32c checksum; the chunks hold 1, 2 and 200,
// 255 as the consolidated metadata describes them.
func staleConsolidated(t *testing.T) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "g.zarr")
	array := func(dt, codecs string) string {
		return `{"zarr_format":3,"node_type":"array","shape":[4],"data_type":"` + dt + `",` +
			`"chunk_grid":{"name":"regular","configuration":{"chunk_shape":[2]}},` +
			`"chunk_key_encoding":{"name":"default","configuration":{"separator":"/"}},"fill_value":0,"codecs":` + codecs + `}`
	}
	bytesCodec := `{"name":"bytes"}`
	files := map[string]string{
		"zarr.json": `{"zarr_format":3,"node_type":"group","consolidated_metadata":{"kind":"inline","must_understand":false,"metadata":{"a":` +
			array("int8", "["+bytesCodec+"]") + `}}}`,
		"a/zarr.json": array("uint8", "["+bytesCodec+`,{"name":"crc32c"}]`),
		"a/c/0":       "\x01\x02",
		"a/c/1":       "\xc8\xff",
	}
	for name, body := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// TestVerifyStaleConsolidated checks that verify compares a group's
// consolidated metadata with each node's own zarr.json, fails naming the
// node, the field and the copy used, and decodes the chunks with the
// consolidated copy even when it opens the array again within
// --max-chunk-bytes.
func TestVerifyStaleConsolidated(t *testing.T) {
	t.Parallel()
	dir := staleConsolidated(t)
	out, _, code := runIn(t, nil, "verify", "--max-chunk-bytes", "2", dir)
	if code != 1 {
		t.Errorf("exit %d, want 1:\n%s", code, out)
	}
	for _, want := range []string{
		`ok   /a: 2 stored chunks decode`,
		`FAIL ` + dir + `/a: codecs is [{"name":"bytes"}] in the consolidated metadata, [{"name":"bytes"},{"name":"crc32c"}] in a/zarr.json; `,
		`data_type is "int8" in the consolidated metadata, "uint8" in a/zarr.json`,
		`; the consolidated metadata is used`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	out, _, _ = runIn(t, nil, "verify", "--json", dir)
	if !strings.Contains(out, `"consolidated_mismatches"`) || !strings.Contains(out, `data_type is \"int8\"`) {
		t.Errorf("--json output lacks the mismatch:\n%s", out)
	}
}

// TestConvertStaleConsolidated checks that convert warns about a
// consolidated member that disagrees with its own zarr.json and converts
// with the consolidated copy, the one every command given the group uses.
func TestConvertStaleConsolidated(t *testing.T) {
	t.Parallel()
	dir := staleConsolidated(t)
	dst := filepath.Join(t.TempDir(), "out.zarr")
	_, stderr, code := runIn(t, nil, "convert", dir, dst)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	want := `zcodec convert: warning: ` + dir + `/a: codecs is [{"name":"bytes"}] in the consolidated metadata, [{"name":"bytes"},{"name":"crc32c"}] in a/zarr.json; data_type is "int8" in the consolidated metadata, "uint8" in a/zarr.json; the consolidated metadata is used`
	if !strings.Contains(stderr, want) {
		t.Errorf("stderr lacks %q:\n%s", want, stderr)
	}
	out, stderr, code := runIn(t, nil, "cat", "--format", "csv", filepath.Join(dst, "a"))
	if code != 0 || strings.Fields(out) == nil || strings.Join(strings.Fields(out), " ") != "1 2 -56 -1" {
		t.Errorf("converted values %q (%s, exit %d), want 1 2 -56 -1", out, stderr, code)
	}
}

// TestInfoStaleConsolidated checks that info describes a group's members
// from its consolidated metadata, and warns, on the member, of each field
// its own zarr.json gives otherwise.
func TestInfoStaleConsolidated(t *testing.T) {
	t.Parallel()
	dir := staleConsolidated(t)
	out, _, code := runIn(t, nil, "info", dir)
	for _, want := range []string{
		"  shape        [4] int8\n",
		`  warning      codecs is [{"name":"bytes"}] in the consolidated metadata, [{"name":"bytes"},{"name":"crc32c"}] in a/zarr.json; data_type is "int8" in the consolidated metadata, "uint8" in a/zarr.json; the consolidated metadata is used`,
	} {
		if code != 0 || !strings.Contains(out, want) {
			t.Errorf("info (exit %d) lacks %q:\n%s", code, want, out)
		}
	}
	out, _, _ = runIn(t, nil, "info", "--json", dir)
	if !strings.Contains(out, `"warnings": [`) || !strings.Contains(out, `data_type is \"int8\" in the consolidated metadata`) {
		t.Errorf("info --json lacks the warning:\n%s", out)
	}
}
