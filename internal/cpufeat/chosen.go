package cpufeat

import (
	"slices"
	"strings"
)

// Choice is the instruction set one family of kernels runs on this CPU.
type Choice struct {
	// Family names the kernels, with their package: "numeric float->int".
	Family string
	// ISA is what they run: "AVX-512", "AVX2" or "pure Go".
	ISA string
}

// choices holds what the kernel packages recorded at initialisation.
var choices []Choice

// Chose records, from a kernel package's init function, the instruction
// set a family of its kernels runs on this CPU, for benchmark reports. It
// is set-up, like codec registration: call it only from init functions.
func Chose(family, isa string) { choices = append(choices, Choice{Family: family, ISA: isa}) }

// Choices returns the recorded choices sorted by family: the kernel
// packages the program imports, in builds with their assembly (a noasm
// build or another architecture records none).
func Choices() []Choice {
	out := slices.Clone(choices)
	slices.SortFunc(out, func(a, b Choice) int { return strings.Compare(a.Family, b.Family) })
	return out
}

// Name returns "AVX-512" when avx512, else "AVX2" when avx2, else
// "pure Go": the name of the instruction set a family runs.
func Name(avx512, avx2 bool) string {
	switch {
	case avx512:
		return "AVX-512"
	case avx2:
		return "AVX2"
	}
	return "pure Go"
}
