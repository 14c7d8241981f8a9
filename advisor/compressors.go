package advisor

import (
	"fmt"
	"slices"
	"strings"
)

// CompressorFamilies are the compressor families Options.Compressors may
// name, with the codecs they stand for: "zstd" (the core zstd codec at
// levels 3 and 9, and 19 with Options.Strongest), "blosc" (the core blosc
// codec with lz4 inside at clevel 5 and 9 and zstd at clevel 5, and 9 with
// Options.Strongest, with its byte or bit shuffle), "gzip" (core gzip,
// level 9), "zlib" (numcodecs.zlib, level 9), "bz2" (numcodecs.bz2, level
// 9) and "lz4" (numcodecs.lz4).
var CompressorFamilies = []string{"zstd", "blosc", "gzip", "zlib", "bz2", "lz4"}

// DefaultCompressors are the families tried when Options.Compressors is
// nil. gzip and zlib (DEFLATE) are left out: on quantised data zstd 19 or
// bz2 beats them at every setting measured, and their level 9 costs as
// much time as both.
var DefaultCompressors = []string{"zstd", "blosc", "bz2", "lz4"}

// layout is how the bytes of the elements are arranged for the compressor.
type layout uint8

const (
	layoutPlain      layout = iota // as the bytes codec writes them
	layoutShuffle                  // byte shuffle (numcodecs.shuffle, or blosc's own)
	layoutBitShuffle               // bit shuffle (blosc's own only)
)

func (l layout) String() string {
	return [...]string{"", "shuffle", "bitshuffle"}[l]
}

// compressor is one setting of a compressor family.
type compressor struct {
	family string
	label  string
	// codec returns the codecs after the bytes codec for elements of
	// typesize bytes arranged as l, or nil when the setting cannot arrange
	// them so.
	codec func(typesize int, l layout) []codecEntry
}

// plainCompressor is a compressor that takes any byte string: a byte
// shuffle goes before it as numcodecs.shuffle, and it cannot bit shuffle.
func plainCompressor(family, label string, entry codecEntry) *compressor {
	return &compressor{family: family, label: label, codec: func(typesize int, l layout) []codecEntry {
		switch l {
		case layoutShuffle:
			return []codecEntry{{"numcodecs.shuffle", shuffleConfig{typesize}}, entry}
		case layoutBitShuffle:
			return nil
		}
		return []codecEntry{entry}
	}}
}

func bloscCompressor(cname string, clevel int) *compressor {
	return &compressor{family: "blosc", label: fmt.Sprintf("blosc %s %d", cname, clevel), codec: func(typesize int, l layout) []codecEntry {
		shuffle := [...]string{"noshuffle", "shuffle", "bitshuffle"}[l]
		return []codecEntry{{"blosc", bloscConfig{Cname: cname, Clevel: clevel, Shuffle: shuffle, Typesize: typesize}}}
	}}
}

// compressorSettings returns every setting of a family, the fastest first
// and the strongest (the one that ranks layouts) last. strongest adds the
// settings that use klauspost/compress's best zstd encoder (zstd 19, and
// blosc zstd 9, which c-blosc maps to zstd level 22): the codecs keep one
// such encoder per core for the life of the process, about 38 MB each
// (measured), so they are left out unless asked for.
func compressorSettings(family string, strongest bool) []*compressor {
	switch family {
	case "zstd":
		levels := []int{3, 9}
		if strongest {
			levels = append(levels, 19)
		}
		var cs []*compressor
		for _, level := range levels {
			cs = append(cs, plainCompressor(family, fmt.Sprintf("zstd %d", level), codecEntry{"zstd", zstdConfig{Level: level}}))
		}
		return cs
	case "blosc":
		cs := []*compressor{bloscCompressor("lz4", 5), bloscCompressor("lz4", 9), bloscCompressor("zstd", 5)}
		if strongest {
			cs = append(cs, bloscCompressor("zstd", 9))
		}
		return cs
	case "gzip":
		return []*compressor{plainCompressor(family, "gzip 9", codecEntry{"gzip", levelConfig{9}})}
	case "zlib":
		return []*compressor{plainCompressor(family, "zlib 9", codecEntry{"numcodecs.zlib", levelConfig{9}})}
	case "bz2":
		return []*compressor{plainCompressor(family, "bz2 9", codecEntry{"numcodecs.bz2", levelConfig{9}})}
	case "lz4":
		return []*compressor{plainCompressor(family, "lz4", codecEntry{"numcodecs.lz4", lz4Config{1}})}
	}
	return nil
}

// probeOrder is the order in which families give the fast setting that
// ranks quantisers: the fastest first.
var probeOrder = []string{"zstd", "lz4", "blosc", "gzip", "zlib", "bz2"}

// checkFamilies validates a list of family names.
func checkFamilies(names []string) ([]string, error) {
	if names == nil {
		return DefaultCompressors, nil
	}
	var out []string
	for _, n := range names {
		n = strings.TrimSpace(n)
		if !slices.Contains(CompressorFamilies, n) {
			return nil, &OptionError{Option: "Compressors", Reason: fmt.Sprintf("%q is not one of %s", n, strings.Join(CompressorFamilies, ", "))}
		}
		if !slices.Contains(out, n) {
			out = append(out, n)
		}
	}
	return out, nil
}
