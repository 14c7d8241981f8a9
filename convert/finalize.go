package convert

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/zcodec/zcodec/internal/workpool"
	"github.com/zcodec/zcodec/store"
	"github.com/zcodec/zcodec/zarr"
)

// finalizedRecord is written at FinalizedKey once the metadata is
// published and before the plan is removed, so that a Finalize that
// stopped while removing the plan (the markers first) can end its work
// without them.
type finalizedRecord struct {
	Plan string `json:"plan_sha256"`
}

// Finalize ends the conversion of the plan p in dst, run in n parts. It
// checks the marker of every part (Status): when one is missing or wrong,
// the error is an *IncompleteError and nothing is published. Then it
// writes the metadata the plan holds, byte for byte: the arrays' zarr.json
// first, then the groups' from the deepest, the root's last (or the root
// array's, when the conversion is of one array), so that a reader that
// finds the root finds a complete hierarchy; it writes the consolidated
// metadata of the root group when the plan or opts.Consolidate asks for
// it; and it removes the plan's keys (RemovePlan), the record of its work
// last.
//
// Finalize run again after it stopped midway ends its work: once the
// metadata is published, its record (FinalizedKey) stands in for the
// markers it may have removed. opts.ArrayOptions opens the arrays whose
// metadata it writes.
func Finalize(ctx context.Context, p *Plan, dst store.Store, n int, opts *Options) error {
	o := opts.or()
	if n < 1 || n > MaxParts {
		return fmt.Errorf("%d parts: want from 1 to %d", n, MaxParts)
	}
	if o.Consolidate && p.rootArray() {
		return &OptionError{Option: "Consolidate", Reason: "the destination's root is an array; consolidated metadata is written into a group", Err: zarr.ErrNotGroup}
	}
	done := false
	if b, err := dst.Get(ctx, FinalizedKey, 1<<16); err == nil {
		var r finalizedRecord
		done = json.Unmarshal(b, &r) == nil && r.Plan == p.digest
	} else if !errors.Is(err, store.ErrNotFound) {
		return err
	}
	if !done {
		states, err := Status(ctx, p, dst, n)
		if err != nil {
			return err
		}
		if bad := notDone(states); len(bad) > 0 {
			counts, _ := PartCounts(ctx, dst)
			others := slices.DeleteFunc(counts, func(c int) bool { return c == n })
			return &IncompleteError{Parts: n, NotDone: bad, Others: others}
		}
	}
	if err := publish(ctx, p, dst, o.ArrayOptions); err != nil {
		return err
	}
	if p.doc.Consolidate || o.Consolidate {
		if _, err := zarr.Consolidate(ctx, dst, ""); err != nil {
			return fmt.Errorf("the arrays are published; consolidating their metadata failed: %w", err)
		}
	}
	rec, _ := json.Marshal(finalizedRecord{Plan: p.digest})
	if err := dst.Set(ctx, FinalizedKey, rec); err != nil {
		return err
	}
	if err := RemovePlan(ctx, dst); err != nil {
		return fmt.Errorf("the arrays are published; removing the plan failed (finalize again): %w", err)
	}
	return nil
}

// finalizedPlan returns the digest of the plan the record at FinalizedKey
// names, "" when there is none that can be read.
func finalizedPlan(ctx context.Context, dst store.Store) string {
	b, err := dst.Get(ctx, FinalizedKey, 1<<16)
	if err != nil {
		return ""
	}
	var r finalizedRecord
	if json.Unmarshal(b, &r) != nil {
		return ""
	}
	return r.Plan
}

// publish writes the metadata of the plan's arrays, then of its groups
// from the deepest, the root group last (or the root array, when the plan
// is of one array).
func publish(ctx context.Context, p *Plan, dst store.Store, opts *zarr.Options) error {
	var arrays []*zarr.PendingArray
	var root func() error
	for _, pa := range p.doc.Arrays {
		a, err := pa.pending(dst, opts)
		if err != nil {
			return err
		}
		if pa.Path == "" {
			root = func() error { _, err := a.Publish(ctx); return err }
			continue
		}
		arrays = append(arrays, a)
	}
	err := workpool.Run(ctx, len(arrays), markerConcurrency, func(i int) error {
		_, err := arrays[i].Publish(ctx)
		return err
	})
	if err != nil {
		return err
	}
	groups := slices.Clone(p.doc.Groups)
	// Deepest first: a group is published after every node below it.
	slices.SortStableFunc(groups, func(a, b planGroup) int { return strings.Count(b.Path, "/") - strings.Count(a.Path, "/") })
	for _, pg := range groups {
		g, err := zarr.OpenPendingGroup(dst, pg.Path, []byte(pg.Document))
		if err != nil {
			return &PlanError{"holds group metadata that cannot be used: " + err.Error()}
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

// RemovePlan deletes the keys of a conversion in parts from dst: the
// plan, then the markers (of any number of parts) and any other key under
// Dir, and last the record that Finalize published the metadata. Finalize ends with it; called alone, it
// ends the clean-up of a Finalize that stopped after removing the plan
// (OpenPlan's ErrFinalized), or abandons a plan, leaving in dst the units
// the parts wrote, without metadata.
func RemovePlan(ctx context.Context, dst store.Store) error {
	// The plan goes first: a part that writes its marker after the
	// listing below finds it gone and takes its marker back (RunPart).
	if err := dst.Delete(ctx, PlanKey); err != nil {
		return err
	}
	var keys []string
	err := dst.List(ctx, Dir+"/", func(e store.Entry) error {
		if e.Err == nil && e.Key != PlanKey && e.Key != FinalizedKey {
			keys = append(keys, e.Key)
		}
		return nil
	})
	if err != nil {
		return err
	}
	err = workpool.Run(ctx, len(keys), markerConcurrency, func(i int) error { return dst.Delete(ctx, keys[i]) })
	if err != nil {
		return err
	}
	return dst.Delete(ctx, FinalizedKey)
}
