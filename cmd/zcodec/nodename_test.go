package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/codecs/sharding"
	"github.com/zcodec/zcodec/store/byterange"
	"github.com/zcodec/zcodec/zarr"
)

// TestNodeName checks the names given to the nodes of a store: the PATH
// as given for the root, the path in the store below it, object-store
// locations as shown elsewhere, unusual names escaped.
func TestNodeName(t *testing.T) {
	for _, c := range []struct{ user, in, want string }{
		{"data/x.zarr", "", "data/x.zarr"},
		{"data/x.zarr/", "", "data/x.zarr/"},
		{"data/x.zarr", "temp", "data/x.zarr/temp"},
		{"data/x.zarr/", "g/temp", "data/x.zarr/g/temp"},
		{"s3://b/x.zarr", "temp", "s3://b/x.zarr/temp"},
		{"data/x.zarr", "bad\x1b[31m", `data/x.zarr/"bad\x1b[31m"`},
	} {
		if got := nodeName(c.user, c.in); got != c.want {
			t.Errorf("nodeName(%q, %q) = %q, want %q", c.user, c.in, got, c.want)
		}
	}
	inner := &zarr.NodeError{Kind: "array", Path: "g/temp", Err: errors.New("chunk \"c/0\": corrupt")}
	err := namedErr("data/x.zarr", fmt.Errorf("reading: %w", inner))
	if err.Error() != `reading: array data/x.zarr/g/temp: chunk "c/0": corrupt` {
		t.Errorf("namedErr = %q", err)
	}
	var ne *zarr.NodeError
	if !errors.As(err, &ne) || ne != inner {
		t.Error("namedErr hides the *zarr.NodeError")
	}
	if err := namedErr("x", os.ErrNotExist); err != os.ErrNotExist {
		t.Errorf("namedErr without a node = %v", err)
	}
	joined := errors.Join(&zarr.NodeError{Kind: "array", Path: "", Err: errors.New("a")}, &zarr.NodeError{Kind: "group", Path: "g", Err: errors.New("b")})
	if got := copyErr("in.zarr", "out.zarr", joined).Error(); got != "array in.zarr -> out.zarr: a\ngroup in.zarr/g -> out.zarr/g: b" {
		t.Errorf("copyErr = %q", got)
	}
}

// TestWording checks that the CLI words the library's typed errors from
// their fields: unchanged without names to give, nodes of chunk errors
// named too, limits named by their flags wherever they sit (behind
// fmt.Errorf, errors.Join, *codec.LimitError of a codec, a message the CLI wrote
// itself).
func TestWording(t *testing.T) {
	t.Parallel()
	limit := &codec.LimitError{What: "decoded chunk", Size: 4096, Limit: 1024, Setting: codec.SettingMaxChunkBytes}
	chunk := &codec.ChunkError{Array: "g/t", Key: "g/t/c/0/1", Range: byterange.Range{Offset: 8, Length: 8}, Op: "decode",
		Err: &codec.CorruptError{Codec: "zstd", Err: limit}}
	inner := &codec.ChunkError{Coords: []int64{1, 0}, Err: &codec.LimitError{Codec: sharding.Name, What: "inner chunk", Size: 4096, Limit: 1024}}
	errs := []error{
		limit,
		chunk,
		&codec.ChunkError{Array: "", Key: "c/0", Err: &codec.StepError{Err: inner}},
		&codec.ChunkError{Index: 3, Op: "encode", Err: errors.New("x")},
		&zarr.NodeError{Kind: "group", Path: "", Err: fmt.Errorf("reading: %w", chunk)},
		errors.Join(chunk, &zarr.NodeError{Kind: "array", Path: "a", Err: limit}),
		&namedError{msg: "convert: the chain given: " + limit.Error(), err: limit},
	}
	for _, err := range errs {
		if got := (wording{}).text(err); got != err.Error() {
			t.Errorf("without names:\n got %q\nwant %q", got, err.Error())
		}
		if got := (wording{}).worded(err); got != err {
			t.Errorf("without names: %v is not returned as it is", err)
		}
	}
	const raised = "(--max-chunk-bytes; raise it to read this array)"
	for i, want := range []string{
		"the decoded chunk would take 4096 bytes, more than the limit of 1024 " + raised,
		`array x.zarr/g/t: chunk "g/t/c/0/1" (bytes 8-15): decode: zstd: corrupt chunk: the decoded chunk would take 4096 bytes, more than the limit of 1024 ` + raised,
		`array x.zarr: chunk "c/0": codec 0 (): chunk [1 0]: sharding_indexed: the inner chunk would take 4096 bytes, more than the limit of 1024 ` + raised,
		"chunk 3: encode: x",
		`group x.zarr: reading: array x.zarr/g/t: chunk "g/t/c/0/1" (bytes 8-15): decode: zstd: corrupt chunk: the decoded chunk would take 4096 bytes, more than the limit of 1024 ` + raised,
		`array x.zarr/g/t: chunk "g/t/c/0/1" (bytes 8-15): decode: zstd: corrupt chunk: the decoded chunk would take 4096 bytes, more than the limit of 1024 ` + raised +
			"\narray x.zarr/a: the decoded chunk would take 4096 bytes, more than the limit of 1024 " + raised,
		"convert: the chain given: the decoded chunk would take 4096 bytes, more than the limit of 1024 " + raised,
	} {
		err := flagged(namedErr("x.zarr", errs[i]))
		if err.Error() != want {
			t.Errorf("%d:\n got %q\nwant %q", i, err, want)
		}
		var le *codec.LimitError
		if i != 3 && (!errors.As(err, &le) || le.SettingName() != codec.SettingMaxChunkBytes) {
			t.Errorf("%d: the *codec.LimitError is hidden", i)
		}
	}
}

// TestErrorsNamePathGiven: info, cat, verify, convert and advise name an
// array that cannot be read by the PATH given, root or nested, not by its
// path in the store alone.
func TestErrorsNamePathGiven(t *testing.T) {
	root := datesStore + "/delta"
	reason := `.zarray: /filters/0/dtype: numcodecs.delta`
	dst := filepath.Join(t.TempDir(), "out.zarr")
	for _, args := range [][]string{
		{"info", root},
		{"cat", root},
		{"verify", root},
		{"convert", root, dst},
		{"advise", "--lossless", root},
	} {
		_, stderr, code := zcodec(t, nil, args...)
		want := "zcodec " + args[0] + ": array " + root + ": " + reason
		if code != 1 || !strings.HasPrefix(stderr, want) || strings.Contains(stderr, `"/"`) {
			t.Errorf("%v: exit %d\n%s\nwant it to start %q", args, code, stderr, want)
		}
	}
	// Nested in a group: the member's line, and the error naming it.
	out, _, code := zcodec(t, nil, "info", datesStore)
	if code != 1 || !strings.Contains(out, "/delta  array (Zarr v2)\n  error        array "+root+": "+reason) {
		t.Errorf("info of the group: exit %d\n%s", code, out)
	}
	out, _, code = zcodec(t, nil, "verify", datesStore)
	if code != 1 || !strings.Contains(out, "FAIL /delta: array "+root+": "+reason) {
		t.Errorf("verify of the group: exit %d\n%s", code, out)
	}
	// A nested array reached through its own path keeps its place.
	nested := filepath.Join(t.TempDir(), "g.zarr")
	copyDir(t, datesStore+"/delta", filepath.Join(nested, "sub", "delta"))
	must(t, os.WriteFile(filepath.Join(nested, ".zgroup"), []byte(`{"zarr_format": 2}`), 0o666))
	must(t, os.WriteFile(filepath.Join(nested, "sub", ".zgroup"), []byte(`{"zarr_format": 2}`), 0o666))
	_, stderr, code := zcodec(t, nil, "convert", "--strict", nested, dst)
	if code != 1 || !strings.Contains(stderr, "  "+nested+"/sub/delta: "+reason) {
		t.Errorf("convert --strict of a nested array: exit %d\n%s", code, stderr)
	}
}
