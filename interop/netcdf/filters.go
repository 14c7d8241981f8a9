package netcdf

import (
	"encoding/json"
	"fmt"
)

// DecodeFilters reads a JSON array of {"id", "params"} (the form Parse's
// filters marshal to) strictly: ids 1 to 4294967295, params 32-bit
// unsigned words, no other keys.
func DecodeFilters(data []byte) ([]Filter, error) {
	var raw []map[string]json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		return nil, fmt.Errorf("want a JSON array of {\"id\", \"params\"}: %v", err)
	}
	if len(raw) == 0 {
		return nil, fmt.Errorf("no filters")
	}
	out := make([]Filter, len(raw))
	for i, obj := range raw {
		for k := range obj {
			if k != "id" && k != "params" {
				return nil, fmt.Errorf("/%d/%s: unknown key (want id and params)", i, k)
			}
		}
		if err := json.Unmarshal(obj["id"], &out[i].ID); err != nil || out[i].ID == 0 {
			return nil, fmt.Errorf("/%d/id: want an integer 1 to 4294967295", i)
		}
		out[i].Params = []uint32{}
		if p, ok := obj["params"]; ok {
			if err := json.Unmarshal(p, &out[i].Params); err != nil {
				return nil, fmt.Errorf("/%d/params: want an array of integers 0 to 4294967295", i)
			}
		}
	}
	return out, nil
}
