//go:build !noasm

package scaleoffset

import "github.com/zcodec/zcodec/internal/cpufeat"

// init records the instruction set of each loop family for benchmark
// reports (cpufeat.Choices).
func init() {
	for _, f := range []struct {
		name       string
		prefers512 bool
	}{
		{"scale_offset float", floatPrefers512},
		{"scale_offset+cast_value encode", encodePrefers512},
		{"scale_offset+cast_value decode", decodePrefers512},
	} {
		isa := loopISA(f.prefers512)
		cpufeat.Chose(f.name, cpufeat.Name(isa == isaAVX512, isa == isaAVX2))
	}
}
