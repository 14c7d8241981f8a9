//go:build !libzstd || !cgo

package zstd

// Engine names the implementation this build encodes and decodes with:
// "klauspost/compress" (pure Go), or "libzstd" with the libzstd build tag.
const Engine = "klauspost/compress"

func (b *bound) compress(dst, src []byte) ([]byte, error) { return b.compressGo(dst, src) }

func decompress(dst, src []byte) ([]byte, string, error) { return decompressGo(dst, src) }
