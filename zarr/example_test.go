package zarr_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log"
	"os"
	"slices"

	"github.com/zcodec/zcodec/codec"
	_ "github.com/zcodec/zcodec/codecs" // the standard codec set
	"github.com/zcodec/zcodec/metadata"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/region"
	"github.com/zcodec/zcodec/registry"
	"github.com/zcodec/zcodec/store"
	"github.com/zcodec/zcodec/zarr"
)

// Open an array that zarr-python wrote and read a region of it (the
// values zarr 2.13 reads there, -1 being the fill of chunks never written).
func Example_open() {
	ctx := context.Background()
	dir, _ := store.OpenDir("../testdata/stores/zarr213")
	a, _ := zarr.Open(ctx, dir, "f8_3d_edges", nil)
	rgn, _ := zarr.ParseRegion("1:3,3,:4", a.Shape())
	values, _ := zarr.Read[float64](ctx, a, rgn)
	fmt.Printf("%.3f\n", values)
	// Output:
	// [-1.000 -1.000 22.946 20.009 -1.000 -1.000 11.159 10.416]
}

// Create a Zarr v3 array on disk and write a region of it.
func ExampleCreate() {
	ctx := context.Background()
	tmp, err := os.MkdirTemp("", "example")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(tmp)
	dir, err := store.CreateDir(tmp + "/data.zarr")
	if err != nil {
		log.Fatal(err)
	}
	defer dir.Close()
	chain, err := registry.Default().ParseCodecs([]byte(`[
		{"name": "bytes", "configuration": {"endian": "little"}},
		{"name": "zstd", "configuration": {"level": 3, "checksum": false}}]`), "/codecs")
	if err != nil {
		log.Fatal(err)
	}
	a, err := zarr.Create(ctx, dir, "temperature", &metadata.ArrayDefinition{
		Shape:      []int64{100, 200},
		DataType:   numeric.Float32,
		ChunkShape: []int{50, 50},
		FillValue:  numeric.FloatScalar(numeric.Float32, -999),
		Codecs:     chain.Codecs,
	}, nil)
	if err != nil {
		log.Fatal(err)
	}
	// Write a 2 x 3 box at row 10, column 48: it spans two chunks.
	box := region.FromShape([]int64{10, 48}, []int64{2, 3})
	if err := zarr.Write(ctx, a, box, []float32{1, 2, 3, 4, 5, 6}); err != nil {
		log.Fatal(err)
	}
	st, _ := a.Stats(ctx)
	fmt.Printf("%d of %d chunks stored\n", st.Present, st.Total)
	// Output:
	// 2 of 8 chunks stored
}

// Read a region into a buffer of raw bytes, in the decoded layout of the
// codec pipeline (C order, little-endian), as `zcodec cat` writes it.
func ExampleArray_ReadRegion() {
	ctx := context.Background()
	dir, _ := store.OpenDir("../testdata/stores/zarr213")
	a, err := zarr.Open(ctx, store.ReadOnly(dir), "nested/u1_zstd", nil)
	if err != nil {
		log.Fatal(err)
	}
	rgn, err := zarr.ParseRegion("0:2,:", a.Shape())
	if err != nil {
		log.Fatal(err)
	}
	buf := make([]byte, rgn.Size()*int64(a.DataType().Size()))
	if err := a.ReadRegion(ctx, rgn, buf); err != nil {
		log.Fatal(err)
	}
	fmt.Println(a.DataType(), a.Shape(), a.ChunkShape(), buf)
	// Output:
	// uint8 [40 3] [16 2] [61 70 79 85 91 90]
}

// List the arrays of a hierarchy.
func ExampleGroup_Members() {
	ctx := context.Background()
	dir, _ := store.OpenDir("../testdata/stores/zarr213")
	g, err := zarr.OpenGroup(ctx, dir, "")
	if err != nil {
		log.Fatal(err)
	}
	nodes, err := g.Members(ctx)
	if err != nil {
		log.Fatal(err)
	}
	for _, n := range nodes[:3] {
		fmt.Println(n.Kind, n.Path)
	}
	// Output:
	// array b1_raw
	// array c8_zlib
	// array f4_blosc_lz4
}

// Re-encode an array: a Zarr v2 array written by zarr-python becomes a
// Zarr v3 array in memory with another chunking and chain, and every
// element is the same.
func ExampleCopy() {
	ctx := context.Background()
	dir, _ := store.OpenDir("../testdata/stores/zarr213")
	src, err := zarr.Open(ctx, store.ReadOnly(dir), "nested/u1_zstd", nil)
	if err != nil {
		log.Fatal(err)
	}
	chain, err := registry.Default().ParseCodecs([]byte(`[
		{"name": "bytes"},
		{"name": "gzip", "configuration": {"level": 6}}]`), "/codecs")
	if err != nil {
		log.Fatal(err)
	}
	def := src.Metadata().Definition()
	def.ChunkShape = []int{40, 3}
	def.Codecs = chain.Codecs
	mem := store.NewMemory()
	dst, err := zarr.Create(ctx, mem, "u1", def, nil)
	if err != nil {
		log.Fatal(err)
	}
	if err := zarr.Copy(ctx, dst, src, nil); err != nil {
		log.Fatal(err)
	}
	a, _ := zarr.Read[uint8](ctx, src, region.Whole(src.Shape()))
	b, _ := zarr.Read[uint8](ctx, dst, region.Whole(dst.Shape()))
	st, _ := dst.Stats(ctx)
	fmt.Println(slices.Equal(a, b), st.Present, "chunk")
	// Output:
	// true 1 chunk
}

// Check every stored chunk of an array: each is read and decoded, and a
// chunk that fails is reported with its key and the reason.
func ExampleArray_Verify() {
	ctx := context.Background()
	mem := store.NewMemory()
	chain, _ := registry.Default().ParseCodecs([]byte(`[{"name": "bytes"}, {"name": "crc32c"}]`), "/codecs")
	a, err := zarr.Create(ctx, mem, "a", &metadata.ArrayDefinition{
		Shape: []int64{4}, DataType: numeric.Uint8, ChunkShape: []int{2},
		FillValue: numeric.Zero(numeric.Uint8), Codecs: chain.Codecs,
	}, nil)
	if err != nil {
		log.Fatal(err)
	}
	if err := zarr.Write(ctx, a, region.Whole(a.Shape()), []uint8{1, 2, 3, 4}); err != nil {
		log.Fatal(err)
	}
	_ = mem.Set(ctx, "a/c/1", []byte{3, 4, 0, 0, 0, 0}) // a wrong checksum
	err = a.Verify(ctx, func(c zarr.Check) error {
		if c.Err != nil {
			fmt.Println("FAIL", c.Key, errors.Is(c.Err, codec.ErrCorrupt))
		} else {
			fmt.Println("ok", c.Key)
		}
		return nil
	})
	fmt.Println(err)
	// Unordered output:
	// ok a/c/0
	// FAIL a/c/1 true
	// <nil>
}

// Consolidate the metadata of a hierarchy, so that opening it and every
// array in it costs one read of the store and no listing.
func ExampleConsolidate() {
	ctx := context.Background()
	mem := store.NewMemory()
	zarr.CreateGroup(ctx, mem, "", nil)
	chain, _ := registry.Default().ParseCodecs([]byte(`[{"name": "bytes", "configuration": {"endian": "little"}}]`), "/codecs")
	for _, name := range []string{"obs/temperature", "obs/wind", "model/temperature"} {
		_, err := zarr.Create(ctx, mem, name, &metadata.ArrayDefinition{
			Shape: []int64{10}, DataType: numeric.Float32, ChunkShape: []int{5},
			FillValue: numeric.FloatScalar(numeric.Float32, 0), Codecs: chain.Codecs,
		}, nil)
		if err != nil {
			log.Fatal(err)
		}
	}
	if _, err := zarr.Consolidate(ctx, mem, ""); err != nil {
		log.Fatal(err)
	}

	counting := store.NewCounting(mem)
	g, err := zarr.OpenGroup(ctx, counting, "")
	if err != nil {
		log.Fatal(err)
	}
	members, err := g.Members(ctx)
	if err != nil {
		log.Fatal(err)
	}
	for _, m := range members {
		a, err := m.OpenArray(ctx, nil)
		if err != nil {
			log.Fatal(err)
		}
		fmt.Println(m.Path, a.Shape())
	}
	fmt.Println(len(counting.Requests()), "request")
	// Output:
	// model/temperature [10]
	// obs/temperature [10]
	// obs/wind [10]
	// 1 request
}

// Example_strings writes and reads an array of the string data type
// (variable-length UTF-8, the vlen-utf8 codec, here with zstd).
func Example_strings() {
	ctx := context.Background()
	s := store.NewMemory()
	chain, _ := registry.Default().ParseCodecs(json.RawMessage(`[{"name": "vlen-utf8"}, {"name": "zstd", "configuration": {"level": 3}}]`), "/codecs")
	fill, _ := numeric.TextScalar(numeric.String, "")
	a, err := zarr.Create(ctx, s, "names", &metadata.ArrayDefinition{
		Shape: []int64{5}, DataType: numeric.String, ChunkShape: []int{2}, FillValue: fill, Codecs: chain.Codecs,
	}, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	if err := zarr.WriteStrings(ctx, a, region.FromShape([]int64{1}, []int64{3}), []string{"Ålesund", "Zürich", "東京"}); err != nil {
		fmt.Println(err)
		return
	}
	names, err := zarr.ReadStrings(ctx, a, region.Whole(a.Shape()))
	fmt.Printf("%q %v\n", names, err)
	// Output: ["" "Ålesund" "Zürich" "東京" ""] <nil>
}
