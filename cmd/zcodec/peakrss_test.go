package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
)

// peakRSSEnv, set in the environment of this test binary, makes it a
// launcher: it runs the command the variable holds (a JSON list of
// arguments), passes its output through and prints its peak resident set
// size on a last line. Linux starts a child that a process forks to
// execute (as os/exec does, sharing its memory until the exec) with that
// process's peak resident set size as its own, so a command started from
// a test process that holds hundreds of megabytes of other tests' data
// reports their peak, not its own. The launcher is a fresh process,
// small, and its children report what they held.
const peakRSSEnv = "ZCODEC_TEST_PEAK_RSS_OF"

// peakRSS runs argv, with env added to this process's environment,
// through the launcher, and returns its peak resident set size in bytes,
// its combined output and its exit status.
func peakRSS(t *testing.T, argv []string, env ...string) (rss int64, out []byte, code int) {
	t.Helper()
	spec, err := json.Marshal(argv)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(os.Args[0])
	cmd.Env = append(append(os.Environ(), env...), peakRSSEnv+"="+string(spec))
	all, err := cmd.CombinedOutput()
	if cmd.ProcessState == nil {
		t.Fatalf("launching %v: %v", argv, err)
	}
	i := bytes.LastIndex(all, []byte("\npeak-rss "))
	if i < 0 {
		t.Fatalf("the launcher of %v printed no peak:\n%s", argv, all)
	}
	rss, err = strconv.ParseInt(strings.TrimSpace(string(all[i+len("\npeak-rss "):])), 10, 64)
	if err != nil {
		t.Fatalf("the launcher of %v: %v", argv, err)
	}
	return rss, all[:i+1], cmd.ProcessState.ExitCode()
}

// launchForPeakRSS is the launcher's main: it runs the command of spec
// and returns its exit status.
func launchForPeakRSS(spec string) int {
	var argv []string
	if err := json.Unmarshal([]byte(spec), &argv); err != nil || len(argv) == 0 {
		fmt.Fprintf(os.Stderr, "%s: not a JSON list of arguments: %q\n", peakRSSEnv, spec)
		return 2
	}
	cmd := exec.Command(argv[0], argv[1:]...)
	var env []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, peakRSSEnv+"=") {
			env = append(env, kv)
		}
	}
	cmd.Env = env
	cmd.Stdout, cmd.Stderr = os.Stdout, os.Stdout
	err := cmd.Run()
	if cmd.ProcessState == nil {
		fmt.Printf("starting %s: %v\n", argv[0], err)
		return 2
	}
	fmt.Printf("\npeak-rss %d\n", maxRSS(cmd))
	return cmd.ProcessState.ExitCode()
}
