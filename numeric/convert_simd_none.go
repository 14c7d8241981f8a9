//go:build !(goexperiment.simd && amd64)

package numeric

// Without GOEXPERIMENT=simd on amd64 there are no vector cast kernels: the
// scalar kernels run, and convert_simd.go reproduces them bit for bit where
// it exists.

// withVector returns scalar: no vector kernels in this build.
func withVector[S Float, D CastElement](_ CastSpec, scalar kernel[S, D]) kernel[S, D] { return scalar }
