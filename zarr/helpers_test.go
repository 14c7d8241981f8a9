package zarr

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/zcodec/zcodec/codec"
	_ "github.com/zcodec/zcodec/codecs"
	"github.com/zcodec/zcodec/metadata"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/region"
	"github.com/zcodec/zcodec/registry"
	"github.com/zcodec/zcodec/store"
)

// newMeta builds array metadata for tests from a codecs JSON list.
func newMeta(t testing.TB, shape []int64, chunks []int, dt numeric.DataType, fill string, codecs string, keyEnc string) *metadata.ArrayDefinition {
	t.Helper()
	chain, err := registry.Default().ParseCodecs(json.RawMessage(codecs), "/codecs")
	if err != nil {
		t.Fatal(err)
	}
	f, err := numeric.ParseFillValue(dt, []byte(fill))
	if err != nil {
		t.Fatal(err)
	}
	m := &metadata.ArrayDefinition{Shape: shape, DataType: dt, ChunkShape: chunks, FillValue: f, Codecs: chain.Codecs}
	if keyEnc != "" {
		m.ChunkKeyEncoding = json.RawMessage(keyEnc)
	}
	return m
}

// tempDirStore opens a directory store on a new temporary directory, closed
// when the test ends, and returns it with the directory's path.
func tempDirStore(t testing.TB) (*store.Dir, string) {
	t.Helper()
	root := t.TempDir()
	d, err := store.OpenDir(root)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	return d, root
}

func create(t testing.TB, s store.Store, path string, m *metadata.ArrayDefinition, conc int) *Array {
	t.Helper()
	a, err := Create(context.Background(), s, path, m, &Options{Options: codec.Options{Concurrency: conc}})
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// reference is a plain C-order model of an array, to check regions
// against.
type reference[T any] struct {
	shape []int64
	data  []T
}

func newReference[T any](shape []int64, fill T) *reference[T] {
	n := int64(1)
	for _, d := range shape {
		n *= d
	}
	r := &reference[T]{shape: shape, data: make([]T, n)}
	for i := range r.data {
		r.data[i] = fill
	}
	return r
}

// each calls fn with the flat index into the array and the flat index into
// the region of every element of reg, in C order.
func (ref *reference[T]) each(reg region.Box, fn func(arrayIdx, regionIdx int)) {
	rank := len(ref.shape)
	if reg.Size() == 0 {
		return
	}
	idx := make([]int64, rank)
	for k := 0; ; k++ {
		off := int64(0)
		for d := range rank {
			off = off*ref.shape[d] + reg.Start[d] + idx[d]
		}
		fn(int(off), k)
		d := rank - 1
		for ; d >= 0; d-- {
			idx[d]++
			if idx[d] < reg.Len(d) {
				break
			}
			idx[d] = 0
		}
		if d < 0 {
			return
		}
	}
}

func (ref *reference[T]) read(reg region.Box) []T {
	out := make([]T, reg.Size())
	ref.each(reg, func(a, r int) { out[r] = ref.data[a] })
	return out
}

func (ref *reference[T]) write(reg region.Box, src []T) {
	ref.each(reg, func(a, r int) { ref.data[a] = src[r] })
}

func numericNaN() float64 {
	var z float64
	return z / z
}

const bytesLE = `[{"name":"bytes","configuration":{"endian":"little"}}]`
