package hdf5fletcher32_test

import (
	"fmt"

	"github.com/zcodec/zcodec/codecs/hdf5fletcher32"
)

// HDF5 reads the data as big-endian 16-bit words: the textbook Fletcher-32
// of "abcde" (little-endian words) is 0xf04fc729, HDF5's is 0x4ff029c7.
func ExampleChecksum() {
	fmt.Printf("%#08x\n", hdf5fletcher32.Checksum([]byte("abcde")))
	// Output:
	// 0x4ff029c7
}
