package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/zcodec/zcodec/internal/workpool"
	"github.com/zcodec/zcodec/store"
	"github.com/zcodec/zcodec/zarr"
)

// incompleteError reports parts whose markers are missing or wrong:
// --finalize publishes nothing then.
type incompleteError struct {
	n      int
	states []markerState // the parts with a problem
	others []int         // numbers of parts other markers were written for
}

func (e *incompleteError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d of %d parts are not done; nothing published:", len(e.states), e.n)
	for k, s := range e.states {
		if k == 20 {
			fmt.Fprintf(&b, "\n  ... and %d more", len(e.states)-k)
			break
		}
		fmt.Fprintf(&b, "\n  part %d/%d: %s", s.part, e.n, s.problem)
	}
	if len(e.others) > 0 {
		fmt.Fprintf(&b, "\n  markers were written for --parts %s: give the N the parts ran with", joinInts(e.others))
	}
	return b.String()
}

// mismatched reports whether no part of n is done but parts of another
// count are: --parts is not the N the parts ran with, a usage error.
func (e *incompleteError) mismatched() bool { return len(e.states) == e.n && len(e.others) > 0 }

func joinInts(xs []int) string {
	slices.Sort(xs)
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = fmt.Sprint(x)
	}
	return strings.Join(s, ", ")
}

// finalizedRecord is written once the metadata is published and before
// the plan is removed, so that a --finalize that stopped while removing
// the plan can end its work without the markers it had removed.
type finalizedRecord struct {
	Plan string `json:"plan_sha256"`
}

// finalizeStatus is what finalize did.
type finalizeStatus int

const (
	finalizedNow finalizeStatus = iota
	finalizedBefore
)

// finalize checks the markers of the n parts of the plan in d, then
// publishes the groups' and arrays' zarr.json (arrays first, then groups
// from the deepest, the root's last), consolidates the root group's
// metadata when the plan or consolidate asks for it, and removes the plan.
// A missing or wrong marker is an *incompleteError and nothing is
// published.
func finalize(ctx context.Context, d store.Store, n int, consolidate bool, opts *zarr.Options) (finalizeStatus, error) {
	p, digest, err := readPlan(ctx, d)
	if errors.Is(err, errNoPlan) {
		if _, gerr := d.Get(ctx, finalizedKey, 1<<16); gerr == nil {
			// Stopped after removing the plan: only this record is left.
			return finalizedBefore, d.Delete(ctx, finalizedKey)
		}
	}
	if err != nil {
		return 0, err
	}
	if consolidate && (len(p.Groups) == 0 || p.Groups[0].Path != "") {
		return 0, errors.New("--consolidate: DST's root is an array; consolidated metadata is written into a group")
	}
	done := false
	if b, err := d.Get(ctx, finalizedKey, 1<<16); err == nil {
		var r finalizedRecord
		done = json.Unmarshal(b, &r) == nil && r.Plan == digest
	} else if !errors.Is(err, store.ErrNotFound) {
		return 0, err
	}
	if !done {
		states, err := checkMarkers(ctx, d, p, digest, n)
		if err != nil {
			return 0, err
		}
		if bad := problems(states); len(bad) > 0 {
			return 0, &incompleteError{n: n, states: bad, others: otherPartCounts(ctx, d, n)}
		}
	}
	if err := publish(ctx, d, p, opts); err != nil {
		return 0, err
	}
	if p.Consolidate || consolidate {
		if err := consolidateStore(ctx, d); err != nil {
			return 0, fmt.Errorf("the arrays are published; consolidating their metadata failed: %w", err)
		}
	}
	rec, _ := json.Marshal(finalizedRecord{Plan: digest})
	if err := d.Set(ctx, finalizedKey, rec); err != nil {
		return 0, err
	}
	if err := removePlan(ctx, d); err != nil {
		return 0, fmt.Errorf("the arrays are published; removing the plan failed (run --finalize again): %w", err)
	}
	return finalizedNow, nil
}

// problems returns the states with a problem.
func problems(states []markerState) []markerState {
	var bad []markerState
	for _, s := range states {
		if s.problem != "" {
			bad = append(bad, s)
		}
	}
	return bad
}

// publishConcurrency is how many metadata documents --finalize writes at
// once: object stores answer a write in tens of milliseconds.
const publishConcurrency = 16

// publish writes the metadata of the plan's arrays, then of its groups
// from the deepest, the root group last (or the root array, when the plan
// is one array at the root).
func publish(ctx context.Context, d store.Store, p *partPlan, opts *zarr.Options) error {
	var arrays []*zarr.PendingArray
	var root func() error
	for _, pa := range p.Arrays {
		a, err := pa.pendingArray(d, opts)
		if err != nil {
			return err
		}
		if pa.Path == "" {
			root = func() error { _, err := a.Publish(ctx); return err }
			continue
		}
		arrays = append(arrays, a)
	}
	err := workpool.Run(ctx, len(arrays), publishConcurrency, func(i int) error {
		_, err := arrays[i].Publish(ctx)
		return err
	})
	if err != nil {
		return err
	}
	groups := slices.Clone(p.Groups)
	// Deepest first: a group is published after every node below it.
	slices.SortStableFunc(groups, func(a, b planGroup) int { return strings.Count(b.Path, "/") - strings.Count(a.Path, "/") })
	for _, pg := range groups {
		g, err := zarr.OpenPendingGroup(d, pg.Path, []byte(pg.Document))
		if err != nil {
			return &planError{"holds group metadata that cannot be used: " + err.Error()}
		}
		if pg.Path == "" {
			root = func() error { _, err := g.Publish(ctx); return err }
			continue
		}
		if _, err := g.Publish(ctx); err != nil {
			return err
		}
	}
	if root != nil {
		return root()
	}
	return nil
}

// removePlan deletes the plan's keys: the markers (of any number of
// parts), the plan, and last the record that finalizing is done.
func removePlan(ctx context.Context, d store.Store) error {
	var keys []string
	err := d.List(ctx, planDir+"/", func(e store.Entry) error {
		if e.Err == nil && e.Key != planKey && e.Key != finalizedKey {
			keys = append(keys, e.Key)
		}
		return nil
	})
	if err != nil {
		return err
	}
	err = workpool.Run(ctx, len(keys), publishConcurrency, func(i int) error { return d.Delete(ctx, keys[i]) })
	if err != nil {
		return err
	}
	if err := d.Delete(ctx, planKey); err != nil {
		return err
	}
	return d.Delete(ctx, finalizedKey)
}

// printStatus writes the state of the n parts of the plan in d and
// returns whether every part is done.
func printStatus(ctx context.Context, w io.Writer, d store.Store, n int) (bool, error) {
	p, digest, err := readPlan(ctx, d)
	if err != nil {
		return false, err
	}
	states, err := checkMarkers(ctx, d, p, digest, n)
	if err != nil {
		return false, err
	}
	bad := problems(states)
	for _, s := range bad {
		fmt.Fprintf(w, "part %d/%d: %s\n", s.part, n, s.problem)
	}
	fmt.Fprintf(w, "%d of %d parts done (%d units in %d arrays)\n", n-len(bad), n, p.Units, len(p.Arrays))
	if others := otherPartCounts(ctx, d, n); len(others) > 0 && len(bad) > 0 {
		fmt.Fprintf(w, "markers were written for --parts %s too\n", joinInts(others))
	}
	return len(bad) == 0, nil
}
