package main

import (
	"bufio"
	"fmt"
	"os"
	"runtime"
	"strings"

	"github.com/zcodec/zcodec/internal/cpufeat"
)

// cpuModel returns the "model name" of /proc/cpuinfo, or "unknown CPU".
func cpuModel() string {
	f, err := os.Open("/proc/cpuinfo")
	if err != nil {
		return "unknown CPU"
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if k, v, ok := strings.Cut(sc.Text(), ":"); ok && strings.TrimSpace(k) == "model name" {
			return strings.TrimSpace(v)
		}
	}
	return "unknown CPU"
}

// loadAvg returns the 1, 5 and 15 minute load averages of /proc/loadavg,
// or "unknown".
func loadAvg() string {
	b, err := os.ReadFile("/proc/loadavg")
	if f := strings.Fields(string(b)); err == nil && len(f) >= 3 {
		return strings.Join(f[:3], " ")
	}
	return "unknown"
}

// machineLine describes the machine: CPU model, architecture, CPUs and
// GOMAXPROCS.
func machineLine() string {
	return fmt.Sprintf("%s, %s/%s, %d CPUs, GOMAXPROCS %d", cpuModel(), runtime.GOOS, runtime.GOARCH, runtime.NumCPU(), runtime.GOMAXPROCS(0))
}

// kernelsLine says what the CPU allows the vector kernels and what each
// kernel family chose.
func kernelsLine() string {
	var b strings.Builder
	fmt.Fprintf(&b, "CPU allows %s", cpufeat.Describe())
	ch := cpufeat.Choices()
	if len(ch) == 0 {
		b.WriteString("; every kernel pure Go (a build with -tags noasm, or not amd64)")
		return b.String()
	}
	b.WriteString("; chosen: ")
	for i, c := range ch {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%s %s", c.Family, c.ISA)
	}
	return b.String()
}
