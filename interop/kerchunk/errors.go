package kerchunk

import (
	"errors"
	"fmt"
)

// Sentinel errors, for errors.Is.
var (
	// ErrFormat is matched by every *FormatError: a reference set that is
	// not valid (JSON that is not a reference set, a Parquet layout that
	// does not hold together).
	ErrFormat = errors.New("invalid reference set")
	// ErrRefused is matched by every *RefusedError: a dataset that cannot
	// be referenced.
	ErrRefused = errors.New("dataset cannot be referenced")
)

// FormatError is a reference set that cannot be read: Where names the part
// (a key, "templates", "gen[2]", ".zmetadata", "var/refs.0.parq"), Reason
// says what is wrong with it.
type FormatError struct {
	Where  string
	Reason string
	Err    error
}

func (e *FormatError) Error() string {
	s := "kerchunk: "
	if e.Where != "" {
		s += e.Where + ": "
	}
	s += e.Reason
	if e.Err != nil {
		s += ": " + e.Err.Error()
	}
	return s
}

// Is makes every FormatError match ErrFormat.
func (e *FormatError) Is(target error) bool { return target == ErrFormat }

// Unwrap returns Err.
func (e *FormatError) Unwrap() error { return e.Err }

func formatErr(where, format string, args ...any) *FormatError {
	return &FormatError{Where: where, Reason: fmt.Sprintf(format, args...)}
}
