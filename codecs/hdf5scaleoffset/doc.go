// Package hdf5scaleoffset is the zcodec.hdf5_scaleoffset codec: HDF5's
// scale-offset filter (HDF5 filter id 6, H5Z_FILTER_SCALEOFFSET) as a
// Zarr v3 bytes->bytes codec, so that chunks HDF5 wrote with it decode to
// the values libhdf5 returns, bit for bit, and chunks it encodes are the
// bytes libhdf5 writes.
//
// Spec: the HDF5 User Guide, "HDF5 Datasets", the scale-offset filter
// (H5Pset_scaleoffset), and the filter's source, H5Zscaleoffset.c, which
// the format below follows where the guide is silent. There is no Zarr
// specification for the filter, hence the name in zcodec's own namespace.
// It is not Zarr's scale_offset, an array->array transform with a fixed
// offset and scale.
//
// Name: "zcodec.hdf5_scaleoffset". Aliases: none.
//
// # Configuration
//
// The configuration holds the filter's parameters as HDF5 records them in
// a dataset's filter pipeline (its 20 cd_values, once the library has
// filled in the dataset's values); FromCDValues reads them, CDValues gives
// them back:
//
//	{"name": "zcodec.hdf5_scaleoffset", "configuration": {
//	    "scale_type": "int", "scale_factor": 0, "elements": 4096,
//	    "class": "integer", "size": 2, "sign": "signed", "order": "little",
//	    "fill_value": -9999}}
//
// The keys:
//
//   - scale_type (cd_values[0]): "int" (H5Z_SO_INT, for integers) or
//     "float_dscale" (H5Z_SO_FLOAT_DSCALE, for floats). "float_escale" is
//     refused: HDF5 does not implement it.
//   - scale_factor (cd_values[1]), 0 to 2^31-1: for "int" the number of
//     bits each value keeps, 0 (H5Z_SO_INT_MINBITS_DEFAULT) to compute them
//     per chunk and the type's width to leave chunks unchanged (the filter
//     then writes no header); for "float_dscale" the number of decimal
//     digits kept. These are h5py's create_dataset(scaleoffset=N).
//   - elements (cd_values[2]): the number of elements of a chunk; the
//     codec must see chunks of exactly that many elements.
//   - class (cd_values[3]: 0, 1) "integer" or "float"; size (cd_values[4])
//     in bytes, 1, 2, 4 or 8 for integers, 4 or 8 for floats; sign
//     (cd_values[5]: 0, 1) "unsigned" or "signed", for integers only. They
//     name int8 to uint64, float32 or float64, which must be the array's
//     data type.
//   - order (cd_values[6]: 0, 1): "little" or "big", the dataset's byte
//     order, which is that of the decoded bytes: in a chain the codec
//     follows a bytes codec of the same endian.
//   - fill_value (cd_values[7] = 1 and the value's bits from cd_values[8],
//     32 bits per value from the least significant): the dataset's fill
//     value, in the Zarr fill-value JSON of the data type; absent when the
//     dataset defines none (cd_values[7] = 0; h5py always defines one, 0
//     unless told otherwise).
//
// FromCDValues takes exactly 20 values and refuses, as a *CDError, those
// no HDF5 writes: a negative scale factor (H5Pset_scaleoffset refuses
// them), more bits than the type has, a scale type that does not match
// the class, and codes outside the ranges above. It ignores what the
// filter never reads: the sign of a float and cd_values[10..19].
//
// # Format
//
// The filter stores a chunk as a 21-byte header and the packed values:
// the number m of bits per value (4 bytes, little-endian), a byte giving
// the size of the minimum (8), the chunk's minimum (8 bytes,
// little-endian: integers sign-extended, floats the bits of the float in
// the low bytes) and 8 zero bytes. The values follow, each in m bits,
// most significant bit first, one after another, then zero bits to the
// next byte and one more zero byte: floor(n*m/8)+1 bytes for n values.
//
// Integers: the value stored is the element less the chunk's minimum. With
// a fill value, elements equal to it are left out of the minimum and the
// maximum and stored as 2^m-1, which decodes to the fill value. Computed
// bits are the fewest that hold max-min+1 values (one more with a fill
// value); a chunk whose values are all equal and that has no fill value
// takes 0 bits, which leaves the header and one byte (HDF5 does not set
// that byte; the encoder writes 0, the decoder ignores it). A chunk whose
// range spans more than 2^w-3 for w-bit elements, or whose computed bits
// are w, is stored whole: the header, with a minimum of 0 in the first
// case (but the minimum itself for int8 without a fill value, as the
// filter does) and the minimum in the second, then the elements
// little-endian (the byte order of the machines HDF5 runs on; the filter
// writes its machine's order). Decoding adds the minimum modulo 2^w.
//
// Floats (D-scaling with D decimal digits): the filter scales by
// p = 10^D, stores lround(x*p - min*p) in m bits, where m comes from
// llround(max*p - min*p) as for integers, and decodes a value q as
// float(q)/p + min. Elements within 10^-D of the fill value are fill.
// float32 data are computed in float32 and float64 data in float64,
// except that the range is sought with the tolerance 10^-D in float64 for
// both; a chunk whose scaled range rounds above 2^31 (float32) or 2^63
// (float64), infinities included, is stored whole with a minimum of 0. The
// codec replays this arithmetic operation by operation, with glibc's
// powers of ten and glibc's lround (halves away from zero), so that it
// writes the bytes HDF5 writes on x86-64.
//
// # Choices where HDF5 is silent
//
// Decoding reads the bits and the minimum from each chunk, as the filter
// does (as many bytes of the minimum as byte 4 says, at most 8), checks
// them against the chunk's size before writing anything (bits above the
// type's width, or fewer bytes than the values need, are a
// *codec.CorruptError; HDF5 does not check) and ignores bytes after the
// values.
//
// Encoding refuses, with a *ValueError (ErrValue), chunks that HDF5 would
// store as other values than their own: NaN (HDF5 writes the chunk's
// minimum in its place, or fails when a NaN comes first), a float32 chunk
// whose scaled range is not a number (all elements +Inf, say), a float
// element that HDF5 leaves out of the range by its float64 tolerance but
// then stores as a value by its float32 one, in bits that do not hold it,
// and, with given bits, an element further from the minimum than the bits
// hold (HDF5 keeps its low bits). Every other chunk is encoded to HDF5's
// bytes: the tests check this against chunks HDF5 wrote
// (testdata/vectors.json, written by testdata/generate.py with h5py), and
// that HDF5 reads the Go encoder's chunks back as their values.
package hdf5scaleoffset
