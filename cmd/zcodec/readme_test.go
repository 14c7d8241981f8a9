package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// readmeSections are the README sections whose examples this test runs.
var readmeSections = []string{"## Command line", "## HDF5, netCDF and Zarr v2 interop"}

// example is one command of the README and the output it shows.
type example struct {
	line   string
	output []string // shown output lines; nil when the README shows none
	prompt bool     // written with a "$ " prompt
}

// readmeExamples returns the shell examples of the sections, in order:
// every line of a block without prompts, or the "$ " lines of a block with
// them, each with the lines shown after it.
func readmeExamples(t *testing.T, sections []string) []example {
	t.Helper()
	b, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	text := string(b)
	var out []example
	for _, title := range sections {
		i := strings.Index(text, "\n"+title+"\n")
		if i < 0 {
			t.Fatalf("README has no section %q", title)
		}
		section := text[i+1:]
		if j := strings.Index(section[len(title):], "\n## "); j >= 0 {
			section = section[:len(title)+j]
		}
		blocks := strings.Split(section, "```")
		for k := 1; k < len(blocks); k += 2 {
			lines := strings.Split(blocks[k], "\n")[1:] // after the info string
			prompt := false
			for _, l := range lines {
				prompt = prompt || strings.HasPrefix(l, "$ ")
			}
			for _, l := range lines {
				switch {
				case prompt && strings.HasPrefix(l, "$ "):
					out = append(out, example{line: l[2:], prompt: true})
				case prompt && len(out) > 0:
					out[len(out)-1].output = append(out[len(out)-1].output, l)
				case !prompt && strings.TrimSpace(l) != "" && !strings.HasPrefix(l, "#"):
					out = append(out, example{line: l})
				}
			}
		}
	}
	return out
}

// TestREADMEExamples runs every command example of the README's command
// line and interop sections, in order, in a directory that has the
// repository's testdata: each must exit 0 (or 1 where the README says
// "exits 1") and print what the README shows.
func TestREADMEExamples(t *testing.T) {
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh")
	}
	ran := runExamples(t, readmeExamples(t, readmeSections), nil)
	if ran < 25 {
		t.Fatalf("only %d examples ran", ran)
	}
}

// runExamples runs the examples in order in a directory that has the
// repository's testdata, checks their exit status and, for those written
// with a prompt, that they print what the README shows (both passed
// through normalize, when not nil). It returns how many ran.
func runExamples(t *testing.T, examples []example, normalize func(string) string) int {
	t.Helper()
	dir := t.TempDir()
	testdata, _ := filepath.Abs("../../testdata")
	if err := os.Symlink(testdata, filepath.Join(dir, "testdata")); err != nil {
		t.Fatal(err)
	}
	env := append(os.Environ(), "PATH="+filepath.Dir(zcodecBin)+string(os.PathListSeparator)+os.Getenv("PATH"))
	ran := 0
	for _, ex := range examples {
		if strings.HasPrefix(ex.line, "go ") || strings.HasPrefix(ex.line, "export ") {
			continue // building and PATH: done by TestMain
		}
		cmd := exec.Command("sh", "-c", ex.line)
		cmd.Dir, cmd.Env = dir, env
		out, _ := cmd.CombinedOutput()
		want := 0
		if strings.Contains(ex.line, "# exits 1") {
			want = 1
		}
		if code := cmd.ProcessState.ExitCode(); code != want {
			t.Errorf("%s\nexit %d, want %d:\n%s", ex.line, code, want, out)
			continue
		}
		ran++
		if ex.prompt {
			got := strings.TrimRight(string(out), "\n")
			shown := strings.TrimRight(strings.Join(ex.output, "\n"), "\n")
			if normalize != nil {
				got, shown = normalize(got), normalize(shown)
			}
			if got != shown {
				t.Errorf("%s\nprints:\n%s\nthe README shows:\n%s", ex.line, got, shown)
			}
		}
	}
	return ran
}
