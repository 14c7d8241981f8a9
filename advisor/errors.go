package advisor

import (
	"fmt"

	"github.com/zcodec/zcodec/numeric"
)

// UnsupportedError reports a data type the advisor cannot work with in the
// way asked: a lossy tolerance for an array that is not of a float type,
// or an integer target that cannot hold quantised values.
type UnsupportedError struct {
	DataType numeric.DataType
	Reason   string
}

func (e *UnsupportedError) Error() string {
	return fmt.Sprintf("advisor: %v: %s", e.DataType, e.Reason)
}

// OptionError reports an Options field that cannot be used.
type OptionError struct {
	Option string // the field, such as "Compressors"
	Reason string
}

func (e *OptionError) Error() string { return "advisor: option " + e.Option + ": " + e.Reason }

// SampleError reports a sample that cannot be advised on: no chunks, a
// chunk spec that is not valid, or a chunk of the wrong size.
type SampleError struct {
	Chunk  int // the chunk's position in the sample, or -1 for the sample as a whole
	Reason string
}

func (e *SampleError) Error() string {
	if e.Chunk < 0 {
		return "advisor: sample: " + e.Reason
	}
	return fmt.Sprintf("advisor: sample chunk %d: %s", e.Chunk, e.Reason)
}
