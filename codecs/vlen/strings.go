package vlen

import "github.com/zcodec/zcodec/internal/vlenform"

// AppendStrings checks chunk, a chunk of n elements in the vlen form, as
// vlen-utf8 decodes it (the count, the lengths, valid UTF-8) and appends
// its elements to dst as strings that share chunk's memory: no copy and no
// allocation per string. chunk must not change afterwards. Errors are
// *codec.CorruptError values.
func AppendStrings(dst []string, chunk []byte, n int) ([]string, error) {
	if err := checkUTF8(UTF8Name, chunk, n); err != nil {
		return dst, err
	}
	dst = growStrings(dst, n)
	vlenform.Strings(dst[len(dst)-n:], chunk, 4)
	return dst, nil
}

// growStrings extends dst by n elements.
func growStrings(dst []string, n int) []string {
	if cap(dst)-len(dst) >= n {
		return dst[:len(dst)+n]
	}
	out := make([]string, len(dst)+n)
	copy(out, dst)
	return out
}
