package h5file

import (
	"errors"
	"fmt"
)

// ErrFormat is matched (errors.Is) by every *FormatError: the file is not
// a valid HDF5 file, or is damaged.
var ErrFormat = errors.New("hdf5: not a valid HDF5 structure")

// ErrUnsupported is matched by every *UnsupportedError: the file is valid
// but uses a feature this package does not read.
var ErrUnsupported = errors.New("hdf5: unsupported feature")

// ErrBudget is matched by the error of a read that would take the bytes of
// metadata read by one File past Options.MaxMetadataBytes.
var ErrBudget = errors.New("hdf5: metadata budget exceeded")

// FormatError reports a structure of the file that is not valid: which
// structure, at which absolute file offset, and why ("object header at
// offset 8192: checksum mismatch").
type FormatError struct {
	// Structure names the structure ("superblock", "object header",
	// "v1 B-tree node", "fractal heap direct block", ...).
	Structure string
	// Offset is the absolute byte offset of the structure in the file, or
	// -1 when unknown.
	Offset int64
	// Reason says what is wrong.
	Reason string
}

func (e *FormatError) Error() string {
	if e.Offset < 0 {
		return fmt.Sprintf("hdf5: %s: %s", e.Structure, e.Reason)
	}
	return fmt.Sprintf("hdf5: %s at offset %d: %s", e.Structure, e.Offset, e.Reason)
}

// Is makes every FormatError match ErrFormat.
func (e *FormatError) Is(target error) bool { return target == ErrFormat }

// UnsupportedError reports a valid feature of the file that this package
// does not read: a datatype class, a layout, a kind of link.
type UnsupportedError struct {
	// What names the feature ("compound datatype", "virtual dataset").
	What string
	// Offset is the absolute byte offset of the structure that uses it, or
	// -1.
	Offset int64
	// Reason adds detail, or is empty.
	Reason string
}

func (e *UnsupportedError) Error() string {
	s := "hdf5: " + e.What + " is not supported"
	if e.Reason != "" {
		s += ": " + e.Reason
	}
	if e.Offset >= 0 {
		s += fmt.Sprintf(" (structure at offset %d)", e.Offset)
	}
	return s
}

// Is makes every UnsupportedError match ErrUnsupported.
func (e *UnsupportedError) Is(target error) bool { return target == ErrUnsupported }

// BudgetError reports a read that the metadata budget refuses.
type BudgetError struct {
	Limit int64 // Options.MaxMetadataBytes
	// Structure is what was being read.
	Structure string
	Offset    int64
}

func (e *BudgetError) Error() string {
	return fmt.Sprintf("hdf5: reading the %s at offset %d would take the metadata read past the budget of %d bytes (Options.MaxMetadataBytes)", e.Structure, e.Offset, e.Limit)
}

// Is makes every BudgetError match ErrBudget.
func (e *BudgetError) Is(target error) bool { return target == ErrBudget }

// formatErr builds a *FormatError.
func formatErr(structure string, off int64, format string, args ...any) error {
	return &FormatError{Structure: structure, Offset: off, Reason: fmt.Sprintf(format, args...)}
}

// unsupported builds an *UnsupportedError.
func unsupported(what string, off int64, format string, args ...any) error {
	return &UnsupportedError{What: what, Offset: off, Reason: fmt.Sprintf(format, args...)}
}
