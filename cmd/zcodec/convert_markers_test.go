package main

import (
	"context"
	"encoding/json"
	"sync/atomic"
	"testing"
	"time"

	"github.com/zcodec/zcodec/store"
)

// slowGets is a store whose Get takes a while, as an object store's does,
// and that records how many Gets were in flight at most.
type slowGets struct {
	store.Store
	now, most atomic.Int32
}

func (s *slowGets) Get(ctx context.Context, key string, limit int64) ([]byte, error) {
	n := s.now.Add(1)
	defer s.now.Add(-1)
	for {
		m := s.most.Load()
		if n <= m || s.most.CompareAndSwap(m, n) {
			break
		}
	}
	time.Sleep(5 * time.Millisecond)
	return s.Store.Get(ctx, key, limit)
}

// TestCheckMarkersConcurrent: --finalize and --status read the markers of
// many parts several at a time (one after the other, a million parts over
// an object store take hours), and still report each part in order.
func TestCheckMarkersConcurrent(t *testing.T) {
	ctx := context.Background()
	const n, digest = 64, "d1"
	p := &partPlan{Units: 1000}
	m := store.NewMemory()
	for i := range n {
		if i == 7 {
			continue // missing
		}
		first, end := partRange(i, n, p.Units)
		plan := digest
		if i == 9 {
			plan = "other"
		}
		b, _ := json.Marshal(partMarker{Part: i, Parts: n, First: first, End: end, Plan: plan})
		if err := m.Set(ctx, markerKey(i, n), b); err != nil {
			t.Fatal(err)
		}
	}
	s := &slowGets{Store: m}
	states, err := checkMarkers(ctx, s, p, digest, n)
	if err != nil {
		t.Fatal(err)
	}
	if len(states) != n {
		t.Fatalf("%d states for %d parts", len(states), n)
	}
	for i, st := range states {
		want := ""
		switch i {
		case 7:
			want = "missing"
		case 9:
			want = "stale: written for another plan"
		}
		if st.part != i || st.problem != want {
			t.Errorf("state %d: %+v, want part %d %q", i, st, i, want)
		}
	}
	if most := s.most.Load(); most < 2 {
		t.Errorf("at most %d marker read in flight: the markers are read one after the other", most)
	}
}
