package zstd_test

import (
	"testing"

	_ "github.com/zcodec/zcodec/codecs/zstd"
	"github.com/zcodec/zcodec/internal/b2btest"
)

// TestNumcodecsVectors decodes what numcodecs 0.11 (libzstd) wrote
// (testdata/numcodecs) and round-trips the same inputs.
func TestNumcodecsVectors(t *testing.T) { b2btest.CheckVectors(t, "zstd-", false) }
