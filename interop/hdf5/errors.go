package hdf5

import "errors"

// Sentinel errors, for errors.Is.
var (
	// ErrDescription is matched by every *DescriptionError.
	ErrDescription = errors.New("invalid dataset description")
	// ErrUnsupported is matched by every *FilterError: a filter with no
	// faithful Zarr codec, or a codec with no HDF5 filter.
	ErrUnsupported = errors.New("no equivalent codec or filter")
)
