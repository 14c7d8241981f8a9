package convert

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"slices"

	"github.com/zcodec/zcodec/internal/shorten"
	"github.com/zcodec/zcodec/store"
	"github.com/zcodec/zcodec/zarr"
)

// maxPlanBytes bounds the plan document read from the destination (its
// arrays' metadata, about 1 KiB each).
const maxPlanBytes = 1 << 30

// Plan is the plan of a conversion: the groups and arrays of the
// destination with the metadata Finalize publishes, byte for byte, the
// units of each array, numbered across all arrays in sorted path order,
// and the nodes of the source left out. WritePlan makes it and writes it
// into the destination; OpenPlan reads it back, on any machine. A Plan is
// immutable and safe for concurrent use.
type Plan struct {
	doc    planDoc
	digest string
	// format is the format of the plan document, planFormat or 1: a plan
	// of format 1 records no fingerprint of the source's chunks.
	format int
	// listing is the document at ListingKey, written by WritePlan before
	// the plan.
	listing []byte
}

// planFile is the document stored at PlanKey. Plan holds the plan as
// bytes, and SHA256 is their digest: OpenPlan checks it before trusting
// the plan, and every marker carries it.
type planFile struct {
	Format int             `json:"zcodec_convert_plan"`
	SHA256 string          `json:"sha256"`
	Plan   json.RawMessage `json:"plan"`
}

// planDoc is the body of the plan document.
type planDoc struct {
	Units       int64       `json:"units"`
	Consolidate bool        `json:"consolidate,omitempty"`
	Groups      []planGroup `json:"groups,omitempty"` // sorted by path, the root first
	Arrays      []planArray `json:"arrays"`           // sorted by path
	Skipped     []Skipped   `json:"skipped,omitempty"`
	// Listing is the SHA-256 of the document at ListingKey, "" when the
	// plan was written without one.
	Listing string `json:"listing_sha256,omitempty"`
}

// planGroup is a group of the destination: its path and its zarr.json.
type planGroup struct {
	Path     string `json:"path"`
	Document string `json:"zarr.json"`
}

// planArray is an array of the destination: its path, the units of the
// plan it owns [First, First+Units), the digest of the metadata of the
// array of the source it is copied from (sourceDigest), and its zarr.json.
type planArray struct {
	Path     string `json:"path"`
	First    int64  `json:"first"`
	Units    int64  `json:"units"`
	Source   string `json:"source_sha256"`
	Document string `json:"zarr.json"`
	// Location is where the source array was when the plan was made, ""
	// when its store does not say.
	Location string `json:"source,omitempty"`
	// Chunks is the fingerprint of the source array's stored units, nil
	// when its store cannot list them (or the plan is of format 1).
	Chunks *chunkPrint `json:"source_chunks,omitempty"`
}

// PlannedArray is an array of a plan.
type PlannedArray struct {
	Path  string // in the source and the destination, "" for the root
	First int64  // its first unit, in the plan's numbering
	Units int64  // its number of units: it owns [First, First+Units)
}

// Units returns the number of units of the plan: the stored keys of the
// destination's arrays (shards when sharded, else chunks).
func (p *Plan) Units() int64 { return p.doc.Units }

// Skipped returns the nodes of the source the conversion leaves out,
// sorted by path.
func (p *Plan) Skipped() []Skipped { return append([]Skipped(nil), p.doc.Skipped...) }

// Arrays returns the arrays the plan converts, in the order of their
// units.
func (p *Plan) Arrays() []PlannedArray {
	out := make([]PlannedArray, len(p.doc.Arrays))
	for i, a := range p.doc.Arrays {
		out[i] = PlannedArray{Path: a.Path, First: a.First, Units: a.Units}
	}
	return out
}

// Digest returns the SHA-256 of the plan's bytes, in hexadecimal: what
// identifies the plan in every marker.
func (p *Plan) Digest() string { return p.digest }

// Range returns the units [first, end) that part i of n owns:
// PartRange(i, n, p.Units()).
func (p *Plan) Range(i, n int) (first, end int64) { return PartRange(i, n, p.doc.Units) }

// rootArray reports whether the destination's root is an array.
func (p *Plan) rootArray() bool { return len(p.doc.Groups) == 0 || p.doc.Groups[0].Path != "" }

// encode returns the plan document and the digest of the plan.
func (d *planDoc) encode() (doc []byte, digest string, err error) {
	body, err := json.MarshalIndent(d, "", " ")
	if err != nil {
		return nil, "", err
	}
	sum := sha256.Sum256(body)
	digest = hex.EncodeToString(sum[:])
	// The plan's bytes go in as they are: they are what the digest is of.
	doc = fmt.Appendf(nil, "{\"zcodec_convert_plan\": %d, \"sha256\": %q,\n\"plan\": %s}\n", planFormat, digest, body)
	return doc, digest, nil
}

// WritePlan plans the conversion of src as opts say and writes the plan
// into dst, at PlanKey; it reads the metadata of every array of src and
// lists its chunks, reading none, for the plan's fingerprints of them,
// and writes the listing at ListingKey first. dst must be empty, or hold the same plan (so that WritePlan
// may run again, and returns it): another plan is ErrOtherPlan, a plan
// that cannot be trusted a *PlanError, any other key a *NotEmptyError.
// When a Finalize of the same plan published it and stopped before its
// record was removed (OpenPlan's ErrFinalized), WritePlan returns the
// plan with an error matching ErrFinalized, and Finalize of that plan
// ends the clean-up.
//
// An array of a group that cannot be converted (Unconvertible: its
// metadata, or the converted metadata opts ask for) is left out and listed
// in the plan's Skipped; under opts.Strict, and when no array is left, the
// error is a *SkippedError listing them all and nothing is written. An
// array source that cannot be converted is an error.
func WritePlan(ctx context.Context, src *Source, dst store.Store, opts *Options) (*Plan, error) {
	p, _, err := newPlan(ctx, src, opts.or(), true)
	if err != nil {
		return nil, err
	}
	doc, digest, err := p.doc.encode()
	if err != nil {
		return nil, err
	}
	p.digest = digest
	old, err := OpenPlan(ctx, dst)
	switch {
	case err == nil && old.digest == digest:
		return old, nil
	case err == nil:
		return nil, ErrOtherPlan
	case errors.Is(err, ErrFinalized):
		if finalizedPlan(ctx, dst) == digest {
			// The same conversion, finalized but for the removal of its
			// record: Finalize ends it.
			return p, err
		}
	case !errors.Is(err, ErrNoPlan):
		return nil, err
	}
	if err := checkEmpty(ctx, dst); err != nil {
		return nil, err
	}
	if p.listing != nil {
		if err := dst.Set(ctx, ListingKey, p.listing); err != nil {
			return nil, err
		}
	}
	if err := dst.Set(ctx, PlanKey, doc); err != nil {
		return nil, err
	}
	return p, nil
}

// OpenPlan reads the plan in dst and checks it: its format, its digest,
// and that its arrays' units follow each other and add up to its total.
// A dst without a plan is an error matched by ErrNoPlan, or by
// ErrFinalized when a Finalize published the plan and left its record; a
// plan that cannot be trusted is a *PlanError.
func OpenPlan(ctx context.Context, dst store.Store) (*Plan, error) {
	doc, err := dst.Get(ctx, PlanKey, maxPlanBytes)
	if errors.Is(err, store.ErrNotFound) {
		if _, ferr := dst.Get(ctx, FinalizedKey, 1<<16); ferr == nil {
			return nil, ErrFinalized
		} else if !errors.Is(ferr, store.ErrNotFound) {
			return nil, ferr
		}
		return nil, ErrNoPlan
	}
	if err != nil {
		return nil, err
	}
	var f planFile
	if err := json.Unmarshal(doc, &f); err != nil {
		return nil, &PlanError{"is not valid JSON: " + err.Error()}
	}
	if f.Format != planFormat && f.Format != 1 {
		return nil, &PlanError{fmt.Sprintf("is of format %d, not %d", f.Format, planFormat)}
	}
	sum := sha256.Sum256(f.Plan)
	if hex.EncodeToString(sum[:]) != f.SHA256 {
		return nil, &PlanError{"does not match its SHA-256: it was changed after it was written"}
	}
	p := &Plan{digest: f.SHA256, format: f.Format}
	dec := json.NewDecoder(bytes.NewReader(f.Plan))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&p.doc); err != nil {
		return nil, &PlanError{"cannot be read: " + err.Error()}
	}
	var next int64
	for _, a := range p.doc.Arrays {
		if a.First != next || a.Units < 0 || a.Units > 1<<62-next {
			return nil, &PlanError{fmt.Sprintf("gives array %s the units from %d, not %d", shorten.QuoteName("/"+a.Path), a.First, next)}
		}
		next += a.Units
	}
	if next != p.doc.Units {
		return nil, &PlanError{fmt.Sprintf("counts %d units, its arrays %d", p.doc.Units, next)}
	}
	if f.Format == 1 && (p.doc.Listing != "" || slices.ContainsFunc(p.doc.Arrays, func(a planArray) bool { return a.Chunks != nil || a.Location != "" })) {
		return nil, &PlanError{"is of format 1 and holds members of format 2"}
	}
	return p, nil
}

// pending opens the pending array a of the plan in d and checks its
// units.
func (a planArray) pending(d store.Store, opts *zarr.Options) (*zarr.PendingArray, error) {
	p, err := zarr.OpenPending(d, a.Path, []byte(a.Document), opts)
	if err != nil {
		return nil, &PlanError{"holds metadata that cannot be used: " + err.Error()}
	}
	if n := p.Array().NumUnits(); n != a.Units {
		return nil, &PlanError{fmt.Sprintf("gives array %s %d units; its grid has %d", shorten.QuoteName("/"+a.Path), a.Units, n)}
	}
	return p, nil
}

// errStop ends a listing early.
var errStop = errors.New("stop")

// checkEmpty fails with a *NotEmptyError when d holds any key but the
// listing document, which WritePlan writes before the plan.
func checkEmpty(ctx context.Context, d store.Store) error {
	var found string
	err := d.List(ctx, "", func(e store.Entry) error {
		if e.Key == ListingKey && e.Err == nil {
			return nil
		}
		found = e.Key
		return errStop
	})
	if errors.Is(err, errStop) {
		return &NotEmptyError{Key: found}
	}
	return err
}
