//go:build !amd64 || noasm

package transpose

// haveBlocks32 is false: no vector kernel in this build.
const haveBlocks32 = false

// blocks32 covers nothing: every element goes through the Go kernel.
func blocks32(dst []uint32, dstRow int, src []uint32, srcCol, rows, cols int) (r, c int) {
	return 0, 0
}
