package workpool

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

func TestRunCoversEveryIndexOnce(t *testing.T) {
	for _, workers := range []int{0, 1, 2, 7, 100} {
		seen := make([]atomic.Int32, 50)
		if err := Run(context.Background(), len(seen), workers, func(i int) error {
			seen[i].Add(1)
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		for i := range seen {
			if n := seen[i].Load(); n != 1 {
				t.Fatalf("workers %d: index %d ran %d times", workers, i, n)
			}
		}
	}
	if err := Run(context.Background(), 0, 4, func(int) error { panic("no index") }); err != nil {
		t.Fatal(err)
	}
}

func TestRunBoundsGoroutines(t *testing.T) {
	for _, workers := range []int{1, 2, 4} {
		var cur, peak atomic.Int32
		err := Run(context.Background(), 40, workers, func(int) error {
			n := cur.Add(1)
			for {
				p := peak.Load()
				if n <= p || peak.CompareAndSwap(p, n) {
					break
				}
			}
			time.Sleep(time.Millisecond)
			cur.Add(-1)
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		if p := peak.Load(); p > int32(workers) {
			t.Fatalf("workers %d: %d ran at once", workers, p)
		}
	}
}

func TestRunOneWorkerIsInline(t *testing.T) {
	var order []int
	// No locking: with one worker every call is on this goroutine, in order
	// (the race detector would see otherwise).
	Run(context.Background(), 5, 1, func(i int) error { order = append(order, i); return nil })
	if fmt.Sprint(order) != "[0 1 2 3 4]" {
		t.Fatal(order)
	}
}

func TestRunLowestFailureWins(t *testing.T) {
	for _, workers := range []int{1, 3, 8} {
		var mu sync.Mutex
		started := map[int]bool{}
		err := Run(context.Background(), 100, workers, func(i int) error {
			mu.Lock()
			started[i] = true
			mu.Unlock()
			if i == 10 || i == 11 || i == 12 {
				return fmt.Errorf("fail %d", i)
			}
			return nil
		})
		if err == nil || err.Error() != "fail 10" {
			t.Fatalf("workers %d: %v", workers, err)
		}
		if len(started) > 10+3+workers {
			t.Fatalf("workers %d: %d indexes started after a failure at 10", workers, len(started))
		}
	}
}

func TestRunPanicBecomesError(t *testing.T) {
	for _, workers := range []int{1, 4} {
		err := Run(context.Background(), 10, workers, func(i int) error {
			if i == 3 {
				var s []int
				_ = s[i] // a runtime error
			}
			return nil
		})
		var pe *PanicError
		if !errors.As(err, &pe) || pe.Index != 3 || len(pe.Stack) == 0 {
			t.Fatalf("workers %d: %v", workers, err)
		}
		var re interface{ RuntimeError() }
		if !errors.As(err, &re) {
			t.Fatalf("the runtime error is not reachable: %v", err)
		}
	}
}

func TestRunStopsOnCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	var ran atomic.Int32
	err := Run(ctx, 1000, 2, func(i int) error {
		if ran.Add(1) == 5 {
			cancel()
		}
		return nil
	})
	if !errors.Is(err, context.Canceled) {
		t.Fatal(err)
	}
	if n := ran.Load(); n > 7 {
		t.Fatalf("%d indexes ran after cancellation", n)
	}
}

func TestRunWithState(t *testing.T) {
	var gets, puts atomic.Int32
	var sum atomic.Int64
	err := RunWith(context.Background(), 100, 3,
		func() *int { gets.Add(1); return new(int) },
		func(*int) { puts.Add(1) },
		func(s *int, i int) error { *s += i; sum.Add(int64(i)); return nil })
	if err != nil || sum.Load() != 4950 {
		t.Fatal(err, sum.Load())
	}
	if g, p := gets.Load(), puts.Load(); g != p || g > 3 || g < 1 {
		t.Fatalf("%d gets, %d puts", g, p)
	}
}

func TestSplit(t *testing.T) {
	for _, c := range []struct{ budget, jobs, outer, inner int }{
		{1, 10, 1, 1}, {4, 10, 4, 1}, {8, 2, 2, 4}, {8, 3, 3, 2}, {4, 1, 1, 4}, {4, 0, 1, 4},
	} {
		o, i := Split(c.budget, c.jobs)
		if o != c.outer || i != c.inner || o*i > c.budget {
			t.Errorf("Split(%d, %d) = %d, %d; want %d, %d", c.budget, c.jobs, o, i, c.outer, c.inner)
		}
	}
}
