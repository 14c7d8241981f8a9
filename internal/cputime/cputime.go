// Package cputime runs benchmark loops that report, beside the wall-clock
// figures of go test -bench, throughput over the process's CPU time
// ("cpu-MB/s"). On a machine shared with other work, wall time counts the
// time a benchmark waited for a core; CPU time does not, so it compares
// runs made under different loads, and with peers timed the same way
// (Python's time.process_time). Process and Thread are the clocks; where
// the system does not give one, it reads 0.
package cputime

import "testing"

// Loop runs f in b's loop and reports cpu-MB/s for n bytes an iteration,
// where the platform gives the process's CPU time.
func Loop(b *testing.B, n int, f func()) {
	start := Process()
	for b.Loop() {
		f()
	}
	if cpu := Process() - start; cpu > 0 {
		b.ReportMetric(float64(b.N)*float64(n)/cpu.Seconds()/1e6, "cpu-MB/s")
	}
}
