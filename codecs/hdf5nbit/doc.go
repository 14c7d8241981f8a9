// Package hdf5nbit is the zcodec.hdf5_nbit codec: HDF5's n-bit filter
// (HDF5 filter id 5, H5Z_FILTER_NBIT) as a Zarr v3 bytes->bytes codec, so
// that chunks HDF5 wrote with it decode to the values libhdf5 returns, bit
// for bit, and chunks it encodes are the bytes libhdf5 writes.
//
// Spec: the HDF5 User Guide, "HDF5 Datasets", the n-bit filter
// (H5Pset_nbit), and the filter's source, H5Znbit.c, which the format
// below follows where the guide is silent. There is no Zarr specification
// for the filter, hence the name in zcodec's own namespace.
//
// Name: "zcodec.hdf5_nbit". Aliases: none.
//
// # Configuration
//
// The configuration holds the filter's parameters as HDF5 records them in
// a dataset's filter pipeline (its cd_values, which the library computes
// from the dataset's datatype); FromCDValues reads them, CDValues gives
// them back:
//
//	{"name": "zcodec.hdf5_nbit", "configuration": {"elements": 4096,
//	    "datatype": {"class": "atomic", "size": 4, "order": "little",
//	        "precision": 12, "offset": 4}}}
//
// The keys:
//
//   - elements (cd_values[2]): the number of elements of a chunk; the
//     codec must see chunks of exactly that many elements.
//   - datatype (cd_values[3] on): the description of the dataset's
//     datatype, recursive. An "atomic" type (class code 1: an integer or
//     a float) has its size in bytes, its byte order ("little" or "big",
//     code 0 or 1), and the bits that hold its value: precision bits from
//     bit offset, counted from the least significant. An "array" (2) has
//     its size and a "base" type; a "compound" (3) its size and "members",
//     each an "offset" in bytes and a "type"; any other type is "noop" (4)
//     with its size, the bytes the filter copies as they are.
//
// cd_values[0] (the number of values) and cd_values[1] (1 when every
// atomic type keeps all its bits, and the filter then leaves chunks
// unchanged) follow from the description. FromCDValues refuses, as a
// *CDError, values that disagree with it, descriptions that do not fit
// their sizes or that HDF5 would refuse (precision 0, precision and offset
// beyond the size), more than 4096 values, and datatypes nested more than
// 32 deep. A dataset whose type is of a class the filter does not
// describe (an enum, a string) has only 3 cd_values and chunks the filter
// leaves unchanged; FromCDValues refuses it too, so that a translator
// leaves the filter out.
//
// # Format
//
// The filter stores, for each element in turn, the precision bits of each
// atomic value (the members of a compound and the elements of an array in
// order), most significant bit first, one after another; the bytes of a
// no-op type are copied whole into the same bit stream. Zero bits fill the
// last byte, and one more zero byte follows: floor(n*p/8)+1 bytes for n
// atomic values of p bits. The offset and the byte order of a type do not
// change the stream, only where its bits lie in the element.
//
// # The decoded side
//
// The codec decodes what libhdf5 returns when the dataset is read with
// its NumPy dtype (h5py's default), which is not the filter's own output:
// HDF5 converts the filter's reduced-precision type to the full-width
// memory type, so that a value is its precision bits, sign-extended for a
// signed type, as a plain integer of the type's size in the dataset's byte
// order (the order of the decoded bytes: in a chain the codec follows a
// bytes codec of the same endian). Encoding takes that form. The sign is
// not in cd_values: it is the array's data type's, which must be an
// integer type of the atomic type's size.
//
// # Choices where HDF5 is silent
//
// The codec decodes and encodes atomic integer types, and any type whose
// bits are all kept (cd_values[1] = 1), which it leaves unchanged as the
// filter does. It refuses, when resolved, atomic types that keep fewer
// bits of a float array (custom float layouts, which HDF5 converts to IEEE
// floats when reading) and compound and array types (Zarr has no data
// type for their members); it still reads and writes their descriptions.
//
// Decoding checks that the chunk holds the bits of every value before
// writing anything (a *codec.CorruptError otherwise; HDF5 1.10 does not
// check) and ignores the bytes after them, the filter's extra byte
// included. Encoding refuses, with a *ValueError (ErrValue), a value that
// its precision does not hold; h5py would write the value clamped to the
// precision's range, since HDF5's conversion clamps it before the filter
// runs. The tests check the codec against chunks HDF5 wrote
// (testdata/vectors.json, written by testdata/generate.py with h5py), and
// that HDF5 reads the Go encoder's chunks back as their values.
package hdf5nbit
