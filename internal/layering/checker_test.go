package layering

import (
	"os"
	"slices"
	"strings"
	"testing"
)

// TestCheckerFindsViolations runs the checker on a made-up module whose
// packages break each kind of rule, and on one that breaks none.
func TestCheckerFindsViolations(t *testing.T) {
	m := func(p string) string { return module + "/" + p }
	fake := []pkg{
		{ImportPath: m("store/byterange"), Imports: []string{"context", "net/http"}},
		{ImportPath: m("codec"), Imports: []string{"fmt", m("store/byterange"), m("internal/helper")}},
		{ImportPath: m("internal/helper"), Imports: []string{m("store")}},
		{ImportPath: m("store"), Imports: []string{"net/http", m("store/byterange")}},
		{ImportPath: m("zarr"), Imports: []string{m("codec"), m("internal/storetest")}},
		{ImportPath: m("interop/hdf5/h5file"), Imports: []string{"io", m("store/byterange"), m("internal/ok"), "github.com/klauspost/compress/zstd"}},
		{ImportPath: m("internal/ok"), Imports: []string{"bytes"}},
		{ImportPath: m("store/s3store"), Imports: []string{"github.com/aws/aws-sdk-go-v2/aws", m("store")}},
		{ImportPath: m("cmd/zcodec"), Imports: []string{m("store/s3store"), "github.com/aws/aws-sdk-go-v2/aws"}},
		{ImportPath: m("internal/storetest"), Imports: []string{"testing", m("store")}},
		{ImportPath: "net/http", Imports: []string{"crypto/tls", "vendor/golang.org/x/net/http2/hpack"}},
		{ImportPath: "crypto/tls", Imports: []string{"crypto"}},
		{ImportPath: "github.com/klauspost/compress/zstd"},
		{ImportPath: "github.com/aws/aws-sdk-go-v2/aws", Imports: []string{"net/http"}},
	}
	got := check(fake, rules)
	var lines []string
	for _, v := range got {
		lines = append(lines, v.String())
	}
	for _, want := range []struct{ pkg, dep, rule, text string }{
		// A direct import a never rule forbids.
		{m("store/byterange"), "net/http", "zcodec/store/byterange", "zcodec/store/byterange imports net/http, which breaks the rule"},
		// A dependency through another package, with its chain; store
		// itself is reported, not what store imports.
		{m("codec"), m("store"), "zcodec/numeric zcodec/codec", "zcodec/codec depends on zcodec/store (zcodec/codec -> zcodec/internal/helper -> zcodec/store), which breaks the rule"},
		// An only rule: a package outside the list.
		{m("interop/hdf5/h5file"), "github.com/klauspost/compress/zstd", "only depend on std zcodec/store/byterange zcodec/internal/...", "imports github.com/klauspost/compress/zstd"},
		// A direct rule with exceptions.
		{m("zarr"), m("internal/storetest"), "the test helpers", "zcodec/zarr imports zcodec/internal/storetest, which breaks the rule"},
		// A fault of one package shows in those that depend on it.
		{m("codec"), "net/http", "zcodec/numeric zcodec/codec", "zcodec/codec depends on net/http (zcodec/codec -> zcodec/store/byterange -> net/http)"},
	} {
		found := slices.ContainsFunc(got, func(v violation) bool {
			return v.pkg == want.pkg && v.dep == want.dep && strings.Contains(v.rule.String(), want.rule) && strings.Contains(v.String(), want.text)
		})
		if !found {
			t.Errorf("no violation of %s by %s importing %s saying %q; got\n%s", want.rule, want.pkg, want.dep, want.text, strings.Join(lines, "\n"))
		}
	}
	for _, v := range got {
		switch {
		case v.pkg == m("cmd/zcodec") || v.pkg == m("store/s3store"):
			t.Errorf("an exception was reported: %s", v)
		case v.pkg == m("codec") && v.dep == m("store/byterange"):
			t.Errorf("an allowed import was reported: %s", v)
		case v.pkg == m("interop/hdf5/h5file") && v.dep != "github.com/klauspost/compress/zstd" && v.dep != "net/http":
			t.Errorf("an import the only rule allows was reported: %s", v)
		}
	}
	if n := len(got); n != 6 {
		t.Errorf("%d violations, want 6 (byterange, codec twice, h5file twice, zarr):\n%s", n, strings.Join(lines, "\n"))
	}

	// The same module without its faults breaks no rule.
	clean := slices.Clone(fake)
	clean[0].Imports = []string{"context"}
	clean[2].Imports = nil
	clean[4].Imports = []string{m("codec")}
	clean[5].Imports = []string{"io", m("store/byterange"), m("internal/ok")}
	if vs := check(clean, rules); len(vs) != 0 {
		t.Errorf("a module that keeps the rules: %v", vs)
	}
}

// TestCheckerKeepsGeneratorsOut runs the rules on a made-up module in
// which a library links the benchmark data generator and avo, directly
// and through another package, while the benchmark programs, and the
// generator's own module under tools, may.
func TestCheckerKeepsGeneratorsOut(t *testing.T) {
	t.Parallel()
	m := func(p string) string { return module + "/" + p }
	avo := "github.com/mmcloughlin/avo/build"
	fake := []pkg{
		{ImportPath: m("zarr"), Imports: []string{m("internal/benchdata")}},
		{ImportPath: m("codec"), Imports: []string{m("internal/helper")}},
		{ImportPath: m("internal/helper"), Imports: []string{avo}},
		{ImportPath: m("cmd/zcodec"), Imports: []string{m("internal/benchdata")}},
		{ImportPath: m("bench/compare"), Imports: []string{m("internal/benchdata")}},
		{ImportPath: m("internal/benchdata"), Imports: []string{m("numeric")}},
		{ImportPath: m("numeric")},
		{ImportPath: m("tools/asmgen"), Imports: []string{avo}},
		{ImportPath: avo},
	}
	var got []string
	for _, v := range check(fake, rules) {
		got = append(got, short(v.pkg)+" -> "+short(v.dep))
	}
	slices.Sort(got)
	want := []string{
		"zcodec/cmd/zcodec -> zcodec/internal/benchdata",
		"zcodec/codec -> " + avo,
		"zcodec/internal/helper -> " + avo,
		"zcodec/zarr -> zcodec/internal/benchdata",
	}
	if !slices.Equal(got, want) {
		t.Errorf("violations\n\t%s\nwant\n\t%s", strings.Join(got, "\n\t"), strings.Join(want, "\n\t"))
	}
}

// TestGeneratorModuleApart: the assembly generator is a module of its
// own, and the module's go.mod requires nothing of avo's.
func TestGeneratorModuleApart(t *testing.T) {
	t.Parallel()
	gomod, err := os.ReadFile("../../go.mod")
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(gomod), "mmcloughlin/avo") {
		t.Error("go.mod requires avo: the assembly generator's dependencies belong in tools/asmgen/go.mod")
	}
	tools, err := os.ReadFile("../../tools/asmgen/go.mod")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(string(tools), "module "+module+"/tools/asmgen\n") {
		t.Errorf("tools/asmgen/go.mod does not declare module %s/tools/asmgen", module)
	}
}

func TestMatches(t *testing.T) {
	for _, c := range []struct {
		patterns, p string
		want        bool
	}{
		{"zcodec/store", module + "/store", true},
		{"zcodec/store", module + "/store/byterange", false},
		{"zcodec/store/...", module + "/store", true},
		{"zcodec/store/...", module + "/store/byterange", true},
		{"zcodec/store/...", module + "/storex", false},
		{"std", "net/http", true},
		{"std", "vendor/golang.org/x/net/http2/hpack", true},
		{"std", "github.com/aws/smithy-go", false},
		{"std", module + "/codec", false},
		{"github.com/aws/...", "github.com/aws/aws-sdk-go-v2/aws", true},
		{"net/http os/exec", "os/exec", true},
		{"", "os", false},
	} {
		if got := matches(c.patterns, c.p, isStd); got != c.want {
			t.Errorf("matches(%q, %q) = %v, want %v", c.patterns, c.p, got, c.want)
		}
	}
}
