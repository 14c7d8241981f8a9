package codec_test

import (
	"syscall"
	"time"
)

// threadCPUTime returns the CPU time (user and system) the calling thread
// has used, or 0 where it cannot be read. A benchmark that reports it per
// operation measures work, not the waits of a machine shared with other
// processes.
func threadCPUTime() time.Duration {
	const rusageThread = 1 // RUSAGE_THREAD
	var ru syscall.Rusage
	if syscall.Getrusage(rusageThread, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
