//go:build race

package allocs

import "testing"

// skipUnderRace skips t: under the race detector sync.Pool drops a share
// of what is put back, so pooled state is rebuilt and counted.
func skipUnderRace(t *testing.T) { t.Skip("allocation counts are not meaningful under -race") }
