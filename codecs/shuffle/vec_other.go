//go:build !amd64 || noasm

package shuffle

// Without the amd64 assembly (other architectures, or the noasm build tag)
// the scalar kernels in kernel.go run, which vec_amd64.go's loops
// reproduce byte for byte.

// transposeVector reports false: no vector kernels in this build.
func transposeVector(_, _ []byte, _ int) bool { return false }

// untransposeVector reports false: no vector kernels in this build.
func untransposeVector(_, _ []byte, _ int) bool { return false }
