// Package backoff holds the waits between the attempts of a request that
// the stores retry: exponential, with "equal jitter" (a random half of
// the wait), so that many clients that failed together do not retry
// together.
package backoff

import (
	"context"
	"math/rand/v2"
	"time"
)

// Wait returns the wait before retry n (1, 2, ...): base doubling with
// every retry up to limit, of which a random half is waited.
func Wait(base, limit time.Duration, n int) time.Duration {
	d := base << min(max(n-1, 0), 20)
	if d > limit || d <= 0 {
		d = limit
	}
	return d/2 + rand.N(d/2+1)
}

// Sleep waits d, or less when ctx ends first, and then returns ctx's
// error.
func Sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
