package zarr

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/zcodec/zcodec/metadata"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/region"
	"github.com/zcodec/zcodec/registry"
	"github.com/zcodec/zcodec/store"
)

// TestSmallTypesRoundTrip writes a v3 array of each sub-byte integer and
// small float type (every value, partial chunks filled with the fill
// value) through bytes and zstd, reopens it from its metadata and reads
// every value back.
func TestSmallTypesRoundTrip(t *testing.T) {
	ctx := context.Background()
	mem := store.NewMemory()
	for _, dt := range numeric.DataTypes {
		if dt.Storage() == dt || !(dt.IsInteger() || dt.IsFloat()) {
			continue
		}
		chain, err := registry.Default().ParseCodecs([]byte(`["bytes", {"name": "zstd", "configuration": {"level": 1, "checksum": false}}]`), "/codecs")
		if err != nil {
			t.Fatal(err)
		}
		n := 1 << dt.Bits()
		fill := numeric.ScalarFromBits(dt, 1, 0)
		a, err := Create(ctx, mem, dt.String(), &metadata.ArrayDefinition{
			Shape: []int64{int64(n + 3)}, DataType: dt, ChunkShape: []int{7}, FillValue: fill, Codecs: chain.Codecs,
		}, nil)
		if err != nil {
			t.Fatalf("%v: %v", dt, err)
		}
		vals := make([]byte, n)
		for b := range vals {
			vals[b] = numeric.CanonicalByte(dt, byte(b))
		}
		if err := a.WriteRegion(ctx, region.FromShape([]int64{0}, []int64{int64(n)}), vals); err != nil {
			t.Fatalf("%v: %v", dt, err)
		}
		doc, err := mem.Get(ctx, dt.String()+"/zarr.json", -1)
		if err != nil || !strings.Contains(string(doc), `"data_type": "`+dt.String()+`"`) && !strings.Contains(string(doc), `"data_type":"`+dt.String()+`"`) {
			t.Fatalf("%v: metadata %s, %v", dt, doc, err)
		}
		b, err := Open(ctx, mem, dt.String(), nil)
		if err != nil {
			t.Fatalf("%v: reopen: %v", dt, err)
		}
		if b.DataType() != dt || b.FillValue() != fill {
			t.Errorf("%v: reopened as %v fill %v", dt, b.DataType(), b.FillValue())
		}
		got := make([]byte, n+3)
		if err := b.ReadRegion(ctx, region.Whole(b.Shape()), got); err != nil {
			t.Fatalf("%v: %v", dt, err)
		}
		want := append(append([]byte(nil), vals...), 1, 1, 1)
		if !bytes.Equal(got, want) {
			t.Errorf("%v: read % x, want % x", dt, got, want)
		}
	}
}

// TestCastValueIntoSmallFloats writes float32 values through cast_value
// into each small float type and reads back the values rounded to it.
func TestCastValueIntoSmallFloats(t *testing.T) {
	ctx := context.Background()
	mem := store.NewMemory()
	src := []float32{0, 1, -1.5, 0.3, 3, 1e-3, 7}
	for _, dt := range numeric.DataTypes {
		if dt.Storage() == dt || !dt.IsFloat() {
			continue
		}
		chain, err := registry.Default().ParseCodecs([]byte(`[{"name": "cast_value", "configuration": {"data_type": "`+dt.String()+`", "out_of_range": "clamp"}}, "bytes"]`), "/codecs")
		if err != nil {
			t.Fatal(err)
		}
		a, err := Create(ctx, mem, "cast_"+dt.String(), &metadata.ArrayDefinition{
			Shape: []int64{int64(len(src))}, DataType: numeric.Float32, ChunkShape: []int{4},
			FillValue: numeric.FloatScalar(numeric.Float32, 1), Codecs: chain.Codecs,
		}, nil)
		if err != nil {
			t.Fatalf("%v: %v", dt, err)
		}
		vals := src
		if dt == numeric.Float8E8M0FNU {
			vals = []float32{1, 2, 0.3, 3, 1e-3, 7, 0.5} // positive only
		}
		if err := Write(ctx, a, region.Whole(a.Shape()), vals); err != nil {
			t.Fatalf("%v: %v", dt, err)
		}
		got, err := Read[float32](ctx, a, region.Whole(a.Shape()))
		if err != nil {
			t.Fatalf("%v: %v", dt, err)
		}
		for i, v := range vals {
			b, _ := numeric.NarrowFloat64(float64(v), dt, numeric.NearestEven)
			if want := float32(numeric.WidenFloat(b, dt)); got[i] != want {
				t.Errorf("%v: %v reads back as %v, want %v", dt, v, got[i], want)
			}
		}
	}
}

// TestSmallFloatNaNFill writes arrays of the small floats that have a NaN
// with "NaN" as the fill value: a chunk of NaNs (any pattern) is not
// stored, a chunk with other values is, and both read back.
func TestSmallFloatNaNFill(t *testing.T) {
	ctx := context.Background()
	mem := store.NewMemory()
	for _, dt := range numeric.DataTypes {
		l, ok := dt.FloatLayout()
		if dt.Storage() == dt || !ok || !l.NaN {
			continue
		}
		chain, err := registry.Default().ParseCodecs([]byte(`["bytes"]`), "/codecs")
		if err != nil {
			t.Fatal(err)
		}
		fill, err := numeric.ParseFillValue(dt, []byte(`"NaN"`))
		if err != nil {
			t.Fatal(err)
		}
		a, err := Create(ctx, mem, "nan_"+dt.String(), &metadata.ArrayDefinition{
			Shape: []int64{4}, DataType: dt, ChunkShape: []int{2}, FillValue: fill, Codecs: chain.Codecs,
		}, nil)
		if err != nil {
			t.Fatalf("%v: %v", dt, err)
		}
		lo, _ := fill.Bits()
		nan2 := byte(lo) // another NaN where the type has more than one
		if l.IEEE {
			nan2 |= 1 << (l.MantBits + l.ExpBits)
		}
		vals := []byte{byte(lo), nan2, numeric.CanonicalByte(dt, 0x38), byte(lo)}
		if err := a.WriteRegion(ctx, region.Whole(a.Shape()), vals); err != nil {
			t.Fatalf("%v: %v", dt, err)
		}
		if _, err := mem.Get(ctx, "nan_"+dt.String()+"/c/0", -1); err == nil {
			t.Errorf("%v: a chunk of NaNs was stored", dt)
		}
		got := make([]byte, 4)
		if err := a.ReadRegion(ctx, region.Whole(a.Shape()), got); err != nil {
			t.Fatalf("%v: %v", dt, err)
		}
		if got[2] != vals[2] || got[3] != vals[3] {
			t.Errorf("%v: read % x, want % x", dt, got, vals)
		}
	}
}
