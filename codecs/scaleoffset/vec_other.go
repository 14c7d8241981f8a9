//go:build !amd64 || noasm

package scaleoffset

// Without the amd64 assembly (other architectures, or the noasm build tag)
// the float kernels and the one-loop kernels run their scalar loops
// (floatkernel.go, fuseddirect.go), which vec_amd64.go's loops reproduce
// bit for bit.

// floatVecFor returns nil: no vector loops in this build.
func floatVecFor[F float32 | float64]() *floatVec[F] { return nil }

// directEncVec returns nil: no vector loops in this build.
func directEncVec[F float32 | float64, I smallInt]() func(k *directEnc[F, I], d []I, s []F) int {
	return nil
}

// directDecVec returns nil: no vector loops in this build.
func directDecVec[F float32 | float64, I smallInt]() func(k *directDec[F, I], d []F, s []I) int {
	return nil
}
