package main

import (
	"bytes"
	"os"
	"strings"
	"testing"
)

// TestREADMEUpToDate checks that the README's performance block is
// bench/performance.md: after a new run of bench/compare, go run
// ./bench/readme updates it.
func TestREADMEUpToDate(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	results, err := os.ReadFile("../performance.md")
	if err != nil {
		t.Fatal(err)
	}
	want, err := splice(readme, results)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(readme, want) {
		t.Error("README.md's performance block differs from bench/performance.md: run go run ./bench/readme from the repository root")
	}
}

func TestSplice(t *testing.T) {
	in := "a\n" + begin + "old\n" + end + "b\n"
	got, err := splice([]byte(in), []byte("new"))
	if err != nil {
		t.Fatal(err)
	}
	if want := "a\n" + begin + "new\n" + end + "b\n"; string(got) != want {
		t.Errorf("splice = %q, want %q", got, want)
	}
	for _, bad := range []string{"no markers\n", end + begin, begin + begin + end, begin + end + end} {
		if _, err := splice([]byte(bad), nil); err != errMarkers {
			t.Errorf("splice(%q): err %v, want errMarkers", bad, err)
		}
	}
}

// FuzzSplice checks that splice either refuses a README or keeps what
// lies outside the markers and puts results between them.
func FuzzSplice(f *testing.F) {
	f.Add("a\n"+begin+"old\n"+end+"b\n", "new")
	f.Add(begin+end, "")
	f.Add(end+begin, "x\n")
	f.Fuzz(func(t *testing.T, readme, results string) {
		out, err := splice([]byte(readme), []byte(results))
		if err != nil {
			return
		}
		i, j := strings.Index(readme, begin), strings.Index(readme, end)
		want := readme[:i+len(begin)] + results
		if results != "" && !strings.HasSuffix(results, "\n") {
			want += "\n"
		}
		want += readme[j:]
		if string(out) != want {
			t.Fatalf("splice(%q, %q) = %q, want %q", readme, results, out, want)
		}
	})
}
