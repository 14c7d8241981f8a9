package strictjson

import (
	"strconv"
	"strings"

	"github.com/zcodec/zcodec/internal/shorten"
)

// Kind says what is wrong with a document.
type Kind uint8

// The kinds of problem.
const (
	// KindSyntax: the bytes are not JSON text (Offset, Line and Column say
	// where).
	KindSyntax Kind = iota + 1
	// KindDepth: arrays and objects nest deeper than the limit.
	KindDepth
	// KindDuplicate: an object repeats a key (Key; Offset and Line locate
	// the second one).
	KindDuplicate
	// KindUnknown: a member that no reader asked for (Finish). Allowed
	// lists the keys that were asked for.
	KindUnknown
	// KindMissing: a required member is absent (Require).
	KindMissing
	// KindType: a value of the wrong JSON type, including a document that
	// is not an object where one is wanted.
	KindType
	// KindRange: a number that is not an integer within the wanted range.
	KindRange
	// KindEnum: a string that is not one of Allowed.
	KindEnum
	// KindInvalid: a finding of the caller's own (Object.Errorf).
	KindInvalid
)

var kindNames = [...]string{
	KindSyntax: "syntax", KindDepth: "depth", KindDuplicate: "duplicate", KindUnknown: "unknown",
	KindMissing: "missing", KindType: "type", KindRange: "range", KindEnum: "enum", KindInvalid: "invalid",
}

// String returns a one-word name of the kind ("syntax", "duplicate", ...).
func (k Kind) String() string {
	if int(k) < len(kindNames) && kindNames[k] != "" {
		return kindNames[k]
	}
	return "Kind(" + strconv.Itoa(int(k)) + ")"
}

// Error describes one problem of a document. The reader builds it once and
// hands it to Options.NewError, or returns it as it is.
type Error struct {
	Kind Kind
	// Pointer is the JSON pointer of the value concerned, including the
	// document's own Options.Pointer: the member's value for a member
	// (KindUnknown, KindDuplicate, KindType, ...), the object for
	// KindMissing, the innermost value being read for KindSyntax and
	// KindDepth.
	Pointer string
	// Path holds the reference tokens (member names and array indexes,
	// unescaped) from the parsed document to the value that Pointer
	// names: a caller can tell a top-level member (len(Path) == 1) from a
	// nested one without parsing the pointer.
	Path []string
	// Key is the object member concerned, if any.
	Key string
	// Allowed lists the accepted strings (KindEnum) or the keys asked for
	// before Finish (KindUnknown), in order.
	Allowed []string
	// Offset is the byte offset in the parsed data at which the problem was
	// found; Line and Column (1-based, Column counting characters) give the
	// same place. Line is 0 when the problem has no position (everything but
	// KindSyntax, KindDepth and KindDuplicate).
	Offset       int64
	Line, Column int
	// Reason says what is wrong, without the location, e.g.
	// `trailing comma before '}'` or `want an integer, got 1.5`. Values and
	// keys in it are shortened.
	Reason string
}

// Error returns "pointer: reason at line L, column C (byte N)", leaving out
// the parts that are not known.
func (e *Error) Error() string {
	var b strings.Builder
	if e.Pointer != "" {
		b.WriteString(shorten.Pointer(e.Pointer))
		b.WriteString(": ")
	}
	b.WriteString(e.Reason)
	if pos := e.Position(); pos != "" {
		b.WriteString(" at ")
		b.WriteString(pos)
	}
	return b.String()
}

// Position returns "line L, column C (byte N)", or "" for a problem
// without a position.
func (e *Error) Position() string {
	if e.Line == 0 {
		return ""
	}
	return FormatPosition(e.Line, e.Column, e.Offset)
}

// FormatPosition returns "line L, column C (byte N)", the way every error
// of a JSON document gives the place of its problem.
func FormatPosition(line, column int, offset int64) string {
	return "line " + strconv.Itoa(line) + ", column " + strconv.Itoa(column) + " (byte " + strconv.FormatInt(offset, 10) + ")"
}
