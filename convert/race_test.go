package convert_test

import (
	"context"
	"errors"
	"sync"
	"testing"

	"github.com/zcodec/zcodec/convert"
	"github.com/zcodec/zcodec/store"
)

// beforeSet is a store that calls hook once, the first time key is set
// while armed, before setting it.
type beforeSet struct {
	store.Store
	key   string
	mu    sync.Mutex
	armed bool
	hook  func()
}

func (s *beforeSet) Set(ctx context.Context, key string, v []byte) error {
	s.mu.Lock()
	run := s.armed && key == s.key
	if run {
		s.armed = false
	}
	s.mu.Unlock()
	if run {
		s.hook()
	}
	return s.Store.Set(ctx, key, v)
}

// TestPartRacesFinalize runs a part again while Finalize runs: the part
// has written its units and is about to write its marker when Finalize
// publishes the metadata and removes the plan's keys. No marker is left in
// the published destination, and the part says the destination was
// finalized while it ran.
func TestPartRacesFinalize(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	srcStore := hierarchy(t, 11)
	src := openSource(t, srcStore)
	dst := &beforeSet{Store: store.NewMemory(), key: convert.MarkerKey(1, 2)}
	p, err := convert.WritePlan(ctx, src, dst, nil)
	if err != nil {
		t.Fatal(err)
	}
	runParts(t, p, src, dst, 2)
	var finalizeErr error
	dst.hook = func() { finalizeErr = convert.Finalize(ctx, p, dst, 2, nil) }
	dst.armed = true
	_, _, err = convert.RunPart(ctx, p, src, dst, 1, 2, nil)
	if finalizeErr != nil {
		t.Fatalf("Finalize: %v", finalizeErr)
	}
	if !errors.Is(err, convert.ErrFinalized) {
		t.Errorf("the part that raced Finalize: %v, want an error matching ErrFinalized", err)
	}
	if keys := planKeys(t, dst); len(keys) != 0 {
		t.Errorf("left in the published destination: %v", keys)
	}
	for _, a := range sourceArrays {
		sameValues(t, srcStore, dst, a.path)
	}
	// A part of the plan that starts once Finalize is done writes nothing.
	published := contents(t, dst)
	rec := &recording{Store: dst}
	if _, _, err := convert.RunPart(ctx, p, src, rec, 0, 2, nil); !errors.Is(err, convert.ErrFinalized) || len(rec.sets) != 0 {
		t.Errorf("a part after Finalize: %v, wrote %v", err, rec.sets)
	}
	sameContents(t, "after a late part", contents(t, dst), published)
}
