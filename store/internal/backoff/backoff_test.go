package backoff

import (
	"context"
	"errors"
	"testing"
	"time"
)

// TestWait: the wait doubles up to the limit, and is always between half
// of the undithered wait and all of it.
func TestWait(t *testing.T) {
	const base, limit = 100 * time.Millisecond, time.Second
	for n, full := range map[int]time.Duration{1: 100, 2: 200, 3: 400, 4: 800, 5: 1000, 60: 1000} {
		full *= time.Millisecond
		for range 200 {
			if d := Wait(base, limit, n); d < full/2 || d > full {
				t.Fatalf("Wait(%v, %v, %d) = %v, want within [%v, %v]", base, limit, n, d, full/2, full)
			}
		}
	}
}

// TestSleep: a cancelled context ends the wait at once with its error.
func TestSleep(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	start := time.Now()
	if err := Sleep(ctx, time.Hour); !errors.Is(err, context.Canceled) || time.Since(start) > time.Minute {
		t.Fatalf("Sleep on a cancelled context: %v after %v", err, time.Since(start))
	}
	if err := Sleep(context.Background(), time.Millisecond); err != nil {
		t.Fatal(err)
	}
}
