package blosc

import (
	"bytes"
	"io"
	"sync"

	"github.com/klauspost/compress/zlib"
	"github.com/pierrec/lz4/v4"
	"github.com/zcodec/zcodec/codecs/blosc/internal/blosclz"
)

// scratch holds what one encode or decode needs besides its input and
// output: buffers no larger than a block, and the stateful compressors.
// Scratches are pooled; the buffers keep the largest size asked of them.
type scratch struct {
	block []byte // a block before unshuffling or after shuffling
	tmp   []byte // bitshuffle's work space for type sizes above 1
	out   []byte // compressor output before it is known to fit

	lz      *blosclz.Encoder
	lz4     lz4.CompressorCCompat
	lz4hc   lz4.CompressorHC
	zw      [MaxClevel + 1]*zlib.Writer
	zdst    fixedWriter
	zr      io.ReadCloser
	zsource bytes.Reader
}

var scratches = sync.Pool{New: func() any { return new(scratch) }}

// grow returns b with length n, reusing its array when it is large enough.
func grow(b []byte, n int) []byte {
	if cap(b) < n {
		return make([]byte, n)
	}
	return b[:n]
}
