package zarrv2

import "encoding/json"

// DimensionNames returns the dimension names that xarray keeps in the
// attribute _ARRAY_DIMENSIONS of a Zarr v2 array, as the JSON of a Zarr v3
// "dimension_names" list, or nil when the attributes (a JSON object) hold
// no list of exactly rank names. xarray needs dimension_names to open a v3
// array; converters keep the attribute too, which xarray's v2 reader uses.
func DimensionNames(attrs json.RawMessage, rank int) json.RawMessage {
	var a struct {
		Dims []*string `json:"_ARRAY_DIMENSIONS"`
	}
	if len(attrs) == 0 || rank == 0 || json.Unmarshal(attrs, &a) != nil || len(a.Dims) != rank {
		return nil
	}
	for _, d := range a.Dims {
		if d == nil {
			return nil
		}
	}
	names, err := json.Marshal(a.Dims)
	if err != nil {
		return nil
	}
	return names
}
