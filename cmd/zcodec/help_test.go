package main

import (
	"os"
	"slices"
	"strings"
	"testing"
)

// everyCommand lists every command and subcommand.
func everyCommand() [][]string {
	var out [][]string
	groups := map[string][]string{
		"hdf5":      {"translate", "filters"},
		"netcdf":    {"parse-filter", "format-filter"},
		"fillvalue": {"encode", "decode"},
		"v2":        {"convert"},
	}
	for _, c := range commands() {
		out = append(out, []string{c.name})
		for _, sub := range groups[c.name] {
			out = append(out, []string{c.name, sub})
		}
	}
	return out
}

// TestHelpEverywhere: every command and subcommand prints its usage on
// standard output and exits 0 for -h, -help and --help, wherever they
// stand, and never takes "-h" for a file name or a flag value.
func TestHelpEverywhere(t *testing.T) {
	if len(everyCommand()) < 16 {
		t.Fatalf("only %d commands", len(everyCommand()))
	}
	for _, cmd := range everyCommand() {
		for _, extra := range [][]string{
			{"-h"}, {"--help"}, {"-help"},
			{"somefile.json", "-h"},
			{"-", "--help"},
			{"--metadata", "-h"},
			{"-o", "-h", "x"},
		} {
			args := append(append([]string{}, cmd...), extra...)
			out, errOut, code := runIn(t, nil, args...)
			if code != 0 || !strings.HasPrefix(out, "usage: zcodec "+cmd[0]) {
				t.Errorf("zcodec %q: exit %d, stdout %q, stderr %q", args, code, out, errOut)
			}
			if strings.Contains(errOut, "no such file") || strings.Contains(errOut, `"-h"`) {
				t.Errorf("zcodec %q: took -h as a name: %q", args, errOut)
			}
		}
	}
	// the top level
	for _, h := range []string{"-h", "--help", "help"} {
		out, _, code := runIn(t, nil, h)
		if code != 0 || !strings.HasPrefix(out, "usage: zcodec COMMAND") {
			t.Errorf("zcodec %s: exit %d, %q", h, code, out)
		}
	}
	// after "--" it is an operand again
	_, errOut, code := runIn(t, nil, "validate", "--", "-h")
	if code != 1 || !strings.Contains(errOut+"", "") {
		t.Errorf("validate -- -h: exit %d", code)
	}
}

// TestUsageErrorsGoToStderr: a usage error prints the problem and the
// synopsis on standard error and exits 2.
func TestUsageErrorsGoToStderr(t *testing.T) {
	for _, args := range [][]string{
		{}, {"frobnicate"}, {"encode"}, {"validate"}, {"decode", "--metadata"},
		{"codecs", "extra"}, {"validate", "--frob", "x"}, {"encode", "--max-chunk-bytes", "lots", "--metadata", "x"},
		{"hdf5", "translate"}, {"netcdf", "parse-filter", "a", "b"}, {"v2", "convert", "a", "b"},
	} {
		out, errOut, code := runIn(t, nil, args...)
		if code != 2 || out != "" || !strings.Contains(errOut, "usage: zcodec") {
			t.Errorf("zcodec %q: exit %d, stdout %q, stderr %q", args, code, out, errOut)
		}
	}
}

// TestPackageDocListsEveryCommand: the package comment (doc.go) lists
// every command of the table, in its order, and names every subcommand.
func TestPackageDocListsEveryCommand(t *testing.T) {
	t.Parallel()
	src, err := os.ReadFile("doc.go")
	if err != nil {
		t.Fatal(err)
	}
	var listed []string
	for _, line := range strings.Split(string(src), "\n") {
		if rest, ok := strings.CutPrefix(line, "//\t"); ok && rest != "" && rest[0] != ' ' {
			if name, _, ok := strings.Cut(rest, " "); ok && name != "zcodec" {
				listed = append(listed, name)
			}
		}
	}
	var want []string
	for _, c := range commands() {
		want = append(want, c.name)
	}
	if !slices.Equal(listed, want) {
		t.Errorf("the package comment lists %v, the command table %v", listed, want)
	}
	for _, cmd := range everyCommand() {
		if len(cmd) == 2 && !strings.Contains(string(src), strings.Join(cmd, " ")) {
			t.Errorf("the package comment does not name %q", strings.Join(cmd, " "))
		}
	}
}
