package main

import (
	"fmt"
	"io"
	"os"

	"github.com/zcodec/zcodec/cmd/zcodec/internal/outfile"
)

// maxMetadataBytes caps every metadata input a command reads (zarr.json,
// .zarray, .zattrs, dataset descriptions, filter lists): 64 MiB is far more
// than any real document, and /dev/zero or `yes |` stop there.
const maxMetadataBytes = 64 << 20

// inputError reports an input that cannot be read, naming it as the user
// gave it ("-" is standard input).
type inputError struct {
	name string
	err  error
}

func (e *inputError) Error() string { return displayName(e.name) + ": " + e.err.Error() }

func (e *inputError) Unwrap() error { return e.err }

// readMetadata reads a metadata input: the file name, or standard input
// for "-", at most maxMetadataBytes.
func readMetadata(env *environment, name string) ([]byte, error) {
	b, err := readInput(env, name, maxMetadataBytes)
	if err != nil {
		return nil, err
	}
	if b == nil {
		return nil, &inputError{name, fmt.Errorf("larger than %d MiB; metadata inputs are capped at that size", maxMetadataBytes>>20)}
	}
	return b, nil
}

// readInput reads the file name, or standard input for "-", and returns
// nil without an error when it holds more than limit bytes, having read no
// more than limit+1 of them. A read that blocks (standard input, a FIFO)
// ends with the context's error when env's context is cancelled (Ctrl-C):
// the read goes on in a goroutine that the process's exit ends.
func readInput(env *environment, name string, limit int64) ([]byte, error) {
	ctx := env.context()
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	type result struct {
		b   []byte
		err error
	}
	done := make(chan result, 1)
	go func() {
		b, err := readInputNow(env, name, limit)
		done <- result{b, err}
	}()
	select {
	case r := <-done:
		return r.b, r.err
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// readInputNow is readInput without the context.
func readInputNow(env *environment, name string, limit int64) ([]byte, error) {
	r := env.stdin
	size := int64(-1)
	if name != "-" {
		f, err := os.Open(name)
		if err != nil {
			return nil, &inputError{name, outfile.Cause(err)}
		}
		defer f.Close()
		if fi, err := f.Stat(); err == nil {
			if fi.IsDir() {
				return nil, &inputError{name, fmt.Errorf("is a directory")}
			}
			if fi.Mode().IsRegular() {
				size = fi.Size()
			}
		}
		r = f
	}
	if size > limit {
		return nil, nil
	}
	// A regular file's size is known: one allocation of exactly that (and a
	// spare byte that tells a file that grew). Otherwise append's growth.
	var buf []byte
	if size >= 0 {
		buf = make([]byte, 0, size+1)
	}
	lr := io.LimitReader(r, limit+1)
	for {
		if len(buf) == cap(buf) {
			buf = append(buf, 0)[:len(buf)]
		}
		n, err := lr.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, &inputError{name, outfile.Cause(err)}
		}
	}
	if int64(len(buf)) > limit {
		return nil, nil
	}
	return buf, nil
}
