// Package bitpack holds the bit packing that HDF5's n-bit and scale-offset
// filters share (codecs/hdf5nbit, codecs/hdf5scaleoffset): values of m bits
// packed most significant bit first with no padding, and elements of 1, 2,
// 4 or 8 bytes of either byte order loaded into and stored from uint64s.
package bitpack
