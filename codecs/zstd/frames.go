package zstd

import "fmt"

// AppendFrame appends to dst one zstd frame holding src, compressed at
// level (libzstd's scale, MinLevel to MaxLevel; 0 means 3) by this build's
// engine (see Engine), with no content checksum. The frame header holds the
// content size. It serves formats that embed zstd frames of their own, as
// blosc does.
func AppendFrame(dst, src []byte, level int) ([]byte, error) {
	if level < MinLevel || level > MaxLevel {
		return dst, fmt.Errorf("%s: level %d is out of range [%d, %d]", Name, level, MinLevel, MaxLevel)
	}
	return compress(dst, src, level, false)
}

// DecodeFrames appends the content of the zstd frames in src to dst with
// this build's engine, writing at most cap(dst)-len(dst) bytes: frames
// that would decode to more, or that are not valid, are an error that
// says why, and dst's contents past len(dst) are then unspecified.
func DecodeFrames(dst, src []byte) ([]byte, error) {
	out, reason, err := decompress(dst, src)
	if err != nil {
		if reason == "" {
			return dst, err
		}
		return dst, fmt.Errorf("%s: %w", reason, err)
	}
	return out, nil
}
