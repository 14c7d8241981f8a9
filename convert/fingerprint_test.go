package convert_test

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/zcodec/zcodec/convert"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/region"
	"github.com/zcodec/zcodec/store"
	"github.com/zcodec/zcodec/zarr"
)

// TestOtherSourceSameMetadata runs the parts of a plan against another
// source whose metadata is the plan's source's, one chunk of g/a
// rewritten: a part that reads that chunk refuses it, naming the array
// and the key, and writes nothing; a part that does not read it runs, so
// a part lists and compares only the chunks of its own range.
func TestOtherSourceSameMetadata(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	src := openSource(t, hierarchy(t, 12))
	other := hierarchy(t, 12)
	a, err := zarr.Open(ctx, other, "g/a", nil)
	if err != nil {
		t.Fatal(err)
	}
	ones := make([]float32, 64)
	for i := range ones {
		ones[i] = 1
	}
	if err := zarr.Write(ctx, a, region.FromShape([]int64{8, 16}, []int64{8, 8}), ones); err != nil {
		t.Fatal(err)
	}
	dst := store.NewMemory()
	p, err := convert.WritePlan(ctx, src, dst, nil)
	if err != nil {
		t.Fatal(err)
	}
	// Part 0 of 3 is array b alone (units 0 to 15); part 1 reads g/a.
	if _, _, err := convert.RunPart(ctx, p, openSource(t, other), dst, 0, 3, nil); err != nil {
		t.Errorf("part 0/3, which does not read g/a: %v", err)
	}
	before := contents(t, dst)
	_, _, err = convert.RunPart(ctx, p, openSource(t, other), dst, 1, 3, nil)
	var se *convert.SourceError
	if !errors.As(err, &se) || se.Path != "g/a" || se.Mismatch != convert.ChunksChanged || se.Key != "g/a/c/1/2" {
		t.Fatalf("part 1/3 of another source: %v, want a *SourceError naming g/a and g/a/c/1/2", err)
	}
	t.Log(err)
	if after := contents(t, dst); len(after) != len(before) {
		t.Errorf("the refused part wrote %d keys", len(after)-len(before))
	}
	// The plan's own source is accepted, and a chunk deleted from another
	// is named too.
	runParts(t, p, src, dst, 3)
	other.Delete(ctx, "g/a/c/1/2")
	if _, _, err := convert.RunPart(ctx, p, openSource(t, hierarchy(t, 12)), dst, 1, 3, nil); err != nil {
		t.Errorf("a copy of the plan's source: %v", err)
	}
	_, _, err = convert.RunPart(ctx, p, openSource(t, other), dst, 1, 3, nil)
	if !errors.As(err, &se) || se.Mismatch != convert.ChunksChanged || se.Key != "g/a/c/1/2" {
		t.Errorf("a chunk deleted: %v", err)
	}
}

// TestPlanOfFormat1 reads a plan as earlier versions wrote it, without
// the fingerprints of the source's chunks: a part refuses to run it (a
// *PlanError saying to plan again), while Status and Finalize, which
// read no source, end a conversion whose parts that version ran.
func TestPlanOfFormat1(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	srcStore := hierarchy(t, 13)
	src := openSource(t, srcStore)
	dst := store.NewMemory()
	p, err := convert.WritePlan(ctx, src, dst, nil)
	if err != nil {
		t.Fatal(err)
	}
	// The parts run by this version, then the plan rewritten as format 1.
	runParts(t, p, src, dst, 2)
	doc, _ := dst.Get(ctx, convert.PlanKey, -1)
	var f struct {
		Plan map[string]json.RawMessage `json:"plan"`
	}
	if err := json.Unmarshal(doc, &f); err != nil {
		t.Fatal(err)
	}
	delete(f.Plan, "listing_sha256")
	var arrays []map[string]json.RawMessage
	json.Unmarshal(f.Plan["arrays"], &arrays)
	for _, a := range arrays {
		delete(a, "source")
		delete(a, "source_chunks")
	}
	f.Plan["arrays"], _ = json.Marshal(arrays)
	body, _ := json.Marshal(f.Plan)
	sum := sha256.Sum256(body)
	digest := hex.EncodeToString(sum[:])
	dst.Set(ctx, convert.PlanKey, fmt.Appendf(nil, `{"zcodec_convert_plan": 1, "sha256": %q, "plan": %s}`, digest, body))
	for i := range 2 {
		first, end := p.Range(i, 2)
		dst.Set(ctx, convert.MarkerKey(i, 2), fmt.Appendf(nil, `{"part": %d, "parts": 2, "first": %d, "end": %d, "plan_sha256": %q}`, i, first, end, digest))
	}
	old, err := convert.OpenPlan(ctx, dst)
	if err != nil {
		t.Fatalf("OpenPlan of a plan of format 1: %v", err)
	}
	var pe *convert.PlanError
	if _, _, err := convert.RunPart(ctx, old, src, dst, 0, 2, nil); !errors.As(err, &pe) || !strings.Contains(err.Error(), "plan again") {
		t.Errorf("a part of a plan of format 1: %v, want a *PlanError saying to plan again", err)
	}
	if err := convert.Finalize(ctx, old, dst, 2, nil); err != nil {
		t.Fatalf("Finalize of a plan of format 1: %v", err)
	}
	for _, a := range sourceArrays {
		sameValues(t, srcStore, dst, a.path)
	}
}

// TestFingerprintBlocks: the fingerprint of an array of 3000 chunks has
// three blocks, and a part converting into chunks of 2 lists and checks
// only the blocks of the source its units read: one chunk of another
// source changed in the last block refuses the second part alone.
func TestFingerprintBlocks(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := store.NewMemory()
	writeArray(t, s, "", []int64{3000}, []int{1}, numeric.Uint8, 14)
	other := store.NewMemory()
	writeArray(t, other, "", []int64{3000}, []int{1}, numeric.Uint8, 14)
	a, err := zarr.Open(ctx, other, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := zarr.Write(ctx, a, region.FromShape([]int64{2500}, []int64{1}), []uint8{0}); err != nil {
		t.Fatal(err)
	}
	dst := store.NewMemory()
	opts := &convert.Options{Chunks: []int{2}}
	p, err := convert.WritePlan(ctx, openSource(t, s), dst, opts)
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := convert.RunPart(ctx, p, openSource(t, other), dst, 0, 2, nil); err != nil {
		t.Errorf("part 0/2, which reads chunks 0 to 1499: %v", err)
	}
	_, _, err = convert.RunPart(ctx, p, openSource(t, other), dst, 1, 2, nil)
	var se *convert.SourceError
	if !errors.As(err, &se) || se.Mismatch != convert.ChunksChanged || se.Key != "c/2500" || !strings.Contains(se.Detail, "absent now") {
		t.Errorf("part 1/2: %v, want a *SourceError naming c/2500, absent now", err)
	}
	// Without the listing document, the block that differs is named.
	dst.Delete(ctx, convert.ListingKey)
	_, _, err = convert.RunPart(ctx, p, openSource(t, other), dst, 1, 2, nil)
	if !errors.As(err, &se) || se.Mismatch != convert.ChunksChanged || se.Key != "c/2048" || !strings.Contains(se.Detail, "from c/2048 to c/2999") {
		t.Errorf("part 1/2 without the listing: %v, want a *SourceError naming the keys from c/2048 to c/2999", err)
	}
}

// TestFingerprintListsOwnRange: over a source whose keys are in
// directories by row (c/ROW/COL), a part lists the rows of the blocks it
// reads, not the array.
func TestFingerprintListsOwnRange(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := store.NewMemory()
	writeArray(t, s, "a", []int64{64, 64}, []int{1, 1}, numeric.Uint8, 15) // 4 blocks of 16 rows
	if _, err := zarr.CreateGroup(ctx, s, "", nil); err != nil {
		t.Fatal(err)
	}
	dst := store.NewMemory()
	p, err := convert.WritePlan(ctx, openSource(t, s), dst, nil)
	if err != nil {
		t.Fatal(err)
	}
	counting := store.NewCounting(s)
	src := openSource(t, counting)
	counting.Reset()
	if _, _, err := convert.RunPart(ctx, p, src, dst, 1, 4, nil); err != nil {
		t.Fatal(err)
	}
	var lists []string
	for _, r := range counting.Requests() {
		if r.Op == "list" {
			lists = append(lists, r.Key)
		}
	}
	if len(lists) != 16 || lists[0] != "a/c/16/" || lists[15] != "a/c/31/" {
		t.Errorf("part 1/4 listed %v, want the rows a/c/16/ to a/c/31/", lists)
	}
}
