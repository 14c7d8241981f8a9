package store

import (
	"context"
	"fmt"
	"slices"
	"sync"

	"github.com/zcodec/zcodec/store/byterange"
)

// ReadOnly returns a store that reads through s and refuses Set and Delete
// with ErrReadOnly. It implements ConcurrencyHint, io.Closer and
// fmt.Stringer by forwarding to s (0, a no-op and "" when s implements
// none).
func ReadOnly(s Store) Store { return readOnly{s} }

type readOnly struct{ Store }

// String returns the location s gives as fmt.Stringer, "" when it gives
// none.
func (r readOnly) String() string {
	if s, ok := r.Store.(fmt.Stringer); ok {
		return s.String()
	}
	return ""
}

func (r readOnly) Set(ctx context.Context, key string, value []byte) error {
	return &KeyError{Op: "set", Key: key, Err: ErrReadOnly}
}

func (r readOnly) Delete(ctx context.Context, key string) error {
	return &KeyError{Op: "delete", Key: key, Err: ErrReadOnly}
}

// Request is one call recorded by a Counting store.
type Request struct {
	Op    string          // "get", "get range", "set", "delete" or "list"
	Key   string          // the key, or the prefix for "list"
	Range byterange.Range // for "get range"
	Bytes int64           // bytes returned (get, get range) or given (set)
	Err   error           // the call's error, if any
}

// Counting wraps a store and records every call made through it, to show
// what a reader fetches (tests use it to prove that a partial read touches
// only what it needs). It implements ConcurrencyHint and io.Closer by
// forwarding to the wrapped store, as ReadOnly does.
type Counting struct {
	s    Store
	mu   sync.Mutex
	reqs []Request
}

// NewCounting returns a Counting store over s.
func NewCounting(s Store) *Counting { return &Counting{s: s} }

// Requests returns the calls recorded so far, in the order they finished.
func (c *Counting) Requests() []Request {
	c.mu.Lock()
	defer c.mu.Unlock()
	return slices.Clone(c.reqs)
}

// Reset forgets the calls recorded so far.
func (c *Counting) Reset() {
	c.mu.Lock()
	c.reqs = nil
	c.mu.Unlock()
}

// BytesRead returns the bytes returned by Get and GetRange so far.
func (c *Counting) BytesRead() int64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	var n int64
	for _, r := range c.reqs {
		if r.Op == "get" || r.Op == "get range" {
			n += r.Bytes
		}
	}
	return n
}

func (c *Counting) record(r Request) {
	c.mu.Lock()
	c.reqs = append(c.reqs, r)
	c.mu.Unlock()
}

// Get records and forwards the call.
func (c *Counting) Get(ctx context.Context, key string, limit int64) ([]byte, error) {
	v, err := c.s.Get(ctx, key, limit)
	c.record(Request{Op: "get", Key: key, Bytes: int64(len(v)), Err: err})
	return v, err
}

// GetRange records and forwards the call.
func (c *Counting) GetRange(ctx context.Context, key string, r byterange.Range) ([]byte, error) {
	v, err := c.s.GetRange(ctx, key, r)
	c.record(Request{Op: "get range", Key: key, Range: r, Bytes: int64(len(v)), Err: err})
	return v, err
}

// Set records and forwards the call.
func (c *Counting) Set(ctx context.Context, key string, value []byte) error {
	err := c.s.Set(ctx, key, value)
	c.record(Request{Op: "set", Key: key, Bytes: int64(len(value)), Err: err})
	return err
}

// Delete records and forwards the call.
func (c *Counting) Delete(ctx context.Context, key string) error {
	err := c.s.Delete(ctx, key)
	c.record(Request{Op: "delete", Key: key, Err: err})
	return err
}

// List records and forwards the call.
func (c *Counting) List(ctx context.Context, prefix string, fn func(Entry) error) error {
	err := c.s.List(ctx, prefix, fn)
	c.record(Request{Op: "list", Key: prefix, Err: err})
	return err
}
