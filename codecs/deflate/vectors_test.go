package deflate_test

import (
	_ "github.com/zcodec/zcodec/codecs/shuffle"
	"testing"

	_ "github.com/zcodec/zcodec/codecs/deflate"
	"github.com/zcodec/zcodec/internal/b2btest"
)

// TestNumcodecsVectors decodes what numcodecs 0.11 wrote (testdata/numcodecs)
// and round-trips the same inputs. gzip carries a timestamp and klauspost's
// deflate makes other matching choices, so encodings are not compared.
func TestNumcodecsVectors(t *testing.T) {
	t.Run("zlib", func(t *testing.T) { b2btest.CheckVectors(t, "zlib-", false) })
	t.Run("gzip", func(t *testing.T) { b2btest.CheckVectors(t, "gzip-", false) })
}

// TestHDF5Chunks decodes raw chunks that HDF5 wrote with its shuffle and
// deflate filters (testdata/hdf5chunks).
func TestHDF5Chunks(t *testing.T) { b2btest.CheckHDF5(t, "deflate") }
