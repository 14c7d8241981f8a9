package combine

import (
	"errors"
	"strconv"
	"strings"
)

// ErrConflict is matched by every *ConflictError.
var ErrConflict = errors.New("the inputs disagree")

// ErrIrregular is matched by every *GridError.
var ErrIrregular = errors.New("no regular chunk grid holds the combination")

// ConflictError reports what two inputs hold differently where they must
// agree: a node one has and the other has not, a member of an array's
// .zarray, an attribute that says how values are encoded, or the values of
// an array that is not along the concatenated dimension.
type ConflictError struct {
	// Path is the node ("" for the root).
	Path string
	// What names what differs: "the attribute scale_factor", "the .zarray
	// member compressor", "the node", "the values (chunk 0.1)".
	What string
	// A and B name the two inputs; ValueA and ValueB are what each holds
	// (JSON, or "none").
	A, B, ValueA, ValueB string
	// Reason says why that matters or what would resolve it, if anything.
	Reason string
}

func (e *ConflictError) Error() string {
	var b strings.Builder
	b.WriteString(nodeName(e.Path))
	b.WriteString(": ")
	b.WriteString(e.What)
	b.WriteString(" differs: ")
	b.WriteString(e.ValueA)
	b.WriteString(" in ")
	b.WriteString(e.A)
	b.WriteString(", ")
	b.WriteString(e.ValueB)
	b.WriteString(" in ")
	b.WriteString(e.B)
	if e.Reason != "" {
		b.WriteString(" (")
		b.WriteString(e.Reason)
		b.WriteString(")")
	}
	return b.String()
}

// Is makes every ConflictError match ErrConflict.
func (e *ConflictError) Is(target error) bool { return target == ErrConflict }

// GridError reports an array that cannot be concatenated on a regular
// chunk grid: an input before the last whose length along the dimension is
// not a multiple of the array's chunk length there, or an array whose
// values cannot be rewritten (Reason).
type GridError struct {
	// Path is the array.
	Path string
	// Dim is the concatenated dimension.
	Dim string
	// Input names the input, Length its length along Dim and Chunk the
	// array's chunk length along Dim (0 when the error is not about them).
	Input         string
	Length, Chunk int64
	// Reason says what else is wrong, or what would help.
	Reason string
}

func (e *GridError) Error() string {
	var b strings.Builder
	b.WriteString(nodeName(e.Path))
	b.WriteString(": ")
	if e.Chunk > 0 {
		b.WriteString(e.Input)
		b.WriteString(" has ")
		b.WriteString(strconv.FormatInt(e.Length, 10))
		b.WriteString(" steps along ")
		b.WriteString(e.Dim)
		b.WriteString(", not a multiple of the chunk length ")
		b.WriteString(strconv.FormatInt(e.Chunk, 10))
		b.WriteString(", so a regular chunk grid cannot hold the files one after the other")
		if e.Reason != "" {
			b.WriteString(": ")
		}
	}
	b.WriteString(e.Reason)
	return b.String()
}

// Is makes every GridError match ErrIrregular.
func (e *GridError) Is(target error) bool { return target == ErrIrregular }

// nodeName names a node in messages.
func nodeName(p string) string {
	if p == "" {
		return "/"
	}
	return p
}
