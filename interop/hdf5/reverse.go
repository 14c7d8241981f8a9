package hdf5

import (
	"cmp"
	"fmt"
	"github.com/zcodec/zcodec/interop/hdf5/h5file"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/codecs/blosc"
	"github.com/zcodec/zcodec/codecs/bytescodec"
	"github.com/zcodec/zcodec/codecs/bzip2"
	"github.com/zcodec/zcodec/codecs/checksum32"
	"github.com/zcodec/zcodec/codecs/deflate"
	"github.com/zcodec/zcodec/codecs/hdf5bitshuffle"
	"github.com/zcodec/zcodec/codecs/hdf5fletcher32"
	"github.com/zcodec/zcodec/codecs/hdf5lz4"
	"github.com/zcodec/zcodec/codecs/hdf5lzf"
	"github.com/zcodec/zcodec/codecs/hdf5nbit"
	"github.com/zcodec/zcodec/codecs/hdf5scaleoffset"
	"github.com/zcodec/zcodec/codecs/hdf5szip"
	"github.com/zcodec/zcodec/codecs/shuffle"
	"github.com/zcodec/zcodec/codecs/zstd"
	"github.com/zcodec/zcodec/numeric"
)

// FilterPipeline is an HDF5 filter pipeline that writes the chunks a Zarr
// codec chain reads: the result of FiltersFromPipeline.
type FilterPipeline struct {
	// DataType is the dataset's element type.
	DataType numeric.DataType
	// Endian is the byte order of the dataset's type (EndianUnset for
	// one-byte types).
	Endian numeric.Endian
	// Filters is the pipeline in writing order; every filter is mandatory
	// (flags 0) so that every chunk runs it.
	Filters []h5file.Filter
	// Notes say where the pipeline is not a one-to-one image of the chain
	// (a codec that changes no byte and has no filter, a zstd checksum
	// HDF5 does not write).
	Notes []string
}

// shuffler is what a bound numcodecs.shuffle tells about itself.
type shuffler interface{ ElementSize() int }

// FiltersFromPipeline returns the HDF5 filter pipeline that writes chunks
// the resolved chain p reads: the reverse of Codecs. It reads the typed
// codecs of the chain and, for numcodecs.shuffle, the element size the
// codec resolved to, so the filters do to the bytes exactly what the
// codecs do. The bytes codec gives the dataset's byte order and adds no
// filter. A codec with no HDF5 filter (every array->array codec, gzip,
// numcodecs.lz4, crc32c, sharding, ...) is a *FilterError.
func FiltersFromPipeline(p *codec.Pipeline) (*FilterPipeline, error) {
	out := &FilterPipeline{DataType: p.Spec().DataType, Filters: []h5file.Filter{}}
	for _, st := range p.Steps() {
		fail := func(format string, args ...any) (*FilterPipeline, error) {
			return nil, &FilterError{Index: st.Index, Name: st.Name, Reason: fmt.Sprintf(format, args...)}
		}
		switch st.Kind {
		case codec.KindArrayToArray:
			return fail("array->array codec: HDF5 filters act on the stored bytes only, so this transform has no HDF5 filter")
		case codec.KindArrayToBytes:
			b, ok := st.Codec.(*bytescodec.Codec)
			if !ok {
				return fail("HDF5 stores the elements of a chunk in one byte order; only the bytes codec does that")
			}
			if st.Decoded.DataType.Size() > 1 {
				out.Endian = b.Endian
			}
			continue
		}
		f, note, err := bytesFilter(st)
		if err != nil {
			return fail("%s", err)
		}
		if note != "" {
			out.Notes = append(out.Notes, fmt.Sprintf("codec %d (%s): %s", st.Index, st.Name, note))
		}
		if f != nil {
			out.Filters = append(out.Filters, *f)
		}
	}
	return out, nil
}

// reason is the text of a codec's FilterError.
type reason string

func (r reason) Error() string { return string(r) }

// bytesFilter maps one bytes->bytes step. A nil filter with a nil error
// means the codec changes no byte and needs no filter (the note says so).
func bytesFilter(st codec.Step) (*h5file.Filter, string, error) {
	switch c := st.Codec.(type) {
	case *deflate.Zlib:
		level, note := c.Level, ""
		if level < 0 {
			level, note = 6, "level -1 is zlib's default, written as HDF5 deflate level 6"
		}
		return &h5file.Filter{ID: FilterDeflate, CDValues: []uint32{uint32(level)}, Name: "deflate"}, note, nil
	case *shuffle.Codec:
		return shuffleFilter(c, st)
	case hdf5fletcher32.Codec, *hdf5fletcher32.Codec:
		return &h5file.Filter{ID: FilterFletcher32, CDValues: []uint32{}, Name: "fletcher32"}, "", nil
	case *checksum32.Codec:
		if c.Algorithm == checksum32.Fletcher32 {
			return &h5file.Filter{ID: FilterFletcher32, CDValues: []uint32{}, Name: "fletcher32"}, "", nil
		}
	case *bzip2.Codec:
		return &h5file.Filter{ID: FilterBzip2, CDValues: []uint32{uint32(c.Level)}, Name: "bzip2"}, "", nil
	case *zstd.Codec:
		note := ""
		if c.Checksum {
			note = "HDF5's zstd filter writes frames without a content checksum; the chain reads them, and HDF5 reads the chain's frames with theirs"
		}
		return &h5file.Filter{ID: FilterZstd, CDValues: []uint32{uint32(int32(c.Level))}, Name: "zstd"}, note, nil
	case *hdf5lzf.Codec:
		return &h5file.Filter{ID: FilterLZF, CDValues: []uint32{4, 0x105, uint32(max(st.DecodedBytes.Size, 0))}, Name: "lzf"}, "", nil
	case *hdf5bitshuffle.Codec:
		es := c.ElementSize
		if es == 0 {
			es = st.DecodedBytes.Array.DataType.Size()
		}
		cd := []uint32{0, 4, uint32(es), uint32(c.BlockSize), uint32(c.Compression)}
		if c.Compression == hdf5bitshuffle.Zstd {
			cd = append(cd, uint32(int32(cmp.Or(c.Level, 3))))
		}
		return &h5file.Filter{ID: FilterBitshuffle, CDValues: cd, Name: "bitshuffle"}, "", nil
	case *hdf5scaleoffset.Codec:
		return &h5file.Filter{ID: FilterScaleOffset, CDValues: c.CDValues(), Name: "scaleoffset"}, "", nil
	case *hdf5nbit.Codec:
		return &h5file.Filter{ID: FilterNbit, CDValues: c.CDValues(), Name: "nbit"}, "", nil
	case *hdf5szip.Codec:
		return &h5file.Filter{ID: FilterSzip, CDValues: c.CDValues(), Name: "szip"}, "", nil
	case *hdf5lz4.Codec:
		return &h5file.Filter{ID: FilterLZ4, CDValues: []uint32{uint32(c.BlockSize)}, Name: "lz4"}, "", nil
	case *blosc.Codec:
		return bloscFilter(c, st)
	case *blosc.NumcodecsCodec:
		return bloscFilter(c, st)
	case *deflate.Gzip:
		return nil, "", reason("HDF5's deflate filter writes zlib (RFC 1950) streams, not gzip (RFC 1952); use numcodecs.zlib")
	}
	switch st.Name {
	case "numcodecs.lz4":
		return nil, "", reason("numcodecs.lz4 frames a chunk as one block after a 4-byte little-endian length; HDF5's lz4 filter (32004) uses its own framing; use zcodec.hdf5_lz4")
	case "crc32c":
		return nil, "", reason("HDF5 has no CRC-32C filter (its checksum filter is fletcher32)")
	}
	return nil, "", reason("no HDF5 filter is known for this codec")
}

// shuffleFilter maps numcodecs.shuffle by the element size it resolved to
// in this chain: a size of 0 or 1 copies the bytes, which HDF5's shuffle
// does only for one-byte types, so for wider types it gets no filter;
// HDF5's shuffle always uses the dataset's element size, so any other size
// must be that one; and it must see whole elements (HDF5 leaves trailing
// bytes unshuffled where numcodecs.shuffle rejects them).
func shuffleFilter(c *shuffle.Codec, st codec.Step) (*h5file.Filter, string, error) {
	b, err := c.ResolveBytesToBytes(st.DecodedBytes)
	if err != nil {
		return nil, "", err
	}
	s, ok := b.(shuffler)
	if !ok {
		return nil, "", reason("the resolved shuffle does not report its element size")
	}
	es, size := s.ElementSize(), st.DecodedBytes.Array.DataType.Size()
	switch {
	case es <= 1 && size == 1:
		// both copy the bytes
		return &h5file.Filter{ID: FilterShuffle, CDValues: []uint32{1}, Name: "shuffle"}, "", nil
	case es <= 1:
		return nil, fmt.Sprintf("elementsize %d copies the bytes unchanged, so no HDF5 filter is written for it", es), nil
	case es != size:
		return nil, "", reason(fmt.Sprintf("HDF5's shuffle always uses the element size of the dataset (%d), not %d", size, es))
	case !st.DecodedBytes.Fixed():
		return nil, "", reason("HDF5's shuffle after a compressor would leave a length that is not a multiple of the element size partly unshuffled, where numcodecs.shuffle rejects it")
	}
	return &h5file.Filter{ID: FilterShuffle, CDValues: []uint32{uint32(es)}, Name: "shuffle"}, "", nil
}
