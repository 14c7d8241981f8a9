package zarr

import (
	"encoding/json"
	"strconv"
	"strings"

	"github.com/zcodec/zcodec/metadata"
)

// keyEncoding is a chunk key encoding of Zarr v3: "default" ("c" then the
// coordinates, each after the separator) or "v2" (the coordinates joined by
// the separator, "0" for a rank-0 array).
type keyEncoding struct {
	v2  bool
	sep string // "/" or "."
}

// parseKeyEncoding reads a chunk_key_encoding object with
// metadata.ParseKeyEncoding; nil means the default encoding with "/".
func parseKeyEncoding(raw json.RawMessage) (keyEncoding, error) {
	k, err := metadata.ParseKeyEncoding(raw)
	if err != nil {
		return keyEncoding{}, err
	}
	return keyEncoding{v2: k.Name == "v2", sep: k.Separator}, nil
}

// key returns the key of the chunk at coords, relative to the array.
func (k keyEncoding) key(coords []int64) string {
	var b strings.Builder
	if !k.v2 {
		b.WriteByte('c')
	} else if len(coords) == 0 {
		return "0"
	}
	for i, c := range coords {
		if i > 0 || !k.v2 {
			b.WriteString(k.sep)
		}
		b.WriteString(strconv.FormatInt(c, 10))
	}
	return b.String()
}

// parse returns the coordinates of a chunk key relative to the array, or
// false when key is not a chunk key of this encoding and rank. The
// coordinates are not checked against the grid.
func (k keyEncoding) parse(key string, rank int) ([]int64, bool) {
	if !k.v2 {
		if key == "c" {
			return []int64{}, rank == 0
		}
		rest, ok := strings.CutPrefix(key, "c"+k.sep)
		if !ok || rank == 0 {
			return nil, false
		}
		key = rest
	} else if rank == 0 {
		return []int64{}, key == "0"
	}
	parts := strings.Split(key, k.sep)
	if len(parts) != rank {
		return nil, false
	}
	coords := make([]int64, rank)
	for i, p := range parts {
		v, err := strconv.ParseInt(p, 10, 64)
		if err != nil || v < 0 || strconv.FormatInt(v, 10) != p {
			return nil, false
		}
		coords[i] = v
	}
	return coords, true
}

// holdsChunks reports whether key, relative to the array, names a
// directory of chunk keys of this encoding and rank: "c" or "c/1" for the
// default encoding with "/" (rank 2), "1" for the v2 encoding with "/".
// A store that cannot read such a directory hides the chunks below it.
func (k keyEncoding) holdsChunks(key string, rank int) bool {
	if k.sep != "/" || rank == 0 {
		return false
	}
	parts := strings.Split(key, "/")
	if !k.v2 {
		if parts[0] != "c" {
			return false
		}
		parts = parts[1:]
	} else if key == "" {
		return false
	}
	if len(parts) >= rank {
		return false
	}
	for _, p := range parts {
		v, err := strconv.ParseInt(p, 10, 64)
		if err != nil || v < 0 || strconv.FormatInt(v, 10) != p {
			return false
		}
	}
	return true
}
