package convert

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/bits"
	"runtime"
	"time"

	"github.com/zcodec/zcodec/store"
	"github.com/zcodec/zcodec/zarr"
)

// PartRange returns the units [first, end) that part i of n owns out of
// units: floor(i*units/n) to floor((i+1)*units/n), computed without
// overflow. The parts 0 to n-1 cover [0, units) exactly, in order, and
// their sizes differ by at most one. It wants 0 <= i < n and units >= 0.
func PartRange(i, n int, units int64) (first, end int64) {
	at := func(k int) int64 {
		hi, lo := bits.Mul64(uint64(k), uint64(units))
		q, _ := bits.Div64(hi, lo, uint64(n)) // k <= n, so the quotient fits
		return int64(q)
	}
	return at(i), at(i + 1)
}

// marker is what a part writes last, at MarkerKey(I, N): the units it
// wrote and the digest of the plan it wrote them for.
type marker struct {
	Part   int    `json:"part"`
	Parts  int    `json:"parts"`
	First  int64  `json:"first"`
	End    int64  `json:"end"`
	Plan   string `json:"plan_sha256"`
	Finish string `json:"finished,omitempty"` // RFC 3339, for people reading it
}

// checkPart refuses a part i of n that is not one.
func checkPart(i, n int) error {
	if n < 1 || n > MaxParts || i < 0 || i >= n {
		return fmt.Errorf("part %d of %d: want 0 <= part < parts <= %d", i, n, MaxParts)
	}
	return nil
}

// RunPart writes part i of n of the plan p into dst, reading the arrays
// of src: every unit of the part's range, PartRange(i, n, p.Units()),
// whole (zarr.CopyPart: the bytes Convert writes for it, or no key when
// it is all fill), then the part's marker, last. It returns the range. p
// is the plan in dst (WritePlan, OpenPlan).
//
// src must be the source the plan was made from: every array the plan
// converts, with the same metadata, and no other array than those the
// plan leaves out, and, in the blocks of units the part reads, the same
// stored chunks as the plan's fingerprint (keys, sizes, and ETags where
// the store lists them); otherwise the error is a *SourceError (for the
// chunks, naming the first key that differs) and nothing is written. A
// plan of format 1, without fingerprints, is refused (a *PlanError). A
// plan that Finalize removed before the part wrote its units, or before
// it could keep its marker, is a *FinalizedError, and the part leaves no
// marker. No two parts of n write the same key, so parts run at once on
// any machines; a part run again, after a failure or not, writes the same
// bytes and its marker again. A part that fails has written some of its
// units and no marker.
//
// Memory is bounded by the units in flight: when opts.ArrayOptions leaves
// the concurrency at 0, the default budget (GOMAXPROCS, or 64 requests
// over an object store) is lowered so that the units in flight, decoded
// and encoded, hold at most 1 GiB (8 shards of 64 MiB), whatever the size
// of the arrays. opts.Progress counts the part's units; opts.BeforeArray
// is called for each array the part meets.
func RunPart(ctx context.Context, p *Plan, src *Source, dst store.Store, i, n int, opts *Options) (first, end int64, err error) {
	if err := checkPart(i, n); err != nil {
		return 0, 0, err
	}
	o := opts.or()
	if p.format < planFormat {
		return 0, 0, &PlanError{fmt.Sprintf("is of format %d, written by an earlier version without the fingerprint of the source's chunks that a part checks: finish its parts with that version, or plan again into a new destination", p.format)}
	}
	arrays, err := p.matchSource(ctx, src)
	if err != nil {
		return 0, 0, err
	}
	// A part that starts after Finalize removed the plan writes nothing
	// over the published arrays.
	if err := planStands(ctx, p, dst); err != nil {
		return 0, 0, err
	}
	first, end = p.Range(i, n)
	// The arrays whose units meet [first, end).
	type piece struct {
		src      *zarr.Array
		dst      *zarr.PendingArray
		from, to int64 // units of the array
	}
	var pieces []piece
	for k, pa := range p.doc.Arrays {
		from, to := max(first, pa.First), min(end, pa.First+pa.Units)
		if from >= to {
			continue
		}
		d, err := pa.pending(dst, o.ArrayOptions)
		if err != nil {
			return 0, 0, err
		}
		if ao := partOptions(o.ArrayOptions, int64(d.Array().Pipeline().DecodedSize())); ao != o.ArrayOptions {
			if d, err = pa.pending(dst, ao); err != nil {
				return 0, 0, err
			}
		}
		pieces = append(pieces, piece{src: arrays[k], dst: d, from: from - pa.First, to: to - pa.First})
		// The source's units this piece reads must be those the plan
		// listed: a source with the same metadata and other chunks would
		// mix into the destination.
		if err := p.checkChunks(ctx, pa, d.Array(), arrays[k], from-pa.First, to-pa.First, dst); err != nil {
			return 0, 0, err
		}
	}
	var done int64
	for _, pc := range pieces {
		if o.BeforeArray != nil {
			o.BeforeArray(pc.src, pc.dst.Array())
		}
		var co *zarr.CopyOptions
		if o.Progress != nil {
			// CopyPart reports after each unit; the part counts units,
			// which is what an engine balances.
			var units int64
			co = &zarr.CopyOptions{Progress: func(_, _ int64) {
				units++
				o.Progress(done+units, end-first)
			}}
		}
		if err := zarr.CopyPart(ctx, pc.dst.Array(), pc.src, pc.from, pc.to, co); err != nil {
			return 0, 0, err
		}
		done += pc.to - pc.from
	}
	m := marker{Part: i, Parts: n, First: first, End: end, Plan: p.digest, Finish: time.Now().UTC().Format(time.RFC3339)}
	b, err := json.MarshalIndent(m, "", " ")
	if err != nil {
		return 0, 0, err
	}
	if err := dst.Set(ctx, MarkerKey(i, n), append(b, '\n')); err != nil {
		return 0, 0, err
	}
	// Finalize removes the plan before it lists the markers it removes: a
	// marker written after that listing finds the plan gone, and is taken
	// back, so that none is left in a published destination.
	if err := planStands(ctx, p, dst); err != nil {
		if errors.Is(err, ErrFinalized) {
			if derr := dst.Delete(ctx, MarkerKey(i, n)); derr != nil {
				return 0, 0, fmt.Errorf("%w; removing the part's marker failed: %v", err, derr)
			}
		}
		return 0, 0, err
	}
	return first, end, nil
}

// planStands checks that the plan is still in dst, reading none of it: a
// plan Finalize removed is an error matched by ErrFinalized.
func planStands(ctx context.Context, p *Plan, dst store.Store) error {
	_, err := dst.Get(ctx, PlanKey, 0)
	switch {
	case errors.Is(err, store.ErrNotFound):
		return &FinalizedError{Plan: p.digest}
	case err == nil || errors.Is(err, store.ErrTooLarge):
		return nil
	}
	return err
}

// partMemory bounds the units a part holds at once, decoded and encoded:
// over an object store the default budget keeps 64 units in flight, which
// for shards of 64 MiB would be 8 GiB.
const partMemory = 1 << 30

// partOptions returns opts with a concurrency that keeps the units in
// flight of unitBytes each (decoded) within partMemory, when the default
// budget (GOMAXPROCS, or an object store's DefaultObjectInFlight) could
// exceed it; otherwise opts itself. A concurrency given in opts is kept.
func partOptions(opts *zarr.Options, unitBytes int64) *zarr.Options {
	if opts != nil && opts.Concurrency > 0 {
		return opts
	}
	n := int(max(1, partMemory/(2*max(unitBytes, 1))))
	if n >= max(runtime.GOMAXPROCS(0), store.DefaultObjectInFlight) {
		return opts
	}
	var o zarr.Options
	if opts != nil {
		o = *opts
	}
	o.Concurrency = n
	return &o
}
