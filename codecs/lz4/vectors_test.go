package lz4_test

import (
	"testing"

	_ "github.com/zcodec/zcodec/codecs/lz4"
	"github.com/zcodec/zcodec/internal/b2btest"
)

// TestNumcodecsVectors checks decoding and byte-identical encoding against
// numcodecs 0.11 (testdata/numcodecs), acceleration 1 and 10.
func TestNumcodecsVectors(t *testing.T) { b2btest.CheckVectors(t, "lz4-", true) }
