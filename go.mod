module github.com/zcodec/zcodec

go 1.26.0

require (
	github.com/DataDog/zstd v1.5.7
	github.com/dsnet/compress v0.0.1
	github.com/google/go-cmp v0.7.0
	github.com/klauspost/compress v1.20.3
	github.com/pierrec/lz4/v4 v4.1.33
	golang.org/x/sys v0.49.0
)
