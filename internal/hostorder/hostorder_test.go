package hostorder_test

import (
	"bytes"
	"encoding/binary"
	"testing"

	"github.com/zcodec/zcodec/internal/hostorder"
)

// TestLittleEndian checks the build-time constant against the byte order
// the machine actually uses.
func TestLittleEndian(t *testing.T) {
	if got := binary.NativeEndian.Uint16([]byte{1, 0}) == 1; got != hostorder.LittleEndian {
		t.Errorf("LittleEndian = %v, but the machine reads {1, 0} as %d", hostorder.LittleEndian, binary.NativeEndian.Uint16([]byte{1, 0}))
	}
}

// TestSwapUnits checks every unit size against a byte-by-byte reversal,
// including a trailing part shorter than a unit, which stays.
func TestSwapUnits(t *testing.T) {
	for _, size := range []int{1, 2, 3, 4, 8, 16} {
		b := make([]byte, 5*size+size/2)
		for i := range b {
			b[i] = byte(i + 1)
		}
		want := make([]byte, len(b))
		copy(want, b)
		for i := 0; i+size <= len(want); i += size {
			for k := 0; k < size; k++ {
				want[i+k] = b[i+size-1-k]
			}
		}
		hostorder.SwapUnits(b, size)
		if string(b) != string(want) {
			t.Errorf("size %d: SwapUnits = %v, want %v", size, b, want)
		}
	}
}

func TestSwapUnitsInPlace(t *testing.T) {
	b := []byte{1, 2, 3, 4, 5, 6, 7, 8}
	hostorder.SwapUnits(b, 4)
	if !bytes.Equal(b, []byte{4, 3, 2, 1, 8, 7, 6, 5}) {
		t.Errorf("SwapUnits(4) = %v", b)
	}
	hostorder.SwapUnits(b, 2)
	if !bytes.Equal(b, []byte{3, 4, 1, 2, 7, 8, 5, 6}) {
		t.Errorf("SwapUnits(2) = %v", b)
	}
}

func TestSwapUnitsRepeated(t *testing.T) {
	b := []byte{1, 2, 3, 4, 5, 6, 7, 8}
	hostorder.SwapUnits(b, 2)
	if want := []byte{2, 1, 4, 3, 6, 5, 8, 7}; !bytes.Equal(b, want) {
		t.Fatalf("size 2: %v", b)
	}
	hostorder.SwapUnits(b, 8)
	if want := []byte{7, 8, 5, 6, 3, 4, 1, 2}; !bytes.Equal(b, want) {
		t.Fatalf("size 8: %v", b)
	}
	hostorder.SwapUnits(b, 4)
	if want := []byte{6, 5, 8, 7, 2, 1, 4, 3}; !bytes.Equal(b, want) {
		t.Fatalf("size 4: %v", b)
	}
}
