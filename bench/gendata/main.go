// Command gendata writes the chunks that zcodec's benchmarks use to a
// directory, so that other tools (bench/numcodecs_bench.py) time the same
// bytes:
//
//	go run ./bench/gendata -o /tmp/zcodec-bench
//
// It writes smooth-float32.bin and smooth-float64.bin, 1 MiB each
// (benchdata.Chunk with benchdata.Smooth, seed 1), little-endian.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/zcodec/zcodec/internal/benchdata"
	"github.com/zcodec/zcodec/numeric"
)

func main() {
	dir := flag.String("o", ".", "output directory")
	size := flag.Int("size", benchdata.ChunkBytes, "bytes per chunk")
	flag.Parse()
	if err := os.MkdirAll(*dir, 0o755); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	for _, dt := range []numeric.DataType{numeric.Float32, numeric.Float64} {
		b, err := benchdata.Chunk(dt, benchdata.Smooth, *size, benchdata.Seed)
		if err == nil {
			err = os.WriteFile(filepath.Join(*dir, "smooth-"+dt.String()+".bin"), b, 0o644)
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
	}
}
