package refstore

import (
	"container/list"
	"context"
	"errors"
	"io"
	"sync"

	"github.com/zcodec/zcodec/store"
)

// DefaultMaxStores is the default of Options.MaxStores: how many stores of
// referenced files (one per HTTP origin, per bucket, and one for the local
// file system) a Store keeps open at once.
const DefaultMaxStores = 16

// errClosed: the Store was closed.
var errClosed = errors.New("the reference store is closed")

// pool holds the stores of the roots the references lead to, opened on
// first use, one per root however many callers ask at once, at most max
// of them kept open (the least recently used unused one closed first; the
// stores in use at once may exceed max until they are released).
type pool struct {
	open func(ctx context.Context, root string) (store.Store, error)
	max  int

	mu     sync.Mutex
	m      map[string]*entry
	lru    list.List // of *entry, most recently used first
	closed bool
	hint   int // the largest PreferredConcurrency of the stores opened
}

// entry is the store of one root.
type entry struct {
	root  string
	ready chan struct{} // closed when s and err are set
	s     store.Store
	err   error
	refs  int  // callers using it; under pool.mu
	gone  bool // left the pool: closed when refs reaches 0
	elem  *list.Element
}

func newPool(max int, open func(ctx context.Context, root string) (store.Store, error)) *pool {
	return &pool{open: open, max: max, m: map[string]*entry{}}
}

// acquire returns the store of root, opening it (once) when the pool does
// not hold it. The caller releases the entry.
func (p *pool) acquire(ctx context.Context, root string) (*entry, error) {
	p.mu.Lock()
	if p.closed {
		p.mu.Unlock()
		return nil, errClosed
	}
	e, ok := p.m[root]
	if ok {
		e.refs++
		p.lru.MoveToFront(e.elem)
		p.mu.Unlock()
		select {
		case <-e.ready:
		case <-ctx.Done():
			p.release(e)
			return nil, ctx.Err()
		}
		if e.err != nil {
			err := e.err
			p.release(e)
			return nil, err
		}
		return e, nil
	}
	e = &entry{root: root, ready: make(chan struct{}), refs: 1}
	e.elem = p.lru.PushFront(e)
	p.m[root] = e
	evicted := p.evict()
	p.mu.Unlock()
	for _, s := range evicted {
		closeStore(s)
	}

	s, err := p.open(ctx, root)
	p.mu.Lock()
	e.s, e.err = s, err
	close(e.ready)
	if err != nil {
		// Not kept: the next caller tries again.
		p.remove(e)
		e.refs--
		p.mu.Unlock()
		return nil, err
	}
	if h, ok := s.(store.ConcurrencyHint); ok {
		p.hint = max(p.hint, h.PreferredConcurrency())
	}
	p.mu.Unlock()
	return e, nil
}

// release ends a caller's use of e.
func (p *pool) release(e *entry) {
	p.mu.Lock()
	e.refs--
	c := e.gone && e.refs == 0 && e.s != nil
	p.mu.Unlock()
	if c {
		closeStore(e.s)
	}
}

// remove takes e out of the pool; under p.mu.
func (p *pool) remove(e *entry) {
	if !e.gone {
		e.gone = true
		p.lru.Remove(e.elem)
		if p.m[e.root] == e {
			delete(p.m, e.root)
		}
	}
}

// evict takes the least recently used unused stores beyond max out of the
// pool, under p.mu, and returns them for the caller to close.
func (p *pool) evict() []store.Store {
	var out []store.Store
	for el := p.lru.Back(); el != nil && len(p.m) > p.max; {
		e := el.Value.(*entry)
		prev := el.Prev()
		if e.refs == 0 {
			p.remove(e)
			if e.s != nil {
				out = append(out, e.s)
			}
		}
		el = prev
	}
	return out
}

// size returns the number of stores the pool holds.
func (p *pool) size() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return len(p.m)
}

// preferred returns the largest PreferredConcurrency of the stores opened
// so far.
func (p *pool) preferred() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.hint
}

// close closes every store not in use, and the others when their callers
// release them; acquire fails afterwards.
func (p *pool) close() error {
	p.mu.Lock()
	p.closed = true
	var idle []store.Store
	for _, e := range p.m {
		p.remove(e)
		if e.refs == 0 && e.s != nil {
			idle = append(idle, e.s)
		}
	}
	p.mu.Unlock()
	var errs []error
	for _, s := range idle {
		errs = append(errs, closeStore(s))
	}
	return errors.Join(errs...)
}

func closeStore(s store.Store) error {
	if c, ok := s.(io.Closer); ok {
		return c.Close()
	}
	return nil
}
