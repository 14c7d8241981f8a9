package zstd

import "github.com/klauspost/compress/zstd"

// declaredSize returns the decoded size the frames of src declare: the sum
// of their content sizes, read from the frame headers and, to find where
// each frame ends, the block headers. known is false when a frame has no
// content size, when its raw and RLE blocks alone decode to more than it
// declares, or when the frames cannot be walked: such input is decoded as a
// stream, under the limit. A decoder that trusts a known size still checks
// it.
func declaredSize(src []byte) (size uint64, known bool) {
	if len(src) == 0 {
		return 0, false
	}
	for len(src) > 0 {
		var h zstd.Header
		rest, err := h.DecodeAndStrip(src)
		if err != nil {
			return 0, false
		}
		if h.Skippable {
			if uint64(len(rest)) < uint64(h.SkippableSize) {
				return 0, false
			}
			src = rest[h.SkippableSize:]
			continue
		}
		if !h.HasFCS {
			return 0, false
		}
		var fixed uint64 // what the raw and RLE blocks decode to
		for last := false; !last; {
			if len(rest) < 3 {
				return 0, false
			}
			bh := uint32(rest[0]) | uint32(rest[1])<<8 | uint32(rest[2])<<16
			last, rest = bh&1 == 1, rest[3:]
			n := int(bh >> 3)
			switch bh >> 1 & 3 {
			case 0: // raw
				fixed += uint64(n)
			case 1: // RLE: one byte, repeated n times
				fixed += uint64(n)
				n = 1
			case 3:
				return 0, false
			}
			if n > len(rest) {
				return 0, false
			}
			rest = rest[n:]
		}
		if h.HasCheckSum {
			if len(rest) < 4 {
				return 0, false
			}
			rest = rest[4:]
		}
		if fixed > h.FrameContentSize || size+h.FrameContentSize < size {
			return 0, false
		}
		size += h.FrameContentSize
		src = rest
	}
	return size, true
}
