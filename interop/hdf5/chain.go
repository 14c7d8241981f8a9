package hdf5

import (
	"fmt"

	bytescodec "github.com/zcodec/zcodec/codecs/bytes"
	"github.com/zcodec/zcodec/internal/npdtype"
	"github.com/zcodec/zcodec/numeric"
)

// Codecs returns the Zarr v3 codec chain that decodes chunks stored through
// filters by a dataset of type dt in byte order e: the bytes codec, then
// one codec per filter in pipeline order. Filters whose bit is set in
// filterMask (a chunk's filter_mask: bit i means filter i was skipped) are
// left out, so Codecs(dt, e, filters, 0) is the chain of chunks that ran
// every filter. Each entry is a codec object ready for JSON. A filter with
// no faithful codec is a *FilterError.
func Codecs(dt numeric.DataType, e bytescodec.Endian, filters []Filter, filterMask uint32) ([]map[string]any, error) {
	out := []map[string]any{npdtype.BytesCodecJSON(dt, e)}
	// extra counts the bytes that filters before this point added to an
	// exact chunk (4 per fletcher32); compressed is set once a filter makes
	// the length depend on the data.
	extra, compressed := 0, false
	for i, f := range filters {
		if i < 32 && filterMask&(1<<i) != 0 {
			continue
		}
		c, err := filterCodec(i, f, dt)
		if err != nil {
			return nil, err
		}
		switch f.ID {
		case FilterFletcher32:
			extra += 4
		case FilterShuffle:
			es := c["configuration"].(map[string]any)["elementsize"].(int)
			if es > 1 && (compressed || extra%es != 0) {
				return nil, &FilterError{Index: i, ID: f.ID, Name: FilterName(f.ID), Reason: fmt.Sprintf(
					"shuffle runs on bytes whose length need not be a multiple of its element size %d (after %s); HDF5 leaves the trailing bytes unshuffled where numcodecs.shuffle rejects them, so no Zarr codec reads these chunks faithfully",
					es, previousName(filters, i))}
			}
		default:
			compressed = true
		}
		out = append(out, c)
	}
	return out, nil
}

func previousName(filters []Filter, i int) string {
	if i == 0 {
		return "nothing"
	}
	return FilterName(filters[i-1].ID)
}

func cfg(name string, config map[string]any) map[string]any {
	if config == nil {
		return map[string]any{"name": name}
	}
	return map[string]any{"name": name, "configuration": config}
}

// filterCodec maps one filter to its codec object.
func filterCodec(i int, f Filter, dt numeric.DataType) (map[string]any, error) {
	name := FilterName(f.ID)
	fail := func(format string, args ...any) (map[string]any, error) {
		return nil, &FilterError{Index: i, ID: f.ID, Name: name, Reason: fmt.Sprintf(format, args...)}
	}
	cd := f.CDValues
	switch f.ID {
	case FilterDeflate:
		if len(cd) != 1 || cd[0] > 9 {
			return fail("want cd_values [level] with level 0 to 9, got %v", cd)
		}
		return cfg("numcodecs.zlib", map[string]any{"level": int(cd[0])}), nil
	case FilterShuffle:
		es := dt.Size()
		if len(cd) > 0 {
			es = int(cd[0])
		}
		if es < 1 || es > 1<<20 {
			return fail("element size %d", es)
		}
		return cfg("numcodecs.shuffle", map[string]any{"elementsize": es}), nil
	case FilterFletcher32:
		return cfg("zcodec.hdf5_fletcher32", nil), nil
	case FilterBzip2:
		level := 9
		if len(cd) > 0 {
			if cd[0] < 1 || cd[0] > 9 {
				return fail("block size %d is not 1 to 9", cd[0])
			}
			level = int(cd[0])
		}
		return cfg("numcodecs.bz2", map[string]any{"level": level}), nil
	case FilterZstd:
		level := 0
		if len(cd) > 0 {
			level = int(int32(cd[0]))
		}
		return cfg("zstd", map[string]any{"level": level, "checksum": false}), nil
	case FilterLZ4:
		if len(cd) > 0 && cd[0] > 0 {
			if cd[0] > 0x7E000000 {
				return fail("block size %d is larger than LZ4 allows", cd[0])
			}
			return cfg("zcodec.hdf5_lz4", map[string]any{"blocksize": int(cd[0])}), nil
		}
		return cfg("zcodec.hdf5_lz4", nil), nil
	case FilterSzip:
		return fail("szip (CCSDS 121 / libaec) has no Zarr codec in zcodec")
	case FilterNbit:
		return fail("HDF5's n-bit packing has no Zarr codec")
	case FilterScaleOffset:
		return fail("HDF5's scale-offset filter packs each chunk to its own minimum bits with a per-chunk minimum; Zarr's scale_offset is a different transform, so no Zarr codec reads it")
	case FilterBlosc:
		return fail("blosc has no codec in zcodec yet")
	}
	if _, known := knownNames[f.ID]; known {
		return fail("no Zarr codec in zcodec")
	}
	return fail("unknown filter id; zcodec cannot read its chunks")
}
