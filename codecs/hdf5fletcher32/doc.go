// Package hdf5fletcher32 is the zcodec.hdf5_fletcher32 codec: HDF5's Fletcher-32
// checksum filter (HDF5 filter id 3) as a Zarr v3 bytes->bytes codec, so
// that chunks written by HDF5 with the fletcher32 filter decode unchanged.
//
// Spec: the HDF5 library's H5Z_filter_fletcher32 and H5_checksum_fletcher32
// (https://docs.hdfgroup.org/hdf5/develop/group___f_l_e_t_c_h_e_r32.html);
// there is no Zarr specification for this framing, hence the name in
// zcodec's own namespace.
//
// numcodecs.fletcher32 (numcodecs 0.12 and later; package
// codecs/checksum32) writes the same bytes: numcodecs' Fletcher32 is a port
// of HDF5's checksum (by way of netCDF's copy of it) and appends it after
// the data in the same little-endian form, and zcodec computes both with
// this package's Checksum. The codecs differ only on reading: this one
// also accepts the byte-swapped checksum described below, which
// numcodecs.fletcher32 rejects as numcodecs does.
//
// Name: "zcodec.hdf5_fletcher32". Aliases: none. Configuration: none.
//
//	{"name": "zcodec.hdf5_fletcher32"}
//
// # Format
//
// An encoded chunk is the data followed by a 4-byte little-endian checksum.
// The checksum is HDF5's Fletcher-32 variant: the data are read as 16-bit
// big-endian words (an odd last byte is the high byte of a final word), the
// two running sums are folded modulo 65535 every 360 words as HDF5 folds
// them, and the result is sum2<<16 | sum1.
//
// Where HDF5 is lenient, zcodec is too: when decoding, a stored checksum is
// also accepted with its four bytes reversed, which is what HDF5 releases
// before 1.6.3 wrote and what HDF5 still accepts. Encoding always writes
// the current form. A chunk shorter than 4 bytes or with a wrong checksum
// is a *codec.CorruptError.
package hdf5fletcher32
