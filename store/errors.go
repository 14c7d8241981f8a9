package store

import (
	"errors"
	"fmt"

	"github.com/zcodec/zcodec/internal/shorten"
)

// Sentinel errors, for errors.Is. Stores return them wrapped in a *KeyError
// that names the operation and the key.
var (
	// ErrNotFound: the key holds no value.
	ErrNotFound = errors.New("not found")
	// ErrInvalidKey: the key is not a valid store key (see ValidKey);
	// matched by every *InvalidKeyError.
	ErrInvalidKey = errors.New("invalid key")
	// ErrIsDirectory: in a directory store, the key names a directory
	// (a prefix of other keys), not a value. It comes inside an
	// *UnreadableError, so ErrUnreadable matches too.
	ErrIsDirectory = errors.New("is a directory of keys, not a value")
	// ErrUnreadable: the key names something that exists but is not a
	// readable value (a FIFO, a device, a symbolic link that leads out of
	// the store or to nothing, a directory); matched by every
	// *UnreadableError. Such a key is not absent: never ErrNotFound.
	ErrUnreadable = errors.New("exists but is not a readable value")
	// ErrTooLarge: the value is longer than the limit given to Get;
	// matched by every *TooLargeError.
	ErrTooLarge = errors.New("value too large")
	// ErrReadOnly: Set or Delete on a read-only store.
	ErrReadOnly = errors.New("store is read-only")
	// ErrForbidden: the server refused to serve the key (HTTP 403);
	// matched by every *HTTPError of status 403 and by the errors of
	// object stores that say so. Servers answer so for keys that exist
	// and for keys that do not alike (S3 to a caller who may not list
	// the bucket, a web server for a directory without an index), so it
	// does not tell whether the key holds a value.
	ErrForbidden = errors.New("forbidden")
)

// KeyError reports a failed operation on one key.
type KeyError struct {
	Op  string // "get", "get range", "set", "delete", "list"
	Key string
	Err error
}

func (e *KeyError) Error() string {
	return fmt.Sprintf("store: %s %s: %v", e.Op, shorten.QuoteName(e.Key), e.Err)
}

// Unwrap returns Err.
func (e *KeyError) Unwrap() error { return e.Err }

// InvalidKeyError reports a key that is not a valid store key.
type InvalidKeyError struct {
	Key    string
	Reason string
}

func (e *InvalidKeyError) Error() string {
	return fmt.Sprintf("invalid key %s: %s", shorten.QuoteName(e.Key), e.Reason)
}

// Is makes every InvalidKeyError match ErrInvalidKey.
func (e *InvalidKeyError) Is(target error) bool { return target == ErrInvalidKey }

// TooLargeError reports a value longer than the limit given to Get. Size
// is its length, or -1 when the store stopped reading at the limit without
// learning it.
type TooLargeError struct {
	Size, Limit int64
}

func (e *TooLargeError) Error() string {
	if e.Size < 0 {
		return fmt.Sprintf("value longer than the limit of %d bytes", e.Limit)
	}
	return fmt.Sprintf("value of %d bytes exceeds the limit of %d bytes", e.Size, e.Limit)
}

// Is makes every TooLargeError match ErrTooLarge.
func (e *TooLargeError) Is(target error) bool { return target == ErrTooLarge }

// UnreadableError reports a key that exists in the store but cannot be read
// as a value. Reason says what was found; Err is the underlying error, if
// any (ErrIsDirectory for a directory, an *fs.PathError from the system).
type UnreadableError struct {
	Reason string
	Err    error
}

func (e *UnreadableError) Error() string {
	switch {
	case e.Reason == "" && e.Err != nil:
		return e.Err.Error()
	case e.Err == nil:
		return "exists but is not a readable value: " + e.Reason
	}
	return "exists but is not a readable value: " + e.Reason + ": " + e.Err.Error()
}

// Is makes every UnreadableError match ErrUnreadable.
func (e *UnreadableError) Is(target error) bool { return target == ErrUnreadable }

// Unwrap returns Err.
func (e *UnreadableError) Unwrap() error { return e.Err }
