package advisor

import (
	"bytes"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/internal/elements"
	"github.com/zcodec/zcodec/internal/hostorder"
	"github.com/zcodec/zcodec/numeric"
)

// Sample is what the advisor sees of an array: some of its chunks, whole
// and decoded, and the spec they share.
type Sample struct {
	// Spec is the decoded chunk spec: the array's data type, its chunk
	// shape and its fill value.
	Spec codec.ChunkSpec
	// Chunks are whole decoded chunks, Spec.Size() bytes each: elements in
	// C order, little-endian (the decoded side of a codec.Pipeline).
	Chunks [][]byte
	// Complete says that Chunks are every chunk of the array. Otherwise
	// they are a sample, and elements elsewhere may lie outside the range
	// the sample shows (see the package documentation on headroom).
	Complete bool
	// ArrayChunks is the number of chunks of the array, or 0 when unknown.
	// It is only reported.
	ArrayChunks int64
	// Extents, when not nil, has one entry per chunk: nil for a chunk that
	// lies whole inside the array, or, for an edge chunk, the shape of its
	// part inside the array (the leading Extents[i][d] indices of every
	// dimension d). The elements beyond it are encoded as a stored edge
	// chunk holds them (the fill value), but they are left out of the
	// ValueStats and of the errors measured.
	Extents [][]int
}

// NewSample returns a sample of chunks held as Go slices of the element
// type of spec.DataType (numeric.DataTypeOf), each of the chunk's element
// count. The chunks are copied. The sample is not Complete.
func NewSample[T numeric.Element](spec codec.ChunkSpec, chunks ...[]T) (*Sample, error) {
	if dt := numeric.DataTypeOf[T](); dt != spec.DataType {
		return nil, &SampleError{Chunk: -1, Reason: fmt.Sprintf("chunks of %v values for an array of %v", dt, spec.DataType)}
	}
	if err := spec.Validate(); err != nil {
		return nil, &SampleError{Chunk: -1, Reason: "chunk spec: " + err.Error()}
	}
	s := &Sample{Spec: spec.Clone()}
	n := spec.NumElements()
	for i, c := range chunks {
		if len(c) != n {
			return nil, &SampleError{Chunk: i, Reason: fmt.Sprintf("%d elements, want %d (chunk shape %v)", len(c), n, spec.Shape)}
		}
		s.Chunks = append(s.Chunks, littleEndianBytes(c))
	}
	return s, s.validate()
}

// littleEndianBytes returns a copy of c as little-endian element bytes.
func littleEndianBytes[T numeric.Element](c []T) []byte {
	if hostorder.LittleEndian {
		return bytes.Clone(elements.Bytes(c))
	}
	size := numeric.DataTypeOf[T]().Size()
	b := make([]byte, len(c)*size)
	for i, v := range c {
		numeric.ScalarOf(v).PutBytes(b[i*size:])
	}
	return b
}

// validate checks the spec and the chunk sizes.
func (s *Sample) validate() error {
	if err := s.Spec.Validate(); err != nil {
		return &SampleError{Chunk: -1, Reason: "chunk spec: " + err.Error()}
	}
	if len(s.Chunks) == 0 {
		return &SampleError{Chunk: -1, Reason: "no chunks"}
	}
	size := s.Spec.Size()
	for i, c := range s.Chunks {
		if len(c) != size {
			return &SampleError{Chunk: i, Reason: fmt.Sprintf("%d bytes, want %d (%v)", len(c), size, s.Spec)}
		}
	}
	if s.Extents == nil {
		return nil
	}
	if len(s.Extents) != len(s.Chunks) {
		return &SampleError{Chunk: -1, Reason: fmt.Sprintf("%d extents for %d chunks", len(s.Extents), len(s.Chunks))}
	}
	for i, e := range s.Extents {
		if e == nil {
			continue
		}
		if len(e) != len(s.Spec.Shape) {
			return &SampleError{Chunk: i, Reason: fmt.Sprintf("extent %v for a chunk of shape %v", e, s.Spec.Shape)}
		}
		for d, n := range e {
			if n < 1 || n > s.Spec.Shape[d] {
				return &SampleError{Chunk: i, Reason: fmt.Sprintf("extent %v is not inside the chunk shape %v", e, s.Spec.Shape)}
			}
		}
	}
	return nil
}

// Bytes returns the decoded size of the sample.
func (s *Sample) Bytes() int64 { return int64(len(s.Chunks)) * int64(s.Spec.Size()) }

// SpreadChunks returns the coordinates of n chunks spread over a chunk
// grid of the given shape (chunks per dimension), or of every chunk when
// the grid has at most n. The choice is deterministic: an additive
// recurrence with one irrational step per dimension (the generalised golden
// ratio), which covers every dimension evenly, including grids where a
// regular stride would keep returning to the same column.
func SpreadChunks(grid []int64, n int) [][]int64 {
	total := int64(1)
	for _, g := range grid {
		if g <= 0 {
			return nil
		}
		if total > math.MaxInt64/g {
			total = math.MaxInt64
		} else {
			total *= g
		}
	}
	if n <= 0 {
		return nil
	}
	if total <= int64(n) {
		out := make([][]int64, 0, total)
		for i := int64(0); i < total; i++ {
			out = append(out, unravel(i, grid))
		}
		return out
	}
	d := len(grid)
	// phi is the root above 1 of x^(d+1) = x + 1; steps 1/phi^(k+1).
	phi := 2.0
	for range 64 {
		phi -= (math.Pow(phi, float64(d+1)) - phi - 1) / (float64(d+1)*math.Pow(phi, float64(d)) - 1)
	}
	alpha := make([]float64, d)
	for k := range alpha {
		alpha[k] = math.Pow(1/phi, float64(k+1))
	}
	seen := make(map[string]bool, n)
	out := make([][]int64, 0, n)
	for j := 0; len(out) < n && j < 64*n; j++ {
		c := make([]int64, d)
		var key strings.Builder
		for k := range c {
			f := 0.5 + alpha[k]*float64(j)
			f -= math.Floor(f)
			c[k] = min(grid[k]-1, int64(f*float64(grid[k])))
			key.WriteString(strconv.FormatInt(c[k], 10))
			key.WriteByte(',')
		}
		if !seen[key.String()] {
			seen[key.String()] = true
			out = append(out, c)
		}
	}
	return out
}

// unravel returns the coordinates of the i-th chunk in C order.
func unravel(i int64, grid []int64) []int64 {
	c := make([]int64, len(grid))
	for k := len(grid) - 1; k >= 0; k-- {
		c[k] = i % grid[k]
		i /= grid[k]
	}
	return c
}
