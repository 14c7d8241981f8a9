package hdf5

import (
	"fmt"

	"github.com/zcodec/zcodec/internal/shorten"
)

// HDF5 filter ids with a fixed meaning in zcodec.
const (
	FilterDeflate     = 1
	FilterShuffle     = 2
	FilterFletcher32  = 3
	FilterSzip        = 4
	FilterNbit        = 5
	FilterScaleOffset = 6
	FilterBzip2       = 307
	FilterLZF         = 32000
	FilterBlosc       = 32001
	FilterLZ4         = 32004
	FilterBitshuffle  = 32008
	FilterZFP         = 32013
	FilterZstd        = 32015
)

// knownNames names registered filters in error messages.
var knownNames = map[uint32]string{
	FilterDeflate: "deflate", FilterShuffle: "shuffle", FilterFletcher32: "fletcher32",
	FilterSzip: "szip", FilterNbit: "nbit", FilterScaleOffset: "scaleoffset",
	FilterBzip2: "bzip2", FilterLZF: "lzf", FilterBlosc: "blosc", 32002: "mafisc", 32003: "snappy",
	FilterLZ4: "lz4", 32005: "apax", 32006: "cbf", 32007: "jpeg-xr", FilterBitshuffle: "bitshuffle",
	32009: "spdp", 32010: "lpc-rice", 32011: "ccsds-123", 32012: "jpeg-ls", FilterZFP: "zfp",
	32014: "fpzip", FilterZstd: "zstd", 32016: "b3d", 32017: "sz", 32024: "sz3", 32026: "blosc2",
}

// FilterName returns the usual name of a filter id ("deflate", "bzip2"),
// or "filter <id>" for an id zcodec does not know.
func FilterName(id uint32) string {
	if n, ok := knownNames[id]; ok {
		return n
	}
	return fmt.Sprintf("filter %d", id)
}

// FilterError reports a filter of a pipeline that zcodec cannot express as
// a Zarr codec, or a codec that has no HDF5 filter.
type FilterError struct {
	Index  int    // position in the pipeline or codec chain
	ID     uint32 // the HDF5 filter id (0 for a codec with no filter)
	Name   string // the filter's or codec's name
	Reason string
	// Err is the underlying error, such as the registry's for a codec it
	// does not know, or nil.
	Err error
}

func (e *FilterError) Error() string {
	if e.ID != 0 {
		return fmt.Sprintf("filter %d (id %d, %s): %s", e.Index, e.ID, e.Name, e.Reason)
	}
	return fmt.Sprintf("codec %d (%s): %s", e.Index, e.Name, e.Reason)
}

// Is makes every FilterError match ErrUnsupported.
func (e *FilterError) Is(target error) bool { return target == ErrUnsupported }

// Unwrap returns Err.
func (e *FilterError) Unwrap() error { return e.Err }

// DescriptionError reports a dataset description that is not valid: where
// (a JSON pointer such as "/filters/1/cd_values") and why.
type DescriptionError struct {
	Pointer string
	Reason  string
}

func (e *DescriptionError) Error() string {
	if e.Pointer == "" {
		return "dataset description: " + e.Reason
	}
	return "dataset description: " + shorten.Pointer(e.Pointer) + ": " + e.Reason
}

// Is makes every DescriptionError match ErrDescription.
func (e *DescriptionError) Is(target error) bool { return target == ErrDescription }
