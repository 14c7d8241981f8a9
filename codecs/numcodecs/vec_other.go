//go:build !amd64 || noasm

package numcodecs

// Without the assembly loops (other architectures, the noasm build tag)
// the Go loops do every element.

const isaNone = -1

var vecISA = isaNone

func deltaVec[T deltaElem](isa int, d, s []T) int { return 1 }

func bitRoundVec[I int16 | int32 | int64](isa int, d, s []I, shift uint, half, mask I) int { return 0 }

func packBitsVec(isa int, dst, src []byte) int { return 0 }

func unpackBitsVec(isa int, dst, src []byte) int { return 0 }

func deltaDecodeVec[T deltaElem](isa int, d, s []T) int { return 0 }
