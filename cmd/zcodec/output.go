package main

import (
	"io"
	"os"
	"path/filepath"
)

// output is where a command writes its result: standard output, or a file
// that appears only when Commit succeeds.
type output interface {
	io.Writer
	// Commit makes the output final.
	Commit() error
	// Abort discards what was written to a file; no-op for stdout.
	Abort()
}

type stdoutOutput struct{ io.Writer }

func (stdoutOutput) Commit() error { return nil }
func (stdoutOutput) Abort()        {}

type fileOutput struct {
	*os.File
	name string
}

// createOutput opens name for writing ("-" is standard output): a file is
// written under a temporary name beside it and renamed on Commit.
func createOutput(env *environment, name string) (output, error) {
	if name == "-" {
		return stdoutOutput{env.stdout}, nil
	}
	f, err := os.CreateTemp(filepath.Dir(name), "."+filepath.Base(name)+".tmp*")
	if err != nil {
		return nil, err
	}
	return &fileOutput{File: f, name: name}, nil
}

func (f *fileOutput) Commit() error {
	if err := f.File.Close(); err != nil {
		os.Remove(f.File.Name())
		return err
	}
	if err := os.Rename(f.File.Name(), f.name); err != nil {
		os.Remove(f.File.Name())
		return err
	}
	return nil
}

func (f *fileOutput) Abort() {
	f.File.Close()
	os.Remove(f.File.Name())
}
