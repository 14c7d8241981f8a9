package codec

import "testing"

// TestPutScratchDropsHugeBuffers checks that the pool of scratch buffers
// does not keep the buffers of a huge chunk.
func TestPutScratchDropsHugeBuffers(t *testing.T) {
	p := &Pipeline{}
	huge := make([]byte, 0, maxPooledBuffer+1)
	s := &scratch{arrays: [][]byte{huge, make([]byte, 64)}, bytes: [2][]byte{make([]byte, 64), huge}}
	p.putScratch(s)
	if s.arrays[0] != nil || s.bytes[1] != nil {
		t.Error("a buffer over maxPooledBuffer was kept")
	}
	if len(s.arrays[1]) != 64 || len(s.bytes[0]) != 64 {
		t.Error("a small buffer was dropped")
	}
}
