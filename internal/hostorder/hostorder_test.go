package hostorder_test

import (
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
