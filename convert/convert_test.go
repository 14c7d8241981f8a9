package convert_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/zcodec/zcodec/convert"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/store"
	"github.com/zcodec/zcodec/zarr"
)

// runParts runs the n parts of the plan in dst at once, each in its own
// goroutine, in a shuffled order.
func runParts(t *testing.T, p *convert.Plan, src *convert.Source, dst store.Store, n int) {
	t.Helper()
	ctx := context.Background()
	var wg sync.WaitGroup
	errs := make([]error, n)
	for _, i := range rand.New(rand.NewPCG(1, uint64(n))).Perm(n) {
		wg.Go(func() {
			first, end, err := convert.RunPart(ctx, p, src, dst, i, n, nil)
			if wf, we := p.Range(i, n); err == nil && (first != wf || end != we) {
				err = fmt.Errorf("wrote units [%d, %d), want [%d, %d)", first, end, wf, we)
			}
			errs[i] = err
		})
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Fatalf("part %d/%d: %v", i, n, err)
		}
	}
}

// TestPartsMatchConvert converts a hierarchy (with a new chain and
// consolidated metadata), one sharded array, and an array in more parts
// than it has units, in parts run at once and out of order, and compares
// the destination key by key with a conversion in one process, and its
// arrays element by element with the source.
func TestPartsMatchConvert(t *testing.T) {
	ctx := context.Background()
	one := store.NewMemory()
	writeArray(t, one, "", []int64{40, 30}, []int{8, 8}, numeric.Float32, 3)
	small := store.NewMemory()
	writeArray(t, small, "", []int64{17, 5, 3}, []int{4, 5, 2}, numeric.Uint8, 4)
	for _, c := range []struct {
		name  string
		src   store.Store
		opts  *convert.Options
		n     int
		paths []string
	}{
		{"hierarchy", hierarchy(t, 1), &convert.Options{Consolidate: true,
			Codecs: chain(t, `[{"name":"bytes","configuration":{"endian":"big"}},{"name":"gzip","configuration":{"level":1}}]`)},
			4, []string{"b", "g/a", "g/sub/c"}},
		{"sharded", one, &convert.Options{Chunks: []int{4, 6}, Shards: []int{16, 12}}, 3, []string{""}},
		{"more parts than units", small, nil, 40, []string{""}},
	} {
		t.Run(c.name, func(t *testing.T) {
			src := openSource(t, c.src)
			whole := store.NewMemory()
			if _, err := convert.Convert(ctx, src, whole, c.opts); err != nil {
				t.Fatal(err)
			}
			dst := store.NewMemory()
			p, err := convert.WritePlan(ctx, src, dst, c.opts)
			if err != nil {
				t.Fatal(err)
			}
			if keys := slices.Sorted(func(yield func(string) bool) {
				for k := range contents(t, dst) {
					yield(k)
				}
			}); !slices.Equal(keys, []string{convert.PlanKey, convert.ListingKey}) {
				t.Fatalf("after WritePlan, the destination holds %v", keys)
			}
			// Planning again is harmless.
			again, err := convert.WritePlan(ctx, src, dst, c.opts)
			if err != nil || again.Digest() != p.Digest() {
				t.Fatalf("WritePlan again: %v (digest %s, first %s)", err, again.Digest(), p.Digest())
			}
			read, err := convert.OpenPlan(ctx, dst)
			if err != nil || read.Digest() != p.Digest() || read.Units() != p.Units() {
				t.Fatalf("OpenPlan: %v", err)
			}
			var units int64
			for _, a := range read.Arrays() {
				units += a.Units
			}
			if units != p.Units() || len(read.Arrays()) != len(c.paths) {
				t.Fatalf("the plan's arrays %+v hold %d units, the plan %d", read.Arrays(), units, p.Units())
			}
			runParts(t, read, src, dst, c.n)
			if keys := metadataKeys(t, dst); len(keys) != 0 {
				t.Fatalf("metadata visible before Finalize: %v", keys)
			}
			states, err := convert.Status(ctx, read, dst, c.n)
			if err != nil {
				t.Fatal(err)
			}
			for _, s := range states {
				if !s.Done() {
					t.Fatalf("part %d: %s", s.Part, s.Problem)
				}
			}
			if err := convert.Finalize(ctx, read, dst, c.n, nil); err != nil {
				t.Fatal(err)
			}
			sameContents(t, c.name, contents(t, dst), contents(t, whole))
			for _, path := range c.paths {
				sameValues(t, c.src, dst, path)
			}
			if _, err := convert.OpenPlan(ctx, dst); !errors.Is(err, convert.ErrNoPlan) {
				t.Errorf("OpenPlan after Finalize: %v, want ErrNoPlan", err)
			}
		})
	}
	// The hierarchy's root holds the consolidated metadata of its arrays.
	// (Checked on a fresh conversion.)
	s := store.NewMemory()
	if _, err := convert.Convert(ctx, openSource(t, hierarchy(t, 1)), s, &convert.Options{Consolidate: true}); err != nil {
		t.Fatal(err)
	}
	g, err := zarr.OpenGroup(ctx, s, "")
	if err != nil || !g.Consolidated() {
		t.Errorf("Consolidate: the root group is not consolidated (%v)", err)
	}
}

// TestPartRerun: a part run again writes the same bytes, and removes what
// an earlier run left in its units (a unit now all fill, a damaged one).
func TestPartRerun(t *testing.T) {
	ctx := context.Background()
	srcStore := hierarchy(t, 2)
	src := openSource(t, srcStore)
	dst := store.NewMemory()
	p, err := convert.WritePlan(ctx, src, dst, nil)
	if err != nil {
		t.Fatal(err)
	}
	const n = 3
	for i := range n {
		if _, _, err := convert.RunPart(ctx, p, src, dst, i, n, nil); err != nil {
			t.Fatal(err)
		}
	}
	want := contents(t, dst)
	// Array "b" has 15 units of 7 elements, the first 5 all fill (the
	// first third of its bytes): c/0 is absent, c/6 stored.
	if _, ok := want["b/c/0"]; ok {
		t.Fatal("a unit that is all fill was stored")
	}
	if _, ok := want["b/c/6"]; !ok {
		t.Fatalf("b/c/6 was not written: %v", slices.Sorted(func(yield func(string) bool) {
			for k := range want {
				yield(k)
			}
		}))
	}
	dst.Set(ctx, "b/c/0", []byte("left by an earlier run"))
	dst.Set(ctx, "b/c/6", []byte("damaged"))
	first, end, err := convert.RunPart(ctx, p, src, dst, 0, n, nil)
	if err != nil || first != 0 || end != p.Units()/n {
		t.Fatalf("part 0 again: [%d, %d), %v", first, end, err)
	}
	got := contents(t, dst)
	// The markers hold the time they were written; the rest is the same.
	for k := range got {
		if strings.HasPrefix(k, convert.Dir+"/part-") {
			delete(got, k)
			delete(want, k)
		}
	}
	sameContents(t, "after a rerun", got, want)
	if err := convert.Finalize(ctx, p, dst, n, nil); err != nil {
		t.Fatal(err)
	}
	for _, a := range sourceArrays {
		sameValues(t, srcStore, dst, a.path)
	}
}

// TestFinalizeRefuses: Finalize publishes nothing while a part is missing,
// its marker is stale (of another plan) or names other units, or N is not
// the number the parts ran with; then it publishes.
func TestFinalizeRefuses(t *testing.T) {
	ctx := context.Background()
	src := openSource(t, hierarchy(t, 3))
	dst := store.NewMemory()
	p, err := convert.WritePlan(ctx, src, dst, nil)
	if err != nil {
		t.Fatal(err)
	}
	incomplete := func(what string, n int, want map[int]convert.MarkerState) *convert.IncompleteError {
		t.Helper()
		err := convert.Finalize(ctx, p, dst, n, nil)
		var ie *convert.IncompleteError
		if !errors.As(err, &ie) {
			t.Fatalf("%s: Finalize: %v, want an *IncompleteError", what, err)
		}
		got := map[int]convert.MarkerState{}
		for _, s := range ie.NotDone {
			got[s.Part] = s.Marker
		}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("%s: parts not done %v, want %v", what, got, want)
		}
		if keys := metadataKeys(t, dst); len(keys) != 0 {
			t.Fatalf("%s: Finalize published %v", what, keys)
		}
		return ie
	}
	incomplete("no part run", 2, map[int]convert.MarkerState{0: convert.MarkerMissing, 1: convert.MarkerMissing})
	if _, _, err := convert.RunPart(ctx, p, src, dst, 1, 2, nil); err != nil {
		t.Fatal(err)
	}
	incomplete("part 0 missing", 2, map[int]convert.MarkerState{0: convert.MarkerMissing})
	if _, _, err := convert.RunPart(ctx, p, src, dst, 0, 2, nil); err != nil {
		t.Fatal(err)
	}
	// A marker written for another plan is stale.
	key := convert.MarkerKey(0, 2)
	good, _ := dst.Get(ctx, key, -1)
	var m map[string]any
	json.Unmarshal(good, &m)
	m["plan_sha256"] = strings.Repeat("0", 64)
	stale, _ := json.Marshal(m)
	dst.Set(ctx, key, stale)
	incomplete("stale marker", 2, map[int]convert.MarkerState{0: convert.MarkerStale})
	m["plan_sha256"], m["end"] = p.Digest(), 1
	wrong, _ := json.Marshal(m)
	dst.Set(ctx, key, wrong)
	incomplete("marker of other units", 2, map[int]convert.MarkerState{0: convert.MarkerWrong})
	dst.Set(ctx, key, good)
	// N is not the number of parts the markers were written for.
	ie := incomplete("3 parts", 3, map[int]convert.MarkerState{0: convert.MarkerMissing, 1: convert.MarkerMissing, 2: convert.MarkerMissing})
	if !ie.WrongCount() || !slices.Equal(ie.Others, []int{2}) {
		t.Errorf("Finalize of 3 parts after 2: WrongCount %v, Others %v", ie.WrongCount(), ie.Others)
	}
	if counts, err := convert.PartCounts(ctx, dst); err != nil || !slices.Equal(counts, []int{2}) {
		t.Errorf("PartCounts: %v, %v", counts, err)
	}
	if err := convert.Finalize(ctx, p, dst, 2, nil); err != nil {
		t.Fatal(err)
	}
	if keys := planKeys(t, dst); len(keys) != 0 {
		t.Errorf("left after Finalize: %v", keys)
	}
}

// TestSourceChanged: a part refuses a source that is not the plan's (an
// array changed, missing, or not in the plan) and writes nothing.
func TestSourceChanged(t *testing.T) {
	ctx := context.Background()
	src := openSource(t, hierarchy(t, 4))
	dst := store.NewMemory()
	p, err := convert.WritePlan(ctx, src, dst, nil)
	if err != nil {
		t.Fatal(err)
	}
	changed := hierarchy(t, 4)
	changed.Delete(ctx, "g/a/zarr.json")
	writeArray(t, changed, "g/a", []int64{41, 30}, []int{8, 8}, numeric.Float32, 4)
	missing := hierarchy(t, 4)
	missing.Delete(ctx, "g/sub/c/zarr.json")
	extra := hierarchy(t, 4)
	writeArray(t, extra, "g/new", []int64{3}, []int{3}, numeric.Uint8, 4)
	for _, c := range []struct {
		name string
		src  store.Store
		want convert.SourceError
	}{
		{"changed", changed, convert.SourceError{Path: "g/a", Mismatch: convert.ArrayChanged}},
		{"missing", missing, convert.SourceError{Path: "g/sub/c", Mismatch: convert.ArrayMissing}},
		{"extra", extra, convert.SourceError{Path: "g/new", Mismatch: convert.ArrayExtra}},
	} {
		_, _, err := convert.RunPart(ctx, p, openSource(t, c.src), dst, 0, 1, nil)
		var se *convert.SourceError
		if !errors.As(err, &se) || *se != c.want {
			t.Errorf("%s: %v, want %+v", c.name, err, c.want)
		}
		if keys := contents(t, dst); len(keys) != 2 {
			t.Errorf("%s: the part wrote %d keys", c.name, len(keys)-2)
		}
	}
}

// badArray writes at path of s an array whose chain names a codec that
// does not exist: it cannot be converted.
func badArray(t *testing.T, s store.Store, path string) {
	t.Helper()
	doc := `{"zarr_format":3,"node_type":"array","shape":[4],"data_type":"uint8",` +
		`"chunk_grid":{"name":"regular","configuration":{"chunk_shape":[2]}},"chunk_key_encoding":{"name":"default"},` +
		`"fill_value":0,"codecs":[{"name":"bytes"},{"name":"no_such_codec"}]}`
	if err := s.Set(context.Background(), store.Join(path, "zarr.json"), []byte(doc)); err != nil {
		t.Fatal(err)
	}
}

// TestSkipping: an array that cannot be converted is left out and listed,
// the rest converted as without it, in one process and in parts alike;
// under Strict nothing is written and the error lists it; a group none of
// whose arrays can be converted is refused either way. A chain that does
// not fit some arrays (bytes without an endianness, for multi-byte
// types) leaves those out.
func TestSkipping(t *testing.T) {
	ctx := context.Background()
	withBad := hierarchy(t, 5)
	badArray(t, withBad, "g/bad")
	src := openSource(t, withBad)

	whole := store.NewMemory()
	p, err := convert.Convert(ctx, src, whole, nil)
	if err != nil {
		t.Fatal(err)
	}
	sk := p.Skipped()
	if len(sk) != 1 || sk[0].Path != "g/bad" || !strings.Contains(sk[0].Reason, "no_such_codec") {
		t.Fatalf("Convert skipped %+v, want g/bad", sk)
	}
	clean := store.NewMemory()
	if _, err := convert.Convert(ctx, openSource(t, hierarchy(t, 5)), clean, nil); err != nil {
		t.Fatal(err)
	}
	sameContents(t, "with an array left out", contents(t, whole), contents(t, clean))

	dst := store.NewMemory()
	p, err = convert.WritePlan(ctx, src, dst, nil)
	if err != nil || len(p.Skipped()) != 1 {
		t.Fatalf("WritePlan: %v, skipped %+v", err, p.Skipped())
	}
	runParts(t, p, src, dst, 3)
	if err := convert.Finalize(ctx, p, dst, 3, nil); err != nil {
		t.Fatal(err)
	}
	sameContents(t, "in parts", contents(t, dst), contents(t, clean))

	for _, strict := range []bool{false, true} {
		for _, c := range []struct {
			name string
			src  store.Store
			none bool
		}{{"one bad array", withBad, false}, {"only bad arrays", nil, true}} {
			if !strict && !c.none {
				continue
			}
			s := c.src
			if s == nil {
				s = store.NewMemory()
				zarr.CreateGroup(ctx, s, "", nil)
				badArray(t, s, "x")
				badArray(t, s, "y/z")
			}
			for _, run := range []func(*convert.Source, store.Store) error{
				func(src *convert.Source, d store.Store) error {
					_, err := convert.Convert(ctx, src, d, &convert.Options{Strict: strict})
					return err
				},
				func(src *convert.Source, d store.Store) error {
					_, err := convert.WritePlan(ctx, src, d, &convert.Options{Strict: strict})
					return err
				},
			} {
				d := store.NewMemory()
				err := run(openSource(t, s), d)
				var se *convert.SkippedError
				if !errors.As(err, &se) || se.NoneConvertible != c.none || len(se.Skipped) == 0 || !strings.Contains(se.Skipped[0].Reason, "no_such_codec") {
					t.Errorf("%s, strict %v: %v, want a *SkippedError", c.name, strict, err)
				}
				if n := len(contents(t, d)); n != 0 {
					t.Errorf("%s, strict %v: %d keys written", c.name, strict, n)
				}
			}
		}
	}

	// A chain that only fits single-byte types.
	p, err = convert.Convert(ctx, openSource(t, hierarchy(t, 5)), store.NewMemory(), &convert.Options{Codecs: chain(t, `[{"name":"bytes"}]`)})
	if err != nil {
		t.Fatal(err)
	}
	var paths []string
	for _, s := range p.Skipped() {
		paths = append(paths, s.Path)
	}
	if !slices.Equal(paths, []string{"b", "g/a"}) {
		t.Errorf("a chain without endianness skipped %+v, want b and g/a", p.Skipped())
	}
	if arrays := p.Arrays(); len(arrays) != 1 || arrays[0].Path != "g/sub/c" {
		t.Errorf("a chain without endianness converted %+v, want g/sub/c", arrays)
	}
}

// TestPlanStates: the errors of a plan that is not there, cannot be
// trusted, or is another's, of a destination that is not empty, and the
// end of a Finalize that stopped midway.
func TestPlanStates(t *testing.T) {
	ctx := context.Background()
	src := openSource(t, hierarchy(t, 6))
	dst := store.NewMemory()
	if _, err := convert.OpenPlan(ctx, dst); !errors.Is(err, convert.ErrNoPlan) {
		t.Errorf("OpenPlan of an empty store: %v", err)
	}
	full := store.NewMemory()
	full.Set(ctx, "x", nil)
	var ne *convert.NotEmptyError
	if _, err := convert.WritePlan(ctx, src, full, nil); !errors.As(err, &ne) || ne.Key != "x" {
		t.Errorf("WritePlan into a store holding x: %v", err)
	}
	if _, err := convert.Convert(ctx, src, full, nil); !errors.As(err, &ne) || len(contents(t, full)) != 1 {
		t.Errorf("Convert into a store holding x: %v", err)
	}
	p, err := convert.WritePlan(ctx, src, dst, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := convert.WritePlan(ctx, src, dst, &convert.Options{Consolidate: true}); !errors.Is(err, convert.ErrOtherPlan) {
		t.Errorf("WritePlan of another plan: %v", err)
	}
	// A plan changed after it was written.
	doc, _ := dst.Get(ctx, convert.PlanKey, -1)
	dst.Set(ctx, convert.PlanKey, []byte(strings.Replace(string(doc), `"units": `, `"units": 1`, 1)))
	var pe *convert.PlanError
	if _, err := convert.OpenPlan(ctx, dst); !errors.As(err, &pe) || !strings.Contains(pe.Reason, "SHA-256") {
		t.Errorf("OpenPlan of a changed plan: %v", err)
	}
	if _, err := convert.WritePlan(ctx, src, dst, nil); !errors.As(err, &pe) {
		t.Errorf("WritePlan over a changed plan: %v", err)
	}
	dst.Set(ctx, convert.PlanKey, doc)

	runParts(t, p, src, dst, 2)
	before := contents(t, dst)
	if err := convert.Finalize(ctx, p, dst, 2, nil); err != nil {
		t.Fatal(err)
	}
	done := contents(t, dst)
	// As if Finalize had stopped after writing its record and removing
	// the markers: run again, it ends its work.
	dst.Set(ctx, convert.PlanKey, before[convert.PlanKey])
	rec, _ := json.Marshal(map[string]string{"plan_sha256": p.Digest()})
	dst.Set(ctx, convert.FinalizedKey, rec)
	again, err := convert.OpenPlan(ctx, dst)
	if err != nil {
		t.Fatal(err)
	}
	if err := convert.Finalize(ctx, again, dst, 2, nil); err != nil {
		t.Fatalf("Finalize after stopping midway: %v", err)
	}
	sameContents(t, "finalized again", contents(t, dst), done)
	// As if it had stopped after removing the plan: only the record.
	dst.Set(ctx, convert.FinalizedKey, rec)
	if _, err := convert.OpenPlan(ctx, dst); !errors.Is(err, convert.ErrFinalized) || errors.Is(err, convert.ErrNoPlan) {
		t.Errorf("OpenPlan with the record alone: %v, want ErrFinalized", err)
	}
	if err := convert.RemovePlan(ctx, dst); err != nil {
		t.Fatal(err)
	}
	sameContents(t, "record removed", contents(t, dst), done)
}

// TestCallbacks: RunPart reports every unit of its part, and each array it
// meets before writing it; Convert reports the bytes of every array.
func TestCallbacks(t *testing.T) {
	ctx := context.Background()
	src := openSource(t, hierarchy(t, 7))
	dst := store.NewMemory()
	p, err := convert.WritePlan(ctx, src, dst, nil)
	if err != nil {
		t.Fatal(err)
	}
	// Part 1 of 2 starts in array b's units and ends in g/sub/c's.
	var calls, last, total int64
	var arrays []string
	opts := &convert.Options{
		Progress: func(done, all int64) {
			calls++
			if done != last+1 || (total != 0 && all != total) {
				t.Errorf("progress %d of %d after %d", done, all, last)
			}
			last, total = done, all
		},
		BeforeArray: func(s, d *zarr.Array) {
			if s.Path() != d.Path() || int64(calls) != 0 && len(arrays) == 0 {
				t.Errorf("BeforeArray(%q, %q)", s.Path(), d.Path())
			}
			arrays = append(arrays, s.Path())
		},
	}
	first, end, err := convert.RunPart(ctx, p, src, dst, 0, 2, opts)
	if err != nil {
		t.Fatal(err)
	}
	if calls != end-first || last != end-first || total != end-first {
		t.Errorf("progress: %d calls, last %d of %d, for units [%d, %d)", calls, last, total, first, end)
	}
	pa := p.Arrays()
	var want []string
	for _, a := range pa {
		if a.First < end && a.First+a.Units > first {
			want = append(want, a.Path)
		}
	}
	if !slices.Equal(arrays, want) {
		t.Errorf("BeforeArray for %v, want %v", arrays, want)
	}

	var bytesDone, bytesTotal int64
	var seen []string
	_, err = convert.Convert(ctx, src, store.NewMemory(), &convert.Options{
		Progress:    func(done, all int64) { bytesDone, bytesTotal = done, all },
		BeforeArray: func(s, _ *zarr.Array) { seen = append(seen, s.Path()) },
	})
	if err != nil {
		t.Fatal(err)
	}
	var wantBytes int64 = 100*2 + 40*30*4 + 17*5*3
	if bytesDone != wantBytes || bytesTotal != wantBytes || !slices.Equal(seen, []string{"b", "g/a", "g/sub/c"}) {
		t.Errorf("Convert: progress %d of %d, want %d; arrays %v", bytesDone, bytesTotal, wantBytes, seen)
	}
}

// TestConsolidate: Finalize consolidates when asked even if the plan does
// not; a destination whose root is an array is not consolidated.
func TestConsolidate(t *testing.T) {
	ctx := context.Background()
	src := openSource(t, hierarchy(t, 8))
	dst := store.NewMemory()
	p, err := convert.WritePlan(ctx, src, dst, nil)
	if err != nil {
		t.Fatal(err)
	}
	runParts(t, p, src, dst, 1)
	if err := convert.Finalize(ctx, p, dst, 1, &convert.Options{Consolidate: true}); err != nil {
		t.Fatal(err)
	}
	if g, err := zarr.OpenGroup(ctx, dst, ""); err != nil || !g.Consolidated() {
		t.Errorf("the root group is not consolidated (%v)", err)
	}
	one := store.NewMemory()
	writeArray(t, one, "", []int64{5}, []int{2}, numeric.Uint8, 8)
	if _, err := convert.WritePlan(ctx, openSource(t, one), store.NewMemory(), &convert.Options{Consolidate: true}); !errors.Is(err, zarr.ErrNotGroup) {
		t.Errorf("Consolidate of an array: %v", err)
	}
	if _, err := convert.Convert(ctx, src, store.NewMemory(), &convert.Options{Chunks: []int{2}}); err == nil {
		t.Error("Chunks applied to a group")
	}
	adst := store.NewMemory()
	ap, err := convert.WritePlan(ctx, openSource(t, one), adst, nil)
	if err != nil {
		t.Fatal(err)
	}
	runParts(t, ap, openSource(t, one), adst, 1)
	if err := convert.Finalize(ctx, ap, adst, 1, &convert.Options{Consolidate: true}); !errors.Is(err, zarr.ErrNotGroup) || len(metadataKeys(t, adst)) != 0 {
		t.Errorf("Finalize consolidating an array: %v", err)
	}
}

// recording is a store that records the keys set, in order.
type recording struct {
	store.Store
	mu   sync.Mutex
	sets []string
}

func (r *recording) Set(ctx context.Context, key string, v []byte) error {
	r.mu.Lock()
	r.sets = append(r.sets, key)
	r.mu.Unlock()
	return r.Store.Set(ctx, key, v)
}

// TestMetadataLast: Convert writes every chunk before any metadata, and
// Convert and Finalize write the arrays' metadata before the groups', the
// root group's last, so that a reader that finds the root finds the whole
// hierarchy; a part writes its marker after its units.
func TestMetadataLast(t *testing.T) {
	ctx := context.Background()
	src := openSource(t, hierarchy(t, 9))
	check := func(what string, sets []string, chunksFirst bool) {
		t.Helper()
		var meta []string
		for i, k := range sets {
			isMeta := k == "zarr.json" || strings.HasSuffix(k, "/zarr.json")
			if isMeta {
				meta = append(meta, k)
			} else if chunksFirst && len(meta) > 0 && !strings.HasPrefix(k, convert.Dir+"/") {
				t.Errorf("%s: %s written after metadata (%d of %d)", what, k, i, len(sets))
			}
		}
		want := []string{"b/zarr.json", "g/a/zarr.json", "g/sub/c/zarr.json", "g/sub/zarr.json", "g/zarr.json", "zarr.json"}
		arrays := slices.Sorted(slices.Values(meta[:3]))
		if len(meta) != len(want) || !slices.Equal(arrays, want[:3]) || !slices.Equal(meta[3:], want[3:]) {
			t.Errorf("%s: metadata written in the order %v, want the arrays', then %v", what, meta, want[3:])
		}
	}
	r := &recording{Store: store.NewMemory()}
	if _, err := convert.Convert(ctx, src, r, nil); err != nil {
		t.Fatal(err)
	}
	check("Convert", r.sets, true)

	r = &recording{Store: store.NewMemory()}
	p, err := convert.WritePlan(ctx, src, r, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := convert.RunPart(ctx, p, src, r, 0, 1, nil); err != nil {
		t.Fatal(err)
	}
	if last := r.sets[len(r.sets)-1]; last != convert.MarkerKey(0, 1) {
		t.Errorf("the part's last write is %s, not its marker", last)
	}
	r.sets = nil
	if err := convert.Finalize(ctx, p, r, 1, nil); err != nil {
		t.Fatal(err)
	}
	check("Finalize", r.sets, true)
	if len(r.sets) != 7 || r.sets[6] != convert.FinalizedKey {
		t.Errorf("Finalize wrote %v, want the metadata, then its record", r.sets)
	}
}
