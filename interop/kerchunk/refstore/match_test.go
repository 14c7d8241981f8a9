package refstore

import (
	"strings"
	"testing"
)

func TestMatchJSON(t *testing.T) {
	big := `{"version": 1, "refs": {".zgroup": "{\"zarr_format\": 2}"` + strings.Repeat(`, "v/0.0": ["s3://b/f.h5", 100, 200]`, 5000) + `}}`
	templatesFirst := `{"version": 1, "templates": {"u": "s3://b/f.h5"}, "gen": [{"key": "x/{{i}}", "url": "{{u}}", "dimensions": {"i": 3}}], "refs": {"x/.zarray": "{}"}}`
	for _, c := range []struct {
		name string
		doc  string
		cut  int // the head's length (0: whole)
		want bool
	}{
		{"v1", `{"version": 1, "refs": {".zgroup": "{\"zarr_format\":2}", "a/0": ["f.h5", 0, 10]}}`, 0, true},
		{"v1 empty", `{"version":1,"refs":{}}`, 0, true},
		{"v1 refs first", `{"refs": {"a/0": ["f.h5"], "a/1": [null, 5, 6]}, "version": 1}`, 0, true},
		{"v1 templates and gen first", templatesFirst, 0, true},
		{"v1 cut", big, 1000, true},
		{"v1 cut at HeadSize", big, 0, true},
		{"v1 refs first, cut", `{"refs": {"a/0": ["f.h5", 0, 1], "a/1": ["f.h5", 1, 1]`, 0, false}, // whole: no version
		{"v1 refs first, cut in the file", `{"refs": {"a/0": ["f.h5", 0, 1], "a/1": ["f.h5", 1, 1], "a/2": ["f.h5", 2, 1]}, "version": 1}`, 40, true},
		{"v1 without version", `{"refs": {"a/0": ["f.h5", 0, 10]}}`, 0, false},
		{"v1 version 2", `{"version": 2, "refs": {"a/0": ["f.h5", 0, 10]}}`, 0, false},
		{"v1 version as a string", `{"version": "1", "refs": {}}`, 0, false},
		{"v1 other member", `{"version": 1, "refs": {}, "extra": 1}`, 0, false},
		{"v1 ref an object", `{"version": 1, "refs": {"a/0": {"url": "x"}}}`, 0, false},
		{"v1 ref a negative offset", `{"version": 1, "refs": {"a/0": ["f", -1, 3]}}`, 0, false},
		{"v1 ref two elements", `{"version": 1, "refs": {"a/0": ["f", 1]}}`, 0, false},
		{"v1 ref four elements", `{"version": 1, "refs": {"a/0": ["f", 1, 2, 3]}}`, 0, false},
		{"v1 cut before refs", `{"version": 1, "templates": {"a": "` + strings.Repeat("x", 100) + `"}, "refs": {}}`, 30, false},
		{"v0", `{".zgroup": "{\"zarr_format\": 2}", "a/.zarray": "{\"zarr_format\": 2}", "a/0.0": ["s3://b/f", 0, 5], "a/.zattrs": "{}"}`, 0, true},
		{"v0 cut", `{".zgroup": "{\"zarr_format\": 2}", "a/0.0": ["s3://b/f", 0, 5], "a/0.1": ["s3://b/f", 5, 5]}`, 50, true},
		{"v0 slash chunks", `{"a/.zarray": "{\"zarr_format\": 2}", "a/0/1": ["f", 0, 5]}`, 0, true},
		{"v0 without metadata", `{"a/0.0": ["s3://b/f", 0, 5]}`, 0, false},
		{"v0 metadata not a document", `{".zgroup": "hello", "a/0.0": ["s3://b/f", 0, 5]}`, 0, false},
		{"v0 other key", `{".zgroup": "{\"zarr_format\": 2}", "readme": "x"}`, 0, false},
		{".zarray", `{"chunks": [10], "compressor": null, "dtype": "<f8", "fill_value": 0, "filters": null, "order": "C", "shape": [100], "zarr_format": 2}`, 0, false},
		{".zgroup", `{"zarr_format": 2}`, 0, false},
		{".zattrs", `{"0": "a", "1": "b"}`, 0, false},
		{".zattrs of chunk-like names", `{"0.0": ["a", 1, 2]}`, 0, false},
		{".zmetadata", `{"metadata": {".zgroup": {"zarr_format": 2}}, "zarr_consolidated_format": 1}`, 0, false},
		{"zarr.json", `{"zarr_format": 3, "node_type": "group", "attributes": {}}`, 0, false},
		{"an empty object", `{}`, 0, false},
		{"an array", `[1, 2]`, 0, false},
		{"garbage", `{"version": 1, "refs": {"a": ]]`, 0, false},
		{"HDF5", "\x89HDF\r\n\x1a\n\x00\x00\x00\x00", 0, false},
		{"empty", ``, 0, false},
	} {
		head := []byte(c.doc)
		if c.cut > 0 {
			head = head[:c.cut]
		}
		if got := MatchJSON(head, int64(len(c.doc))); got != c.want {
			t.Errorf("%s: MatchJSON = %v, want %v", c.name, got, c.want)
		}
	}
}

func TestMatchParquet(t *testing.T) {
	long := `{"metadata": {".zgroup": {"zarr_format": 2}, "v/.zarray": {"chunks": [` + strings.Repeat("1, ", 3000) + `1]}}, "record_size": 10000}`
	longZarr := `{"metadata": {".zgroup": {"zarr_format": 2}, "v/.zarray": {"chunks": [` + strings.Repeat("1, ", 3000) + `1]}}, "zarr_consolidated_format": 1}`
	headTail := func(s string) ([]byte, []byte) {
		h := s[:min(len(s), ParquetHeadSize)]
		return []byte(h), []byte(s[len(s)-min(len(s), ParquetTailSize):])
	}
	for _, c := range []struct {
		name string
		doc  string
		want bool
	}{
		{"fsspec", `{"metadata": {".zgroup": {"zarr_format": 2}}, "record_size": 100000}`, true},
		{"record_size first", `{"record_size": 10, "metadata": {}}`, true},
		{"long", long, true},
		{"long, as WriteParquet writes it", long[:len(long)-1] + `, "zarr_consolidated_format": 1}`, true},
		{"long, record_size first", `{"record_size": 7, ` + long[1:], true},
		{"zero record_size", `{"metadata": {}, "record_size": 0}`, false},
		{"no record_size", `{"metadata": {}}`, false},
		{"no metadata", `{"record_size": 10}`, false},
		{"consolidated v2", `{"metadata": {".zgroup": {"zarr_format": 2}}, "zarr_consolidated_format": 1}`, false},
		{"long consolidated v2", longZarr, false},
		{"not JSON", "PAR1....", false},
	} {
		h, tl := headTail(c.doc)
		if got := MatchParquet(h, tl, int64(len(c.doc))); got != c.want {
			t.Errorf("%s: MatchParquet = %v, want %v", c.name, got, c.want)
		}
	}
}
