package advisor

import (
	"encoding/json"
	"strings"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/internal/npdtype"
	"github.com/zcodec/zcodec/numeric"
)

// Candidate is one chain the advisor ran on the sample, with what it
// measured.
type Candidate struct {
	// Label describes the chain in a few words: "scale_offset+cast_value
	// uint16 step 0.0996 | delta | shuffle | zstd 19".
	Label string
	// Codecs is the chain's "codecs" array, as the codecs write themselves
	// (ready for zarr.json).
	Codecs json.RawMessage
	// Family is the quantiser's family (FamilyScaleOffset, ...) and
	// StoredAs the data type of the quantised elements.
	Family   string
	StoredAs numeric.DataType
	// Step is the quantisation step of scale_offset and quantize chains,
	// 0 for the others.
	Step float64
	// Carried is the range of values a scale_offset chain keeps within the
	// tolerance (NaN for other families): the sample's range and the
	// headroom on each side. Values beyond it fail to encode or, within
	// one step of the integer type's end, meet a code reserved for NaN,
	// an infinity or the fill value.
	Carried [2]float64
	// Headroom is the spare room on each side of the sample's range as a
	// fraction of that range (scale_offset chains).
	Headroom float64
	// DecodedBytes is the sample's size and EncodedBytes the sum of its
	// chunks' encoded sizes.
	DecodedBytes, EncodedBytes int64
	// Errors is what decoding every chunk and comparing every element with
	// the sample measured.
	Errors ErrorStats
	// FillRoundTrip says the fill value survives every array->array codec
	// (docs/decisions.md#d1); FillWarning says why not when a codec only
	// warns (the numcodecs filters, docs/decisions.md#d17): the first of the
	// chain's warnings, its Pointer that of the codec's entry in a zarr.json
	// holding Codecs ("/codecs/0") and its Err the
	// *codec.FillRoundTripError. It is nil when the fill value survives.
	FillRoundTrip bool
	FillWarning   *codec.Warning
	// EncodeSeconds and DecodeSeconds are the measured times of encoding
	// and decoding the sample, chunk by chunk on one goroutine locked to
	// its thread: the thread's CPU time where the system gives it (Linux),
	// else wall time; the fastest of several passes.
	EncodeSeconds, DecodeSeconds float64
	// Notes are remarks on how the chain was chosen.
	Notes []string
	// Readers names the clients that decode the chain (ReaderZarrPython,
	// ReaderNumcodecs, ReaderZarrita).
	Readers []string
	// Err is why the chain could not be used: it did not resolve (a fill
	// value that does not survive it, docs/decisions.md#d1), or a chunk
	// failed to encode or decode (a *codec.ChunkError whose Index is the
	// chunk's position in the sample and Op "encode" or "decode"). The
	// measurements are then absent.
	Err error
}

// Meets reports whether the candidate ran, kept the tolerance on every
// element of the sample and lets the fill value survive.
func (c *Candidate) Meets() bool { return c.Err == nil && c.Errors.Within() && c.FillRoundTrip }

// Ratio returns DecodedBytes / EncodedBytes.
func (c *Candidate) Ratio() float64 {
	if c.EncodedBytes == 0 {
		return 0
	}
	return float64(c.DecodedBytes) / float64(c.EncodedBytes)
}

// EncodeMBps and DecodeMBps return the measured speeds in MB/s (1e6 bytes
// of decoded data per second).
func (c *Candidate) EncodeMBps() float64 { return mbps(c.DecodedBytes, c.EncodeSeconds) }

// DecodeMBps: see EncodeMBps.
func (c *Candidate) DecodeMBps() float64 { return mbps(c.DecodedBytes, c.DecodeSeconds) }

func mbps(n int64, s float64) float64 {
	if s <= 0 {
		return 0
	}
	return float64(n) / s / 1e6
}

// chain is a candidate before it runs: a quantiser, an optional delta
// filter on integer codes (after those the quantiser carries, see
// quantizer.deltas), a byte layout and a compressor (nil for none).
type chain struct {
	q      *quantizer
	delta  bool
	layout layout
	comp   *compressor
}

// deltas returns the number of numcodecs.delta filters of the chain.
// Without a compressor the filters change nothing in the size and are
// left out, so that the chain is its quantiser's alone.
func (c chain) deltas() int {
	if c.comp == nil {
		return 0
	}
	n := c.q.deltas
	if c.delta {
		n++
	}
	return n
}

// bigEndian says the bytes codec writes big-endian elements: only for a
// quantiser variant asking for it, elements of more than one byte, a
// compressor, and a layout other than the byte shuffle (which puts the
// bytes of each position together whatever their order, so the
// little-endian chain stands for both).
func (c chain) bigEndian() bool {
	return c.q.bigEndian && c.comp != nil && c.layout != layoutShuffle && c.q.storedAs.Size() > 1
}

// deltaCodec returns the numcodecs.delta filter for elements of type dt
// stored in the given byte order. Its dtype names the stored byte order:
// zarr-python's bytes codec gives the filter an array of that order, and
// numcodecs' Delta views its input as its dtype.
func deltaCodec(dt numeric.DataType, big bool) codecEntry {
	t := numpyType(dt)
	if big {
		t = npdtype.Format(dt, numeric.BigEndian)
	}
	return codecEntry{"numcodecs.delta", deltaConfig{t}}
}

// codecs returns the chain's "codecs" array as JSON (entriesJSON), or ""
// when the compressor cannot take the layout.
func (c chain) codecs() string {
	entries := c.entries()
	if entries == nil {
		return ""
	}
	return entriesJSON(entries)
}

// entries returns the chain's codecs, or nil when the compressor cannot
// take the layout.
func (c chain) entries() []codecEntry {
	parts := append([]codecEntry(nil), c.q.codecs...)
	big := c.bigEndian()
	for range c.deltas() {
		parts = append(parts, deltaCodec(c.q.storedAs, big))
	}
	if big {
		parts = append(parts, bytesBig)
	} else {
		parts = append(parts, bytesLittle)
	}
	if c.comp != nil {
		tail := c.comp.codec(c.q.storedAs.Size(), c.layout)
		if tail == nil {
			return nil
		}
		parts = append(parts, tail...)
	} else if c.layout != layoutPlain {
		return nil
	}
	return parts
}

func (c chain) label() string {
	parts := []string{c.q.label}
	for range c.deltas() {
		parts = append(parts, "delta")
	}
	if c.bigEndian() {
		parts = append(parts, "big-endian")
	}
	switch {
	case c.comp == nil:
		parts = append(parts, "uncompressed")
	case c.comp.family == "blosc":
		l := c.comp.label
		if c.layout != layoutPlain {
			l += " " + c.layout.String()
		}
		parts = append(parts, l)
	default:
		if c.layout != layoutPlain {
			parts = append(parts, c.layout.String())
		}
		parts = append(parts, c.comp.label)
	}
	return strings.Join(parts, " | ")
}
