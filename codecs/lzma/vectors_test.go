package lzma_test

import (
	"testing"

	_ "github.com/zcodec/zcodec/codecs/lzma"
	"github.com/zcodec/zcodec/internal/b2btest"
)

// TestNumcodecsVectors decodes what numcodecs 0.11 wrote
// (testdata/numcodecs_extra), round-trips the same bytes through zcodec's
// encoder, checks that numcodecs' rejects are corrupt chunks and that the
// configurations zcodec refuses name their feature.
func TestNumcodecsVectors(t *testing.T) { b2btest.CheckExtraVectors(t, "lzma-") }
