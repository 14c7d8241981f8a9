package vlenform

import (
	"encoding/binary"
	"slices"
	"testing"
)

func chunk(elems ...string) []byte {
	b := binary.LittleEndian.AppendUint32(nil, uint32(len(elems)))
	for _, e := range elems {
		b = binary.LittleEndian.AppendUint32(b, uint32(len(e)))
		b = append(b, e...)
	}
	return b
}

func TestStringsAndOffsets(t *testing.T) {
	elems := []string{"ab", "", "héllo", "x"}
	b := chunk(elems...)
	got := make([]string, 4)
	got[1] = "stale" // an empty element overwrites what was there
	if end := Strings(got, b, 4); end != len(b) || !slices.Equal(got, elems) {
		t.Errorf("Strings = %q, end %d; want %q, end %d", got, end, elems, len(b))
	}
	// In two runs, as a reader filling a region run by run does.
	part := make([]string, 4)
	pos := Strings(part[:1], b, 4)
	Strings(part[1:], b, pos)
	if !slices.Equal(part, elems) {
		t.Errorf("in two runs: %q", part)
	}
	offs := Offsets(b, 4)
	for i, e := range elems {
		if s := string(b[offs[i]+4 : offs[i+1]]); s != e {
			t.Errorf("Offsets: element %d = %q, want %q", i, s, e)
		}
	}
	if offs[4] != len(b) {
		t.Errorf("Offsets end %d, want %d", offs[4], len(b))
	}
}
