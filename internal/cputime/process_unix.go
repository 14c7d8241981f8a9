//go:build unix

package cputime

import (
	"syscall"
	"time"
)

// Process returns the CPU time (user and system) the process has used, or
// 0 where it cannot be read.
func Process() time.Duration { return usage(syscall.RUSAGE_SELF) }

func usage(who int) time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(who, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
