//go:build unix

package main

import (
	"bytes"
	"context"
	"encoding/json"
	"math/rand/v2"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/metadata"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/registry"
	"github.com/zcodec/zcodec/store"
	"github.com/zcodec/zcodec/zarr"
)

// TestConvertInterrupted sends SIGINT to a conversion in progress: the
// command stops through its context, exits 130 and says so, and neither
// DST nor the temporary directory remains.
func TestConvertInterrupted(t *testing.T) {
	if testing.Short() {
		t.Skip("writes a 32 MiB array")
	}
	dir := t.TempDir()
	src := filepath.Join(dir, "src.zarr")
	d, err := store.CreateDir(src)
	if err != nil {
		t.Fatal(err)
	}
	chain, _ := registry.Default().ParseCodecs(json.RawMessage(`[{"name":"bytes","configuration":{"endian":"little"}}]`), "/codecs")
	ctx := context.Background()
	a, err := zarr.Create(ctx, d, "", &metadata.ArrayDefinition{Shape: []int64{32, 512, 512}, DataType: numeric.Float32,
		ChunkShape: []int{1, 512, 512}, FillValue: numeric.FloatScalar(numeric.Float32, 0), Codecs: chain.Codecs}, nil)
	if err != nil {
		t.Fatal(err)
	}
	plane := make([]float32, 512*512)
	rng := rand.New(rand.NewPCG(1, 2))
	for z := range int64(32) {
		for i := range plane {
			plane[i] = float32(rng.NormFloat64()) // hard to compress: gzip -9 is slow on it
		}
		if err := zarr.Write(ctx, a, codec.Region{Start: []int64{z, 0, 0}, Shape: []int64{1, 512, 512}}, plane); err != nil {
			t.Fatal(err)
		}
	}
	d.Close()
	codecs := filepath.Join(dir, "codecs.json")
	os.WriteFile(codecs, []byte(`[{"name":"bytes","configuration":{"endian":"big"}},{"name":"gzip","configuration":{"level":9}}]`), 0o666)
	dst := filepath.Join(dir, "dst.zarr")
	cmd := exec.Command(zcodecBin, "convert", "--codecs", codecs, src, dst)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(10 * time.Second)
	for { // wait for the temporary directory, then for a few chunks in it
		if m, _ := filepath.Glob(filepath.Join(dir, ".dst.zarr.zcodec-tmp-*")); len(m) > 0 || time.Now().After(deadline) {
			break
		}
		time.Sleep(5 * time.Millisecond)
	}
	time.Sleep(200 * time.Millisecond)
	cmd.Process.Signal(syscall.SIGINT)
	err = cmd.Wait()
	if err == nil {
		t.Skip("the conversion finished before the signal")
	}
	if code := cmd.ProcessState.ExitCode(); code != 130 {
		t.Errorf("exit status %d (%v), want 130\n%s", code, err, stderr.String())
	}
	if !bytes.Contains(stderr.Bytes(), []byte("zcodec convert: interrupted")) {
		t.Errorf("stderr does not say the conversion was interrupted:\n%s", stderr.String())
	}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if e.Name() != "src.zarr" && e.Name() != "codecs.json" {
			t.Errorf("left behind after SIGINT: %s (%v)\n%s", e.Name(), err, stderr.String())
		}
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
