package advisor

import (
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/registry"
)

// TestFillWarningLocated: a fill value that does not survive a numcodecs
// filter is a warning at the filter's entry of the chain's "codecs".
func TestFillWarningLocated(t *testing.T) {
	fso, err := registry.Default().ParseCodecs([]byte(`[{"name": "numcodecs.fixedscaleoffset",
		"configuration": {"offset": 100, "scale": 2, "dtype": "<f8", "astype": "|u1"}}, {"name": "bytes"}]`), "/codecs")
	if err != nil {
		t.Skipf("numcodecs.fixedscaleoffset: %v", err)
	}
	spec := codec.ChunkSpec{DataType: numeric.Float64, Shape: []int{4}, FillValue: numeric.FloatScalar(numeric.Float64, math.NaN())}
	p, err := codec.NewPipeline(spec, fso.Codecs, nil)
	if err != nil {
		t.Fatal(err)
	}
	ws := p.Warnings()
	if len(ws) != 1 {
		t.Fatalf("warnings %v", ws)
	}
	w := located(ws[0], fso.Pointers)
	var e *codec.FillRoundTripError
	if w.Pointer != "/codecs/0" || !errors.As(w.Err, &e) || e.Index != 0 ||
		!strings.HasPrefix(w.String(), `/codecs/0: numcodecs.fixedscaleoffset: fill value "0x7ff8000000000001" (float64) encodes to 0 (uint8)`) {
		t.Fatalf("located = %+v: %s", *w, w)
	}
}
