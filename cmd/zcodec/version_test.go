package main

import (
	"bytes"
	"runtime"
	"runtime/debug"
	"strings"
	"testing"
)

// TestVersion: `zcodec version` and `zcodec --version` print the module,
// the Go version and the platform; a test binary has no VCS settings,
// which print as unknown.
func TestVersion(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{{"version"}, {"--version"}} {
		out, errOut, code := zcodec(t, nil, args...)
		if code != 0 || errOut != "" {
			t.Fatalf("%v: status %d, %s", args, code, errOut)
		}
		for _, want := range []string{"zcodec ", "revision: ", "go:       " + runtime.Version() + " " + runtime.GOOS + "/" + runtime.GOARCH} {
			if !strings.Contains(out, want) {
				t.Errorf("%v: %q lacks %q", args, out, want)
			}
		}
	}
	if _, _, code := zcodec(t, nil, "version", "extra"); code != 2 {
		t.Errorf("version extra: status %d, want 2", code)
	}
}

// TestWriteVersion: the fields of a build with VCS information, and the
// "(devel)" and "unknown" of one without.
func TestWriteVersion(t *testing.T) {
	t.Parallel()
	var b bytes.Buffer
	writeVersion(&b, &debug.BuildInfo{GoVersion: "go1.99", Main: debug.Module{Path: "example.com/z", Version: "v1.2.3"},
		Settings: []debug.BuildSetting{{Key: "vcs.revision", Value: "abc123"}, {Key: "vcs.time", Value: "2026-12-03T17:00:00Z"}, {Key: "vcs.modified", Value: "true"}}}, true)
	want := "zcodec example.com/z v1.2.3\nrevision: abc123\ntime:     2026-12-03T17:00:00Z\nmodified: true\ngo:       go1.99 " + runtime.GOOS + "/" + runtime.GOARCH + "\n"
	if b.String() != want {
		t.Errorf("got %q\nwant %q", b.String(), want)
	}
	b.Reset()
	writeVersion(&b, nil, false)
	if got := b.String(); !strings.HasPrefix(got, "zcodec github.com/zcodec/zcodec (devel)\nrevision: unknown\ntime:     unknown\nmodified: unknown\n") {
		t.Errorf("without build information: %q", got)
	}
}
