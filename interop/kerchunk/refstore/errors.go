package refstore

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/zcodec/zcodec/internal/shorten"
	"github.com/zcodec/zcodec/store"
)

// ErrReference is matched by every *RefError: a key of the set whose
// reference cannot be followed or read.
var ErrReference = errors.New("reference cannot be read")

// RefError reports a reference that cannot be followed or read. It comes
// wrapped in a *store.KeyError naming the key.
type RefError struct {
	// URL is the reference's URL as shown in messages: without user
	// information, query or fragment, quoted when it is not printable.
	URL string
	// Offset and Length are the reference's byte range (Length -1: the
	// whole file from Offset).
	Offset, Length int64
	// Reason says what is wrong, when the reference itself is ("the file
	// does not exist", "a URL scheme that no store reads").
	Reason string
	// Err is the failure of the read, if any. A file that does not exist
	// is a Reason, never an Err matched by store.ErrNotFound, which would
	// say that the key holds no value (and read as the fill value).
	Err error
}

func (e *RefError) Error() string {
	var b strings.Builder
	b.WriteString("reference to ")
	b.WriteString(e.URL)
	switch {
	case e.Length < 0 && e.Offset == 0:
		b.WriteString(" (the whole file)")
	case e.Length < 0:
		fmt.Fprintf(&b, " (from byte %d to the end)", e.Offset)
	default:
		fmt.Fprintf(&b, " (%d bytes at offset %d)", e.Length, e.Offset)
	}
	if e.Reason != "" {
		b.WriteString(": ")
		b.WriteString(e.Reason)
	}
	if e.Err != nil {
		b.WriteString(": ")
		b.WriteString(e.Err.Error())
	}
	return b.String()
}

// Is makes every RefError match ErrReference.
func (e *RefError) Is(target error) bool { return target == ErrReference }

// Unwrap returns Err.
func (e *RefError) Unwrap() error { return e.Err }

// readErr returns the RefError of a failed read of t's file: a key the
// file's store does not hold is a file that does not exist, and the
// store's *store.KeyError around the failure, which names the file by its
// key in that store, is dropped (the RefError names it by its URL).
func readErr(t target, off, length int64, err error) error {
	e := &RefError{URL: t.shown, Offset: off, Length: length}
	var ke *store.KeyError
	if errors.As(err, &ke) && ke.Key == t.key {
		err = ke.Err
	}
	switch {
	case errors.Is(err, store.ErrNotFound):
		e.Reason = "the file does not exist"
	case errors.Is(err, store.ErrInvalidKey):
		e.Reason = "the file cannot be named in its store"
		e.Err = errors.New(err.Error()) // not matched by ErrInvalidKey: the key read is valid
	default:
		e.Err = err
	}
	return e
}

// redacted replaces what a URL's user information, query or fragment
// held.
const redacted = "xxxxx"

// showURL returns a reference's URL for messages: everything between
// "://" (or the start) and the last "@" replaced by "xxxxx" (a secret may
// hold "/"), a query or fragment replaced by "?xxxxx", and the result
// quoted and cut when it is not printable or too long.
func showURL(u string) string {
	if j := strings.LastIndexByte(u, '@'); j >= 0 {
		start := 0
		if i := strings.Index(u, "://"); i >= 0 && i < j {
			start = i + 3
		}
		u = u[:start] + redacted + u[j:]
	}
	if k := strings.IndexAny(u, "?#"); k >= 0 {
		u = u[:k] + "?" + redacted
	}
	if !printable(u) || len(u) > shorten.NameLimit {
		return shorten.QuoteName(u)
	}
	return u
}

// printable reports whether s is valid UTF-8 of printable characters.
func printable(s string) bool {
	for _, r := range s {
		if r == utf8.RuneError || !strconv.IsPrint(r) {
			return false
		}
	}
	return true
}
