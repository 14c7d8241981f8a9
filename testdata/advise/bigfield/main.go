// Command bigfield writes the 256 MiB float32 array that zcodec advise is
// timed on: an 8192 x 8192 air-temperature-like field (K) in chunks of
// 1024 x 1024 (4 MiB), with a few patches of NaN, stored losslessly
// (bytes + zstd 1) as a Zarr v3 array in a new directory. The field is a
// function of the indices only, so every run writes the same values.
//
//	go run ./testdata/advise/bigfield -out /tmp/big.zarr
//	/usr/bin/time -v zcodec advise /tmp/big.zarr --abs-tol 0.05
package main

import (
	"context"
	"flag"
	"fmt"
	"math"
	"os"

	"github.com/zcodec/zcodec/metadata"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/region"
	"github.com/zcodec/zcodec/registry"
	"github.com/zcodec/zcodec/store"
	"github.com/zcodec/zcodec/zarr"

	_ "github.com/zcodec/zcodec/codecs"
)

const (
	n     = 8192 // rows and columns
	chunk = 1024
)

// value is the field at row y, column x: large-scale structure, waves and
// a deterministic hash as small-scale noise of about 0.05 K.
func value(y, x int) float32 {
	lat := (float64(y)/n - 0.5) * math.Pi
	lon := float64(x) / n * 2 * math.Pi
	v := 288 - 45*math.Pow(math.Sin(lat), 2) + 6*math.Cos(2*lon)*math.Cos(lat)
	v += 2.5*math.Sin(5*lon+1.3)*math.Cos(5*lat+0.4) + 0.8*math.Sin(13*lon+2.1)*math.Cos(13*lat+1.7)
	h := uint32(y)*2654435761 ^ uint32(x)*2246822519
	h ^= h >> 15
	h *= 2246822519
	h ^= h >> 13
	v += 0.05 * (float64(h&0xffff)/0x8000 - 1)
	// patches of NaN, as land under a sea-surface field
	if dy, dx := y%2048-1000, x%3000-1500; dy*dy+dx*dx < 200*200 {
		return float32(math.NaN())
	}
	return float32(v)
}

func main() {
	out := flag.String("out", "", "the new directory to write the array into")
	flag.Parse()
	if *out == "" {
		fmt.Fprintln(os.Stderr, "usage: bigfield -out DIR")
		os.Exit(2)
	}
	if err := write(*out); err != nil {
		fmt.Fprintln(os.Stderr, "bigfield:", err)
		os.Exit(1)
	}
}

func write(dir string) error {
	ctx := context.Background()
	d, err := store.CreateDir(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	chain, err := registry.Default().ParseCodecs([]byte(`[{"name":"bytes","configuration":{"endian":"little"}},{"name":"zstd","configuration":{"level":1,"checksum":false}}]`), "/codecs")
	if err != nil {
		return err
	}
	m := &metadata.ArrayDefinition{Shape: []int64{n, n}, DataType: numeric.Float32, ChunkShape: []int{chunk, chunk},
		FillValue: numeric.FloatScalar(numeric.Float32, math.NaN()), Codecs: chain.Codecs}
	a, err := zarr.Create(ctx, d, "", m, nil)
	if err != nil {
		return err
	}
	slab := make([]float32, chunk*n)
	for y0 := 0; y0 < n; y0 += chunk {
		for y := range chunk {
			for x := range n {
				slab[y*n+x] = value(y0+y, x)
			}
		}
		r := region.FromShape([]int64{int64(y0), 0}, []int64{chunk, n})
		if err := zarr.Write(ctx, a, r, slab); err != nil {
			return err
		}
	}
	return nil
}
