package advisor

import (
	"encoding/json"
	"slices"

	"github.com/zcodec/zcodec/numeric"
)

// The clients Candidate.Readers names.
const (
	// ReaderZarrPython is zarr-python 3.2 or later (the first with
	// scale_offset and cast_value; cast_value needs its optional
	// cast-value-rs), with the numcodecs.* codecs of numcodecs 0.14 or
	// later, a dependency of zarr-python 3.
	ReaderZarrPython = "zarr-python"
	// ReaderNumcodecs is numcodecs alone (0.11 or later): every codec of
	// the chain has a numcodecs counterpart, so the chunks decode without
	// a Zarr v3 client, as a Zarr v2 array's filters and compressor do.
	// scale_offset and cast_value have none.
	ReaderNumcodecs = "numcodecs"
	// ReaderZarrita is zarrita.js 0.7.5, whose codec registry lacks
	// numcodecs.bz2 and numcodecs.quantize.
	ReaderZarrita = "zarrita"
)

// readerCodecs names, for each client, the codecs of the candidate chains
// it decodes.
var readerCodecs = []struct {
	reader string
	codecs []string
}{
	{ReaderZarrPython, []string{"bytes", "zstd", "blosc", "gzip", "transpose", "crc32c", "sharding_indexed",
		"scale_offset", "cast_value", "numcodecs.delta", "numcodecs.shuffle", "numcodecs.bitround", "numcodecs.quantize",
		"numcodecs.bz2", "numcodecs.lz4", "numcodecs.zlib", "numcodecs.zstd", "numcodecs.blosc", "numcodecs.gzip"}},
	{ReaderNumcodecs, []string{"bytes", "zstd", "blosc", "gzip",
		"numcodecs.delta", "numcodecs.shuffle", "numcodecs.bitround", "numcodecs.quantize",
		"numcodecs.bz2", "numcodecs.lz4", "numcodecs.zlib", "numcodecs.zstd", "numcodecs.blosc", "numcodecs.gzip"}},
	{ReaderZarrita, []string{"bytes", "zstd", "blosc", "gzip", "transpose", "crc32c", "sharding_indexed",
		"scale_offset", "cast_value", "numcodecs.delta", "numcodecs.shuffle", "numcodecs.bitround",
		"numcodecs.lz4", "numcodecs.zlib", "numcodecs.zstd", "numcodecs.blosc", "numcodecs.gzip"}},
}

// readsType reports whether a client reads arrays of data type dt at all,
// whatever their codecs: zarr-python 3 and NumPy (for numcodecs) have no
// bfloat16, sub-byte integers or floats of 8 bits and fewer, and zarr-python
// names raw types raw_bytes, not r*; zarrita.js 0.7.5 reads bool, the
// integers, float16, float32, float64 and string, and refuses the rest
// (complex, dates and durations, fixed-length types) when it opens the
// array.
func readsType(reader string, dt numeric.DataType) bool {
	switch reader {
	case ReaderZarrita:
		return dt == numeric.Bool || dt == numeric.String || dt == numeric.Float16 || dt == numeric.Float32 ||
			dt == numeric.Float64 || (dt.IsInteger() && dt.Bits() >= 8)
	case ReaderZarrPython, ReaderNumcodecs:
		switch {
		case dt == numeric.BFloat16, dt.IsInteger() && dt.Bits() < 8, dt.IsFloat() && dt.Size() == 1:
			return false
		case dt.Kind() == numeric.RawBytes:
			return reader == ReaderNumcodecs
		}
		return true
	}
	return false
}

// readersOf returns the clients that decode the chain of the codecs array
// js on arrays of data type dt, in the order of readerCodecs; empty when js
// is not a codecs array.
func readersOf(js json.RawMessage, dt numeric.DataType) []string {
	names := codecNames(js)
	out := []string{}
	if len(names) == 0 {
		return out
	}
	for _, r := range readerCodecs {
		ok := readsType(r.reader, dt)
		for _, n := range names {
			if !slices.Contains(r.codecs, n) {
				ok = false
				break
			}
		}
		if ok {
			out = append(out, r.reader)
		}
	}
	return out
}

// codecNames returns the names of the codecs of the codecs array js, nil
// when js is not one.
func codecNames(js json.RawMessage) []string {
	var list []struct {
		Name string `json:"name"`
	}
	if json.Unmarshal(js, &list) != nil {
		return nil
	}
	names := make([]string, len(list))
	for i, c := range list {
		names[i] = c.Name
	}
	return names
}
