package netcdf

import (
	"errors"
	"fmt"
	"github.com/zcodec/zcodec/interop/hdf5/h5file"
	"strconv"
	"strings"

	"github.com/zcodec/zcodec/internal/shorten"
	"github.com/zcodec/zcodec/interop/hdf5"
	"github.com/zcodec/zcodec/numeric"
)

// Specials is what a variable's special attributes (as `ncdump -s` shows
// them) say about its storage.
type Specials struct {
	// Filters is the HDF5 filter pipeline in netCDF-4's order.
	Filters []h5file.Filter
	// Endian is the byte order from `_Endianness` ("native" and absent are
	// little-endian); EndianUnset for one-byte types.
	Endian numeric.Endian
	// ChunkSizes is `_ChunkSizes`, nil when absent.
	ChunkSizes []int
	// Storage is `_Storage` ("chunked", "contiguous", "compact"), "" when
	// absent.
	Storage string
}

// ParseSpecials reads a variable's special attributes, given as the text
// `ncdump -s` prints after the "=" (quotes included or not: `"true"`, `5`,
// `4, 5`, `"307,9"`), for a variable of type dt. Keys are the attribute
// names with their underscore; attributes that are not special are ignored.
//
// The pipeline is built as netCDF-4 builds it: fletcher32 first, then
// shuffle (cd_values [type size], optional as netCDF sets it), then
// deflate (optional) and the filters of `_Filter` (mandatory) in their
// order. ncdump shows `_DeflateLevel` and `_Filter` separately and so loses
// whether deflate ran before or after a `_Filter` filter; that combination
// is a *SpecialError (read the pipeline from the file instead).
func ParseSpecials(attrs map[string]string, dt numeric.DataType) (*Specials, error) {
	sp := &Specials{}
	get := func(k string) (string, bool) {
		v, ok := attrs[k]
		v = strings.TrimSpace(v)
		if len(v) >= 2 && v[0] == '"' && v[len(v)-1] == '"' {
			v = v[1 : len(v)-1]
		}
		return v, ok
	}
	boolAttr := func(k string) (bool, error) {
		v, ok := get(k)
		if !ok {
			return false, nil
		}
		switch strings.ToLower(v) {
		case "true", "1":
			return true, nil
		case "false", "0":
			return false, nil
		}
		return false, &SpecialError{Attribute: k, Value: attrs[k], Reason: `want "true" or "false"`}
	}
	if v, ok := get("_Storage"); ok {
		sp.Storage = v
	}
	if v, ok := get("_ChunkSizes"); ok {
		for _, part := range strings.Split(v, ",") {
			n, err := strconv.Atoi(strings.TrimSpace(part))
			if err != nil || n < 1 {
				return nil, &SpecialError{Attribute: "_ChunkSizes", Value: attrs["_ChunkSizes"], Reason: "want positive integers separated by commas"}
			}
			sp.ChunkSizes = append(sp.ChunkSizes, n)
		}
	}
	sp.Endian = numeric.LittleEndian
	if v, ok := get("_Endianness"); ok {
		switch v {
		case "little", "native":
		case "big":
			sp.Endian = numeric.BigEndian
		default:
			return nil, &SpecialError{Attribute: "_Endianness", Value: attrs["_Endianness"], Reason: `want "little", "big" or "native"`}
		}
	}
	if dt.Size() == 1 {
		sp.Endian = numeric.EndianUnset
	}
	fl, err := boolAttr("_Fletcher32")
	if err != nil {
		return nil, err
	}
	sh, err := boolAttr("_Shuffle")
	if err != nil {
		return nil, err
	}
	if fl {
		sp.Filters = append(sp.Filters, h5file.Filter{ID: hdf5.FilterFletcher32, CDValues: []uint32{}, Name: "fletcher32"})
	}
	if sh {
		sp.Filters = append(sp.Filters, h5file.Filter{ID: hdf5.FilterShuffle, Flags: h5file.FlagOptional, CDValues: []uint32{uint32(dt.Size())}, Name: "shuffle"})
	}
	level, hasDeflate := get("_DeflateLevel")
	spec, hasFilter := get("_Filter")
	if hasDeflate {
		n, err := strconv.Atoi(level)
		if err != nil || n < 0 || n > 9 {
			return nil, &SpecialError{Attribute: "_DeflateLevel", Value: attrs["_DeflateLevel"], Reason: "want a level 0 to 9"}
		}
		if hasFilter {
			return nil, &SpecialError{Attribute: "_DeflateLevel", Value: attrs["_DeflateLevel"], Reason: fmt.Sprintf(
				"with _Filter = %s the order of deflate and those filters is not in ncdump's output (netCDF-4 keeps the order they were defined in); read the filter pipeline from the file", shorten.Quote(spec))}
		}
		sp.Filters = append(sp.Filters, h5file.Filter{ID: hdf5.FilterDeflate, Flags: h5file.FlagOptional, CDValues: []uint32{uint32(n)}, Name: "deflate"})
	}
	if hasFilter {
		fs, err := Parse(spec)
		if err != nil {
			var se *SyntaxError
			reason := err.Error()
			if errors.As(err, &se) {
				reason = fmt.Sprintf("at offset %d: %s", se.Offset, se.Reason)
			}
			return nil, &SpecialError{Attribute: "_Filter", Value: attrs["_Filter"], Reason: reason, Err: err}
		}
		for _, f := range Pipeline(fs) {
			sp.Filters = append(sp.Filters, h5file.Filter{ID: f.ID, CDValues: f.Params, Name: hdf5.FilterName(f.ID)})
		}
	}
	if len(sp.Filters) > 0 && sp.Storage != "" && sp.Storage != "chunked" {
		return nil, &SpecialError{Attribute: "_Storage", Value: attrs["_Storage"], Reason: "filters need chunked storage"}
	}
	return sp, nil
}

// Description returns the HDF5 dataset description of a variable with these
// specials, of type dt and the given shape, for hdf5.Translate. The chunk
// shape is `_ChunkSizes` (required).
func (sp *Specials) Description(dt numeric.DataType, shape []int64) (*hdf5.Description, error) {
	if len(sp.ChunkSizes) == 0 {
		return nil, &SpecialError{Attribute: "_ChunkSizes", Reason: "missing: the variable is not chunked"}
	}
	if len(sp.ChunkSizes) != len(shape) {
		return nil, &SpecialError{Attribute: "_ChunkSizes", Reason: fmt.Sprintf("%d chunk sizes for %d dimensions", len(sp.ChunkSizes), len(shape))}
	}
	return &hdf5.Description{
		DataType: dt, Endian: sp.Endian, Shape: shape, Chunks: sp.ChunkSizes,
		Filters: sp.Filters,
	}, nil
}
