// Package allocs holds the test that every codec of the default registry
// encodes and decodes a chunk without allocating once it is warm: the
// destination buffers are the caller's, and whatever a codec needs beyond
// them (tables, scratch, compressor state) is kept for reuse.
package allocs
