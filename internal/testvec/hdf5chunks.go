package testvec

import (
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
)

// HDF5Chunks reads the HDF5 vectors at path (testdata/hdf5/vectors.json)
// and returns the stored chunks of every dataset whose filter ids (in
// pipeline order) satisfy keep.
func HDF5Chunks(path string, keep func(filterIDs []uint32) bool) ([][]byte, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var v struct {
		Cases []struct {
			Description struct {
				Filters []struct {
					ID uint32 `json:"id"`
				} `json:"filters"`
			} `json:"description"`
			Chunks []struct {
				Data string `json:"data"`
			} `json:"chunks"`
		} `json:"cases"`
	}
	if err := json.Unmarshal(b, &v); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	var out [][]byte
	for _, c := range v.Cases {
		ids := make([]uint32, len(c.Description.Filters))
		for i, f := range c.Description.Filters {
			ids[i] = f.ID
		}
		if !keep(ids) {
			continue
		}
		for _, ch := range c.Chunks {
			raw, err := hex.DecodeString(ch.Data)
			if err != nil {
				return nil, fmt.Errorf("%s: %v", path, err)
			}
			out = append(out, raw)
		}
	}
	return out, nil
}
