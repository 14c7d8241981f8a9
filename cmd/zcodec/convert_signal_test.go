//go:build unix

package main

import (
	"bytes"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
)

// TestConvertInterrupted sends SIGINT to a conversion in progress, from
// an object store into a directory: the command stops through its
// context, exits 130 and says so, and neither DST nor the temporary
// directory remains. The source's server sends the signal when the
// command asks for its 10th chunk, and refuses the chunks asked for after
// it, so that the conversion cannot end before the signal does.
func TestConvertInterrupted(t *testing.T) {
	var (
		mu     sync.Mutex
		child  *os.Process
		chunks int
	)
	dir := convertS3Through(t, func(h http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.Method == http.MethodGet && strings.HasPrefix(r.URL.Path, "/zc/src.zarr/") && !strings.HasSuffix(r.URL.Path, ".json") {
				mu.Lock()
				if child != nil {
					chunks++
				}
				if chunks == 10 {
					child.Signal(syscall.SIGINT)
				}
				refuse := chunks >= 10
				mu.Unlock()
				if refuse {
					http.Error(w, "interrupted", http.StatusServiceUnavailable)
					return
				}
			}
			h.ServeHTTP(w, r)
		})
	})
	uploadDir(t, partsSource(t, dir, "src.zarr", 8), "s3://zc/src.zarr")
	out := filepath.Join(t.TempDir(), "out")
	if err := os.Mkdir(out, 0o755); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(zcodecBin, "convert", "s3://zc/src.zarr", filepath.Join(out, "dst.zarr"))
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	mu.Lock()
	err := cmd.Start()
	child = cmd.Process
	mu.Unlock()
	if err != nil {
		t.Fatal(err)
	}
	err = cmd.Wait()
	if code := cmd.ProcessState.ExitCode(); code != 130 {
		t.Errorf("exit status %d (%v), want 130\n%s", code, err, stderr.String())
	}
	if !bytes.Contains(stderr.Bytes(), []byte("zcodec convert: interrupted")) {
		t.Errorf("stderr does not say the conversion was interrupted:\n%s", stderr.String())
	}
	entries, _ := os.ReadDir(out)
	for _, e := range entries {
		t.Errorf("left behind after SIGINT: %s\n%s", e.Name(), stderr.String())
	}
}

// TestConvertResumesAfterKill kills a conversion into an object store (an
// in-process S3 server) midway, with SIGKILL, so that it cleans nothing
// up (the server kills the command when it receives the 10th chunk after
// the marker of the first of three steps, and refuses what else the
// command sends): the same command run again resumes at the step it was in, and DST
// then holds what a conversion into a directory writes, and nothing of
// the plan.
func TestConvertResumesAfterKill(t *testing.T) {
	var (
		mu      sync.Mutex
		child   *os.Process
		chunks  int  // received after the first step's marker
		stepped bool // the first step's marker was received
		killed  bool
	)
	dir := convertS3Through(t, func(h http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.Method == http.MethodPut && r.URL.Path == "/zc/killed.zarr/.zcodec/convert/part-0-of-3.json" {
				mu.Lock()
				stepped = true
				mu.Unlock()
			}
			if r.Method == http.MethodPut && strings.HasPrefix(r.URL.Path, "/zc/killed.zarr/") && !strings.Contains(r.URL.Path, "/.zcodec/") && !strings.HasSuffix(r.URL.Path, "/zarr.json") {
				mu.Lock()
				if stepped {
					chunks++
				}
				if chunks == 10 && child != nil {
					child.Kill()
					killed = true
				}
				refuse := killed && child != nil
				mu.Unlock()
				if refuse {
					http.Error(w, "killed", http.StatusServiceUnavailable)
					return
				}
			}
			h.ServeHTTP(w, r)
		})
	})
	src := partsSource(t, dir, "src.zarr", 8) // 185 units: 3 steps of about 62
	want := filepath.Join(dir, "want")
	mustRun(t, 0, "convert", "--consolidate", src, want)
	const dst = "s3://zc/killed.zarr"

	cmd := exec.Command(zcodecBin, "convert", "--consolidate", src, dst)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	mu.Lock()
	err := cmd.Start()
	child = cmd.Process
	mu.Unlock()
	if err != nil {
		t.Fatal(err)
	}
	err = cmd.Wait()
	mu.Lock()
	child = nil // the rerun's requests pass
	mu.Unlock()
	if ws, ok := cmd.ProcessState.Sys().(syscall.WaitStatus); !ok || !ws.Signaled() || ws.Signal() != syscall.SIGKILL {
		t.Fatalf("the conversion was not killed: %v\n%s", err, stderr.String())
	}
	left := memContents(t, dst)
	if left[".zcodec/convert/plan.json"] == nil || left[".zcodec/convert/part-0-of-3.json"] == nil || left["zarr.json"] != nil {
		t.Fatalf("after SIGKILL, DST holds %d keys, want the plan, the first step's marker and no root metadata", len(left))
	}

	out := mustRun(t, 0, "convert", "--consolidate", src, dst)
	if !strings.Contains(out, "resuming the conversion left in DST") || !strings.Contains(out, "61 of 185 units written") {
		t.Errorf("the rerun does not say it resumes after the first step:\n%s", out)
	}
	sameFiles(t, "resumed", memContents(t, dst), storeFiles(t, want))
	for k := range memContents(t, dst) {
		if strings.HasPrefix(k, ".zcodec/") {
			t.Errorf("left in DST: %s", k)
		}
	}
}
