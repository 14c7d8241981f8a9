package sharding

import (
	"fmt"
	"strconv"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/internal/strictjson"
)

// IndexError reports a shard index entry that cannot be right: only one of
// offset and nbytes is 2^64-1, a range that overflows, leaves the shard or
// overlaps the index, or a length the inner chain cannot produce. It matches
// codec.ErrCorrupt. It is found before any inner chunk is read.
type IndexError struct {
	Chunk          []int  // the inner chunk's grid coordinates
	Offset, Nbytes uint64 // the entry as stored
	Reason         string
}

func (e *IndexError) Error() string {
	return fmt.Sprintf("%s: corrupt shard index: inner chunk %v (offset %d, nbytes %d): %s", Name, e.Chunk, e.Offset, e.Nbytes, e.Reason)
}

// Is makes every IndexError match codec.ErrCorrupt.
func (e *IndexError) Is(target error) bool { return target == codec.ErrCorrupt }

// corrupt returns a *codec.CorruptError of the codec.
func corrupt(err error, format string, args ...any) error {
	return &codec.CorruptError{Codec: Name, Reason: fmt.Sprintf(format, args...), Err: err}
}

// configError returns a resolution *codec.ConfigError about key (and
// element dim of it, when >= 0), with its JSON pointer when the codec was
// parsed from JSON.
func (c *Codec) configError(key string, dim int, reason string) error {
	var ptr string
	switch key {
	case "chunk_shape":
		ptr = c.pointers.chunkShape
	case "index_codecs":
		ptr = c.pointers.indexCodecs
	}
	if ptr != "" && dim >= 0 {
		ptr = strictjson.Pointer(ptr, strconv.Itoa(dim))
	}
	return &codec.ConfigError{Pointer: ptr, Codec: Name, Key: key, Reason: reason}
}
