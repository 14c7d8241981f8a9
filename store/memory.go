package store

import (
	"context"
	"slices"
	"strings"
	"sync"

	"github.com/zcodec/zcodec/store/byterange"
)

// Memory is a store that keeps its values in memory, for tests and for
// programs that build arrays before writing them anywhere. The zero value
// is an empty store ready to use.
type Memory struct {
	mu     sync.RWMutex
	values map[string][]byte
}

// NewMemory returns an empty memory store.
func NewMemory() *Memory { return &Memory{} }

// Get returns a copy of key's value.
func (m *Memory) Get(ctx context.Context, key string, limit int64) ([]byte, error) {
	v, err := m.lookup(ctx, "get", key)
	if err != nil {
		return nil, err
	}
	if err := checkLimit(int64(len(v)), limit); err != nil {
		return nil, &KeyError{Op: "get", Key: key, Err: err}
	}
	return slices.Clone(v), nil
}

// GetRange returns a copy of the bytes of key's value that r selects.
func (m *Memory) GetRange(ctx context.Context, key string, r byterange.Range) ([]byte, error) {
	v, err := m.lookup(ctx, "get range", key)
	if err != nil {
		return nil, err
	}
	start, end, err := byterange.Bounds(r, int64(len(v)))
	if err != nil {
		return nil, &KeyError{Op: "get range", Key: key, Err: err}
	}
	return slices.Clone(v[start:end]), nil
}

func (m *Memory) lookup(ctx context.Context, op, key string) ([]byte, error) {
	if err := begin(ctx, op, key); err != nil {
		return nil, err
	}
	m.mu.RLock()
	v, ok := m.values[key]
	m.mu.RUnlock()
	if !ok {
		return nil, &KeyError{Op: op, Key: key, Err: ErrNotFound}
	}
	return v, nil
}

// Set stores a copy of value under key.
func (m *Memory) Set(ctx context.Context, key string, value []byte) error {
	if err := begin(ctx, "set", key); err != nil {
		return err
	}
	v := slices.Clone(value)
	if v == nil {
		v = []byte{}
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.values == nil {
		m.values = map[string][]byte{}
	}
	m.values[key] = v
	return nil
}

// Delete removes key's value.
func (m *Memory) Delete(ctx context.Context, key string) error {
	if err := begin(ctx, "delete", key); err != nil {
		return err
	}
	m.mu.Lock()
	delete(m.values, key)
	m.mu.Unlock()
	return nil
}

// List calls fn for every key under prefix in lexical order. It works on a
// snapshot of the keys taken when it starts.
func (m *Memory) List(ctx context.Context, prefix string, fn func(Entry) error) error {
	if err := ValidPrefix(prefix); err != nil {
		return &KeyError{Op: "list", Key: prefix, Err: err}
	}
	m.mu.RLock()
	var entries []Entry
	for k, v := range m.values {
		if strings.HasPrefix(k, prefix) {
			entries = append(entries, Entry{Key: k, Size: int64(len(v))})
		}
	}
	m.mu.RUnlock()
	slices.SortFunc(entries, func(a, b Entry) int { return strings.Compare(a.Key, b.Key) })
	for _, e := range entries {
		if err := ctx.Err(); err != nil {
			return &KeyError{Op: "list", Key: prefix, Err: err}
		}
		if err := fn(e); err != nil {
			return err
		}
	}
	return nil
}

// begin checks the context and the key at the start of an operation.
func begin(ctx context.Context, op, key string) error {
	if err := ctx.Err(); err != nil {
		return &KeyError{Op: op, Key: key, Err: err}
	}
	if err := ValidKey(key); err != nil {
		return &KeyError{Op: op, Key: key, Err: err}
	}
	return nil
}
