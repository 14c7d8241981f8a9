package main

import (
	"fmt"
	"io"
	"runtime"
	"runtime/debug"

	"github.com/zcodec/zcodec/internal/shorten"
)

// runVersion prints what the binary was built from: `zcodec version` and
// `zcodec --version`.
func runVersion(env *environment, args []string) int {
	fs := newFlags(env, "version", "zcodec version",
		"Prints the module and version zcodec was built from, the VCS revision,\n"+
			"its time and whether the work tree was modified (when the build recorded\n"+
			"them: go build in a checkout does, go run and go test do not), the Go\n"+
			"version and the platform.")
	operands, code, stop := fs.parse(args)
	if stop {
		return code
	}
	if len(operands) > 0 {
		return fs.fail("unexpected argument %s", shorten.String(operands[0]))
	}
	info, ok := debug.ReadBuildInfo()
	writeVersion(env.stdout, info, ok)
	return 0
}

// writeVersion writes the lines of `zcodec version` from info (ok false:
// the binary holds no build information). A version of "(devel)" or none
// (a build from a checkout, not `go install module@version`) prints as
// "(devel)"; absent VCS settings print as "unknown".
func writeVersion(w io.Writer, info *debug.BuildInfo, ok bool) {
	path, version := "github.com/zcodec/zcodec", "(devel)"
	settings := map[string]string{}
	goVersion := runtime.Version()
	if ok && info != nil {
		if info.Main.Path != "" {
			path = info.Main.Path
		}
		if info.Main.Version != "" {
			version = info.Main.Version
		}
		if info.GoVersion != "" {
			goVersion = info.GoVersion
		}
		for _, s := range info.Settings {
			settings[s.Key] = s.Value
		}
	}
	get := func(k string) string {
		if v, ok := settings[k]; ok && v != "" {
			return v
		}
		return "unknown"
	}
	fmt.Fprintf(w, "zcodec %s %s\n", path, version)
	fmt.Fprintf(w, "revision: %s\n", get("vcs.revision"))
	fmt.Fprintf(w, "time:     %s\n", get("vcs.time"))
	fmt.Fprintf(w, "modified: %s\n", get("vcs.modified"))
	fmt.Fprintf(w, "go:       %s %s/%s\n", goVersion, runtime.GOOS, runtime.GOARCH)
}
