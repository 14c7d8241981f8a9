package plot_test

import (
	"fmt"
	"strings"

	"github.com/zcodec/zcodec/cmd/zcodec/internal/plot"
)

// Three chains, the middle one picked.
func ExampleWriteSVG() {
	var b strings.Builder
	err := plot.WriteSVG(&b, []plot.Point{
		{Label: "bz2 9", Bytes: 90_000, DecodeMBps: 44, EncodeMBps: 14, OnFront: true},
		{Label: "zstd 9", Bytes: 110_000, DecodeMBps: 1200, EncodeMBps: 90, OnFront: true, Picked: true},
		{Label: "lz4", Bytes: 160_000, DecodeMBps: 3000, EncodeMBps: 700, OnFront: true},
	}, &plot.Options{Title: "zcodec advise: abs 0.05"})
	fmt.Println(err, strings.Contains(b.String(), `id="pick-label"`))
	// Output: <nil> true
}
