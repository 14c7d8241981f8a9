// Package cpufeat is the one place that decides which vector instruction
// sets the amd64 assembly kernels of numeric, codecs/scaleoffset,
// codecs/shuffle and codecs/transpose may run on this CPU. It reads the
// features once, at start-up, from golang.org/x/sys/cpu.
//
// The choice can be narrowed for a run through GODEBUG, which
// golang.org/x/sys/cpu reads before any kernel is chosen:
// GODEBUG=cpu.avx512f=off leaves the AVX-512 kernels out (AVX2 ones run),
// GODEBUG=cpu.avx2=off leaves every vector kernel out (the pure-Go kernels
// run, as in a build with the noasm tag). A feature the CPU lacks cannot be
// switched on. On other architectures every feature reads false.
//
// Which of AVX2 and AVX-512 a kernel family prefers where both are present
// is the family's own measured choice, made beside its kernels; this package
// only says what the CPU allows.
package cpufeat

import "golang.org/x/sys/cpu"

var (
	// AVX2 reports whether the CPU (and the operating system, which must
	// save the YMM registers) supports AVX2.
	AVX2 = cpu.X86.HasAVX2

	// AVX512 reports whether the CPU supports the AVX-512 subsets the
	// kernels use, F, BW, DQ and VL, together with AVX2. Requiring AVX2 too
	// makes GODEBUG=cpu.avx2=off leave out every vector kernel.
	AVX512 = AVX2 && cpu.X86.HasAVX512F && cpu.X86.HasAVX512BW && cpu.X86.HasAVX512DQ && cpu.X86.HasAVX512VL
)

// Describe names the vector instruction sets the kernels may use on this
// CPU, for benchmark reports: "AVX2 AVX-512(F,BW,DQ,VL)", "AVX2" or "none".
func Describe() string {
	switch {
	case AVX512:
		return "AVX2 AVX-512(F,BW,DQ,VL)"
	case AVX2:
		return "AVX2"
	}
	return "none"
}
