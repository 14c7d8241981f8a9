//go:build !amd64 || noasm

package bitshuffle

// Without the amd64 assembly (other architectures, or the noasm build tag)
// the Go kernels of lanes.go and kernel.go do all the work.

// hasVector reports false: no vector kernels in this build.
func hasVector(int) bool { return false }

// shuffleBitsVector does nothing in this build and returns 0.
func shuffleBitsVector(_, _ []byte, _ int) int { return 0 }

// unshuffleBitsVector does nothing in this build and returns 0.
func unshuffleBitsVector(_, _ []byte, _ int) int { return 0 }

// unitsVector does nothing in this build and returns 0.
func unitsVector(_, _ []byte, _, _, _ int, _ bool) int { return 0 }

// bytesVector does nothing in this build and returns 0.
func bytesVector(_, _ []byte, _, _ int, _ bool) int { return 0 }
