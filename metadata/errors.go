package metadata

import (
	"strings"

	"github.com/zcodec/zcodec/internal/shorten"
	"github.com/zcodec/zcodec/internal/strictjson"
)

// Problem is one finding about a zarr.json.
type Problem struct {
	Pointer string // JSON pointer of the value concerned ("" for the document)
	Codec   string // the codec concerned, if any
	Reason  string
}

// String returns "pointer: codec: reason", with "/" for the document and a
// long pointer shortened.
func (p Problem) String() string {
	var b strings.Builder
	if p.Pointer != "" {
		b.WriteString(shorten.Pointer(p.Pointer))
	} else {
		b.WriteString("/")
	}
	b.WriteString(": ")
	if p.Codec != "" {
		b.WriteString(shorten.String(p.Codec))
		b.WriteString(": ")
	}
	b.WriteString(p.Reason)
	return b.String()
}

// ValidationError lists every problem found in a zarr.json.
type ValidationError struct {
	Problems []Problem
	// Err is the first underlying typed error (a *SyntaxError,
	// *codec.ConfigError, *codec.FillRoundTripError, ...), for errors.As
	// and errors.Is.
	Err error
}

func (e *ValidationError) Error() string {
	lines := make([]string, len(e.Problems))
	for i, p := range e.Problems {
		lines[i] = p.String()
	}
	return "invalid array metadata: " + strings.Join(lines, "; ")
}

// Unwrap returns Err.
func (e *ValidationError) Unwrap() error { return e.Err }

// SyntaxError reports a zarr.json that cannot be read as JSON: a syntax
// error (a trailing comma, a bare NaN, a byte-order mark, ...), arrays and
// objects nested too deep, or a key repeated in an object.
type SyntaxError struct {
	Pointer string // the value being read, "" for the document
	// Offset is the byte offset of the problem in the document; Line and
	// Column (1-based, Column in characters) give the same place.
	Offset       int64
	Line, Column int
	Reason       string // what is wrong
}

// Error returns "zarr.json: line L, column C (byte N): reason".
func (e *SyntaxError) Error() string {
	return "zarr.json: " + e.Position() + ": " + e.Reason
}

// Position returns "line L, column C (byte N)".
func (e *SyntaxError) Position() string {
	return strictjson.FormatPosition(e.Line, e.Column, e.Offset)
}
