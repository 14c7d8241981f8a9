package main

import (
	"os"
	"testing"
)

// TestMedianRatio: runs are paired by index, and the rates are each
// run's own N over its CPU time.
func TestMedianRatio(t *testing.T) {
	ours := series{{N: 10, CPU: 1, Wall: 2}, {N: 10, CPU: 2, Wall: 2}, {N: 10, CPU: 1, Wall: 1}}
	peer := series{{N: 1, CPU: 1, Wall: 1}, {N: 5, CPU: 1, Wall: 1}}
	// pairs: 10/1 and 5/5
	if got := medianRatio(ours, peer); got != 5.5 {
		t.Errorf("medianRatio = %v, want 5.5", got)
	}
	if got := ours.top(true); got != 10 {
		t.Errorf("top by CPU = %v, want 10", got)
	}
	if got := ours.quickest(); got != 1 {
		t.Errorf("quickest = %v, want 1", got)
	}
	if got := medianRatio(ours, nil); got != 0 {
		t.Errorf("medianRatio without a peer = %v, want 0", got)
	}
}

func TestCommandLine(t *testing.T) {
	defer func(a []string) { os.Args = a }(os.Args)
	os.Args = []string{"x", "-repeat", "3", "-o", "out.md", "-only", "HTTP scan|set", "-md", "-o=x"}
	want := "go run ./bench/refscompare -repeat 3 -only 'HTTP scan|set' -md"
	if got := commandLine(); got != want {
		t.Errorf("commandLine() = %q, want %q", got, want)
	}
}

func TestAgree(t *testing.T) {
	if err := agree(found{Arrays: 2, Chunks: 3, Bytes: 4}, map[string]any{"arrays": 2.0, "chunks": 3.0, "bytes": 4.0}); err != nil {
		t.Error(err)
	}
	if err := agree(found{Arrays: 2, Chunks: 3, Bytes: 4}, map[string]any{"arrays": 2.0, "chunks": 3.0, "bytes": 5.0}); err == nil {
		t.Error("different bytes agree")
	}
}
