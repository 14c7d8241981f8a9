package main

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"testing"

	"github.com/zcodec/zcodec/store"
	"github.com/zcodec/zcodec/zarr"
)

// FuzzReadPlan feeds readPlan fuzzed plans, each with its right digest so
// that the fuzzed bytes reach the plan's parser: it never panics, and a
// plan it accepts has arrays whose units follow each other and add up to
// its total, whose parts cover the units exactly, and whose documents
// either open or are refused with an error, never a panic. A plan whose
// digest is wrong is always refused.
func FuzzReadPlan(f *testing.F) {
	ctx := context.Background()
	arrayDoc := `{\"zarr_format\":3,\"node_type\":\"array\",\"shape\":[10],\"data_type\":\"uint8\",\"chunk_grid\":{\"name\":\"regular\",\"configuration\":{\"chunk_shape\":[4]}},\"chunk_key_encoding\":{\"name\":\"default\"},\"fill_value\":0,\"codecs\":[{\"name\":\"bytes\"}]}`
	f.Add([]byte(`{"units": 3, "arrays": [{"path": "a", "first": 0, "units": 3, "source_sha256": "x", "zarr.json": "`+arrayDoc+`"}]}`), uint8(2))
	f.Add([]byte(`{"units": 0, "groups": [{"path": "", "zarr.json": "{\"zarr_format\":3,\"node_type\":\"group\"}"}], "arrays": []}`), uint8(1))
	f.Add([]byte(`{"units": 5, "arrays": [{"path": "a", "first": 1, "units": 4}]}`), uint8(3))
	f.Add([]byte(`[]`), uint8(0))
	f.Fuzz(func(t *testing.T, body []byte, parts uint8) {
		sum := sha256.Sum256(body)
		digest := hex.EncodeToString(sum[:])
		s := store.NewMemory()
		doc := fmt.Appendf(nil, `{"zcodec_convert_plan": 1, "sha256": %q, "plan": %s}`, digest, body)
		if err := s.Set(ctx, planKey, doc); err != nil {
			t.Fatal(err)
		}
		p, got, err := readPlan(ctx, s)
		if err != nil {
			return
		}
		if got != digest {
			t.Fatalf("digest %s, want %s", got, digest)
		}
		var next int64
		for _, pa := range p.Arrays {
			if pa.First != next {
				t.Fatalf("array %q starts at %d, want %d", pa.Path, pa.First, next)
			}
			next += pa.Units
			pa.pendingArray(s, nil)
		}
		if next != p.Units {
			t.Fatalf("arrays hold %d units, the plan %d", next, p.Units)
		}
		for _, g := range p.Groups {
			zarr.OpenPendingGroup(s, g.Path, []byte(g.Document))
		}
		n := int(parts%16) + 1
		var end int64
		for i := range n {
			first, e := partRange(i, n, p.Units)
			if first != end || e < first {
				t.Fatalf("part %d/%d is [%d, %d) after %d", i, n, first, e, end)
			}
			end = e
		}
		if end != p.Units {
			t.Fatalf("%d parts end at %d of %d units", n, end, p.Units)
		}
		// The same bytes under another digest are refused.
		s.Set(ctx, planKey, fmt.Appendf(nil, `{"zcodec_convert_plan": 1, "sha256": "%064x", "plan": %s}`, 0, body))
		if _, _, err := readPlan(ctx, s); err == nil && digest != fmt.Sprintf("%064x", 0) {
			t.Fatal("a plan with a wrong digest was accepted")
		}
	})
}
