package kerchunk

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
)

// maxGridChunks bounds the chunks of one array's grid that a Parquet set
// indexes (fsspec numbers them in one integer).
const maxGridChunks = 1 << 62

// IsMetadataKey reports whether key is a Zarr v2 metadata key (its last
// segment begins ".z": .zarray, .zattrs, .zgroup, .zmetadata), as fsspec
// tells them from chunk keys.
func IsMetadataKey(key string) bool {
	return strings.HasPrefix(key, ".z") || strings.Contains(key, "/.z")
}

// grid is an array's chunk grid: the number of chunks along each
// dimension ([1] for a scalar array, as fsspec counts it).
type grid []int64

// gridOf reads the chunk grid from a .zarray document.
func gridOf(zarray []byte) (grid, error) {
	var za struct {
		Shape  []int64 `json:"shape"`
		Chunks []int64 `json:"chunks"`
	}
	if err := json.Unmarshal(zarray, &za); err != nil {
		return nil, fmt.Errorf("bad .zarray: %w", err)
	}
	if len(za.Shape) != len(za.Chunks) {
		return nil, fmt.Errorf(".zarray has shape of %d dimensions and chunks of %d", len(za.Shape), len(za.Chunks))
	}
	if len(za.Shape) == 0 {
		return grid{1}, nil
	}
	g := make(grid, len(za.Shape))
	total := int64(1)
	for i, n := range za.Shape {
		c := za.Chunks[i]
		if n < 0 || c <= 0 {
			return nil, fmt.Errorf(".zarray has shape %v and chunks %v", za.Shape, za.Chunks)
		}
		g[i] = n / c
		if n%c != 0 {
			g[i]++
		}
		if g[i] != 0 && total > maxGridChunks/g[i] {
			return nil, fmt.Errorf(".zarray's grid of chunks %v is too large", g)
		}
		total *= g[i]
	}
	return g, nil
}

// count returns the number of chunks of the grid.
func (g grid) count() int64 {
	n := int64(1)
	for _, d := range g {
		n *= d
	}
	return n
}

// index returns the C-order number of the chunk named by chunk ("i.j.k"),
// or ok false when chunk names no chunk of the grid.
func (g grid) index(chunk string) (n int64, ok bool) {
	parts := strings.Split(chunk, ".")
	if len(parts) != len(g) {
		return 0, false
	}
	for i, p := range parts {
		if p == "" || (len(p) > 1 && p[0] == '0') || p[0] == '+' || p[0] == '-' {
			return 0, false
		}
		v, err := strconv.ParseInt(p, 10, 64)
		if err != nil || v < 0 || v >= g[i] {
			return 0, false
		}
		n = n*g[i] + v
	}
	return n, true
}

// key returns the chunk key suffix ("i.j.k") of chunk number n.
func (g grid) key(n int64) string {
	idx := make([]int64, len(g))
	for i := len(g) - 1; i >= 0; i-- {
		idx[i] = n % g[i]
		n /= g[i]
	}
	var b strings.Builder
	for i, v := range idx {
		if i > 0 {
			b.WriteByte('.')
		}
		b.WriteString(strconv.FormatInt(v, 10))
	}
	return b.String()
}

// splitChunkKey splits "field/chunk" at its last slash.
func splitChunkKey(key string) (field, chunk string, ok bool) {
	i := strings.LastIndexByte(key, '/')
	if i <= 0 || i == len(key)-1 {
		return "", "", false
	}
	return key[:i], key[i+1:], true
}
