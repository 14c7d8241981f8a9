package zarr

import (
	"errors"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/zcodec/zcodec/region"
)

func TestParseRegion(t *testing.T) {
	shape := []int64{10, 20, 30}
	for _, tc := range []struct {
		in           string
		start, shape []int64
	}{
		{"", []int64{0, 0, 0}, []int64{10, 20, 30}},
		{"0:10,:,5", []int64{0, 0, 5}, []int64{10, 20, 1}},
		{"2:5", []int64{2, 0, 0}, []int64{3, 20, 30}},
		{" 1 , 2:4 , :7 ", []int64{1, 2, 0}, []int64{1, 2, 7}},
		{"-1,-3:,:-10", []int64{9, 17, 0}, []int64{1, 3, 20}},
		{"...,5", []int64{0, 0, 5}, []int64{10, 20, 1}},
		{"3,...", []int64{3, 0, 0}, []int64{1, 20, 30}},
		{"3,...,4:6", []int64{3, 0, 4}, []int64{1, 20, 2}},
		{"1,2,3,...", []int64{1, 2, 3}, []int64{1, 1, 1}},
		{"5:5", []int64{5, 0, 0}, []int64{0, 20, 30}},
		{"10:", []int64{10, 0, 0}, []int64{0, 20, 30}},
		{"-10:10", []int64{0, 0, 0}, []int64{10, 20, 30}},
	} {
		r, err := ParseRegion(tc.in, shape)
		if err != nil || !slices.Equal(r.Start, tc.start) || !slices.Equal(r.Shape(), tc.shape) {
			t.Errorf("ParseRegion(%q) = %v %v, %v; want %v %v", tc.in, r.Start, r.Shape(), err, tc.start, tc.shape)
		}
	}
	for _, in := range []string{
		"10", "-11", "0:11", "5:4", "-11:", "a", "1:2:1", "1,2,3,4", "...,...", ",", "1,,2", "0x1", "1.5", "9999999999999999999999",
		":a", "b:", "--1", "1 2",
	} {
		if r, err := ParseRegion(in, shape); !errors.Is(err, region.ErrInvalid) {
			t.Errorf("ParseRegion(%q) = %v, %v; want region.ErrInvalid", in, r, err)
		}
	}
	if r, err := ParseRegion("", nil); err != nil || len(r.Start) != 0 || r.Size() != 1 {
		t.Errorf("rank 0: %v %v", r, err)
	}
	if _, err := ParseRegion("0", nil); err == nil {
		t.Error("an index for a rank-0 array was accepted")
	}
	r, _ := ParseRegion("0:10,:,5", shape)
	if got := r.String(); got != "0:10,0:20,5:6" {
		t.Errorf("String = %q", got)
	}
	if back, err := ParseRegion(r.String(), shape); err != nil || !slices.Equal(back.Start, r.Start) || !slices.Equal(back.Shape(), r.Shape()) {
		t.Errorf("String does not parse back: %v %v", back, err)
	}
	var re *region.Error
	if _, err := ParseRegion("1,99", shape); !errors.As(err, &re) || re.Dim != 1 {
		t.Errorf("error for dimension 1: %v", err)
	}
}

func FuzzParseRegion(f *testing.F) {
	for _, s := range []string{"", "0:10,:,5", "-1,...", "1:2:3", "...,-3:", " 4 , : "} {
		f.Add(s, int64(10), int64(20))
	}
	f.Fuzz(func(t *testing.T, s string, d0, d1 int64) {
		if d0 < 0 || d1 < 0 {
			return
		}
		shape := []int64{d0, d1}
		r, err := ParseRegion(s, shape)
		if err != nil {
			if !errors.Is(err, region.ErrInvalid) {
				t.Fatalf("error %v is not a *region.Error", err)
			}
			return
		}
		if err := r.Validate(shape); err != nil {
			t.Fatalf("ParseRegion(%q) = %v outside the shape: %v", s, r, err)
		}
		back, err := ParseRegion(r.String(), shape)
		if err != nil || !slices.Equal(back.Start, r.Start) || !slices.Equal(back.Shape(), r.Shape()) {
			t.Fatalf("%q -> %v -> %v, %v", s, r, back, err)
		}
	})
}

// TestParseRegionLongInput checks that an error quotes a long input cut
// after whole characters, with its length.
func TestParseRegionLongInput(t *testing.T) {
	text := strings.Repeat("é", 100) + ",1"
	_, err := ParseRegion(text, []int64{4})
	var re *region.Error
	if !errors.As(err, &re) {
		t.Fatalf("error %v, want a *region.Error", err)
	}
	if !utf8.ValidString(re.Input) || !strings.HasSuffix(re.Input, "... (202 bytes)") {
		t.Errorf("Input %q: want valid UTF-8 cut with the length", re.Input)
	}
}
