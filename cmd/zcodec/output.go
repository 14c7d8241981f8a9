package main

import (
	"io"

	"github.com/zcodec/zcodec/cmd/zcodec/internal/outfile"
)

// output is where a command writes its result. Commands open it with
// createOutput before doing the work, so that an unusable -o fails fast,
// write to it, and Commit it only when everything succeeded; Abort (safe
// after Commit) discards what was written.
type output interface {
	io.Writer
	// Commit makes a file's contents appear at its path.
	Commit() error
	// Abort discards what was written to a file.
	Abort()
}

// stdoutOutput is standard output as an output.
type stdoutOutput struct{ io.Writer }

func (stdoutOutput) Commit() error { return nil }
func (stdoutOutput) Abort()        {}

// createOutput opens name for writing: "-" is standard output, anything
// else a file written through package outfile (atomic, keeping modes and
// hard links, safe for devices, FIFOs and symlinks, removed on SIGINT and
// SIGTERM until committed).
func createOutput(env *environment, name string) (output, error) {
	if name == "-" {
		return stdoutOutput{env.stdout}, nil
	}
	f, err := outfile.Create(name)
	if err != nil {
		return nil, err
	}
	return f, nil
}
