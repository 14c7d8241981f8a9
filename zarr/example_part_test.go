package zarr_test

import (
	"context"
	"fmt"
	"log"

	"github.com/zcodec/zcodec/metadata"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/region"
	"github.com/zcodec/zcodec/registry"
	"github.com/zcodec/zcodec/store"
	"github.com/zcodec/zcodec/zarr"
)

// Convert an array in parts, as workers on several machines would: the
// destination is pending until every part is written, then its metadata is
// published. Each worker would open the pending array from its document
// (zarr.OpenPending) and copy its own range of units.
func ExampleCopyPart() {
	ctx := context.Background()
	s := store.NewMemory()
	chain, err := registry.Default().ParseCodecs([]byte(`[{"name": "bytes", "configuration": {"endian": "little"}}]`), "/codecs")
	if err != nil {
		log.Fatal(err)
	}
	fill, err := numeric.IntScalar(numeric.Int16, 0)
	if err != nil {
		log.Fatal(err)
	}
	def := &metadata.ArrayDefinition{
		Shape: []int64{6, 8}, DataType: numeric.Int16, ChunkShape: []int{3, 3},
		FillValue: fill, Codecs: chain.Codecs,
	}
	src, err := zarr.Create(ctx, s, "src", def, nil)
	if err != nil {
		log.Fatal(err)
	}
	values := make([]int16, 48)
	for i := range values {
		values[i] = int16(i)
	}
	if err := zarr.Write(ctx, src, region.Whole(src.Shape()), values); err != nil {
		log.Fatal(err)
	}

	def.ChunkShape = []int{2, 4} // the new chunking
	pending, err := zarr.CreatePending(ctx, s, "dst", def, nil)
	if err != nil {
		log.Fatal(err)
	}
	doc := pending.Document() // what the workers are given
	units := pending.Array().NumUnits()
	const parts = 3
	for i := range int64(parts) {
		worker, err := zarr.OpenPending(s, "dst", doc, nil)
		if err != nil {
			log.Fatal(err)
		}
		first, end := i*units/parts, (i+1)*units/parts
		if err := zarr.CopyPart(ctx, worker.Array(), src, first, end, nil); err != nil {
			log.Fatal(err)
		}
		fmt.Printf("part %d: units [%d, %d)\n", i, first, end)
	}
	if _, err := zarr.Open(ctx, s, "dst", nil); err != nil {
		fmt.Println("before publishing: no array")
	}
	dst, err := pending.Publish(ctx)
	if err != nil {
		log.Fatal(err)
	}
	got, err := zarr.Read[int16](ctx, dst, region.FromShape([]int64{5, 0}, []int64{1, 8}))
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(got)
	// Output:
	// part 0: units [0, 2)
	// part 1: units [2, 4)
	// part 2: units [4, 6)
	// before publishing: no array
	// [40 41 42 43 44 45 46 47]
}
