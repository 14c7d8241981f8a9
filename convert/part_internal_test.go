package convert

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"sync/atomic"
	"testing"
	"time"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/store"
	"github.com/zcodec/zcodec/zarr"
)

func TestPartRange(t *testing.T) {
	for _, c := range []struct {
		units int64
		n     int
	}{{0, 3}, {1, 5}, {10, 3}, {60, 4}, {1 << 62, 7}, {1<<63 - 1, 1 << 20}} {
		var next int64
		for i := range c.n {
			first, end := PartRange(i, c.n, c.units)
			if first != next || end < first {
				t.Fatalf("%d units in %d parts: part %d is [%d, %d), after %d", c.units, c.n, i, first, end, next)
			}
			if size := end - first; size > c.units/int64(c.n)+1 {
				t.Fatalf("%d units in %d parts: part %d has %d", c.units, c.n, i, size)
			}
			next = end
		}
		if next != c.units {
			t.Fatalf("%d units in %d parts end at %d", c.units, c.n, next)
		}
	}
	// The floors of the protocol, on a small case worked by hand: 10
	// units in 4 parts are 0-2, 2-5, 5-7, 7-10.
	want := [][2]int64{{0, 2}, {2, 5}, {5, 7}, {7, 10}}
	for i, w := range want {
		if f, e := PartRange(i, 4, 10); f != w[0] || e != w[1] {
			t.Errorf("part %d of 4 of 10 units: [%d, %d), want %v", i, f, e, w)
		}
	}
}

func TestPartOptions(t *testing.T) {
	if o := partOptions(nil, 1<<20); o != nil {
		t.Errorf("units of 1 MiB: %+v, want the default budget", o)
	}
	o := partOptions(&zarr.Options{Options: codec.Options{MaxChunkBytes: 5}}, 64<<20)
	if o == nil || o.Concurrency != 8 || o.MaxChunkBytes != 5 {
		t.Errorf("units of 64 MiB: %+v, want 8 in flight", o)
	}
	if o := partOptions(&zarr.Options{Options: codec.Options{Concurrency: 3}}, 1<<30); o.Concurrency != 3 {
		t.Errorf("a given concurrency was changed: %+v", o)
	}
	if o := partOptions(nil, 4<<30); o.Concurrency != 1 {
		t.Errorf("units of 4 GiB: %+v, want 1 in flight", o)
	}
}

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

// TestStatusConcurrent: Status reads the markers of many parts several at
// a time (one after the other, a million parts over an object store take
// hours), and still reports each part in order.
func TestStatusConcurrent(t *testing.T) {
	ctx := context.Background()
	const n, digest = 64, "d1"
	p := &Plan{doc: planDoc{Units: 1000}, digest: digest}
	m := store.NewMemory()
	for i := range n {
		if i == 7 {
			continue // missing
		}
		first, end := PartRange(i, n, p.Units())
		plan := digest
		if i == 9 {
			plan = "other"
		}
		if i == 11 {
			end++ // another range
		}
		b, _ := json.Marshal(marker{Part: i, Parts: n, First: first, End: end, Plan: plan})
		if err := m.Set(ctx, MarkerKey(i, n), b); err != nil {
			t.Fatal(err)
		}
	}
	s := &slowGets{Store: m}
	states, err := Status(ctx, p, s, n)
	if err != nil {
		t.Fatal(err)
	}
	if len(states) != n {
		t.Fatalf("%d states for %d parts", len(states), n)
	}
	for i, st := range states {
		want, problem := MarkerDone, ""
		switch i {
		case 7:
			want, problem = MarkerMissing, "missing"
		case 9:
			want, problem = MarkerStale, "stale: written for another plan"
		case 11:
			want = MarkerWrong
		}
		first, end := PartRange(i, n, p.Units())
		if st.Part != i || st.Marker != want || st.First != first || st.End != end || (problem != "" && st.Problem != problem) || (want == MarkerDone) != (st.Problem == "") {
			t.Errorf("state %d: %+v, want part %d %v %q", i, st, i, want, problem)
		}
	}
	if most := s.most.Load(); most < 2 {
		t.Errorf("at most %d marker read in flight: the markers are read one after the other", most)
	}
}

// FuzzOpenPlan feeds OpenPlan fuzzed plans, each with its right digest so
// that the fuzzed bytes reach the plan's parser: it never panics, and a
// plan it accepts has arrays whose units follow each other and add up to
// its total, whose parts cover the units exactly, and whose documents
// either open or are refused with an error, never a panic. A plan whose
// digest is wrong is always refused.
func FuzzOpenPlan(f *testing.F) {
	ctx := context.Background()
	arrayDoc := `{\"zarr_format\":3,\"node_type\":\"array\",\"shape\":[10],\"data_type\":\"uint8\",\"chunk_grid\":{\"name\":\"regular\",\"configuration\":{\"chunk_shape\":[4]}},\"chunk_key_encoding\":{\"name\":\"default\"},\"fill_value\":0,\"codecs\":[{\"name\":\"bytes\"}]}`
	f.Add([]byte(`{"units": 3, "arrays": [{"path": "a", "first": 0, "units": 3, "source_sha256": "x", "zarr.json": "`+arrayDoc+`"}]}`), uint8(2))
	f.Add([]byte(`{"units": 0, "groups": [{"path": "", "zarr.json": "{\"zarr_format\":3,\"node_type\":\"group\"}"}], "arrays": []}`), uint8(1))
	f.Add([]byte(`{"units": 5, "arrays": [{"path": "a", "first": 1, "units": 4}]}`), uint8(3))
	f.Add([]byte(`{"units": 4611686018427387904, "arrays": [{"path": "a", "first": 0, "units": 4611686018427387904}, {"path": "b", "first": 4611686018427387904, "units": 4611686018427387904}]}`), uint8(5))
	f.Add([]byte(`{"units": 2, "skipped": [{"path": "x", "reason": "y"}], "arrays": [{"path": "", "first": 0, "units": 2, "zarr.json": "`+arrayDoc+`"}]}`), uint8(1))
	f.Add([]byte(`[]`), uint8(0))
	f.Fuzz(func(t *testing.T, body []byte, parts uint8) {
		sum := sha256.Sum256(body)
		digest := hex.EncodeToString(sum[:])
		s := store.NewMemory()
		doc := fmt.Appendf(nil, `{"zcodec_convert_plan": 1, "sha256": %q, "plan": %s}`, digest, body)
		if err := s.Set(ctx, PlanKey, doc); err != nil {
			t.Fatal(err)
		}
		p, err := OpenPlan(ctx, s)
		if err != nil {
			return
		}
		if p.Digest() != digest {
			t.Fatalf("digest %s, want %s", p.Digest(), digest)
		}
		var next int64
		for _, pa := range p.Arrays() {
			if pa.First != next || pa.Units < 0 {
				t.Fatalf("array %q starts at %d with %d units, want %d", pa.Path, pa.First, pa.Units, next)
			}
			next += pa.Units
		}
		if next != p.Units() {
			t.Fatalf("arrays hold %d units, the plan %d", next, p.Units())
		}
		for _, pa := range p.doc.Arrays {
			pa.pending(s, nil)
		}
		n := int(parts%16) + 1
		var end int64
		for i := range n {
			first, e := p.Range(i, n)
			if first != end || e < first {
				t.Fatalf("part %d/%d is [%d, %d) after %d", i, n, first, e, end)
			}
			end = e
		}
		if end != p.Units() {
			t.Fatalf("%d parts end at %d of %d units", n, end, p.Units())
		}
		// Publishing the documents never panics.
		publish(ctx, p, s, nil)
		// The same bytes under another digest are refused.
		s.Set(ctx, PlanKey, fmt.Appendf(nil, `{"zcodec_convert_plan": 1, "sha256": "%064x", "plan": %s}`, 0, body))
		if _, err := OpenPlan(ctx, s); err == nil && digest != fmt.Sprintf("%064x", 0) {
			t.Fatal("a plan with a wrong digest was accepted")
		}
	})
}
