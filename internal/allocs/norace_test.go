//go:build !race

package allocs

import "testing"

// skipUnderRace does nothing without the race detector.
func skipUnderRace(*testing.T) {}
