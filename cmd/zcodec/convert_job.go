package main

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/store"
	"github.com/zcodec/zcodec/zarr"
)

// convertJob is the target of a conversion: the groups and arrays of DST,
// pending (their metadata not yet written), and the arrays of SRC they are
// copied from. Arrays come in sorted path order (the order of their units);
// groups too, the root first. skipped lists the arrays of SRC (and keys of
// its hierarchy) that cannot be converted and are left out.
type convertJob struct {
	groups  []*zarr.PendingGroup
	arrays  []jobArray
	skipped []skippedNode
}

// jobArray is one array of a conversion.
type jobArray struct {
	src *zarr.Array
	dst *zarr.PendingArray
}

// sourceArrays returns the arrays of t in sorted path order, and the
// members that cannot be converted: arrays whose metadata zcodec cannot
// read, and the keys of the hierarchy Members could not use for such a
// reason (see skipReason). Any other failure is an error.
func sourceArrays(ctx context.Context, t *target) ([]*zarr.Array, []skippedNode, error) {
	if t.array != nil {
		return []*zarr.Array{t.array}, nil, nil
	}
	var skipped []skippedNode
	if t.problems != nil {
		for _, p := range t.problems.Problems {
			key := p.Key
			if t.problems.Group != "" {
				key = t.problems.Group + "/" + key
			}
			reason, ok := skipReason(p.Err)
			if !ok {
				return nil, nil, fmt.Errorf("%s: %w", nodeName(t.path, key), p.Err)
			}
			skipped = append(skipped, skippedNode{Path: key, Reason: reason})
		}
	}
	var arrays []*zarr.Array
	for _, m := range t.members { // sorted by path
		if m.Kind != "array" {
			continue
		}
		a, err := m.OpenArray(ctx, t.opts)
		if err != nil {
			reason, ok := skipReason(err)
			if !ok {
				return nil, nil, namedErr(t.path, err)
			}
			skipped = append(skipped, skippedNode{Path: m.Path, Reason: reason})
			continue
		}
		arrays = append(arrays, a)
	}
	return arrays, skipped, nil
}

// newConvertJob makes the pending groups and arrays in d that converting
// t as plan says writes; nothing is written to d, nor read: every caller
// has made sure that d is empty (a new directory, or an object store it
// listed), so the nodes are not looked up one by one, which would cost an
// object store three requests for each. opts are the options the arrays of
// d are made with.
//
// An array of a group that cannot be converted (sourceArrays, or a
// converted metadata that cannot be made: a --codecs chain its data type
// does not fit) is left out and listed in the job's skipped; under
// plan.strict the error is a *skippedError listing them all instead, and so
// it is when every array of the group is left out.
func newConvertJob(ctx context.Context, d store.Store, t *target, plan convertPlan, opts *zarr.Options) (*convertJob, error) {
	job := &convertJob{}
	if t.group != nil {
		groups := []struct {
			path  string
			attrs []byte
		}{{"", t.group.Attributes()}}
		for _, m := range t.members {
			if m.Kind == "group" {
				groups = append(groups, struct {
					path  string
					attrs []byte
				}{m.Path, m.Attributes})
			}
		}
		for _, g := range groups {
			if err := checkNodePath(g.path); err != nil {
				return nil, err
			}
			pg, err := pendingGroup(ctx, d, g.path, g.attrs)
			if err != nil {
				return nil, err
			}
			job.groups = append(job.groups, pg)
		}
	}
	arrays, skipped, err := sourceArrays(ctx, t)
	if err != nil {
		return nil, err
	}
	job.skipped = skipped
	for _, src := range arrays {
		if err := checkNodePath(src.Path()); err != nil {
			return nil, err
		}
		p, err := pendingConverted(d, src, plan, opts)
		if err != nil {
			reason, ok := skipReason(err)
			if t.group == nil || !ok {
				if ne := (*zarr.NodeError)(nil); errors.As(err, &ne) {
					return nil, namedErr(t.path, err) // it names the array already
				}
				return nil, namedErr(t.path, &zarr.NodeError{Kind: "array", Path: src.Path(), Err: err})
			}
			job.skipped = append(job.skipped, skippedNode{Path: src.Path(), Reason: reason})
			continue
		}
		if p.Array().NumUnits() < 0 {
			return nil, fmt.Errorf("array %s: its grid has more chunks than an int64 counts", nodeName(t.path, src.Path()))
		}
		job.arrays = append(job.arrays, jobArray{src: src, dst: p})
	}
	sortSkipped(job.skipped)
	if len(job.skipped) > 0 && (plan.strict || len(job.arrays) == 0) {
		return nil, &skippedError{src: plan.src, skipped: job.skipped, none: len(job.arrays) == 0}
	}
	return job, nil
}

// pendingConverted is the pending array of d that src converts to under
// plan.
func pendingConverted(d store.Store, src *zarr.Array, plan convertPlan, opts *zarr.Options) (*zarr.PendingArray, error) {
	m, err := convertedMetadata(src, plan)
	if err != nil {
		return nil, err
	}
	doc, err := m.MarshalJSON()
	if err != nil {
		return nil, err
	}
	return zarr.OpenPending(d, src.Path(), doc, opts)
}

// checkNodePath refuses a node whose path lies under the keys that hold a
// conversion's plan.
func checkNodePath(p string) error {
	if p == planDir || len(p) > len(planDir) && p[:len(planDir)+1] == planDir+"/" {
		return fmt.Errorf("node %s: its path is where zcodec keeps a conversion's plan (%s/)", memberName("/"+p), planDir)
	}
	return nil
}

// sourceDigest identifies an array of SRC in a plan: the SHA-256 of its
// metadata as Zarr v3 (converted from v2 when it is a v2 array).
func sourceDigest(a *zarr.Array) (string, error) {
	doc, err := a.MetadataJSON()
	if err != nil {
		return "", fmt.Errorf("array %s: %w", memberName("/"+a.Path()), err)
	}
	sum := sha256.Sum256(doc)
	return hex.EncodeToString(sum[:]), nil
}

// arrayBytes returns the decoded size of the arrays, in bytes.
func arrayBytes(arrays []*zarr.Array) int64 {
	var total int64
	for _, a := range arrays {
		total += codec.WholeRegion(a.Shape()).NumElements() * int64(a.DataType().Size())
	}
	return total
}

// pendingGroup is the pending group at path in d with the given
// attributes, made without reading d (see newConvertJob): its document is
// made over an empty memory store.
func pendingGroup(ctx context.Context, d store.Store, path string, attrs []byte) (*zarr.PendingGroup, error) {
	g, err := zarr.CreatePendingGroup(ctx, store.NewMemory(), path, attrs)
	if err != nil {
		return nil, err
	}
	return zarr.OpenPendingGroup(d, path, g.Document())
}
