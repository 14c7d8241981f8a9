package zarr

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"

	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/region"
	"github.com/zcodec/zcodec/store"
)

func stringType(t testing.TB, raw string) numeric.DataType {
	t.Helper()
	dt, err := numeric.ParseDataTypeJSON([]byte(raw))
	if err != nil {
		t.Fatal(err)
	}
	return dt
}

// TestStringsRoundTrip writes regions across chunks of 2-d arrays of every
// text and byte-string type and reads regions back against a plain model.
func TestStringsRoundTrip(t *testing.T) {
	ctx := context.Background()
	tests := []struct {
		dtype, fill, codecs string
		text                bool
		gen                 func(i int) string
		fillValue           string
	}{
		{`"string"`, `"-"`, `[{"name":"vlen-utf8"},{"name":"zstd","configuration":{"level":1}}]`, true,
			func(i int) string { return fmt.Sprintf("s%dé%s", i, string(rune(0x1f600+i%3))) }, "-"},
		{`"string"`, `""`, `[{"name":"vlen-utf8"}]`, true,
			func(i int) string { return string(bytes.Repeat([]byte{'a' + byte(i%26)}, i%5)) }, ""},
		{`"bytes"`, `"AQI="`, `[{"name":"vlen-bytes"},{"name":"gzip","configuration":{"level":1}}]`, false,
			func(i int) string { return string([]byte{byte(i), 0, byte(i >> 8)}[:i%4]) }, "\x01\x02"},
		{`{"name":"fixed_length_utf32","configuration":{"length_bytes":12}}`, `"ab"`, `[{"name":"bytes","configuration":{"endian":"big"}}]`, true,
			func(i int) string { return fmt.Sprintf("%d€", i%100) }, "ab"},
		{`{"name":"null_terminated_bytes","configuration":{"length_bytes":3}}`, `"eg=="`, `[{"name":"bytes"}]`, false,
			func(i int) string { return fmt.Sprint(i % 1000) }, "z"},
		{`"r16"`, `[0, 7]`, `[{"name":"bytes"}]`, false,
			func(i int) string { return string([]byte{byte(i), byte(i >> 8)}) }, "\x00\x07"},
	}
	for _, tt := range tests {
		dt := stringType(t, tt.dtype)
		s := store.NewMemory()
		shape := []int64{7, 9}
		a := create(t, s, "a", newMeta(t, shape, []int{3, 4}, dt, tt.fill, tt.codecs, ""), 2)
		model := make([]string, 63)
		for i := range model {
			model[i] = tt.fillValue
		}
		// Nothing written: every element is the fill value.
		check := func(r region.Box) {
			t.Helper()
			var got []string
			if tt.text {
				v, err := ReadStrings(ctx, a, r)
				if err != nil {
					t.Fatalf("%s: %v", tt.dtype, err)
				}
				got = v
			} else {
				v, err := ReadByteStrings(ctx, a, r)
				if err != nil {
					t.Fatalf("%s: %v", tt.dtype, err)
				}
				for _, b := range v {
					got = append(got, string(b))
				}
			}
			var want []string
			for i := r.Start[0]; i < r.Stop[0]; i++ {
				for j := r.Start[1]; j < r.Stop[1]; j++ {
					want = append(want, model[i*9+j])
				}
			}
			if !slices.Equal(got, want) {
				t.Fatalf("%s region %v:\n got %q\nwant %q", tt.dtype, r, got, want)
			}
		}
		check(region.Whole(shape))
		write := func(r region.Box, base int) {
			t.Helper()
			var src []string
			for i := r.Start[0]; i < r.Stop[0]; i++ {
				for j := r.Start[1]; j < r.Stop[1]; j++ {
					v := tt.gen(base + int(i*9+j))
					model[i*9+j] = v
					src = append(src, v)
				}
			}
			var err error
			if tt.text {
				err = WriteStrings(ctx, a, r, src)
			} else {
				bs := make([][]byte, len(src))
				for i, v := range src {
					bs[i] = []byte(v)
				}
				err = WriteByteStrings(ctx, a, r, bs)
			}
			if err != nil {
				t.Fatalf("%s write %v: %v", tt.dtype, r, err)
			}
		}
		write(region.FromShape([]int64{1, 2}, []int64{4, 5}), 0)
		check(region.Whole(shape))
		check(region.FromShape([]int64{2, 3}, []int64{3, 6}))
		write(region.FromShape([]int64{0, 0}, []int64{6, 8}), 100)
		check(region.Whole(shape))
		check(region.FromShape([]int64{6, 8}, []int64{1, 1}))
		// Reopened, the array reads the same.
		b, err := Open(ctx, s, "a", nil)
		if err != nil {
			t.Fatal(err)
		}
		a = b
		check(region.FromShape([]int64{0, 1}, []int64{7, 7}))
		// Writing the fill everywhere deletes every chunk.
		for i := range model {
			model[i] = tt.fillValue
		}
		fillAll := make([]string, 63)
		for i := range fillAll {
			fillAll[i] = tt.fillValue
		}
		if tt.text {
			err = WriteStrings(ctx, a, region.Whole(shape), fillAll)
		} else {
			bs := make([][]byte, 63)
			for i := range bs {
				bs[i] = []byte(tt.fillValue)
			}
			err = WriteByteStrings(ctx, a, region.Whole(shape), bs)
		}
		if err != nil {
			t.Fatal(err)
		}
		var keys []string
		s.List(ctx, "a/c", func(e store.Entry) error { keys = append(keys, e.Key); return nil })
		if len(keys) != 0 {
			t.Errorf("%s: chunks left after writing the fill: %v", tt.dtype, keys)
		}
		check(region.Whole(shape))
	}
}

func TestStringsErrors(t *testing.T) {
	ctx := context.Background()
	s := store.NewMemory()
	a := create(t, s, "a", newMeta(t, []int64{4}, []int{2}, numeric.String, `""`, `[{"name":"vlen-utf8"}]`, ""), 1)
	var ste *StringTypeError
	if _, err := ReadByteStrings(ctx, a, region.Whole([]int64{4})); !errors.As(err, &ste) {
		t.Errorf("ReadByteStrings of string: %v", err)
	}
	if err := a.ReadRegion(ctx, region.Whole([]int64{4}), nil); err == nil {
		t.Error("ReadRegion of a string array succeeded")
	}
	var ee *ElementError
	if err := WriteStrings(ctx, a, region.Whole([]int64{4}), []string{"a", "\xff", "", ""}); !errors.As(err, &ee) || ee.Index != 1 {
		t.Errorf("invalid UTF-8 in element 1: %v, want an *ElementError of index 1", err)
	}
	if err := WriteStrings(ctx, a, region.Whole([]int64{4}), []string{"a"}); err == nil {
		t.Error("wrote 1 element into 4")
	}
	s.Set(ctx, "a/c/0", []byte{3, 0, 0, 0})
	if _, err := ReadStrings(ctx, a, region.Whole([]int64{4})); err == nil {
		t.Error("read a chunk of the wrong count")
	}
	u, _ := numeric.NewFixedLengthUTF32(8)
	b := create(t, s, "b", newMeta(t, []int64{2}, []int{2}, u, `""`, `[{"name":"bytes","configuration":{"endian":"little"}}]`, ""), 1)
	if err := WriteStrings(ctx, b, region.Whole([]int64{2}), []string{"", "abc"}); !errors.As(err, &ee) || ee.Index != 1 {
		t.Errorf("3 code points into fixed_length_utf32 of 2: %v, want an *ElementError of index 1", err)
	}
	nb, _ := numeric.NewNullTerminatedBytes(2)
	c := create(t, s, "c", newMeta(t, []int64{2}, []int{2}, nb, `""`, `[{"name":"bytes"}]`, ""), 1)
	if err := WriteByteStrings(ctx, c, region.Whole([]int64{2}), [][]byte{[]byte("abc"), nil}); !errors.As(err, &ee) || ee.Index != 0 || ee.Call != "WriteByteStrings" {
		t.Errorf("3 bytes into null_terminated_bytes of 2: %v, want an *ElementError of WriteByteStrings, index 0", err)
	}
}
