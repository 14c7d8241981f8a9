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
// calls of one goroutine alternate between cold ones. At most poolBound()
// exist at a time, in use or idle: get waits for one to be put back when
// that many are in use, as calls to a shared klauspost encoder wait for
// one of its GOMAXPROCS internal ones, so that memory stays bounded however
// many goroutines encode at once.
type lifo[T any] struct {
	mu   sync.Mutex
	cond sync.Cond // signalled by put; its L is &mu
	free []T
	made int // items that exist: in use or in free
	make func() (T, error)
}

// poolBound is the number of encoders (or decoders) a pool holds at most:
// GOMAXPROCS, as many as can run at once, which is also how many
// klauspost's shared encoders and decoders hold by default.
func poolBound() int { return runtime.GOMAXPROCS(0) }

// get returns the most recently put item, or a new one while fewer than
// poolBound exist, or waits for one to be put.
func (p *lifo[T]) get() (T, error) {
	bound := poolBound()
	p.mu.Lock()
	p.cond.L = &p.mu
	for len(p.free) == 0 && p.made >= bound {
		p.cond.Wait()
	}
	if n := len(p.free); n > 0 {
		x := p.free[n-1]
		var zero T
		p.free[n-1] = zero
		p.free = p.free[:n-1]
		p.mu.Unlock()
		return x, nil
	}
	p.made++
	p.mu.Unlock()
	x, err := p.make()
	if err != nil {
		p.mu.Lock()
		p.made--
		p.cond.Signal()
		p.mu.Unlock()
	}
	return x, err
}

// put returns x to the pool, or drops it when more than poolBound exist
// (GOMAXPROCS was lowered).
func (p *lifo[T]) put(x T) {
	bound := poolBound()
	p.mu.Lock()
	p.cond.L = &p.mu
	if p.made > bound {
		p.made--
	} else {
		p.free = append(p.free, x)
	}
	p.cond.Signal()
	p.mu.Unlock()
}
