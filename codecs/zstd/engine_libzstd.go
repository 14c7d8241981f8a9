//go:build libzstd && cgo

package zstd

import (
	"errors"
	"sync"

	"github.com/DataDog/zstd"
	"github.com/zcodec/zcodec/codecs/internal/bounded"
)

// Engine names the implementation this build encodes and decodes with:
// "libzstd" (through github.com/DataDog/zstd, which bundles its C sources).
const Engine = "libzstd"

// contexts holds libzstd compression and decompression contexts for reuse.
var contexts = sync.Pool{New: func() any { return zstd.NewCtx() }}

// compress appends the frame of src to dst, written by libzstd at level.
// Its frames carry the content size (libzstd's default). libzstd's
// one-shot API as bound here has no switch for the content checksum, so
// frames with a checksum come from the pure-Go encoder; both kinds decode
// with either engine.
func compress(dst, src []byte, level int, sum bool) ([]byte, error) {
	if sum {
		return compressGo(dst, src, level, sum)
	}
	if level == 0 {
		level = 3
	}
	n := len(dst)
	bound := zstd.CompressBound(len(src))
	buf := bounded.Reserve(dst, bound)
	ctx := contexts.Get().(zstd.Ctx)
	defer contexts.Put(ctx)
	out, err := ctx.CompressLevel(buf[n:n+bound], src, level)
	if err != nil {
		return dst, err
	}
	return buf[:n+len(out)], nil
}

// decompress decodes the frames of src into dst[len(dst):cap(dst)] with
// libzstd, which reports frames that do not fit as an error without
// writing beyond the capacity.
func decompress(dst, src []byte) ([]byte, string, error) {
	n := len(dst)
	room := dst[n:cap(dst)]
	if len(room) == 0 { // libzstd needs a buffer to point at
		room = make([]byte, 1) // allocated here only: it escapes to C
	}
	ctx := contexts.Get().(zstd.Ctx)
	defer contexts.Put(ctx)
	w, err := ctx.DecompressInto(room, src)
	if err != nil {
		reason := "invalid frame"
		if zstd.IsDstSizeTooSmallError(err) {
			reason = sizeExceeded
		}
		return dst, reason, err
	}
	if cap(dst)-n == 0 && w > 0 {
		return dst, sizeExceeded, errTooLarge
	}
	return dst[:n+w], "", nil
}

// errTooLarge is the error of frames that decode to bytes where none are
// expected.
var errTooLarge = errors.New("frame decodes to more bytes than expected")
