//go:build !noasm

package numeric

import "github.com/zcodec/zcodec/internal/cpufeat"

// init records the instruction set of each cast family for benchmark
// reports (cpufeat.Choices).
func init() {
	for _, f := range []struct {
		name   string
		family vecFamily
	}{
		{"numeric cast float->int", familyF2I},
		{"numeric cast int->float", familyI2F},
		{"numeric cast f64->f32", familyNarrow},
		{"numeric cast f32->f64", familyWiden},
	} {
		isa := castISA(f.family)
		cpufeat.Chose(f.name, cpufeat.Name(isa == isaAVX512, isa == isaAVX2))
	}
}
