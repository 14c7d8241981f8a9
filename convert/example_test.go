package convert_test

import (
	"context"
	"fmt"
	"log"
	"sync"

	_ "github.com/zcodec/zcodec/codecs" // the standard codec set
	"github.com/zcodec/zcodec/convert"
	"github.com/zcodec/zcodec/metadata"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/region"
	"github.com/zcodec/zcodec/registry"
	"github.com/zcodec/zcodec/store"
	"github.com/zcodec/zcodec/zarr"
)

// Convert an array in parts, as the workers of a cluster would: plan once,
// run the parts anywhere and in any order (here in goroutines), finalize
// once. Each worker needs only the destination, the source and its part
// number: it reads the plan from the destination.
func Example() {
	ctx := context.Background()
	// The source: an int16 array of 6 x 8 in chunks of 3 x 3. Any store
	// will do, an HDF5 file opened with store.Open included (import _
	// "github.com/zcodec/zcodec/interop/hdf5/h5store").
	src := store.NewMemory()
	chain, err := registry.Default().ParseCodecs([]byte(`[{"name": "bytes", "configuration": {"endian": "little"}}]`), "/codecs")
	if err != nil {
		log.Fatal(err)
	}
	fill, _ := numeric.IntScalar(numeric.Int16, 0)
	a, err := zarr.Create(ctx, src, "", &metadata.ArrayDefinition{
		Shape: []int64{6, 8}, DataType: numeric.Int16, ChunkShape: []int{3, 3}, FillValue: fill, Codecs: chain.Codecs,
	}, nil)
	if err != nil {
		log.Fatal(err)
	}
	values := make([]int16, 48)
	for i := range values {
		values[i] = int16(i)
	}
	if err := zarr.Write(ctx, a, region.Whole(a.Shape()), values); err != nil {
		log.Fatal(err)
	}

	// Plan: chunks of 2 x 4, compressed.
	zstd, err := registry.Default().ParseCodecs([]byte(`[{"name": "bytes", "configuration": {"endian": "little"}}, {"name": "zstd", "configuration": {"level": 3, "checksum": false}}]`), "/codecs")
	if err != nil {
		log.Fatal(err)
	}
	source, err := convert.OpenSource(ctx, src, nil)
	if err != nil {
		log.Fatal(err)
	}
	dst := store.NewMemory()
	plan, err := convert.WritePlan(ctx, source, dst, &convert.Options{Codecs: zstd.Codecs, Chunks: []int{2, 4}})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("units:", plan.Units())

	// The parts, each on its own.
	const parts = 4
	var wg sync.WaitGroup
	for i := range parts {
		wg.Go(func() {
			p, err := convert.OpenPlan(ctx, dst)
			if err != nil {
				log.Fatal(err)
			}
			if _, _, err := convert.RunPart(ctx, p, source, dst, i, parts, nil); err != nil {
				log.Fatal(err)
			}
		})
	}
	wg.Wait()
	for i := range parts {
		first, end := plan.Range(i, parts)
		fmt.Printf("part %d of %d: units [%d, %d)\n", i, parts, first, end)
	}
	if _, err := zarr.Open(ctx, dst, "", nil); err != nil {
		fmt.Println("before Finalize: no array")
	}

	if err := convert.Finalize(ctx, plan, dst, parts, nil); err != nil {
		log.Fatal(err)
	}
	out, err := zarr.Open(ctx, dst, "", nil)
	if err != nil {
		log.Fatal(err)
	}
	row, err := zarr.Read[int16](ctx, out, region.FromShape([]int64{5, 0}, []int64{1, 8}))
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(out.ChunkShape(), row)
	// Output:
	// units: 6
	// part 0 of 4: units [0, 1)
	// part 1 of 4: units [1, 3)
	// part 2 of 4: units [3, 4)
	// part 3 of 4: units [4, 6)
	// before Finalize: no array
	// [2 4] [40 41 42 43 44 45 46 47]
}
