package shuffle_test

import (
	"testing"

	"github.com/zcodec/zcodec/internal/b2btest"
	_ "github.com/zcodec/zcodec/shuffle"
)

// TestNumcodecsVectors checks decoding and byte-identical encoding against
// numcodecs 0.11 (testdata/numcodecs).
func TestNumcodecsVectors(t *testing.T) { b2btest.CheckVectors(t, "shuffle-", true) }
