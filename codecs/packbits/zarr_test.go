package packbits_test

import (
	"bytes"
	"context"
	"testing"

	_ "github.com/zcodec/zcodec/codecs"
	"github.com/zcodec/zcodec/metadata"
	"github.com/zcodec/zcodec/region"
	"github.com/zcodec/zcodec/store"
	"github.com/zcodec/zcodec/zarr"
)

// A bool array with the packbits codec in a sharded chain is written and
// read back through the zarr package, with every codec registered (the
// name "packbits" is this codec there too), and stores one bit per
// element.
func TestZarrArray(t *testing.T) {
	ctx := context.Background()
	m, err := metadata.Parse([]byte(`{"zarr_format": 3, "node_type": "array", "shape": [40, 30], "data_type": "bool",
		"chunk_grid": {"name": "regular", "configuration": {"chunk_shape": [40, 30]}},
		"chunk_key_encoding": {"name": "default"}, "fill_value": false,
		"codecs": [{"name": "sharding_indexed", "configuration": {"chunk_shape": [8, 30],
			"codecs": [{"name": "packbits", "configuration": {"padding_encoding": "first_byte"}}],
			"index_codecs": [{"name": "bytes", "configuration": {"endian": "little"}}]}}]}`), nil)
	if err != nil {
		t.Fatal(err)
	}
	s := store.NewMemory()
	a, err := zarr.Create(ctx, s, "mask", m.Definition(), nil)
	if err != nil {
		t.Fatal(err)
	}
	src := make([]byte, 40*30)
	for i := range src {
		if i%7 == 0 || i%11 == 3 {
			src[i] = 1
		}
	}
	whole := region.Whole([]int64{40, 30})
	if err := a.WriteRegion(ctx, whole, src); err != nil {
		t.Fatal(err)
	}
	b, err := zarr.Open(ctx, s, "mask", nil)
	if err != nil {
		t.Fatal(err)
	}
	got := make([]byte, len(src))
	if err := b.ReadRegion(ctx, whole, got); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, src) {
		t.Fatal("read back differs")
	}
	sub := make([]byte, 3*4)
	if err := b.ReadRegion(ctx, region.FromShape([]int64{17, 5}, []int64{3, 4}), sub); err != nil {
		t.Fatal(err)
	}
	for i := range 3 {
		if !bytes.Equal(sub[4*i:4*i+4], src[(17+i)*30+5:(17+i)*30+9]) {
			t.Fatalf("row %d of the region: %v", i, sub[4*i:4*i+4])
		}
	}
	shard, err := s.Get(ctx, "mask/c/0/0", -1)
	if err != nil {
		t.Fatal(err)
	}
	// 5 inner chunks of 240 bits: 1 + 30 bytes each, and an index of 16
	// bytes per inner chunk
	if want := 5*31 + 5*16; len(shard) != want {
		t.Errorf("shard of %d bytes, want %d", len(shard), want)
	}
}
