//go:build !linux

package sharding_test

import "time"

// threadCPU falls back to wall time where the thread's CPU clock is not
// read.
func threadCPU() time.Duration { return time.Duration(time.Now().UnixNano()) }
