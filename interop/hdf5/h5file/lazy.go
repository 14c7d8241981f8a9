package h5file

import (
	"context"
	"errors"
	"sync"
)

// lazy computes a value once, on first use, and keeps it with its error,
// except an error of a cancelled context, which the next caller retries.
type lazy[T any] struct {
	mu   sync.Mutex
	done bool
	v    T
	err  error
}

func (l *lazy[T]) get(fn func() (T, error)) (T, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.done {
		return l.v, l.err
	}
	v, err := fn()
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return v, err
	}
	l.v, l.err, l.done = v, err, true
	return v, err
}
