package main

import (
	_ "embed"
	"encoding/binary"
	"fmt"
	"github.com/zcodec/zcodec/internal/shorten"
	"math"
	"strings"
	"time"

	"github.com/zcodec/zcodec/metadata"
)

//go:embed demo/zarr.json
var demoMetadata []byte

// runDemo round-trips one chunk of a synthetic air-temperature field
// through the embedded example's codec chain and reports sizes, ratio,
// maximum error and throughput.
func runDemo(env *environment, args []string) int {
	fs := newFlags(env, "demo", "zcodec demo [--metadata] [--time D]",
		"Round-trips one chunk of a synthetic air-temperature field through the embedded\n"+
			"example's codec chain and reports sizes, ratio, maximum error and throughput.")
	showMeta := fs.Bool("metadata", false, "print the embedded zarr.json and exit")
	dur := fs.Duration("time", 300*time.Millisecond, "how long to time encode and decode, each")
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
	a, err := metadata.Parse(demoMetadata, nil)
	if err != nil {
		fmt.Fprintf(env.stderr, "zcodec demo: embedded metadata: %v\n", err)
		return 1
	}
	p := a.Pipeline
	spec := p.Spec()
	chunk := temperatureField(spec.Shape[0], spec.Shape[1])
	raw := make([]byte, 8*len(chunk))
	for i, v := range chunk {
		binary.LittleEndian.PutUint64(raw[8*i:], math.Float64bits(v))
	}

	w := env.stdout
	fmt.Fprintf(w, "zcodec demo: one %v chunk of a synthetic air-temperature field (K)\n", spec)
	fmt.Fprintln(w, "chain:")
	for _, st := range p.Steps() {
		fmt.Fprintf(w, "  %d %s", st.Index, st.Name)
		if j, err := st.Codec.MarshalJSON(); err == nil {
			fmt.Fprintf(w, " %s", configSuffix(j))
		}
		fmt.Fprintln(w)
	}
	fmt.Fprintf(w, "array passes per chunk: %s\n", strings.Join(p.ArrayPasses(), ", "))

	enc, err := p.Encode(nil, raw)
	if err != nil {
		fmt.Fprintf(env.stderr, "zcodec demo: encode: %v\n", err)
		return 1
	}
	dec := make([]byte, len(raw))
	if err := p.Decode(dec, enc); err != nil {
		fmt.Fprintf(env.stderr, "zcodec demo: decode: %v\n", err)
		return 1
	}
	maxErr := 0.0
	for i, v := range chunk {
		got := math.Float64frombits(binary.LittleEndian.Uint64(dec[8*i:]))
		maxErr = math.Max(maxErr, math.Abs(got-v))
	}
	fmt.Fprintf(w, "decoded size: %d bytes\n", len(raw))
	fmt.Fprintf(w, "encoded size: %d bytes (ratio %.2f)\n", len(enc), float64(len(raw))/float64(len(enc)))
	fmt.Fprintf(w, "max abs error: %.3g K\n", maxErr)

	encRate := throughput(len(raw), *dur, func() error {
		var err error
		enc, err = p.Encode(enc[:0], raw)
		return err
	})
	decRate := throughput(len(raw), *dur, func() error { return p.Decode(dec, enc) })
	fmt.Fprintf(w, "encode: %.0f MB/s, decode: %.0f MB/s (one goroutine, MB = 1e6 bytes of decoded data)\n", encRate, decRate)
	return 0
}

// configSuffix renders a codec's configuration compactly for the chain line.
func configSuffix(codecJSON []byte) string {
	const key = `"configuration":`
	for i := 0; i+len(key) <= len(codecJSON); i++ {
		if string(codecJSON[i:i+len(key)]) == key {
			return string(codecJSON[i+len(key) : len(codecJSON)-1])
		}
	}
	return ""
}

// throughput runs f repeatedly for about d and returns MB/s of n bytes per call.
func throughput(n int, d time.Duration, f func() error) float64 {
	calls := 0
	start := time.Now()
	for time.Since(start) < d || calls == 0 {
		if f() != nil {
			return 0
		}
		calls++
	}
	return float64(n) * float64(calls) / time.Since(start).Seconds() / 1e6
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
