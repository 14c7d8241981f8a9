package cputime

import (
	"syscall"
	"time"
	"unsafe"
)

// Thread returns the CPU time the calling thread has used (Linux's
// CLOCK_THREAD_CPUTIME_ID, in nanoseconds), or 0 where it cannot be read:
// per operation of a benchmark locked to its thread, it measures work, not
// the waits of a machine shared with other processes.
func Thread() time.Duration {
	const clockThreadCPUTimeID = 3
	var ts syscall.Timespec
	if _, _, errno := syscall.Syscall(syscall.SYS_CLOCK_GETTIME, clockThreadCPUTimeID, uintptr(unsafe.Pointer(&ts)), 0); errno != 0 {
		return 0
	}
	return time.Duration(ts.Nano())
}
