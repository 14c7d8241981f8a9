package bitshuffle

import "testing"

// FuzzShuffle checks Shuffle against the bit-by-bit definition and the
// round trip through Unshuffle, for any bytes and element size.
func FuzzShuffle(f *testing.F) {
	f.Add(random(64, 1), uint8(1))
	f.Add(random(128, 2), uint8(2))
	f.Add(random(544, 3), uint8(4))
	f.Add(random(1088, 4), uint8(8))
	f.Add(random(72, 5), uint8(3))
	f.Add(random(255*8, 6), uint8(255))
	// past the vector kernels' steps (64 and 256 elements), with tails
	f.Add(random(264*16, 7), uint8(16))
	f.Add(random(520*32, 8), uint8(32))
	f.Add(random(1000*4, 9), uint8(4))
	f.Add(random(2056, 10), uint8(1))
	// the unit gathers (12, 24) and the byte gathers (6, 7)
	f.Add(random(136*12, 11), uint8(12))
	f.Add(random(264*24, 12), uint8(24))
	f.Add(random(200*6, 13), uint8(6))
	f.Add(random(72*7, 14), uint8(7))
	f.Fuzz(func(t *testing.T, data []byte, es uint8) {
		e := int(es)
		if e == 0 {
			e = 1
		}
		n := len(data) / e / 8 * 8
		checkAgainstDefinition(t, data[:n*e], e)
	})
}
