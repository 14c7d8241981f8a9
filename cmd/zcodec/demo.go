package main

import (
	"context"
	_ "embed"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/zcodec/zcodec/internal/shorten"
	"github.com/zcodec/zcodec/metadata"
	"github.com/zcodec/zcodec/region"
	"github.com/zcodec/zcodec/store"
	"github.com/zcodec/zcodec/zarr"
)

//go:embed demo/zarr.json
var demoMetadata []byte

// demoArray is the array's path in the demo store.
const demoArray = "air_temperature"

func runDemo(env *environment, args []string) int {
	fs := newFlags(env, "demo", "zcodec demo [--out DIR] [--metadata]",
		"Writes a synthetic air-temperature field into a real Zarr v3 store on disk through the\n"+
			"embedded example's codec chain (scale_offset, cast_value to uint8, bytes, zstd), reads it\n"+
			"back, and reports sizes, ratio, error and speed. The store goes to a temporary directory\n"+
			"removed at the end, or to DIR with --out (then 'zcodec info DIR' and 'zcodec cat' work\n"+
			"on it). --metadata prints the array's zarr.json instead.")
	out := fs.String("out", "", "write the store to this new directory and keep it")
	showMeta := fs.Bool("metadata", false, "print the embedded zarr.json and exit")
	operands, code, stop := fs.parse(args)
	if stop {
		return code
	}
	if len(operands) > 0 {
		return fs.fail("unexpected argument %s", shorten.String(operands[0]))
	}
	if *showMeta {
		env.stdout.Write(demoMetadata)
		return 0
	}
	ctx := env.context()
	dir := *out
	if dir == "" {
		tmp, err := os.MkdirTemp("", "zcodec-demo-")
		if err != nil {
			return failf(env.stderr, "demo", "%v", err)
		}
		defer os.RemoveAll(tmp)
		dir = filepath.Join(tmp, "demo.zarr")
	} else if _, err := os.Lstat(dir); err == nil {
		return failf(env.stderr, "demo", "%s already exists; give a new directory", dir)
	}
	if err := demo(ctx, env, dir, *out != ""); err != nil {
		if *out != "" {
			os.RemoveAll(dir)
		}
		return failf(env.stderr, "demo", "%v", err)
	}
	return 0
}

func demo(ctx context.Context, env *environment, dir string, keep bool) error {
	w := env.stdout
	m, err := metadata.Parse(demoMetadata, nil)
	if err != nil {
		return fmt.Errorf("embedded metadata: %w", err)
	}
	d, err := store.CreateDir(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	if _, err := zarr.CreateGroup(ctx, d, "", []byte(`{"description": "zcodec demo store"}`)); err != nil {
		return err
	}
	a, err := zarr.Create(ctx, d, demoArray, m.Definition(), nil)
	if err != nil {
		return err
	}
	shape := a.Shape()
	field := temperatureField(int(shape[0]), int(shape[1]))
	nbytes := len(field) * 8
	where := dir + "  (removed at exit; keep it with --out DIR)"
	if keep {
		where = dir
	}
	fmt.Fprintf(w, "zcodec demo: a %d x %d %v air-temperature field (K), %d bytes, into a Zarr v3 store\n",
		shape[0], shape[1], a.DataType(), nbytes)
	fmt.Fprintf(w, "  store       %s\n", where)
	fmt.Fprintf(w, "  array       /%s: chunks %v, grid %v\n", demoArray, a.ChunkShape(), a.GridShape())
	names := make([]string, 0, len(m.Codecs))
	for _, c := range m.Codecs {
		j, _ := c.MarshalJSON()
		names = append(names, codecSummary(j))
	}
	fmt.Fprintf(w, "  codecs      %s\n", strings.Join(names, "\n              -> "))
	fmt.Fprintf(w, "  passes      %s per chunk on the array side\n", strings.Join(a.Pipeline().ArrayPasses(), ", "))

	whole := region.Whole(shape)
	start := time.Now()
	if err := zarr.Write(ctx, a, whole, field); err != nil {
		return err
	}
	wt := time.Since(start)
	st, err := a.Stats(ctx)
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "  wrote       %d chunks, %d bytes on disk (ratio %.2f) in %v (%.0f MB/s)\n",
		st.Present, st.StoredBytes, float64(nbytes)/float64(st.StoredBytes), wt.Round(time.Millisecond), float64(nbytes)/wt.Seconds()/1e6)

	start = time.Now()
	back, err := zarr.Read[float64](ctx, a, whole)
	if err != nil {
		return err
	}
	rt := time.Since(start)
	maxErr := 0.0
	for i, v := range field {
		maxErr = math.Max(maxErr, math.Abs(back[i]-v))
	}
	fmt.Fprintf(w, "  read        all of it back in %v (%.0f MB/s); max abs error %.3g K (scale 4: steps of 0.25 K)\n",
		rt.Round(time.Millisecond), float64(nbytes)/rt.Seconds()/1e6, maxErr)

	rgn, err := zarr.ParseRegion("0:2,0:4", shape)
	if err != nil {
		return err
	}
	corner, err := zarr.Read[float64](ctx, a, rgn)
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "  region      [0:2, 0:4] = %v\n", corner)
	if keep {
		fmt.Fprintf(w, "next:\n  zcodec info %s\n  zcodec cat --region 0:2,0:4 --format csv %s/%s\n  zcodec verify %s\n", dir, dir, demoArray, dir)
	}
	return nil
}

// temperatureField returns a smooth ny x nx field around 273 K with
// large-scale waves and small deterministic noise.
func temperatureField(ny, nx int) []float64 {
	out := make([]float64, ny*nx)
	seed := uint64(0x9e3779b97f4a7c15)
	for y := 0; y < ny; y++ {
		for x := 0; x < nx; x++ {
			seed ^= seed << 13
			seed ^= seed >> 7
			seed ^= seed << 17
			noise := float64(seed>>11)/float64(1<<53) - 0.5
			v := 273.15 + 20*math.Sin(2*math.Pi*float64(y)/float64(ny)) +
				5*math.Cos(2*math.Pi*float64(x)/97) + 0.05*noise
			out[y*nx+x] = v
		}
	}
	return out
}
