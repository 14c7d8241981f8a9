//go:build !(goexperiment.simd && amd64)

package shuffle

// Without GOEXPERIMENT=simd on amd64 there are no vector transposes: the
// scalar kernels in kernel.go run, and kernel_simd.go reproduces them byte
// for byte where it exists.

// transposeVector reports false: no vector kernels in this build.
func transposeVector(_, _ []byte, _ int) bool { return false }

// untransposeVector reports false: no vector kernels in this build.
func untransposeVector(_, _ []byte, _ int) bool { return false }
