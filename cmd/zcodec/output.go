package main

import (
	"errors"
	"io"
	"io/fs"
	"os"

	"github.com/zcodec/zcodec/cmd/zcodec/internal/outfile"
)

// output is where a command writes its result: standard output for "-",
// otherwise a file written through package outfile (atomic, and safe for
// devices, FIFOs and symlinks). Commands open it before doing the work, so
// an unusable -o fails fast, and commit it only when everything succeeded.
type output struct {
	io.Writer
	file *outfile.File // nil for standard output
}

// openOutput opens name ("-" is standard output).
func openOutput(env *environment, name string) (*output, error) {
	if name == "-" {
		return &output{Writer: env.stdout}, nil
	}
	f, err := outfile.Create(name)
	if err != nil {
		return nil, err
	}
	return &output{Writer: f, file: f}, nil
}

// commit makes a file's contents appear at its path.
func (o *output) commit() error {
	if o.file == nil {
		return nil
	}
	return o.file.Commit()
}

// abort discards what was written to a file.
func (o *output) abort() {
	if o.file != nil {
		o.file.Abort()
	}
}

// cause strips the operation and file name of an *fs.PathError: the
// caller names the file as the user gave it.
func cause(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	var le *os.LinkError
	if errors.As(err, &le) {
		return le.Err
	}
	return err
}
