package zarr

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/region"
	"github.com/zcodec/zcodec/store"
)

// TestSlabPlans checks on random shapes that contiguous slabs tile the
// region in C order and that aligned slabs are unions of whole chunks, and
// that both respect the byte budget when a slab can.
func TestSlabPlans(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for it := range 500 {
		rank := rng.IntN(4) + 1
		shape := make([]int64, rank)
		chunk := make([]int64, rank)
		for d := range rank {
			shape[d] = rng.Int64N(9) + 1
			chunk[d] = rng.Int64N(4) + 1
		}
		r := randomRegion(rng, shape)
		es := 1 << rng.IntN(3)
		maxBytes := rng.Int64N(200) + 1
		for _, aligned := range []bool{false, true} {
			p := planSlabs(r, chunk, es, maxBytes, aligned)
			ref := newReference[int](shape, -1)
			var order []int
			covered := map[int]int{}
			err := p.each(func(s region.Box) error {
				if err := s.Validate(shape); err != nil {
					return err
				}
				n := s.Size() * int64(es)
				unit := int64(es)
				if aligned {
					for d := range rank {
						unit *= min(chunk[d], r.Len(d))
					}
				}
				if n > maxBytes && n > unit {
					return fmt.Errorf("slab %v holds %d bytes, budget %d", s, n, maxBytes)
				}
				ref.each(s, func(a, _ int) { order = append(order, a); covered[a]++ })
				if aligned {
					for d := range rank {
						lo, hi := s.Start[d], s.Stop[d]
						if lo != r.Start[d] && lo%chunk[d] != 0 || hi != r.Stop[d] && hi%chunk[d] != 0 {
							return fmt.Errorf("slab %v is not aligned to chunks %v", s, chunk)
						}
					}
				}
				return nil
			})
			if err != nil {
				t.Fatalf("case %d (shape %v chunk %v region %v budget %d aligned %v): %v", it, shape, chunk, r, maxBytes, aligned, err)
			}
			var want []int
			ref.each(r, func(a, _ int) { want = append(want, a) })
			if !aligned && !slices.Equal(order, want) {
				t.Fatalf("case %d: slabs of %v (shape %v chunk %v budget %d) visit %v, want %v", it, r, shape, chunk, maxBytes, order, want)
			}
			if len(covered) != len(want) || len(order) != len(want) {
				t.Fatalf("case %d: aligned=%v slabs cover %d elements %d times, want %d once", it, aligned, len(covered), len(order), len(want))
			}
		}
	}
}

func TestReadSlabsAndCopy(t *testing.T) {
	ctx := context.Background()
	shape := []int64{9, 7, 5}
	s := store.NewMemory()
	src := create(t, s, "src", newMeta(t, shape, []int{2, 3, 5}, numeric.Uint16, "3", `[{"name":"bytes","configuration":{"endian":"big"}},{"name":"gzip","configuration":{"level":1}}]`, ""), 2)
	ref := newReference[uint16](shape, 3)
	rng := rand.New(rand.NewPCG(3, 4))
	for i := range ref.data {
		if rng.IntN(5) > 0 {
			ref.data[i] = uint16(rng.IntN(60000))
		}
	}
	ref.data[0] = 3
	if err := Write(ctx, src, region.Whole(shape), ref.data); err != nil {
		t.Fatal(err)
	}
	for _, budget := range []int{1, 10, 70, 1000, 1 << 20} {
		r := region.FromShape([]int64{1, 2, 0}, []int64{7, 4, 5})
		var got []byte
		err := src.ReadSlabs(ctx, r, budget, func(slab region.Box, data []byte) error {
			got = append(got, data...)
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		want := make([]byte, 0)
		for _, v := range ref.read(r) {
			want = append(want, byte(v), byte(v>>8))
		}
		if !bytes.Equal(got, want) {
			t.Fatalf("budget %d: slabs differ from the region", budget)
		}
	}
	for _, budget := range []int{1, 100, 1 << 20} {
		dst := create(t, s, fmt.Sprintf("dst%d", budget), newMeta(t, shape, []int{4, 4, 2}, numeric.Uint16, "3", `[{"name":"bytes","configuration":{"endian":"little"}},{"name":"zstd","configuration":{"level":1,"checksum":true}}]`, `{"name":"v2"}`), 2)
		var last, total int64
		if err := Copy(ctx, dst, src, &CopyOptions{MaxBytes: budget, Progress: func(d, n int64) { last, total = d, n }}); err != nil {
			t.Fatal(err)
		}
		if last != total || total != 9*7*5 {
			t.Errorf("progress ended at %d of %d", last, total)
		}
		got, err := Read[uint16](ctx, dst, region.Whole(shape))
		if err != nil || !slices.Equal(got, ref.data) {
			t.Fatalf("budget %d: copy differs: %v", budget, err)
		}
	}
	other := create(t, s, "other", newMeta(t, []int64{9, 7}, []int{2, 2}, numeric.Uint16, "3", bytesLE, ""), 1)
	if err := Copy(ctx, other, src, nil); err == nil {
		t.Error("Copy between shapes succeeded")
	}
}
