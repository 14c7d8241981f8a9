package numeric_test

import (
	"encoding/json"
	"math"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/zcodec/zcodec/numeric"
)

// float16Vectors are numpy's float64 -> float16 roundings and shortest
// float16 decimals (testdata/gen_float16_vectors.py).
type float16Vectors struct {
	Narrow   [][2]string
	Shortest [][2]string
}

func loadFloat16Vectors(t *testing.T) float16Vectors {
	t.Helper()
	raw, err := os.ReadFile("testdata/float16_vectors.json")
	if err != nil {
		t.Fatal(err)
	}
	var v float16Vectors
	if err := json.Unmarshal(raw, &v); err != nil {
		t.Fatal(err)
	}
	if len(v.Narrow) < 1000 || len(v.Shortest) < 1000 {
		t.Fatalf("only %d and %d vectors", len(v.Narrow), len(v.Shortest))
	}
	return v
}

func TestNarrowFloat16Numpy(t *testing.T) {
	v := loadFloat16Vectors(t)
	for _, c := range v.Narrow {
		xb, _ := strconv.ParseUint(c[0], 16, 64)
		want, _ := strconv.ParseUint(c[1], 16, 16)
		x := math.Float64frombits(xb)
		got, over := numeric.NarrowFloat64(x, numeric.Float16, numeric.NearestEven)
		if got != want {
			t.Errorf("NarrowFloat64(%v, float16) = %#04x, numpy gives %#04x", x, got, want)
		}
		if over != (want&0x7fff == 0x7c00) {
			t.Errorf("NarrowFloat64(%v, float16) overflow = %v", x, over)
		}
		if numeric.Float16FromFloat64(x) != numeric.F16(want) {
			t.Errorf("Float16FromFloat64(%v) differs from numpy", x)
		}
	}
}

// TestFormatFloat16Numpy checks that the canonical float16 decimal has as
// many significant digits as numpy's shortest one, and that numpy's text
// parses to the same bits.
func TestFormatFloat16Numpy(t *testing.T) {
	v := loadFloat16Vectors(t)
	for _, c := range v.Shortest {
		b, _ := strconv.ParseUint(c[0], 16, 16)
		s := numeric.ScalarFromBits(numeric.Float16, b, 0)
		text := strings.Replace(c[1], ".e", "e", 1) // numpy writes "6.e-08"
		back, err := numeric.ParseFillValue(numeric.Float16, []byte(text))
		if err != nil || back != s {
			t.Errorf("numpy's %s for %#04x parses to %v, %v", c[1], b, back, err)
		}
		got := numeric.FormatFillValue(s)
		if sigDigits(got) != sigDigits(text) {
			t.Errorf("%#04x formats as %s, numpy as %s", b, got, c[1])
		}
	}
}
