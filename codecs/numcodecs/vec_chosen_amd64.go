//go:build !noasm

package numcodecs

import "github.com/zcodec/zcodec/internal/cpufeat"

// init records the instruction set of the delta, bitround and packbits
// loops for benchmark reports (cpufeat.Choices).
func init() {
	cpufeat.Chose("numcodecs delta/bitround/packbits", cpufeat.Name(vecISA == isaAVX512, vecISA == isaAVX2))
}
