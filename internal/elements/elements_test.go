package elements

import (
	"bytes"
	"testing"

	"github.com/zcodec/zcodec/numeric"
)

// Aligned and unaligned buffers give the same elements, and Store writes
// through either kind of output.
func TestLoadOutputStore(t *testing.T) {
	buf := make([]byte, 1+4*3)
	for _, off := range []int{0, 1} {
		b := buf[off : off+12]
		copy(b, []byte{1, 0, 0, 0, 0xff, 0xff, 0xff, 0xff, 0, 0, 0x80, 0x3f})
		s := Load[int32](b)
		if len(s) != 3 || s[0] != 1 || s[1] != -1 {
			t.Fatalf("offset %d: Load = %v", off, s)
		}
		d, direct := Output[int32](b)
		if direct != (off == 0) {
			t.Errorf("offset %d: direct = %v", off, direct)
		}
		d[0], d[1], d[2] = 7, -2, 0x01020304
		Store(b, d, direct)
		if want := []byte{7, 0, 0, 0, 0xfe, 0xff, 0xff, 0xff, 4, 3, 2, 1}; !bytes.Equal(b, want) {
			t.Errorf("offset %d: stored %x, want %x", off, b, want)
		}
		if got := ScalarAt(numeric.Int32, b, 2); got != numeric.ScalarOf(int32(0x01020304)) {
			t.Errorf("ScalarAt = %v", got)
		}
	}
	if s, ok := View[float64](nil); !ok || len(s) != 0 {
		t.Errorf("View(nil) = %v, %v", s, ok)
	}
}

func TestRintSmallAndIsPow2(t *testing.T) {
	for x, want := range map[float64]float64{0.5: 0, 1.5: 2, 2.5: 2, -0.5: 0, -1.5: -2, 1e15 + 0.5: 1e15, 3.7: 4} {
		if got := RintSmall(x); got != want {
			t.Errorf("RintSmall(%v) = %v, want %v", x, got, want)
		}
	}
	for x, want := range map[float64]bool{1: true, 0.25: true, -8: true, 3: false, 0: false, 0x1p-1074: true, 1.5: false} {
		if got := IsPow2(x); got != want {
			t.Errorf("IsPow2(%v) = %v", x, got)
		}
	}
}
