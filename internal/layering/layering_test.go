package layering

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// The rules. Patterns are separated by spaces: "zcodec/x" is the module's
// package x (github.com/zcodec/zcodec/x), "zcodec/x/..." is x and every
// package below it, "github.com/aws/..." is any package under that path,
// and "std" is any package of the standard library. Each rule applies to
// the packages that match pkgs and not except:
//
//   - never: none of them depends, directly or through others, on a
//     package that matches never and not allow (a build without tags,
//     test files left out);
//   - only: everything they depend on, directly or through others,
//     matches only;
//   - direct: never applies to what their own non-test files import, not
//     to what those imports import (for "only X may import Y").
var rules = []rule{
	{
		pkgs: "zcodec/store/byterange",
		only: "std", never: "net/http os/exec",
		why: "byte ranges are the one thing readers of values share with stores: the standard library only",
	},
	{
		pkgs: "zcodec/region",
		only: "std",
		why:  "the geometry of boxes and chunk grids sits below every package that uses it, codecs included: the standard library only",
	},
	{
		pkgs:  "zcodec/numeric zcodec/codec zcodec/registry zcodec/metadata zcodec/codecs/... zcodec/interop/cf zcodec/interop/zarrv2 zcodec/interop/netcdf zcodec/interop/hdf5 zcodec/interop/hdf5/h5file",
		never: "net/http crypto/tls os/exec zcodec/store/... github.com/aws/...",
		allow: "zcodec/store/byterange",
		why:   "codecs, metadata and the readers of formats work on bytes: no network, no processes, no stores (byte ranges only)",
	},
	{
		pkgs:  "zcodec/interop/hdf5/h5store",
		never: "os/exec zcodec/zarr zcodec/store/s3store github.com/aws/...",
		why:   "the store of HDF5 files serves Zarr keys: it reads files through package store, and knows no array layer and no object-store SDK",
	},
	{
		pkgs: "zcodec/interop/hdf5/h5file",
		only: "std zcodec/store/byterange zcodec/internal/...",
		why:  "the HDF5 file reader stands alone: the standard library, byte ranges and the module's internal helpers",
	},
	{
		pkgs: "zcodec/internal/npdtype",
		only: "std zcodec/numeric zcodec/internal/... golang.org/x/sys/...",
		why:  "NumPy's dtype strings map to data types and byte orders: the standard library, numeric and internal helpers, no codec",
	},
	{
		pkgs:  "zcodec/store",
		never: "zcodec/codec zcodec/codecs/... zcodec/metadata zcodec/registry zcodec/zarr zcodec/interop/...",
		why:   "stores hold bytes and know nothing of what the bytes mean",
	},
	{
		pkgs:  "zcodec/convert",
		never: "zcodec/cmd/... zcodec/store/s3store zcodec/interop/hdf5/... github.com/aws/...",
		why:   "the conversion protocol works on any store: programs choose which stores and formats to link",
	},
	{
		pkgs:  "zcodec/zarr",
		never: "zcodec/cmd/... zcodec/bench/... zcodec/store/s3store zcodec/interop/hdf5/...",
		why:   "the array layer links no command, no benchmark, no object-store SDK and no HDF5 reader: programs choose those",
	},
	{
		pkgs: "zcodec/...", except: "zcodec/store/s3store zcodec/cmd/zcodec",
		never: "github.com/aws/...", direct: true,
		why: "only store/s3store (and the command, and tests) speak to the AWS SDK",
	},
	{
		pkgs: "zcodec/...", except: "zcodec/cmd/zcodec",
		never: "github.com/schollz/progressbar/...", direct: true,
		why: "progress bars are the command's",
	},
	{
		pkgs: "zcodec/...", except: "zcodec/cmd/... zcodec/bench/...",
		never: "zcodec/cmd/... zcodec/bench/...",
		why:   "libraries import no command and no benchmark program",
	},
	{
		pkgs: "zcodec/...", except: "zcodec/internal/storetest zcodec/internal/faultproxy zcodec/internal/b2btest zcodec/internal/testvec",
		never: "zcodec/internal/storetest zcodec/internal/faultproxy zcodec/internal/b2btest zcodec/internal/testvec", direct: true,
		why: "the test helpers are for _test files only",
	},
	{
		pkgs:  "zcodec/...",
		never: "github.com/DataDog/zstd/...",
		why:   "libzstd (cgo) is linked only under the libzstd build tag",
	},
	{
		pkgs: "zcodec/...", except: "zcodec/bench/... zcodec/internal/benchdata",
		never: "zcodec/internal/benchdata", direct: true,
		why: "the benchmark data generator is for package bench, its programs and _test files: no library or command links it",
	},
	{
		pkgs: "zcodec/...", except: "zcodec/tools/...",
		never: "github.com/mmcloughlin/...",
		why:   "avo generates the assembly from tools/asmgen, a module of its own run with go run: it never enters a build of zcodec",
	},
}

// libzstdRule is checked against a listing with the libzstd tag.
var libzstdRule = rule{
	pkgs: "zcodec/...", except: "zcodec/codecs/zstd",
	never: "github.com/DataDog/zstd/...", direct: true,
	why: "under the libzstd tag, only codecs/zstd imports libzstd's binding",
}

// module is the module's path; "zcodec/" in a pattern stands for it.
const module = "github.com/zcodec/zcodec"

// rule is one line of the table above.
type rule struct {
	pkgs, except string
	never, allow string
	only         string
	direct       bool
	why          string
}

// String returns the rule as written in the table, for messages.
func (r rule) String() string {
	var b strings.Builder
	b.WriteString(r.pkgs)
	if r.except != "" {
		b.WriteString(" (except " + r.except + ")")
	}
	if r.never != "" {
		if r.direct {
			b.WriteString(": never import " + r.never)
		} else {
			b.WriteString(": never depend on " + r.never)
		}
		if r.allow != "" {
			b.WriteString(" (allowed: " + r.allow + ")")
		}
	}
	if r.only != "" {
		b.WriteString(": only depend on " + r.only)
	}
	return b.String() + " — " + r.why
}

// pkg is what the checker knows of one package: its path and what its
// non-test files import.
type pkg struct {
	ImportPath string
	Imports    []string
}

// violation is one import that breaks a rule.
type violation struct {
	pkg   string   // the package the rule is about
	dep   string   // the package it must not depend on
	chain []string // how it does: pkg, its import, ..., dep
	rule  rule
}

func (v violation) String() string {
	if len(v.chain) > 2 {
		return fmt.Sprintf("%s depends on %s (%s), which breaks the rule\n\t%s", short(v.pkg), short(v.dep), strings.Join(v.chain, " -> "), v.rule)
	}
	return fmt.Sprintf("%s imports %s, which breaks the rule\n\t%s", short(v.pkg), short(v.dep), v.rule)
}

// short writes the module's packages as the rules do.
func short(p string) string {
	if p == module || strings.HasPrefix(p, module+"/") {
		return "zcodec" + strings.TrimPrefix(p, module)
	}
	return p
}

// matches reports whether the package path p matches one of the patterns.
func matches(patterns, p string, std func(string) bool) bool {
	for _, pat := range strings.Fields(patterns) {
		if pat == "std" {
			if std(p) {
				return true
			}
			continue
		}
		if rest, ok := strings.CutPrefix(pat, "zcodec"); ok && (rest == "" || rest[0] == '/') {
			pat = module + rest
		}
		if base, ok := strings.CutSuffix(pat, "/..."); ok {
			if p == base || strings.HasPrefix(p, base+"/") {
				return true
			}
			continue
		}
		if p == pat {
			return true
		}
	}
	return false
}

// isStd reports whether p is a package of the standard library: its
// first element has no dot and it is not the module's.
func isStd(p string) bool {
	first, _, _ := strings.Cut(p, "/")
	return !strings.Contains(first, ".") && p != "C"
}

// check returns every violation of rules in the listing pkgs (every
// package of the module, and everything they depend on, with their
// imports).
func check(pkgs []pkg, rules []rule) []violation {
	byPath := map[string]pkg{}
	for _, p := range pkgs {
		byPath[p.ImportPath] = p
	}
	var out []violation
	for _, p := range pkgs {
		if !strings.HasPrefix(p.ImportPath+"/", module+"/") {
			continue
		}
		for _, r := range rules {
			if !matches(r.pkgs, p.ImportPath, isStd) || matches(r.except, p.ImportPath, isStd) {
				continue
			}
			bad := func(dep string) bool {
				switch {
				case r.never != "" && matches(r.never, dep, isStd) && !matches(r.allow, dep, isStd):
					return true
				case r.only != "" && !matches(r.only, dep, isStd):
					return true
				}
				return false
			}
			if r.direct {
				for _, dep := range p.Imports {
					if bad(dep) {
						out = append(out, violation{pkg: p.ImportPath, dep: dep, chain: []string{short(p.ImportPath), short(dep)}, rule: r})
					}
				}
				continue
			}
			// Walk the dependencies breadth first, so that each bad one is
			// reported once, with the shortest chain that leads to it.
			from := map[string]string{p.ImportPath: ""}
			queue := []string{p.ImportPath}
			for len(queue) > 0 {
				cur := queue[0]
				queue = queue[1:]
				for _, dep := range byPath[cur].Imports {
					if _, seen := from[dep]; seen {
						continue
					}
					from[dep] = cur
					if bad(dep) {
						var chain []string
						for c := dep; c != ""; c = from[c] {
							chain = append(chain, short(c))
						}
						slices.Reverse(chain)
						out = append(out, violation{pkg: p.ImportPath, dep: dep, chain: chain, rule: r})
						continue // what it imports is its own rule's
					}
					queue = append(queue, dep)
				}
			}
		}
	}
	return out
}

// list runs `go list -e -deps -json` on the module with the given build
// tags and returns the packages it reports.
func list(t *testing.T, tags string) []pkg {
	t.Helper()
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Skipf("no go command: %v", err)
	}
	args := []string{"list", "-e", "-deps", "-json=ImportPath,Imports"}
	if tags != "" {
		args = append(args, "-tags", tags)
	}
	cmd := exec.Command(gobin, append(args, module+"/...")...)
	cmd.Dir = "../.."
	cmd.Env = append(os.Environ(), "GOPROXY=off", "GOWORK=off")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, stderr.Bytes())
	}
	var pkgs []pkg
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var p pkg
		if err := dec.Decode(&p); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			t.Fatal(err)
		}
		pkgs = append(pkgs, p)
	}
	if !slices.ContainsFunc(pkgs, func(p pkg) bool { return p.ImportPath == module+"/store" }) {
		t.Fatalf("go list found no package %s/store: %d packages", module, len(pkgs))
	}
	return pkgs
}

// report fails t with every violation.
func report(t *testing.T, vs []violation) {
	t.Helper()
	for _, v := range vs {
		t.Error(v)
	}
}

func TestLayering(t *testing.T) {
	report(t, check(list(t, ""), rules))
}

func TestLayeringLibzstd(t *testing.T) {
	report(t, check(list(t, "libzstd"), []rule{libzstdRule}))
}
