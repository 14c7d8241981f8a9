// Package bounded reads decompressed streams into caller-owned buffers
// without ever growing them past the size the chunk spec allows.
package bounded

import (
	"errors"
	"fmt"
	"io"
	"sync"

	"github.com/zcodec/zcodec/codec"
)

// Limit returns the decoded size a decoder resolved with spec must produce
// (exact true) or may produce at most (exact false).
func Limit(spec codec.BytesSpec) (n int, exact bool) {
	if spec.Size >= 0 {
		return spec.Size, true
	}
	return spec.MaxSize, false
}

// Grow returns dst extended by n bytes (contents unspecified), reusing its
// capacity when it suffices and allocating exactly what is needed otherwise.
func Grow(dst []byte, n int) []byte {
	if cap(dst)-len(dst) >= n {
		return dst[:len(dst)+n]
	}
	nb := make([]byte, len(dst)+n)
	copy(nb, dst)
	return nb
}

// firstStep is the first allocation when reading a stream of unknown size.
const firstStep = 64 << 10

// ErrTooLong is wrapped by ReadAll's error for a stream that decodes to more
// than the limit.
var ErrTooLong = errors.New("decoding stopped at the limit")

// ReadAll appends to dst what r produces, up to EOF. When exact, r must
// produce exactly limit bytes; otherwise at most limit. Buffers never grow
// beyond limit bytes past len(dst): one more byte, read into a small array,
// tells a stream that is too long. Errors are *codec.CorruptError values
// naming name; an error from r is wrapped.
func ReadAll(name string, dst []byte, r io.Reader, limit int, exact bool) ([]byte, error) {
	start := len(dst)
	if exact {
		dst = Grow(dst, limit)
		n, err := readFull(r, dst[start:])
		switch {
		case err == io.EOF:
			return dst[:start], &codec.CorruptError{Codec: name, Reason: fmt.Sprintf("stream ends after %d bytes, want %d", n, limit)}
		case err != nil:
			return dst[:start], &codec.CorruptError{Codec: name, Reason: fmt.Sprintf("after %d decoded bytes", n), Err: err}
		}
		return dst, probeEOF(name, r, limit)
	}
	for empty := 0; ; {
		got := len(dst) - start
		if got == limit {
			return dst, probeEOF(name, r, limit)
		}
		if len(dst) == cap(dst) {
			want := min(limit, max(got+firstStep, 2*got))
			nb := make([]byte, len(dst), start+want)
			copy(nb, dst)
			dst = nb
		}
		n, err := r.Read(dst[len(dst):min(cap(dst), start+limit)])
		dst = dst[:len(dst)+n]
		if err == io.EOF {
			return dst, nil
		}
		if n > 0 {
			empty = 0
		} else if err == nil {
			if empty++; empty > maxEmptyReads {
				err = io.ErrNoProgress
			}
		}
		if err != nil {
			return dst[:start], &codec.CorruptError{Codec: name, Reason: fmt.Sprintf("after %d decoded bytes", len(dst)-start), Err: err}
		}
	}
}

// maxEmptyReads is the number of successive reads that return nothing
// after which a reader is taken to be stuck (io.ErrNoProgress).
const maxEmptyReads = 100

// readFull fills p from r like io.ReadFull, but gives up with
// io.ErrNoProgress on a reader that keeps returning nothing, and returns
// io.EOF for any early end.
func readFull(r io.Reader, p []byte) (int, error) {
	n, empty := 0, 0
	for n < len(p) {
		k, err := r.Read(p[n:])
		n += k
		if n == len(p) {
			return n, nil
		}
		if err != nil {
			return n, err
		}
		if k == 0 {
			if empty++; empty > maxEmptyReads {
				return n, io.ErrNoProgress
			}
		} else {
			empty = 0
		}
	}
	return n, nil
}

// probes holds the one-byte buffers probeEOF reads into: a buffer passed
// to an io.Reader escapes, and pooling it keeps decoding free of
// allocations.
var probes = sync.Pool{New: func() any { return new([1]byte) }}

// probeEOF checks that r has nothing left after limit bytes.
func probeEOF(name string, r io.Reader, limit int) error {
	one := probes.Get().(*[1]byte)
	defer probes.Put(one)
	for range maxEmptyReads {
		n, err := r.Read(one[:])
		if n > 0 {
			return &codec.CorruptError{Codec: name, Reason: fmt.Sprintf("stream decodes to more than %d bytes", limit), Err: ErrTooLong}
		}
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return &codec.CorruptError{Codec: name, Reason: fmt.Sprintf("after %d decoded bytes", limit), Err: err}
		}
	}
	return &codec.CorruptError{Codec: name, Reason: fmt.Sprintf("after %d decoded bytes", limit), Err: io.ErrNoProgress}
}

// CompressedBound returns the MaxSize used for the output of a compressor
// whose input holds at most n bytes: n + n/64 + 1024. It exceeds the
// worst-case expansion of deflate, bzip2, zstd and LZ4 (all below n/64
// plus a small constant) with room for the headers other writers add; it
// only bounds what the next decoder may allocate.
func CompressedBound(n int) int { return n + n/64 + 1024 }

// AppendWriter is an io.Writer that appends to B.
type AppendWriter struct{ B []byte }

// Write appends p to w.B.
func (w *AppendWriter) Write(p []byte) (int, error) {
	w.B = append(w.B, p...)
	return len(p), nil
}

// Reserve returns dst with room for n more bytes, so that appending them
// does not reallocate.
func Reserve(dst []byte, n int) []byte {
	if cap(dst)-len(dst) >= n {
		return dst
	}
	nb := make([]byte, len(dst), len(dst)+n)
	copy(nb, dst)
	return nb
}
