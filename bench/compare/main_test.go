package main

import (
	"os"
	"strings"
	"testing"
	"time"
)

func TestMedian(t *testing.T) {
	for _, tc := range []struct {
		v    []float64
		want float64
	}{{nil, 0}, {[]float64{3}, 3}, {[]float64{5, 1, 3}, 3}, {[]float64{4, 1, 3, 2}, 2.5}} {
		if got := median(tc.v); got != tc.want {
			t.Errorf("median(%v) = %v, want %v", tc.v, got, tc.want)
		}
	}
}

// TestPairedMedian checks that the median pairs run i of each side: the
// best figures of each side give 2, the pairs' ratios 2, 1 and 0.5.
func TestPairedMedian(t *testing.T) {
	ours := []timing{{CPU: 1}, {CPU: 4}, {CPU: 4}} // seconds per call
	peer := []timing{{CPU: 2}, {CPU: 4}, {CPU: 2}}
	if got := pairedMedian(ours, peer); got != 1 {
		t.Errorf("pairedMedian = %v, want 1", got)
	}
	if got := best(1e6, ours, true) / best(1e6, peer, true); got != 2 {
		t.Errorf("best ratio = %v, want 2", got)
	}
}

// TestCases resolves every row's chain on its chunk and checks that
// compare.py has the row's recipe.
func TestCases(t *testing.T) {
	script, err := os.ReadFile("../compare.py")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	seen := map[string]bool{}
	for _, c := range sets["all"] {
		if seen[c.name] {
			t.Errorf("%s: two rows of that name", c.name)
		}
		seen[c.name] = true
		if !strings.HasPrefix(c.recipe, "blosc:") && !strings.Contains(string(script), `"`+c.recipe+`":`) {
			t.Errorf("%s: recipe %q is not in compare.py", c.name, c.recipe)
		}
		if _, err := prepare(c, dir); err != nil {
			t.Errorf("%s: %v", c.name, err)
		}
	}
	if n := len(kernelCases) + len(zstdCases) + len(codecCases); len(sets["all"]) != n {
		t.Errorf("-set all has %d rows, want %d", len(sets["all"]), n)
	}
}

// TestPeer runs compare.py, where /usr/bin/python3 has numcodecs, on two
// rows and checks its answers: timings, and the compression ratio of
// numcodecs' own encoding (1 for shuffle; for shuffle + lz4 within 2% of
// zcodec's, the same block format and compressor).
func TestPeer(t *testing.T) {
	if testing.Short() {
		t.Skip("starts Python")
	}
	dir := t.TempDir()
	var rows []benchCase
	for _, c := range sets["all"] {
		if c.name == "shuffle(4)" || c.name == "shuffle(4)+lz4" {
			rows = append(rows, c)
		}
	}
	runs := make([]*zcodecRun, len(rows))
	for i, c := range rows {
		var err error
		if runs[i], err = prepare(c, dir); err != nil {
			t.Fatal(err)
		}
	}
	p, err := startPeer(dir) // finds ../compare.py
	if err != nil {
		t.Skipf("no peer: %v", err)
	}
	defer p.close()
	if p.hello.Numcodecs == "" || p.hello.NumPy == "" {
		t.Errorf("hello %+v: versions missing", p.hello)
	}
	for i, c := range rows {
		r, err := p.time(c, time.Millisecond)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		for _, tm := range []timing{r.Encode, r.Decode} {
			if tm.Wall <= 0 || tm.CPU <= 0 || tm.Wall > 1 {
				t.Errorf("%s: timing %+v", c.name, tm)
			}
		}
		if d := r.Ratio/runs[i].ratio - 1; d > 0.02 || d < -0.02 {
			t.Errorf("%s: peer ratio %.4f, zcodec %.4f", c.name, r.Ratio, runs[i].ratio)
		}
	}
	bad := benchCase{recipe: "no such recipe", dtype: rows[0].dtype, kind: rows[0].kind}
	if _, err := p.time(bad, time.Millisecond); err == nil {
		t.Error("an unknown recipe: no error")
	}
}
