package zarr

import (
	"context"
	"encoding/binary"
	"errors"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/metadata"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/region"
	"github.com/zcodec/zcodec/registry"
	"github.com/zcodec/zcodec/store"
)

// TestTypedStorage checks that Read, ReadInto and Write take the Go type
// holding a type's elements in memory (int64 for dates and durations),
// store the bytes codec's encoding of it, and refuse other types.
func TestTypedStorage(t *testing.T) {
	ctx := context.Background()
	dt, err := numeric.NewTimedelta64(numeric.Milliseconds, 1)
	if err != nil {
		t.Fatal(err)
	}
	chain, err := registry.Default().ParseCodecs([]byte(`[{"name":"bytes","configuration":{"endian":"big"}}]`), "/codecs")
	if err != nil {
		t.Fatal(err)
	}
	m := &metadata.ArrayDefinition{Shape: []int64{5}, DataType: dt, ChunkShape: []int{2}, FillValue: numeric.Zero(dt), Codecs: chain.Codecs}
	s := store.NewMemory()
	a := create(t, s, "d", m, 1)
	vals := []int64{math.MinInt64, -1, 0, 86_400_000, math.MaxInt64}
	if err := Write(ctx, a, region.Whole(m.Shape), vals); err != nil {
		t.Fatal(err)
	}
	got, err := Read[int64](ctx, a, region.Whole(m.Shape))
	if err != nil || !slices.Equal(got, vals) {
		t.Errorf("Read[int64] = %v, %v; want %v", got, err, vals)
	}
	raw, err := s.Get(ctx, "d/c/1", -1)
	if want := binary.BigEndian.AppendUint64(binary.BigEndian.AppendUint64(nil, 0), 86_400_000); err != nil || !slices.Equal(raw, want) {
		t.Errorf("chunk c/1 = % x, %v; want % x", raw, err, want)
	}
	// Opened again from its zarr.json: the type and a "NaT" fill survive.
	doc, err := s.Get(ctx, "d/zarr.json", -1)
	if err != nil {
		t.Fatal(err)
	}
	doc = []byte(strings.Replace(string(doc), `"fill_value": 0`, `"fill_value": "NaT"`, 1))
	if err := s.Set(ctx, "d/zarr.json", doc); err != nil {
		t.Fatal(err)
	}
	b, err := Open(ctx, s, "d", nil)
	if err != nil {
		t.Fatal(err)
	}
	if v, ok := b.FillValue().TimeCount(); b.DataType() != dt || !ok || v != numeric.NaT {
		t.Errorf("reopened: %v, fill %v; want %v, NaT\n%s", b.DataType(), b.FillValue(), dt, doc)
	}
	var te *codec.SliceTypeError
	if _, err := Read[uint64](ctx, a, region.Whole(m.Shape)); !errors.As(err, &te) || te.Want != dt || te.Got != numeric.Uint64 {
		t.Errorf("Read[uint64] of a timedelta64 array: %v", err)
	}
	if err := Write(ctx, a, region.Whole(m.Shape), make([]float64, 5)); !errors.As(err, &te) {
		t.Errorf("Write([]float64) to a timedelta64 array: %v", err)
	}
}

// TestBigEndianHostPath runs the conversions a big-endian host uses on
// this machine: they must give the little-endian encoding whatever the
// host order.
func TestBigEndianHostPath(t *testing.T) {
	i64 := []int64{math.MinInt64, -2, 1 << 50}
	b := make([]byte, 24)
	putLittleEndian(b, i64)
	var want []byte
	for _, v := range i64 {
		want = binary.LittleEndian.AppendUint64(want, uint64(v))
	}
	if !slices.Equal(b, want) {
		t.Errorf("putLittleEndian(int64) = % x, want % x", b, want)
	}
	back := make([]int64, 3)
	getLittleEndian(back, want)
	if !slices.Equal(back, i64) {
		t.Errorf("getLittleEndian(int64) = %v", back)
	}
	f16 := []numeric.F16{0x3c00, 0x7e01}
	b = make([]byte, 4)
	putLittleEndian(b, f16)
	if !slices.Equal(b, []byte{0x00, 0x3c, 0x01, 0x7e}) {
		t.Errorf("putLittleEndian(F16) = % x", b)
	}
	f16back := make([]numeric.F16, 2)
	getLittleEndian(f16back, b)
	if !slices.Equal(f16back, f16) {
		t.Errorf("getLittleEndian(F16) = %v", f16back)
	}
	bools := make([]bool, 3)
	getLittleEndian(bools, []byte{1, 0, 1})
	if !slices.Equal(bools, []bool{true, false, true}) {
		t.Errorf("getLittleEndian(bool) = %v", bools)
	}
}
