package bzip2_test

import (
	_ "github.com/zcodec/zcodec/codecs/shuffle"
	"testing"

	_ "github.com/zcodec/zcodec/codecs/bzip2"
	"github.com/zcodec/zcodec/internal/b2btest"
)

// TestNumcodecsVectors decodes what numcodecs 0.11 wrote (testdata/numcodecs)
// and round-trips the same inputs.
func TestNumcodecsVectors(t *testing.T) { b2btest.CheckVectors(t, "bz2-", false) }

// TestHDF5Chunks decodes raw chunks that HDF5 wrote with its shuffle and
// bzip2 (307, hdf5-filter-plugin) filters (testdata/hdf5chunks).
func TestHDF5Chunks(t *testing.T) { b2btest.CheckHDF5(t, "bzip2") }
