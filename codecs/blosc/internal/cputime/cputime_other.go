//go:build !unix

package cputime

import "time"

// processCPU is not measured here: Loop reports wall time only.
func processCPU() time.Duration { return 0 }
