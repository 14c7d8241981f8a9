package zstd

import (
	"runtime"
	"sync"
)

// lifo is a bounded last-in-first-out pool of single-concurrency
// klauspost/compress encoders or decoders. A goroutine that puts one back
// and gets one again is handed the same one, whose tables and buffers are
// still in its core's caches; klauspost's own EncodeAll and DecodeAll
// hand out their internal encoders first-in-first-out, so that successive
// calls of one goroutine alternate between cold ones. At most
// poolBound() idle ones are kept: the others are dropped for the garbage
// collector, so the pool never holds more than the peak concurrency, and
// never more than poolBound, of them.
type lifo[T any] struct {
	mu   sync.Mutex
	free []T
	make func() (T, error)
}

// poolBound is the number of idle encoders (or decoders) a pool keeps:
// GOMAXPROCS, as many as can run at once, which is also how many
// klauspost's shared encoders and decoders hold by default.
func poolBound() int { return runtime.GOMAXPROCS(0) }

// get returns the most recently put item, or a new one.
func (p *lifo[T]) get() (T, error) {
	p.mu.Lock()
	if n := len(p.free); n > 0 {
		x := p.free[n-1]
		var zero T
		p.free[n-1] = zero
		p.free = p.free[:n-1]
		p.mu.Unlock()
		return x, nil
	}
	p.mu.Unlock()
	return p.make()
}

// put returns x to the pool, or drops it when the pool is full.
func (p *lifo[T]) put(x T) {
	bound := poolBound()
	p.mu.Lock()
	if len(p.free) < bound {
		p.free = append(p.free, x)
	}
	p.mu.Unlock()
}
