package convert

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/zcodec/zcodec/store"
	"github.com/zcodec/zcodec/zarr"
)

// newPlan makes the plan of converting src as o says, and returns it with
// the arrays of src its arrays are copied from, in the plan's order. It
// reads the metadata of src's arrays and writes nothing: the pending
// nodes it makes to build the documents are over a memory store, since
// the destination is empty (WritePlan and Convert check that), so nothing
// needs looking up there, which would cost an object store three requests
// a node. The plan's digest is not set.
//
// With list set, it lists the stored units of every array too, and the
// plan holds their fingerprints, and p.listing the listing document.
func newPlan(ctx context.Context, src *Source, o *Options, list bool) (*Plan, []*zarr.Array, error) {
	if src.group != nil && (o.Chunks != nil || o.Shards != nil) {
		name := "Chunks"
		if o.Chunks == nil {
			name = "Shards"
		}
		return nil, nil, &OptionError{Option: name, Reason: "applies to one array, and the source is a group"}
	}
	if o.Consolidate && src.group == nil {
		return nil, nil, &OptionError{Option: "Consolidate", Reason: "the source is an array; consolidated metadata is written into a group", Err: zarr.ErrNotGroup}
	}
	scratch := store.NewMemory()
	p := &Plan{doc: planDoc{Consolidate: o.Consolidate}, format: planFormat}
	if src.group != nil {
		if err := addGroup(ctx, p, scratch, "", src.group.Attributes()); err != nil {
			return nil, nil, err
		}
		for _, m := range src.members {
			if m.Kind != "group" {
				continue
			}
			if err := addGroup(ctx, p, scratch, m.Path, m.Attributes); err != nil {
				return nil, nil, err
			}
		}
	}
	arrays, skipped, err := src.arrays(ctx)
	if err != nil {
		return nil, nil, err
	}
	var from []*zarr.Array
	var listing listingDoc
	nlisted := 0
	for _, a := range arrays {
		if err := checkNodePath(a.Path()); err != nil {
			return nil, nil, err
		}
		pa, err := pendingConverted(scratch, a, o)
		if err != nil {
			reason, ok := skipReason(err)
			if src.group == nil || !ok {
				if ne := (*zarr.NodeError)(nil); errors.As(err, &ne) {
					return nil, nil, err // it names the array already
				}
				return nil, nil, &zarr.NodeError{Kind: "array", Path: a.Path(), Err: err}
			}
			skipped = append(skipped, Skipped{Path: a.Path(), Reason: reason})
			continue
		}
		n := pa.Array().NumUnits()
		if n < 0 || p.doc.Units > 1<<62-n {
			return nil, nil, &zarr.NodeError{Kind: "array", Path: a.Path(), Err: errors.New("the arrays have more units than an int64 counts")}
		}
		digest, err := sourceDigest(a)
		if err != nil {
			return nil, nil, err
		}
		p.doc.Arrays = append(p.doc.Arrays, planArray{Path: a.Path(), First: p.doc.Units, Units: n, Source: digest, Document: string(pa.Document())})
		if list {
			fp, listed, err := fingerprint(ctx, a)
			if err != nil {
				return nil, nil, err
			}
			last := &p.doc.Arrays[len(p.doc.Arrays)-1]
			last.Chunks, last.Location = fp, sourceLocation(a)
			if fp != nil && nlisted <= maxListed {
				// Past maxListed keys the plan holds the digests alone.
				if listing.Arrays == nil {
					listing.Arrays = map[string][]listedChunk{}
				}
				listing.Arrays[a.Path()] = listed
				nlisted += len(listed)
				if nlisted > maxListed {
					listing.Arrays = nil
				}
			}
		}
		p.doc.Units += n
		from = append(from, a)
	}
	if listing.Arrays != nil && nlisted <= maxListed {
		b, err := json.Marshal(listing)
		if err != nil {
			return nil, nil, err
		}
		sum := sha256.Sum256(b)
		p.listing, p.doc.Listing = b, hex.EncodeToString(sum[:])
	}
	sortSkipped(skipped)
	p.doc.Skipped = skipped
	if len(skipped) > 0 && (o.Strict || len(p.doc.Arrays) == 0) {
		return nil, nil, &SkippedError{Skipped: skipped, NoneConvertible: len(p.doc.Arrays) == 0}
	}
	return p, from, nil
}

// addGroup adds the group at path with the given attributes to the plan;
// its document is made over the empty store scratch.
func addGroup(ctx context.Context, p *Plan, scratch store.Store, path string, attrs []byte) error {
	if err := checkNodePath(path); err != nil {
		return err
	}
	g, err := zarr.CreatePendingGroup(ctx, scratch, path, attrs)
	if err != nil {
		return err
	}
	p.doc.Groups = append(p.doc.Groups, planGroup{Path: g.Path(), Document: string(g.Document())})
	return nil
}

// checkNodePath refuses a node whose path lies under Dir, where the keys
// of a conversion's plan are.
func checkNodePath(p string) error {
	if p == Dir || len(p) > len(Dir) && p[:len(Dir)+1] == Dir+"/" {
		return &zarr.NodeError{Kind: "node", Path: p, Err: fmt.Errorf("its path is where a conversion keeps its plan (%s/)", Dir)}
	}
	return nil
}

// sourceDigest identifies an array of the source in a plan: the SHA-256
// of its metadata as Zarr v3 (converted from v2 when it is a v2 array).
func sourceDigest(a *zarr.Array) (string, error) {
	doc, err := a.MetadataJSON()
	if err != nil {
		return "", &zarr.NodeError{Kind: "array", Path: a.Path(), Err: err}
	}
	sum := sha256.Sum256(doc)
	return hex.EncodeToString(sum[:]), nil
}

// matchSource returns the arrays of src the plan's arrays are copied
// from, in the plan's order: each with the path and the metadata the plan
// was made from. An array of src the plan neither converts nor leaves out
// is a mismatch too. A mismatch is a *SourceError.
func (p *Plan) matchSource(ctx context.Context, src *Source) ([]*zarr.Array, error) {
	found, _, err := src.arrays(ctx)
	if err != nil {
		return nil, err
	}
	byPath := make(map[string]*zarr.Array, len(found))
	for _, a := range found {
		byPath[a.Path()] = a
	}
	arrays := make([]*zarr.Array, len(p.doc.Arrays))
	for i, pa := range p.doc.Arrays {
		a, ok := byPath[pa.Path]
		if !ok {
			return nil, &SourceError{Path: pa.Path, Mismatch: ArrayMissing}
		}
		digest, err := sourceDigest(a)
		if err != nil {
			return nil, err
		}
		if digest != pa.Source {
			return nil, &SourceError{Path: pa.Path, Mismatch: ArrayChanged}
		}
		arrays[i] = a
		delete(byPath, pa.Path)
	}
	skipped := make(map[string]bool, len(p.doc.Skipped))
	for _, s := range p.doc.Skipped {
		skipped[s.Path] = true
	}
	for _, a := range found {
		if _, left := byPath[a.Path()]; left && !skipped[a.Path()] {
			return nil, &SourceError{Path: a.Path(), Mismatch: ArrayExtra}
		}
	}
	return arrays, nil
}
