package hdf5fletcher32

import "encoding/binary"

// Checksum returns HDF5's Fletcher-32 checksum of data (see the package
// documentation for the variant).
func Checksum(data []byte) uint32 {
	var sum1, sum2 uint32
	for len(data) >= 2 {
		// at most 360 words between folds keeps both sums below 2^32
		t := min(len(data)/2, 360)
		words := data[:2*t]
		data = data[2*t:]
		for len(words) >= 8 {
			// four words at once: the same sums, with a shorter
			// dependency chain
			w := binary.BigEndian.Uint64(words)
			w0, w1 := uint32(w>>48), uint32(w>>32)&0xffff
			w2, w3 := uint32(w>>16)&0xffff, uint32(w)&0xffff
			sum2 += 4*sum1 + 4*w0 + 3*w1 + 2*w2 + w3
			sum1 += w0 + w1 + w2 + w3
			words = words[8:]
		}
		for len(words) >= 2 {
			sum1 += uint32(binary.BigEndian.Uint16(words))
			sum2 += sum1
			words = words[2:]
		}
		sum1 = sum1&0xffff + sum1>>16
		sum2 = sum2&0xffff + sum2>>16
	}
	if len(data) == 1 {
		sum1 += uint32(data[0]) << 8
		sum2 += sum1
		sum1 = sum1&0xffff + sum1>>16
		sum2 = sum2&0xffff + sum2>>16
	}
	sum1 = sum1&0xffff + sum1>>16
	sum2 = sum2&0xffff + sum2>>16
	return sum2<<16 | sum1
}
