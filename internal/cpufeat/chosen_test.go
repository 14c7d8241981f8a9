package cpufeat

import (
	"slices"
	"testing"
)

func TestName(t *testing.T) {
	for _, tc := range []struct {
		avx512, avx2 bool
		want         string
	}{{true, true, "AVX-512"}, {false, true, "AVX2"}, {false, false, "pure Go"}} {
		if got := Name(tc.avx512, tc.avx2); got != tc.want {
			t.Errorf("Name(%v, %v) = %q, want %q", tc.avx512, tc.avx2, got, tc.want)
		}
	}
}

// TestChoices checks that Choices sorts by family and returns a copy.
func TestChoices(t *testing.T) {
	saved := choices
	defer func() { choices = saved }()
	choices = nil
	Chose("b", "AVX2")
	Chose("a", "pure Go")
	got := Choices()
	want := []Choice{{"a", "pure Go"}, {"b", "AVX2"}}
	if !slices.Equal(got, want) {
		t.Fatalf("Choices() = %v, want %v", got, want)
	}
	got[0].ISA = "changed"
	if Choices()[0].ISA != "pure Go" {
		t.Error("Choices returned the recorded slice, not a copy")
	}
}
