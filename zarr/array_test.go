package zarr

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/region"
	"github.com/zcodec/zcodec/store"
)

func randomRegion(rng *rand.Rand, shape []int64) region.Box {
	r := region.FromShape(make([]int64, len(shape)), make([]int64, len(shape)))
	for d, n := range shape {
		a, b := rng.Int64N(n+1), rng.Int64N(n+1)
		if a > b {
			a, b = b, a
		}
		if rng.IntN(4) == 0 && b < n { // often a single index
			b = a + 1
		}
		r.Start[d], r.Stop[d] = a, b
	}
	return r
}

// TestRegionsAgainstReference writes and reads random regions of arrays
// with edge chunks under every key encoding and compares with a plain
// C-order model.
func TestRegionsAgainstReference(t *testing.T) {
	ctx := context.Background()
	encodings := []string{
		`{"name":"default","configuration":{"separator":"/"}}`,
		`{"name":"default","configuration":{"separator":"."}}`,
		`{"name":"v2","configuration":{"separator":"/"}}`,
		`{"name":"v2","configuration":{"separator":"."}}`,
	}
	for ei, enc := range encodings {
		for _, conc := range []int{1, 3} {
			t.Run(fmt.Sprintf("enc%d/conc%d", ei, conc), func(t *testing.T) {
				rng := rand.New(rand.NewPCG(uint64(ei), uint64(conc)))
				shape := []int64{7, 10, 5}
				m := newMeta(t, shape, []int{3, 4, 5}, numeric.Int32, "-1", `[{"name":"bytes","configuration":{"endian":"little"}},{"name":"zstd","configuration":{"level":1,"checksum":false}}]`, enc)
				s := store.NewMemory()
				a := create(t, s, "g/arr", m, conc)
				ref := newReference[int32](shape, -1)
				for it := range 60 {
					reg := randomRegion(rng, shape)
					if it%3 == 0 {
						src := make([]int32, reg.Size())
						for i := range src {
							if rng.IntN(3) > 0 {
								src[i] = int32(rng.IntN(1000))
							} else {
								src[i] = -1
							}
						}
						if err := Write(ctx, a, reg, src); err != nil {
							t.Fatalf("write %v: %v", reg, err)
						}
						ref.write(reg, src)
						continue
					}
					got, err := Read[int32](ctx, a, reg)
					if err != nil {
						t.Fatalf("read %v: %v", reg, err)
					}
					if want := ref.read(reg); !slices.Equal(got, want) {
						t.Fatalf("read %v:\n got %v\nwant %v", reg, got, want)
					}
				}
				all, err := Read[int32](ctx, a, region.Whole(shape))
				if err != nil || !slices.Equal(all, ref.data) {
					t.Fatalf("whole array differs: %v", err)
				}
				// reopen from the store: the same values
				b, err := Open(ctx, s, "g/arr", nil)
				if err != nil {
					t.Fatal(err)
				}
				if all2, _ := Read[int32](ctx, b, region.Whole(shape)); !slices.Equal(all2, ref.data) {
					t.Fatal("reopened array differs")
				}
			})
		}
	}
}

func TestChunkKeys(t *testing.T) {
	for _, tc := range []struct {
		enc    string
		coords []int64
		want   string
	}{
		{`{"name":"default"}`, []int64{1, 23}, "a/c/1/23"},
		{`{"name":"default","configuration":{"separator":"."}}`, []int64{1, 23}, "a/c.1.23"},
		{`{"name":"v2"}`, []int64{1, 23}, "a/1.23"},
		{`{"name":"v2","configuration":{"separator":"/"}}`, []int64{1, 23}, "a/1/23"},
	} {
		m := newMeta(t, []int64{100, 100}, []int{4, 4}, numeric.Uint8, "0", bytesLE, tc.enc)
		a := create(t, store.NewMemory(), "a", m, 1)
		if got := a.ChunkKey(tc.coords); got != tc.want {
			t.Errorf("%s: key %q, want %q", tc.enc, got, tc.want)
		}
		back, ok := a.keys.parse(strings.TrimPrefix(tc.want, "a/"), 2)
		if !ok || !slices.Equal(back, tc.coords) {
			t.Errorf("%s: parse(%q) = %v %v", tc.enc, tc.want, back, ok)
		}
	}
	for _, k := range []keyEncoding{{sep: "/"}, {v2: true, sep: "."}} {
		for _, bad := range []string{"c/01/2", "c/1", "c/1/2/3", "c/-1/2", "c/a/2", "1.2.", "zarr.json", ".zarray", "c/1/+2", "c"} {
			if c, ok := k.parse(bad, 2); ok {
				t.Errorf("%+v parses %q as %v", k, bad, c)
			}
		}
	}
	if k := (keyEncoding{sep: "/"}); k.key(nil) != "c" {
		t.Errorf("rank-0 default key %q", k.key(nil))
	}
	if k := (keyEncoding{v2: true, sep: "."}); k.key(nil) != "0" {
		t.Errorf("rank-0 v2 key %q", k.key(nil))
	}
}

func TestFillChunksNotStored(t *testing.T) {
	ctx := context.Background()
	s := store.NewCounting(store.NewMemory())
	m := newMeta(t, []int64{10}, []int{4}, numeric.Float32, `"NaN"`, bytesLE, "")
	a := create(t, s, "", m, 1)
	nan := float32(numericNaN())
	// a write of fill values into an absent chunk stores nothing
	if err := Write(ctx, a, region.FromShape([]int64{0}, []int64{4}), []float32{nan, nan, nan, nan}); err != nil {
		t.Fatal(err)
	}
	if keys := storedKeys(t, s); len(keys) != 1 {
		t.Fatalf("keys after writing fill: %q", keys)
	}
	// the edge chunk 2 holds elements 8 and 9 only
	if err := Write(ctx, a, region.FromShape([]int64{8}, []int64{2}), []float32{1, 2}); err != nil {
		t.Fatal(err)
	}
	raw, err := s.Get(ctx, "c/2", store.NoLimit)
	if err != nil || len(raw) != 16 {
		t.Fatalf("edge chunk: %x, %v", raw, err)
	}
	dec := make([]float32, 4)
	codec.DecodeSlice(a.Pipeline(), dec, raw)
	if dec[0] != 1 || dec[1] != 2 || dec[2] == dec[2] || dec[3] == dec[3] {
		t.Errorf("edge chunk decodes to %v, want [1 2 NaN NaN]", dec)
	}
	// overwriting with fill deletes it
	if err := Write(ctx, a, region.FromShape([]int64{8}, []int64{2}), []float32{nan, nan}); err != nil {
		t.Fatal(err)
	}
	if keys := storedKeys(t, s); len(keys) != 1 {
		t.Fatalf("keys after overwriting with fill: %q", keys)
	}
	// -0.0 is not the fill 0.0: bits decide
	m0 := newMeta(t, []int64{2}, []int{2}, numeric.Float64, "0", bytesLE, "")
	a0 := create(t, s, "z", m0, 1)
	negZero := float64(0)
	negZero = -negZero
	Write(ctx, a0, region.Whole([]int64{2}), []float64{negZero, 0})
	if _, err := s.Get(ctx, "z/c/0", store.NoLimit); err != nil {
		t.Errorf("a chunk holding -0.0 was not stored: %v", err)
	}
}

func storedKeys(t *testing.T, s store.Store) []string {
	var keys []string
	s.List(context.Background(), "", func(e store.Entry) error { keys = append(keys, e.Key); return nil })
	return keys
}

func TestAbsentChunksReadFill(t *testing.T) {
	m := newMeta(t, []int64{5, 3}, []int{2, 2}, numeric.Int16, "-7", bytesLE, "")
	a := create(t, store.NewMemory(), "", m, 2)
	got, err := Read[int16](context.Background(), a, region.Whole([]int64{5, 3}))
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range got {
		if v != -7 {
			t.Fatalf("absent chunks read %v", got)
		}
	}
}

func TestRankZero(t *testing.T) {
	ctx := context.Background()
	s := store.NewMemory()
	m := newMeta(t, []int64{}, []int{}, numeric.Float64, "1.5", bytesLE, "")
	a := create(t, s, "", m, 1)
	if v, err := Read[float64](ctx, a, region.Whole([]int64(nil))); err != nil || len(v) != 1 || v[0] != 1.5 {
		t.Fatalf("absent scalar: %v %v", v, err)
	}
	if err := Write(ctx, a, region.Whole([]int64(nil)), []float64{2.5}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Get(ctx, "c", store.NoLimit); err != nil {
		t.Fatalf("scalar chunk key: %v", err)
	}
	if v, _ := Read[float64](ctx, a, region.Whole([]int64(nil))); v[0] != 2.5 {
		t.Fatalf("scalar: %v", v)
	}
}

func TestEmptyArrayAndRegion(t *testing.T) {
	ctx := context.Background()
	m := newMeta(t, []int64{0, 5}, []int{3, 3}, numeric.Uint8, "0", bytesLE, "")
	a := create(t, store.NewMemory(), "", m, 1)
	if v, err := Read[uint8](ctx, a, region.Whole([]int64{0, 5})); err != nil || len(v) != 0 {
		t.Fatalf("empty array: %v %v", v, err)
	}
	m2 := newMeta(t, []int64{4, 5}, []int{3, 3}, numeric.Uint8, "0", bytesLE, "")
	a2 := create(t, store.NewMemory(), "", m2, 1)
	if err := Write(ctx, a2, region.FromShape([]int64{2, 5}, []int64{2, 0}), []uint8{}); err != nil {
		t.Fatalf("empty region: %v", err)
	}
}

func TestRegionChecks(t *testing.T) {
	ctx := context.Background()
	m := newMeta(t, []int64{4, 5}, []int{3, 3}, numeric.Uint8, "0", bytesLE, "")
	a := create(t, store.NewMemory(), "arr", m, 1)
	for _, r := range []region.Box{
		region.FromShape([]int64{0}, []int64{1}),
		region.FromShape([]int64{0, 4}, []int64{1, 2}),
		region.FromShape([]int64{-1, 0}, []int64{1, 1}),
		region.FromShape([]int64{0, 0}, []int64{5, 1}),
	} {
		if err := a.ReadRegion(ctx, r, make([]byte, 1)); !errors.Is(err, region.ErrInvalid) {
			t.Errorf("ReadRegion %v: %v, want region.ErrInvalid", r, err)
		}
	}
	if err := a.ReadRegion(ctx, region.Whole([]int64{4, 5}), make([]byte, 19)); !errors.Is(err, codec.ErrSize) {
		t.Errorf("short buffer: %v", err)
	}
	if _, err := Read[int8](ctx, a, region.Whole([]int64{4, 5})); err == nil {
		t.Error("Read[int8] of a uint8 array succeeded")
	}
}

func TestCreateRefusesExisting(t *testing.T) {
	s := store.NewMemory()
	m := newMeta(t, []int64{4}, []int{2}, numeric.Uint8, "0", bytesLE, "")
	create(t, s, "a", m, 1)
	if _, err := Create(context.Background(), s, "a", m, nil); !errors.Is(err, ErrExists) {
		t.Errorf("second Create: %v", err)
	}
}

func TestCancel(t *testing.T) {
	m := newMeta(t, []int64{100}, []int{1}, numeric.Uint8, "0", bytesLE, "")
	a := create(t, store.NewMemory(), "", m, 2)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Read[uint8](ctx, a, region.Whole([]int64{100})); !errors.Is(err, context.Canceled) {
		t.Errorf("read with a cancelled context: %v", err)
	}
	if err := Write(ctx, a, region.Whole([]int64{100}), make([]uint8, 100)); !errors.Is(err, context.Canceled) {
		t.Errorf("write with a cancelled context: %v", err)
	}
}

func TestVerify(t *testing.T) {
	ctx := context.Background()
	s := store.NewMemory()
	a := create(t, s, "arr", newMeta(t, []int64{8}, []int{2}, numeric.Uint8, "0", `["bytes",{"name":"crc32c"}]`, ""), 2)
	Write(ctx, a, region.Whole([]int64{8}), []uint8{1, 2, 3, 4, 5, 6, 7, 8})
	s.Set(ctx, "arr/c/1", []byte("corrup"))    // right size, wrong checksum
	s.Set(ctx, "arr/c/2", []byte("too large")) // larger than any chunk of the chain
	s.Set(ctx, "arr/c/9", []byte("stray"))
	got := map[string]string{}
	err := a.Verify(ctx, func(ch Check) error {
		c, err := ch.StoredChunk, ch.Err
		switch {
		case !c.InGrid:
			got[c.Key] = "stray"
		case err != nil:
			var ce *codec.ChunkError
			if !errors.As(err, &ce) || ce.Key != c.Key || !errors.Is(err, codec.ErrCorrupt) && !errors.Is(err, store.ErrTooLarge) {
				t.Errorf("%s: %v", c.Key, err)
			}
			got[c.Key] = "bad"
		default:
			got[c.Key] = "ok"
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(got) != "map[arr/c/0:ok arr/c/1:bad arr/c/2:bad arr/c/3:ok arr/c/9:stray]" {
		t.Errorf("verify: %v", got)
	}
}

// TestVerifyCancelled cancels Verify's context while it runs: Verify
// returns the context's error, and only after the goroutine listing the
// chunks has finished (the race detector sees its error read otherwise).
func TestVerifyCancelled(t *testing.T) {
	s := store.NewMemory()
	a := create(t, s, "", newMeta(t, []int64{4096}, []int{1}, numeric.Uint8, "0", bytesLE, ""), 4)
	src := make([]uint8, 4096)
	for i := range src {
		src[i] = 1
	}
	if err := Write(context.Background(), a, region.Whole([]int64{4096}), src); err != nil {
		t.Fatal(err)
	}
	for range 20 {
		ctx, cancel := context.WithCancel(context.Background())
		n := 0
		err := a.Verify(ctx, func(Check) error {
			if n++; n == 3 {
				cancel()
			}
			return nil
		})
		cancel()
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("verify with its context cancelled: %v", err)
		}
	}
}
