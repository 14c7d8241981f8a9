package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

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
