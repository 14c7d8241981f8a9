package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/zcodec/zcodec/store"
	"github.com/zcodec/zcodec/zarr"
)

// The plan of a conversion split into parts lives in DST under planDir,
// beside the chunks the parts write, until --finalize removes it:
//
//	.zcodec/convert/plan.json              the plan (planKey)
//	.zcodec/convert/part-I-of-N.json       the marker of part I of N, written last by the part
//	.zcodec/convert/finalized.json         written by --finalize once the metadata is published
//
// No array or group is visible in DST until --finalize publishes the
// metadata the plan holds.
const (
	planDir      = ".zcodec/convert"
	planKey      = planDir + "/plan.json"
	finalizedKey = planDir + "/finalized.json"
	planFormat   = 1
)

// maxPlanBytes bounds the plan document read from DST (its arrays'
// metadata, about 1 KiB each).
const maxPlanBytes = 1 << 30

// planFile is the document stored at planKey. Plan holds the plan as
// bytes, and SHA256 is their digest: a part, --finalize and --status check
// it before trusting the plan, and every marker carries it.
type planFile struct {
	Format int             `json:"zcodec_convert_plan"`
	SHA256 string          `json:"sha256"`
	Plan   json.RawMessage `json:"plan"`
}

// partPlan is a conversion split into units: the groups and arrays of DST
// with the metadata --finalize publishes (as bytes, to be published byte
// for byte), and the units of each array, numbered across all arrays in
// sorted path order.
type partPlan struct {
	Units       int64       `json:"units"`
	Consolidate bool        `json:"consolidate,omitempty"`
	Groups      []planGroup `json:"groups,omitempty"`
	Arrays      []planArray `json:"arrays"`
	// Skipped lists the arrays of SRC that cannot be converted and are
	// left out (convertJob.skipped).
	Skipped []skippedNode `json:"skipped,omitempty"`
}

// planGroup is a group of DST: its path and its zarr.json.
type planGroup struct {
	Path     string `json:"path"`
	Document string `json:"zarr.json"`
}

// planArray is an array of DST: its path, the units it owns [First,
// First+Units) of the plan's, its zarr.json, and the digest of the
// metadata of the array of SRC it is copied from (sourceDigest).
type planArray struct {
	Path     string `json:"path"`
	First    int64  `json:"first"`
	Units    int64  `json:"units"`
	Source   string `json:"source_sha256"`
	Document string `json:"zarr.json"`
}

// newPartPlan is the plan of job.
func newPartPlan(job *convertJob, consolidate bool) (*partPlan, error) {
	p := &partPlan{Consolidate: consolidate, Skipped: job.skipped}
	for _, g := range job.groups {
		p.Groups = append(p.Groups, planGroup{Path: g.Path(), Document: string(g.Document())})
	}
	for _, a := range job.arrays {
		digest, err := sourceDigest(a.src)
		if err != nil {
			return nil, err
		}
		n := a.dst.Array().NumUnits()
		if p.Units > 1<<62-n {
			return nil, errors.New("the arrays have more units than an int64 counts")
		}
		p.Arrays = append(p.Arrays, planArray{Path: a.src.Path(), First: p.Units, Units: n, Source: digest, Document: string(a.dst.Document())})
		p.Units += n
	}
	return p, nil
}

// encodePlan returns the plan document and the digest of the plan.
func encodePlan(p *partPlan) (doc []byte, digest string, err error) {
	body, err := json.MarshalIndent(p, "", " ")
	if err != nil {
		return nil, "", err
	}
	sum := sha256.Sum256(body)
	digest = hex.EncodeToString(sum[:])
	// The plan's bytes go in as they are: they are what the digest is of.
	doc = fmt.Appendf(nil, "{\"zcodec_convert_plan\": %d, \"sha256\": %q,\n\"plan\": %s}\n", planFormat, digest, body)
	return doc, digest, nil
}

// errNoPlan is matched by the error of readPlan when DST holds no plan.
var errNoPlan = errors.New("no conversion plan")

// planError reports a plan that cannot be trusted: not JSON, of another
// format, or whose bytes do not match their digest.
type planError struct{ reason string }

func (e *planError) Error() string {
	return fmt.Sprintf("the conversion plan (%s) %s; run --plan again on an empty DST", planKey, e.reason)
}

// readPlan reads and checks the plan in d: its digest, and that every
// document it holds is valid metadata, with the units of each array those
// of its grid. It returns the plan and its digest.
func readPlan(ctx context.Context, d store.Store) (*partPlan, string, error) {
	doc, err := d.Get(ctx, planKey, maxPlanBytes)
	if errors.Is(err, store.ErrNotFound) {
		return nil, "", errNoPlan
	}
	if err != nil {
		return nil, "", err
	}
	var f planFile
	if err := json.Unmarshal(doc, &f); err != nil {
		return nil, "", &planError{"is not valid JSON: " + err.Error()}
	}
	if f.Format != planFormat {
		return nil, "", &planError{fmt.Sprintf("is of format %d, not %d", f.Format, planFormat)}
	}
	sum := sha256.Sum256(f.Plan)
	if hex.EncodeToString(sum[:]) != f.SHA256 {
		return nil, "", &planError{"does not match its SHA-256: it was changed after --plan wrote it"}
	}
	var p partPlan
	dec := json.NewDecoder(bytes.NewReader(f.Plan))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&p); err != nil {
		return nil, "", &planError{"cannot be read: " + err.Error()}
	}
	var next int64
	for _, a := range p.Arrays {
		if a.First != next || a.Units < 0 {
			return nil, "", &planError{fmt.Sprintf("gives array %s the units from %d, not %d", memberName("/"+a.Path), a.First, next)}
		}
		next += a.Units
	}
	if next != p.Units {
		return nil, "", &planError{fmt.Sprintf("counts %d units, its arrays %d", p.Units, next)}
	}
	return &p, f.SHA256, nil
}

// pendingArray opens the pending array a of the plan in d and checks its
// units.
func (a planArray) pendingArray(d store.Store, opts *zarr.Options) (*zarr.PendingArray, error) {
	p, err := zarr.OpenPending(d, a.Path, []byte(a.Document), opts)
	if err != nil {
		return nil, &planError{"holds metadata that cannot be used: " + err.Error()}
	}
	if n := p.Array().NumUnits(); n != a.Units {
		return nil, &planError{fmt.Sprintf("gives array %s %d units; its grid has %d", memberName("/"+a.Path), a.Units, n)}
	}
	return p, nil
}

// matchSource returns the arrays of SRC the plan's arrays are copied
// from, in the plan's order, from those found in SRC: each with the path
// and metadata the plan was made from. An array of SRC the plan has
// neither among its arrays nor among those it skipped is an error too.
func (p *partPlan) matchSource(found []*zarr.Array) ([]*zarr.Array, error) {
	byPath := make(map[string]*zarr.Array, len(found))
	for _, a := range found {
		byPath[a.Path()] = a
	}
	arrays := make([]*zarr.Array, len(p.Arrays))
	for i, pa := range p.Arrays {
		a, ok := byPath[pa.Path]
		if !ok {
			return nil, fmt.Errorf("SRC has no array %s that can be read, which the plan converts: SRC is not the store the plan was made from", memberName("/"+pa.Path))
		}
		digest, err := sourceDigest(a)
		if err != nil {
			return nil, err
		}
		if digest != pa.Source {
			return nil, fmt.Errorf("the metadata of array %s of SRC changed since the plan was made", memberName("/"+a.Path()))
		}
		arrays[i] = a
		delete(byPath, pa.Path)
	}
	skipped := make(map[string]bool, len(p.Skipped))
	for _, s := range p.Skipped {
		skipped[s.Path] = true
	}
	for _, a := range found {
		if _, left := byPath[a.Path()]; left && !skipped[a.Path()] {
			return nil, fmt.Errorf("SRC has array %s, which the plan does not have: SRC is not the store the plan was made from", memberName("/"+a.Path()))
		}
	}
	return arrays, nil
}
