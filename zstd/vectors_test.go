package zstd_test

import (
	"testing"

	"github.com/zcodec/zcodec/internal/b2btest"
	_ "github.com/zcodec/zcodec/zstd"
)

// TestNumcodecsVectors decodes what numcodecs 0.11 (libzstd) wrote
// (testdata/numcodecs) and round-trips the same inputs.
func TestNumcodecsVectors(t *testing.T) { b2btest.CheckVectors(t, "zstd-", false) }
