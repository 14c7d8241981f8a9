package kerchunk

import (
	"context"
	"slices"
	"strings"
	"sync"
)

// Set is a whole reference set held in memory (it implements Refs). It is
// safe for concurrent use.
type Set struct {
	mu   sync.RWMutex
	refs map[string]Ref
}

// NewSet returns an empty set.
func NewSet() *Set { return &Set{refs: map[string]Ref{}} }

// Put sets the reference of key, replacing any previous one. The set keeps
// r.Data: the caller must not change it afterwards.
func (s *Set) Put(key string, r Ref) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.refs == nil {
		s.refs = map[string]Ref{}
	}
	s.refs[key] = r
}

// Delete removes the reference of key, if any.
func (s *Set) Delete(key string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.refs, key)
}

// Len returns the number of keys in the set.
func (s *Set) Len() int {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return len(s.refs)
}

// Ref returns the reference of key (see Refs). It never fails.
func (s *Set) Ref(ctx context.Context, key string) (Ref, bool, error) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	r, ok := s.refs[key]
	return r, ok, nil
}

// Keys calls fn with every key under prefix, in sorted order, and the size
// of its value (see Refs), stopping at the first error fn returns. The
// set's lock is not held while fn runs.
func (s *Set) Keys(ctx context.Context, prefix string, fn func(key string, size int64) error) error {
	type entry struct {
		key  string
		size int64
	}
	s.mu.RLock()
	var es []entry
	for k, r := range s.refs {
		if strings.HasPrefix(k, prefix) {
			es = append(es, entry{k, r.size()})
		}
	}
	s.mu.RUnlock()
	slices.SortFunc(es, func(a, b entry) int { return strings.Compare(a.key, b.key) })
	for _, e := range es {
		if err := ctx.Err(); err != nil {
			return err
		}
		if err := fn(e.key, e.size); err != nil {
			return err
		}
	}
	return nil
}

// FirstRange returns the smallest key under prefix whose reference is a
// range of a file, and that reference; ok is false when there is none. It
// costs one pass over the set, without sorting it.
func (s *Set) FirstRange(prefix string) (key string, r Ref, ok bool) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	for k, v := range s.refs {
		if !v.Inline && strings.HasPrefix(k, prefix) && (!ok || k < key) {
			key, r, ok = k, v, true
		}
	}
	return key, r, ok
}

// SortedKeys returns the set's keys in sorted order.
func (s *Set) SortedKeys() []string {
	s.mu.RLock()
	ks := make([]string, 0, len(s.refs))
	for k := range s.refs {
		ks = append(ks, k)
	}
	s.mu.RUnlock()
	slices.Sort(ks)
	return ks
}

// size is the length of r's value, or -1 when unknown (a whole file).
func (r Ref) size() int64 {
	if r.Inline {
		return int64(len(r.Data))
	}
	if r.Length < 0 {
		return -1
	}
	return r.Length
}

var (
	_ Refs = (*Set)(nil)
	_ Refs = (*ParquetRefs)(nil)
)
