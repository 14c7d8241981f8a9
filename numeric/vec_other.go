//go:build !amd64 || noasm

package numeric

// Without the amd64 assembly (other architectures, or the noasm build tag)
// every cast runs its pure-Go kernel, which vec_amd64.go's loops reproduce
// bit for bit.

// CPUFeatures describes the vector instruction sets this build uses, for
// benchmark reports: "none (pure Go)" without the amd64 assembly.
func CPUFeatures() string { return "none (pure Go)" }

// withVector returns scalar: no vector loops in this build.
func withVector[S Float, D CastElement](_ CastSpec, scalar kernel[S, D]) kernel[S, D] { return scalar }

// intVector returns scalar: no vector loops in this build.
func intVector[S Integer, D Float](scalar kernel[S, D]) kernel[S, D] { return scalar }
