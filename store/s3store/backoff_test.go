package s3store

import (
	"context"
	"testing"
	"time"

	"github.com/zcodec/zcodec/store"
)

// TestBackoffOption: ObjectOptions.Backoff sets the first wait between
// attempts (the default 100 ms when 0), and a negative value waits not at
// all, whatever the retry.
func TestBackoffOption(t *testing.T) {
	isolate(t)
	for _, c := range []struct {
		backoff, first, limit time.Duration
	}{
		{0, 100 * time.Millisecond, 5 * time.Second},
		{7 * time.Millisecond, 7 * time.Millisecond, 5 * time.Second},
		{-1, 0, 0},
	} {
		s, err := New(context.Background(), testBucket, "p", &store.ObjectOptions{Endpoint: "http://127.0.0.1:1", Backoff: c.backoff})
		if err != nil {
			t.Fatal(err)
		}
		if s.backoff0 != c.first || s.backoffHi != c.limit {
			t.Errorf("Backoff %v: waits from %v up to %v, want %v up to %v", c.backoff, s.backoff0, s.backoffHi, c.first, c.limit)
		}
		if d := s.wait(1); d < c.first/2 || d > c.first {
			t.Errorf("Backoff %v: first wait %v, want within [%v, %v]", c.backoff, d, c.first/2, c.first)
		}
		if c.backoff < 0 {
			for n := 1; n < 30; n++ {
				if d := s.wait(n); d != 0 {
					t.Errorf("Backoff %v: wait before retry %d is %v", c.backoff, n, d)
				}
			}
		}
	}
}
