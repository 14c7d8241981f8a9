package codec

import (
	"encoding/binary"
	"math"
	"slices"
	"testing"

	"github.com/zcodec/zcodec/numeric"
)

// TestBigEndianHostPath runs the conversions a big-endian host uses
// (putElements, getElements) on this machine: they must give the
// little-endian encoding whatever the host order.
func TestBigEndianHostPath(t *testing.T) {
	i64 := []int64{math.MinInt64, -2, 1 << 50}
	checkHostPath(t, i64, binary.LittleEndian.AppendUint64, func(v int64) uint64 { return uint64(v) })
	i8 := []int8{-8, -1, 7}
	checkHostPath(t, i8, func(b []byte, v uint8) []byte { return append(b, v) }, func(v int8) uint8 { return uint8(v) })
	f32 := []float32{1.5, float32(math.Inf(-1)), math.SmallestNonzeroFloat32}
	checkHostPath(t, f32, binary.LittleEndian.AppendUint32, math.Float32bits)
	c128 := []complex128{complex(1, -2), complex(math.MaxFloat64, math.SmallestNonzeroFloat64)}
	var want []byte
	for _, v := range c128 {
		want = binary.LittleEndian.AppendUint64(want, math.Float64bits(real(v)))
		want = binary.LittleEndian.AppendUint64(want, math.Float64bits(imag(v)))
	}
	b := make([]byte, len(want))
	putElements(b, c128)
	if !slices.Equal(b, want) {
		t.Errorf("putElements(complex128) = % x, want % x", b, want)
	}
	back := make([]complex128, len(c128))
	getElements(back, want)
	if !slices.Equal(back, c128) {
		t.Errorf("getElements(complex128) = %v, want %v", back, c128)
	}
}

func checkHostPath[T numeric.Element, U any](t *testing.T, vals []T, app func([]byte, U) []byte, bits func(T) U) {
	t.Helper()
	var want []byte
	for _, v := range vals {
		want = app(want, bits(v))
	}
	b := make([]byte, len(want))
	putElements(b, vals)
	if !slices.Equal(b, want) {
		t.Errorf("putElements(%T) = % x, want % x", vals, b, want)
	}
	back := make([]T, len(vals))
	getElements(back, want)
	if !slices.Equal(back, vals) {
		t.Errorf("getElements(%T) = %v, want %v", vals, back, vals)
	}
}
