package apilist

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the api/ listing files from the source")

// root is the module root, from this package's directory.
const root = "../.."

// TestAPIListing checks that the committed api/ files are the listing of
// the current source; with -update it rewrites them instead.
func TestAPIListing(t *testing.T) {
	want, err := Generate(root)
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(root, Dir)
	entries, err := os.ReadDir(dir)
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	committed := map[string][]byte{}
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".txt") {
			continue
		}
		b, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		committed[e.Name()] = b
	}
	if *update {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		for name, b := range want {
			if !bytes.Equal(committed[name], b) || committed[name] == nil {
				if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
					t.Fatal(err)
				}
				t.Logf("wrote %s/%s", Dir, name)
			}
		}
		for name := range committed {
			if _, ok := want[name]; !ok {
				if err := os.Remove(filepath.Join(dir, name)); err != nil {
					t.Fatal(err)
				}
				t.Logf("removed %s/%s (no such public package)", Dir, name)
			}
		}
		return
	}
	var names []string
	for name := range want {
		names = append(names, name)
	}
	for name := range committed {
		if _, ok := want[name]; !ok {
			names = append(names, name)
		}
	}
	slices.Sort(names)
	failed := false
	for _, name := range names {
		w, wok := want[name]
		c, cok := committed[name]
		switch {
		case !cok:
			t.Errorf("%s/%s is missing: a new public package", Dir, name)
			failed = true
		case !wok:
			t.Errorf("%s/%s lists a package that is no longer public or no longer exists", Dir, name)
			failed = true
		case !bytes.Equal(w, c):
			t.Errorf("%s/%s differs from the source (+ in the source only, - in the file only):\n%s", Dir, name, Diff(c, w))
			failed = true
		}
	}
	if failed {
		t.Errorf("the public API changed: if that is deliberate, run\n\tgo test ./internal/apilist -update\nand commit %s/", Dir)
	}
}

// TestDiff checks the line diff of two listings.
func TestDiff(t *testing.T) {
	old := []byte("a\nb\nd\n")
	cur := []byte("a\nc\nd\ne\n")
	if got, want := Diff(old, cur), "- b\n+ c\n+ e\n"; got != want {
		t.Errorf("Diff = %q, want %q", got, want)
	}
}

// TestGenerateKinds lists a small module that holds every kind of
// declaration, an internal package, a command, a testdata directory and a
// nested module.
func TestGenerateKinds(t *testing.T) {
	got, err := Generate(filepath.Join("testdata", "mod"))
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || got["p.txt"] == nil {
		var names []string
		for n := range got {
			names = append(names, n)
		}
		t.Fatalf("files %v, want [p.txt]", names)
	}
	want := `pkg p, const Big = 1 << 40
pkg p, const KindA Kind
pkg p, const KindB Kind
pkg p, const KindD Kind
pkg p, const Name = "p"
pkg p, func Arch() string
pkg p, func Map[S, D any]([]S, func(S) D) []D
pkg p, func NewT(Kind) *T
pkg p, func OnlyAMD64()
pkg p, method (*G[K, V]) Get(K) (V, bool)
pkg p, method (*T) Method(context.Context, []byte, []byte, ...string) (int, error)
pkg p, method (T) Promoted()
pkg p, type Alias = T
pkg p, type Embedded struct
pkg p, type Embedded struct, X int
pkg p, type Func func(string) error
pkg p, type G[K comparable, V Number] struct
pkg p, type G[K comparable, V Number] struct, M map[K]V
pkg p, type I interface { Do, io.Reader, unexported methods }
pkg p, type I interface, Do(int) error
pkg p, type I interface, embedded io.Reader
pkg p, type I interface, unexported methods
pkg p, type Kind uint8
pkg p, type Number interface { ~int | ~float64 }
pkg p, type Number interface, embedded ~int | ~float64
pkg p, type Other struct
pkg p, type T struct
pkg p, type T struct, A int
pkg p, type T struct, B int
pkg p, type T struct, F func(context.Context, int) error
pkg p, type T struct, embedded *Other
pkg p, type T struct, embedded Embedded
pkg p, type T struct, unexported fields
pkg p, var Conv int64
pkg p, var Count int
pkg p, var ErrP error
pkg p, var Fn func(int, int) int
pkg p, var Names []string
pkg p, var Pair1 float64
pkg p, var Pair2 rune
pkg p, var Ptr *T
pkg p, var Unknown
`
	if g := string(got["p.txt"]); g != want {
		t.Errorf("listing differs (+ got only, - want only):\n%s", Diff([]byte(want), []byte(g)))
	}
}
