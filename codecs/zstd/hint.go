package zstd

import "github.com/klauspost/compress/zstd"

// sizeHint returns the room to reserve for decoding src when the decoded
// size is not fixed (the chunks of a variable-length type): the content
// size the first frame's header declares when it has one within limit,
// else limit. Reserving limit itself (up to Options.MaxChunkBytes) for
// every chunk of strings would cost more than the chunks; a frame that
// decodes to more than its header said is decoded again with room for
// limit.
func sizeHint(src []byte, limit int) int {
	var h zstd.Header
	if err := h.Decode(src); err != nil || !h.HasFCS || h.FrameContentSize > uint64(limit) {
		return limit
	}
	return int(h.FrameContentSize)
}
