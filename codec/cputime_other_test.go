//go:build !linux

package codec_test

import "time"

// threadCPUTime returns 0: the thread's CPU time is read on Linux only.
func threadCPUTime() time.Duration { return 0 }
