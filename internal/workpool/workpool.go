// Package workpool runs the indexes [0, n) of one job on a bounded number
// of goroutines: the one worker pool behind codec batches, the chunk work
// of zarr arrays and the inner chunks of shards.
//
// Run hands indexes out in increasing order, stops handing them out at the
// first failure or when the context is done, and returns the error of the
// lowest index that failed, so that a job whose index i fails reports the
// same error whatever the number of workers. A panic in the work function
// becomes a *PanicError carrying the index, which callers wrap in their own
// error types. With one worker (or one index) the work runs on the
// caller's goroutine and no goroutine is started.
//
// A concurrency budget travels down a call tree as
// codec.Options.Concurrency: a caller that runs k jobs at once out of a
// budget of B gives each of them Split(B, k), so that the goroutines and
// requests in flight of the whole tree stay within B.
package workpool

import (
	"context"
	"fmt"
	"runtime"
	"runtime/debug"
	"sync"
	"sync/atomic"
)

// PanicError is a panic recovered from the work function at Index.
type PanicError struct {
	Index int
	Value any    // the value passed to panic
	Stack []byte // the stack of the panicking goroutine
}

func (e *PanicError) Error() string { return fmt.Sprintf("index %d: panic: %v", e.Index, e.Value) }

// Unwrap returns Value if it is an error, or nil.
func (e *PanicError) Unwrap() error {
	err, _ := e.Value.(error)
	return err
}

// Workers returns the number of goroutines Run uses for n indexes and a
// limit of workers (<= 0: GOMAXPROCS): min(workers, n), at least 1.
func Workers(n, workers int) int {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	return max(1, min(workers, n))
}

// Run calls f(i) for every i in [0, n) on at most Workers(n, workers)
// goroutines; see the package documentation for the order, errors and
// panics. The error of an index that is not started because ctx is done is
// ctx's error.
func Run(ctx context.Context, n, workers int, f func(i int) error) error {
	return RunWith(ctx, n, workers, func() struct{} { return struct{}{} }, nil,
		func(_ struct{}, i int) error { return f(i) })
}

// RunWith is Run with per-goroutine state: each goroutine gets its state
// from get before its first index, passes it to every f call, and hands
// it to put (if not nil) when done. Scratch buffers taken from a pool this
// way cost one set per goroutine, not one per index.
func RunWith[S any](ctx context.Context, n, workers int, get func() S, put func(S), f func(s S, i int) error) error {
	if n <= 0 {
		return nil
	}
	workers = Workers(n, workers)
	var (
		next   atomic.Int64
		failed atomic.Bool
		mu     sync.Mutex
		errAt  = n
		first  error
	)
	fail := func(i int, err error) {
		mu.Lock()
		if i < errAt {
			errAt, first = i, err
		}
		mu.Unlock()
		failed.Store(true)
	}
	work := func() {
		s := get()
		if put != nil {
			defer put(s)
		}
		for !failed.Load() {
			i := int(next.Add(1) - 1)
			if i >= n {
				return
			}
			if err := ctx.Err(); err != nil {
				fail(i, err)
				return
			}
			if err := call(f, s, i); err != nil {
				fail(i, err)
				return
			}
		}
	}
	if workers == 1 {
		work()
		return first
	}
	var wg sync.WaitGroup
	for range workers {
		wg.Go(work)
	}
	wg.Wait()
	return first
}

// call calls f(s, i), turning a panic into a *PanicError.
func call[S any](f func(S, int) error, s S, i int) (err error) {
	defer func() {
		if v := recover(); v != nil {
			err = &PanicError{Index: i, Value: v, Stack: debug.Stack()}
		}
	}()
	return f(s, i)
}

// Split divides a budget of workers between jobs run at once: it returns
// the number of jobs to run at once (outer, at most jobs) and the budget
// each of them gets (inner), with outer*inner <= budget. A budget <= 0 is
// GOMAXPROCS.
func Split(budget, jobs int) (outer, inner int) {
	if budget <= 0 {
		budget = runtime.GOMAXPROCS(0)
	}
	outer = max(1, min(budget, jobs))
	return outer, max(1, budget/outer)
}
