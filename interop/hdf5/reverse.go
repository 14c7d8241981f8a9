package hdf5

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"

	bytescodec "github.com/zcodec/zcodec/codecs/bytes"
	"github.com/zcodec/zcodec/numeric"
)

// FiltersFromZarr returns the HDF5 filter pipeline that writes chunks the
// codec chain of a zarr.json reads: the reverse of Codecs. zarrJSON needs
// "data_type" and "codecs"; other keys are ignored. The bytes codec sets the
// dataset's byte order (returned) and adds no filter. Every filter is
// mandatory (flags 0), so that every chunk runs every filter and the Zarr
// chain reads all of them. A codec with no HDF5 filter is a *FilterError.
func FiltersFromZarr(zarrJSON []byte) ([]Filter, bytescodec.Endian, error) {
	var doc struct {
		DataType json.RawMessage   `json:"data_type"`
		Codecs   []json.RawMessage `json:"codecs"`
	}
	if err := json.Unmarshal(zarrJSON, &doc); err != nil {
		return nil, 0, &DescriptionError{Reason: "zarr.json is not a JSON object with \"codecs\": " + err.Error()}
	}
	var dtName string
	if json.Unmarshal(doc.DataType, &dtName) != nil {
		return nil, 0, &DescriptionError{Pointer: "/data_type", Reason: "want a data type name"}
	}
	dt, err := numeric.ParseDataType(dtName)
	if err != nil {
		return nil, 0, &DescriptionError{Pointer: "/data_type", Reason: err.Error()}
	}
	if doc.Codecs == nil {
		return nil, 0, &DescriptionError{Pointer: "/codecs", Reason: "missing"}
	}
	var (
		filters []Filter
		endian  = bytescodec.EndianUnset
		seen    bool
	)
	for i, raw := range doc.Codecs {
		name, conf, err := codecEntry(raw)
		if err != nil {
			return nil, 0, &DescriptionError{Pointer: fmt.Sprintf("/codecs/%d", i), Reason: err.Error()}
		}
		fail := func(format string, args ...any) error {
			return &FilterError{Index: i, Name: name, Reason: fmt.Sprintf(format, args...)}
		}
		if name == "bytes" || name == "endian" {
			if seen {
				return nil, 0, fail("a second array->bytes codec")
			}
			seen = true
			endian = bytescodec.LittleEndian
			if e, ok := conf["endian"].(string); ok && e == "big" {
				endian = bytescodec.BigEndian
			}
			continue
		}
		if !seen {
			return nil, 0, fail("array->array codec: HDF5 filters act on the stored bytes only, so this transform has no HDF5 filter")
		}
		f, err := codecFilter(name, conf, dt)
		if err != nil {
			return nil, 0, fail("%v", err)
		}
		if f.ID == FilterShuffle && len(filters) > 0 && filters[len(filters)-1].ID != FilterFletcher32 {
			return nil, 0, fail("HDF5 shuffle after %s would shuffle a length that is not a multiple of the element size differently from numcodecs.shuffle", FilterName(filters[len(filters)-1].ID))
		}
		filters = append(filters, f)
	}
	if !seen {
		return nil, 0, &FilterError{Index: len(doc.Codecs), Name: "bytes", Reason: "the chain has no bytes codec"}
	}
	return filters, endian, nil
}

func codecEntry(raw json.RawMessage) (string, map[string]any, error) {
	raw = bytes.TrimSpace(raw)
	var name string
	if len(raw) > 0 && raw[0] == '"' {
		if err := json.Unmarshal(raw, &name); err != nil {
			return "", nil, err
		}
		return name, map[string]any{}, nil
	}
	var obj struct {
		Name          string         `json:"name"`
		Configuration map[string]any `json:"configuration"`
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	if err := dec.Decode(&obj); err != nil || obj.Name == "" {
		return "", nil, fmt.Errorf("want a codec name or {\"name\": ..., \"configuration\": {...}}")
	}
	if obj.Configuration == nil {
		obj.Configuration = map[string]any{}
	}
	return obj.Name, obj.Configuration, nil
}

type reason string

func (r reason) Error() string { return string(r) }

// intKey reads an integer configuration key; def when absent.
func intKey(conf map[string]any, key string, def, lo, hi int64) (int64, error) {
	v, ok := conf[key]
	if !ok {
		return def, nil
	}
	n, isNum := v.(json.Number)
	if !isNum {
		return 0, reason(fmt.Sprintf("%s must be an integer", key))
	}
	i, err := n.Int64()
	if err != nil || i < lo || i > hi {
		return 0, reason(fmt.Sprintf("%s %s is not an integer in [%d, %d]", key, n, lo, hi))
	}
	return i, nil
}

func codecFilter(name string, conf map[string]any, dt numeric.DataType) (Filter, error) {
	switch name {
	case "numcodecs.zlib", "zlib":
		level, err := intKey(conf, "level", 1, -1, 9)
		if err != nil {
			return Filter{}, err
		}
		if level == -1 {
			level = 6 // zlib's Z_DEFAULT_COMPRESSION
		}
		return Filter{ID: FilterDeflate, CDValues: []uint32{uint32(level)}, Name: "deflate"}, nil
	case "numcodecs.shuffle", "shuffle":
		es, err := intKey(conf, "elementsize", int64(dt.Size()), 0, math.MaxInt32)
		if err != nil {
			return Filter{}, err
		}
		if es == 0 {
			es = int64(dt.Size())
		}
		if es != int64(dt.Size()) && es > 1 {
			return Filter{}, reason(fmt.Sprintf("HDF5 shuffle always uses the element size of the dataset (%d), not %d", dt.Size(), es))
		}
		return Filter{ID: FilterShuffle, CDValues: []uint32{uint32(dt.Size())}, Name: "shuffle"}, nil
	case "zcodec.hdf5_fletcher32":
		return Filter{ID: FilterFletcher32, CDValues: []uint32{}, Name: "fletcher32"}, nil
	case "numcodecs.bz2", "bz2":
		level, err := intKey(conf, "level", 9, 1, 9)
		if err != nil {
			return Filter{}, err
		}
		return Filter{ID: FilterBzip2, CDValues: []uint32{uint32(level)}, Name: "bzip2"}, nil
	case "zstd", "numcodecs.zstd":
		level, err := intKey(conf, "level", 0, math.MinInt32, math.MaxInt32)
		if err != nil {
			return Filter{}, err
		}
		return Filter{ID: FilterZstd, CDValues: []uint32{uint32(int32(level))}, Name: "zstd"}, nil
	case "zcodec.hdf5_lz4":
		bs, err := intKey(conf, "blocksize", 0, 0, 0x7E000000)
		if err != nil {
			return Filter{}, err
		}
		return Filter{ID: FilterLZ4, CDValues: []uint32{uint32(bs)}, Name: "lz4"}, nil
	case "gzip", "numcodecs.gzip":
		return Filter{}, reason("HDF5's deflate filter writes zlib (RFC 1950) streams, not gzip (RFC 1952); use numcodecs.zlib")
	case "numcodecs.lz4", "lz4":
		return Filter{}, reason("numcodecs.lz4 frames a chunk as one block after a 4-byte little-endian length; HDF5's lz4 filter (32004) uses its own framing; use zcodec.hdf5_lz4")
	case "crc32c", "numcodecs.crc32c":
		return Filter{}, reason("HDF5 has no CRC-32C filter (its checksum filter is fletcher32)")
	case "blosc", "numcodecs.blosc":
		return Filter{}, reason("zcodec has no blosc codec to check the HDF5 blosc filter's parameters against")
	case "scale_offset", "cast_value", "transpose", "numcodecs.fixedscaleoffset", "bitround", "numcodecs.bitround":
		return Filter{}, reason("array->array codec: HDF5 filters act on the stored bytes only, so this transform has no HDF5 filter")
	case "sharding_indexed":
		return Filter{}, reason("HDF5 has no sharding filter")
	}
	return Filter{}, reason("no HDF5 filter is known for this codec")
}
