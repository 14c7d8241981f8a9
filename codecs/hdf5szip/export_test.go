package hdf5szip

import (
	"encoding/binary"
	"errors"
	"fmt"
)

// The options counted by DecodeOptions.
const (
	OptZero         = optZero
	OptROS          = optROS
	OptSecondExt    = optSecondExt
	OptFundamental  = optFundamental
	OptSplit        = optSplit
	OptUncompressed = optUncompressed
	NumOptions      = numOptions
)

// DecodeOptions decodes a framed chunk and counts the coding options of
// its blocks.
func DecodeOptions(c *Codec, chunk []byte) (out []byte, counts [NumOptions]int, err error) {
	p, err := c.params()
	if err != nil {
		return nil, counts, err
	}
	if len(chunk) < headerSize {
		return nil, counts, errors.New("short chunk")
	}
	n := int(binary.LittleEndian.Uint32(chunk))
	if n%p.unit() != 0 || n > 1<<24 {
		return nil, counts, fmt.Errorf("size %d", n)
	}
	out = make([]byte, n)
	oc := optionCounts{}
	err = p.decode(out, chunk[headerSize:], make([]uint32, p.line), &oc)
	return out, oc, err
}
