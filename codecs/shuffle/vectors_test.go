package shuffle_test

import (
	"testing"

	_ "github.com/zcodec/zcodec/codecs/shuffle"
	"github.com/zcodec/zcodec/internal/b2btest"
)

// TestNumcodecsVectors checks decoding and byte-identical encoding against
// numcodecs 0.11 (testdata/numcodecs).
func TestNumcodecsVectors(t *testing.T) { b2btest.CheckVectors(t, "shuffle-", true) }
