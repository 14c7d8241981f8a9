//go:build !libzstd || !cgo

package zstd

// Engine names the implementation this build encodes and decodes with:
// "klauspost/compress" (pure Go), or "libzstd" with the libzstd build tag.
const Engine = "klauspost/compress"

func compress(dst, src []byte, level int, sum bool) ([]byte, error) {
	return compressGo(dst, src, level, sum)
}

func decompress(dst, src []byte) ([]byte, string, error) { return decompressGo(dst, src) }
