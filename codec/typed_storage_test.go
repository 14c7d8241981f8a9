package codec_test

import (
	"encoding/binary"
	"errors"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/numeric"
)

// TestSliceStorageType checks that the slice functions take the Go type
// that holds a type's elements in memory (int64 for dates and durations)
// and refuse the others, naming that type.
func TestSliceStorageType(t *testing.T) {
	dt, err := numeric.NewDatetime64(numeric.Seconds, 10)
	if err != nil {
		t.Fatal(err)
	}
	p := bytesPipeline(t, dt, numeric.BigEndian, 3)
	vals := []int64{math.MinInt64, -1, 1 << 40}
	enc, err := codec.AppendEncodeSlice(p, nil, vals)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := binary.Append(nil, binary.BigEndian, vals)
	if !slices.Equal(enc, want) {
		t.Errorf("AppendEncodeSlice(datetime64) = % x, want % x", enc, want)
	}
	back := make([]int64, 3)
	if err := codec.DecodeSlice(p, back, enc); err != nil || !slices.Equal(back, vals) {
		t.Errorf("DecodeSlice(datetime64) = %v, %v", back, err)
	}

	_, err = codec.AppendEncodeSlice(p, nil, []uint64{1, 2, 3})
	var te *codec.SliceTypeError
	if !errors.As(err, &te) || te.Got != numeric.Uint64 || te.Want != dt ||
		!strings.HasSuffix(err.Error(), "numpy.datetime64(unit=s, scale_factor=10) (held as int64)") {
		t.Errorf("AppendEncodeSlice([]uint64) on datetime64: %v", err)
	}
	if err := codec.DecodeSlice(bytesPipeline(t, numeric.Int64, numeric.LittleEndian, 1), make([]int64, 1), make([]byte, 8)); err != nil {
		t.Errorf("DecodeSlice([]int64) on int64: %v", err)
	}
}
