package store

import (
	"context"

	"github.com/zcodec/zcodec/store/byterange"
)

// Store is a Zarr key-value store. Implementations are safe for concurrent
// use; every method honours ctx.
type Store interface {
	// Get returns the whole value of key. A value longer than limit bytes
	// (limit < 0: no limit) is an error matched by ErrTooLarge, found
	// without reading more than limit bytes of it.
	Get(ctx context.Context, key string, limit int64) ([]byte, error)
	// GetRange returns the bytes of key's value that r selects (see
	// byterange.Range). A range outside the value is an error matched by
	// byterange.ErrRange.
	GetRange(ctx context.Context, key string, r byterange.Range) ([]byte, error)
	// Set stores value under key, replacing any previous value. The store
	// does not keep value after Set returns.
	Set(ctx context.Context, key string, value []byte) error
	// Delete removes key's value; deleting a key that holds none succeeds.
	Delete(ctx context.Context, key string) error
	// List calls fn for every key that starts with prefix ("" or a key
	// followed by "/"), once each, in an order the store chooses, and stops
	// at the first error fn returns, returning it. fn is called from one
	// goroutine at a time. An Entry with Err set reports something under
	// the prefix that is not a value (see Entry): fn must check Err.
	List(ctx context.Context, prefix string, fn func(Entry) error) error
}

// Entry is one key found by List, or, with Err set, something found under
// the prefix that is not a readable value. Callers must check Err: an
// entry with Err is neither a value nor an absent key, and a caller that
// skips it should say so (a copy that leaves it behind is incomplete).
type Entry struct {
	// Key is the key. When Err matches ErrInvalidKey, the name found is not
	// a valid key and Key holds it escaped for display (as strconv.Quote,
	// without the quotes), which is never a valid key; the
	// *InvalidKeyError in Err holds the name as found.
	Key string
	// Size is the value's length in bytes, or -1 when the store cannot
	// tell it without reading the value, or when Err is set.
	Size int64
	// ETag is a tag of the value's version that the store gives in its
	// listing (an object store's ETag, quotes included, as listed), or ""
	// when it gives none. Two values under one key with the same ETag are
	// the same value; the tag says nothing else about the bytes.
	ETag string
	// Err is nil for a value. Otherwise it says why the entry is not one:
	// an error matched by ErrInvalidKey (a name that is not a valid key;
	// a directory of such a name is not descended into) or by
	// ErrUnreadable (a key that exists but cannot be read: a FIFO, a
	// device, a link out of the store or to nothing, a directory List
	// cannot read or does not follow).
	Err error
}

// NoLimit is the limit of Get that accepts a value of any size.
const NoLimit = -1

// checkLimit returns a *TooLargeError when size exceeds limit (limit < 0
// means no limit), and nil otherwise.
func checkLimit(size, limit int64) error {
	if limit >= 0 && size > limit {
		return &TooLargeError{Size: size, Limit: limit}
	}
	return nil
}
