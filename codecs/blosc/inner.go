package blosc

import (
	"errors"
	"fmt"

	"github.com/klauspost/compress/snappy"
	"github.com/klauspost/compress/zlib"
	"github.com/pierrec/lz4/v4"
	"github.com/zcodec/zcodec/codecs/blosc/internal/blosclz"
	"github.com/zcodec/zcodec/codecs/internal/bounded"
	zstdcodec "github.com/zcodec/zcodec/codecs/zstd"
)

// The inner compressors. Each split of a block is one stream: blosclz
// (this module's own), LZ4 blocks (pierrec/lz4, lz4hc with its HC
// compressor), Snappy blocks, zlib streams (RFC 1950) and zstd frames
// (through package zstd's engine: klauspost/compress, or libzstd in the
// libzstd build).

// decompressSplit decodes the stream src of format f into dst, which it
// must fill exactly. The error says why, for a *codec.CorruptError.
func decompressSplit(f format, dst, src []byte, sc *scratch) error {
	switch f {
	case formatBlosclz:
		n, err := blosclz.Decompress(dst, src)
		if err != nil {
			return err
		}
		return checkLen(n, len(dst))
	case formatLZ4:
		n, err := lz4.UncompressBlock(src, dst)
		if err != nil {
			return err
		}
		return checkLen(n, len(dst))
	case formatSnappy:
		n, err := snappy.DecodedLen(src)
		if err != nil {
			return err
		}
		if err := checkLen(n, len(dst)); err != nil {
			return err
		}
		out, err := snappy.Decode(dst, src)
		if err != nil {
			return err
		}
		return checkLen(len(out), len(dst))
	case formatZlib:
		sc.zsource.Reset(src)
		if sc.zr == nil {
			zr, err := zlib.NewReader(&sc.zsource)
			if err != nil {
				return err
			}
			sc.zr = zr
		} else if err := sc.zr.(zlib.Resetter).Reset(&sc.zsource, nil); err != nil {
			return err
		}
		_, err := bounded.ReadAll("zlib", dst[:0:len(dst)], sc.zr, len(dst), true)
		return err
	case formatZstd:
		out, err := zstdcodec.DecodeFrames(dst[:0:len(dst)], src)
		if err != nil {
			return err
		}
		return checkLen(len(out), len(dst))
	}
	return fmt.Errorf("unknown compressor format %d", f)
}

var errLength = errors.New("stream length differs from the block's")

func checkLen(got, want int) error {
	if got != want {
		return fmt.Errorf("%w: decodes to %d bytes, want %d", errLength, got, want)
	}
	return nil
}

// compressSplit compresses src with compressor c at clevel (1-9) into dst
// and returns the stream's length, or 0 when it does not fit in len(dst)
// bytes (the caller then stores src as it is).
func compressSplit(c compressor, clevel int, dst, src []byte, sc *scratch) (int, error) {
	switch c {
	case compBlosclz:
		if sc.lz == nil {
			sc.lz = new(blosclz.Encoder)
		}
		return sc.lz.Compress(dst, src, clevel), nil
	case compLZ4:
		// c-blosc's acceleration for LZ4
		sc.lz4.Acceleration = 10 - clevel
		n, err := sc.lz4.CompressBlock(src, dst)
		if err != nil {
			return 0, nil
		}
		return n, nil
	case compLZ4HC:
		// the search depth LZ4_compress_HC gives levels 1-9: 2^(level-1)
		sc.lz4hc.Level = lz4.CompressionLevel(1 << (clevel - 1))
		n, err := sc.lz4hc.CompressBlock(src, dst)
		if err != nil {
			return 0, nil
		}
		return n, nil
	case compSnappy:
		sc.out = grow(sc.out, snappy.MaxEncodedLen(len(src)))
		return fitted(dst, snappy.Encode(sc.out, src)), nil
	case compZlib:
		zw := sc.zw[clevel]
		w := &sc.zdst
		*w = fixedWriter{b: dst}
		if zw == nil {
			var err error
			if zw, err = zlib.NewWriterLevel(w, clevel); err != nil {
				return 0, err
			}
			sc.zw[clevel] = zw
		} else {
			zw.Reset(w)
		}
		if _, err := zw.Write(src); err != nil {
			return 0, nil
		}
		if err := zw.Close(); err != nil {
			return 0, nil
		}
		return w.n, nil
	case compZstd:
		out, err := zstdcodec.AppendFrame(sc.out[:0], src, zstdLevel(clevel))
		sc.out = out
		if err != nil {
			return 0, err
		}
		return fitted(dst, out), nil
	}
	return 0, fmt.Errorf("unknown compressor %d", c)
}

// fitted copies stream to dst when it fits and returns its length, or 0.
func fitted(dst, stream []byte) int {
	if len(stream) > len(dst) {
		return 0
	}
	return copy(dst, stream)
}

// fixedWriter writes into b and fails once b is full.
type fixedWriter struct {
	b []byte
	n int
}

var errFull = errors.New("output full")

func (w *fixedWriter) Write(p []byte) (int, error) {
	k := copy(w.b[w.n:], p)
	w.n += k
	if k < len(p) {
		return k, errFull
	}
	return k, nil
}

// zstdLevel maps a Blosc clevel to the zstd level c-blosc asks libzstd
// for: 2*clevel-1 up to 7, then 20 and 22 (libzstd's maximum).
func zstdLevel(clevel int) int {
	switch {
	case clevel < 8:
		return 2*clevel - 1
	case clevel == 8:
		return 20
	}
	return 22
}
