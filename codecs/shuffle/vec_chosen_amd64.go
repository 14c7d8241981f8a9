//go:build !noasm

package shuffle

import "github.com/zcodec/zcodec/internal/cpufeat"

// init records the instruction set of the shuffle kernels for benchmark
// reports (cpufeat.Choices).
func init() { cpufeat.Chose("shuffle", cpufeat.Name(false, cpufeat.AVX2)) }
