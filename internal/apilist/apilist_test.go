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
