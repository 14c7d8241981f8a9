package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestConvertOptionErrors: an option that cannot apply to SRC is named by
// its flag, from the library's typed error, not by the field of
// convert.Options that the library names.
func TestConvertOptionErrors(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	array := stores + "zarr213_plain/f8_3d_edges" // 5 x 6 x 7 in chunks of 2 x 3 x 4
	sharded := filepath.Join(dir, "sharded.json")
	if err := os.WriteFile(sharded, []byte(`[{"name":"sharding_indexed","configuration":{"chunk_shape":[2,3,4],"codecs":[{"name":"bytes","configuration":{"endian":"little"}}],"index_codecs":[{"name":"bytes","configuration":{"endian":"little"}}]}}]`), 0o666); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		args []string
		want string
	}{
		{"chunks of another rank", []string{"--chunks", "4,4", array}, "--chunks: 2 dimensions, the array 3"},
		{"shards of another rank", []string{"--shards", "4,6", array}, "--shards: 2 dimensions, the array 3"},
		{"shards not a multiple", []string{"--chunks", "2,3,4", "--shards", "3,6,8", array}, "--shards: [3 6 8] is not a multiple of the chunks [2 3 4] in dimension 0"},
		{"shards of a sharded chain", []string{"--codecs", sharded, "--chunks", "4,6,8", "--shards", "4,6,8", array}, "--shards: the chain is already sharded"},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			args := append([]string{"convert"}, c.args...)
			args = append(args, filepath.Join(t.TempDir(), "out.zarr"))
			_, stderr, code := zcodec(t, nil, args...)
			if code != 1 || !strings.Contains(stderr, c.want) || strings.Contains(stderr, "Options.") {
				t.Errorf("exit %d, want 1 and %q without the library's field name:\n%s", code, c.want, stderr)
			}
		})
	}
}
