//go:build !noasm

package bitshuffle

import "github.com/zcodec/zcodec/internal/cpufeat"

// init records the instruction set of the bit transposes for benchmark
// reports (cpufeat.Choices).
func init() { cpufeat.Chose("bitshuffle", cpufeat.Name(cpufeat.AVX512, cpufeat.AVX2)) }
