//go:build !linux

package cputime

import "time"

// Thread is not measured here: it returns 0.
func Thread() time.Duration { return 0 }
