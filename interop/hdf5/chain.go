package hdf5

import (
	"fmt"
	"github.com/zcodec/zcodec/interop/hdf5/h5file"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/codecs/checksum32"
	"github.com/zcodec/zcodec/codecs/hdf5bitshuffle"
	"github.com/zcodec/zcodec/codecs/hdf5lzf"
	"github.com/zcodec/zcodec/codecs/hdf5nbit"
	"github.com/zcodec/zcodec/codecs/hdf5scaleoffset"
	"github.com/zcodec/zcodec/codecs/hdf5szip"
	"github.com/zcodec/zcodec/internal/shorten"
	"github.com/zcodec/zcodec/interop/internal/build"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/registry"
)

// Codecs returns the Zarr v3 codec chain that decodes chunks stored through
// filters by a dataset of type dt in byte order e: the bytes codec, then
// one codec per filter in pipeline order, each built by the default
// registry. Filters whose bit is set in filterMask (a chunk's filter_mask:
// bit i means filter i was skipped) are left out, so Codecs(dt, e,
// filters, 0) is the chain of chunks that ran every filter. A filter with
// no faithful codec is a *FilterError.
func Codecs(dt numeric.DataType, e numeric.Endian, filters []h5file.Filter, filterMask uint32) ([]codec.Codec, error) {
	reg := registry.Default()
	b, err := build.Bytes(reg, "/codecs/0", dt, e)
	if err != nil {
		return nil, err
	}
	out := []codec.Codec{b}
	// extra counts the bytes that filters before this point added to an
	// exact chunk (4 per fletcher32); compressed is set once a filter makes
	// the length depend on the data.
	extra, compressed := 0, false
	for i, f := range filters {
		if i < 32 && filterMask&(1<<i) != 0 {
			continue
		}
		m, err := filterCodec(i, f, dt)
		if err != nil {
			return nil, err
		}
		switch f.ID {
		case FilterFletcher32:
			extra += 4
		case FilterShuffle:
			if es := m.elementSize; es > 1 && (compressed || extra%es != 0) {
				return nil, &FilterError{Index: i, ID: f.ID, Name: FilterName(f.ID), Reason: fmt.Sprintf(
					"shuffle runs on bytes whose length need not be a multiple of its element size %d (after %s); HDF5 leaves the trailing bytes unshuffled where numcodecs.shuffle rejects them, so no Zarr codec reads these chunks faithfully",
					es, previousName(filters, i))}
			}
		default:
			compressed = true
		}
		c := m.codec
		if c == nil {
			if c, err = build.Codec(reg, fmt.Sprintf("/codecs/%d", len(out)), m.name, m.config); err != nil {
				return nil, &FilterError{Index: i, ID: f.ID, Name: FilterName(f.ID), Reason: err.Error(), Err: err}
			}
		}
		out = append(out, c)
	}
	return out, nil
}

func previousName(filters []h5file.Filter, i int) string {
	if i == 0 {
		return "nothing"
	}
	return FilterName(filters[i-1].ID)
}

// mapping is the codec one filter maps to.
type mapping struct {
	// codec, when not nil, is the codec itself, made from the filter's
	// cd_values by its package (the HDF5-specific codecs).
	codec  codec.Codec
	name   string
	config any // nil: no configuration
	// elementSize is the shuffle's element size.
	elementSize int
}

type levelConfig struct {
	Level int `json:"level"`
}

type zstdConfig struct {
	Level    int  `json:"level"`
	Checksum bool `json:"checksum"`
}

type lz4Config struct {
	BlockSize int `json:"blocksize"`
}

type shuffleConfig struct {
	ElementSize int `json:"elementsize"`
}

// filterCodec maps one filter to its codec.
func filterCodec(i int, f h5file.Filter, dt numeric.DataType) (mapping, error) {
	name := FilterName(f.ID)
	fail := func(format string, args ...any) (mapping, error) {
		return mapping{}, &FilterError{Index: i, ID: f.ID, Name: name, Reason: fmt.Sprintf(format, args...)}
	}
	cd := f.CDValues
	switch f.ID {
	case FilterDeflate:
		if len(cd) != 1 || cd[0] > 9 {
			return fail("want cd_values [level] with level 0 to 9, got %s", cdText(cd))
		}
		return mapping{name: "numcodecs.zlib", config: levelConfig{int(cd[0])}}, nil
	case FilterShuffle:
		es := dt.Size()
		if len(cd) > 0 {
			es = int(cd[0])
		}
		if es < 1 || es > 1<<20 {
			return fail("element size %d", es)
		}
		return mapping{name: "numcodecs.shuffle", config: shuffleConfig{es}, elementSize: es}, nil
	case FilterFletcher32:
		return mapping{name: checksum32.Fletcher32Name}, nil
	case FilterBzip2:
		level := 9 // the HDF5 bzip2 filter's default block size
		if len(cd) > 0 {
			if cd[0] < 1 || cd[0] > 9 {
				return fail("block size %d is not 1 to 9", cd[0])
			}
			level = int(cd[0])
		}
		return mapping{name: "numcodecs.bz2", config: levelConfig{level}}, nil
	case FilterZstd:
		level := 0
		if len(cd) > 0 {
			level = int(int32(cd[0]))
		}
		return mapping{name: "zstd", config: zstdConfig{Level: level}}, nil
	case FilterLZ4:
		if len(cd) > 0 && cd[0] > 0 {
			if cd[0] > 0x7E000000 {
				return fail("block size %d is larger than LZ4 allows", cd[0])
			}
			return mapping{name: "zcodec.hdf5_lz4", config: lz4Config{int(cd[0])}}, nil
		}
		return mapping{name: "zcodec.hdf5_lz4"}, nil
	case FilterSzip:
		c, err := hdf5szip.FromCDValues(cd)
		if err != nil {
			return fail("%v", err)
		}
		return mapping{codec: c}, nil
	case FilterNbit:
		c, err := hdf5nbit.FromCDValues(cd)
		if err != nil {
			return fail("%v", err)
		}
		return mapping{codec: c}, nil
	case FilterScaleOffset:
		c, err := hdf5scaleoffset.FromCDValues(cd)
		if err != nil {
			return fail("%v", err)
		}
		return mapping{codec: c}, nil
	case FilterBlosc:
		return bloscMapping(cd, fail)
	case FilterLZF:
		c, err := hdf5lzf.FromCDValues(cd, dt.Size())
		if err != nil {
			return fail("%v", err)
		}
		return mapping{codec: c}, nil
	case FilterBitshuffle:
		c, err := hdf5bitshuffle.FromCDValues(cd, dt.Size())
		if err != nil {
			return fail("%v", err)
		}
		return mapping{codec: c}, nil
	}
	if f.ID == FilterZFP {
		return fail("ZFP (LLNL's compressed floating-point format) has no codec in zcodec yet, so these chunks cannot be decoded")
	}
	if _, known := knownNames[f.ID]; known {
		return fail("no Zarr codec in zcodec")
	}
	return fail("unknown filter id; zcodec cannot read its chunks")
}

// cdText prints cd_values for a message, shortened when long.
func cdText(cd []uint32) string {
	return shorten.String(fmt.Sprint(cd))
}
