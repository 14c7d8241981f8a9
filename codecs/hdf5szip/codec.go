package hdf5szip

import (
	"encoding/binary"
	"fmt"
	"slices"
	"sync"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/codecs/internal/bounded"
	"github.com/zcodec/zcodec/registry"
)

// Name is the codec's name.
const Name = "zcodec.hdf5_szip"

// headerSize is the length of HDF5's header: the decoded size, 4 bytes
// little-endian.
const headerSize = 4

func init() {
	registry.Register(registry.Registration{
		Name:    Name,
		Kind:    codec.KindBytesToBytes,
		New:     NewFromConfig,
		Summary: "HDF5 szip filter (id 4): LE32 decoded size, then a CCSDS 121.0-B (libaec) stream",
	})
}

// Codec is the unbound zcodec.hdf5_szip codec: the four parameters HDF5
// stores as the filter's cd_values, in that order.
type Codec struct {
	OptionsMask       uint32 // cd_values[0]: the Option* bits
	PixelsPerBlock    int    // cd_values[1]: J, samples per block
	BitsPerPixel      int    // cd_values[2]: bits per sample; 32 and 64 are coded as byte planes
	PixelsPerScanline int    // cd_values[3]: samples between reference samples, padded to whole blocks
}

// NewFromConfig is the registry factory. Every key is required.
func NewFromConfig(cfg *codec.Config) (codec.Codec, error) {
	if err := cfg.Require("options_mask", "pixels_per_block", "bits_per_pixel", "pixels_per_scanline"); err != nil {
		return nil, err
	}
	mask, _, err := cfg.Int("options_mask", 0, 1<<32-1)
	if err != nil {
		return nil, err
	}
	ppb, _, err := cfg.Int("pixels_per_block", 0, 1<<32-1)
	if err != nil {
		return nil, err
	}
	bpp, _, err := cfg.Int("bits_per_pixel", 0, 1<<32-1)
	if err != nil {
		return nil, err
	}
	pps, _, err := cfg.Int("pixels_per_scanline", 0, 1<<32-1)
	if err != nil {
		return nil, err
	}
	if err := cfg.Finish(); err != nil {
		return nil, err
	}
	p, perr := newParams(uint32(mask), ppb, bpp, pps)
	if perr != nil {
		return nil, cfg.Errorf(perr.key, "%s", perr.reason())
	}
	return p.codec(), nil
}

// FromCDValues returns the codec of the filter's cd_values as HDF5 stores
// them in a file: [options_mask, pixels_per_block, bits_per_pixel,
// pixels_per_scanline]. Any other count, or a value out of range, is a
// *codec.ConfigError.
func FromCDValues(cd []uint32) (*Codec, error) {
	if len(cd) != 4 {
		return nil, &codec.ConfigError{Codec: Name, Reason: fmt.Sprintf("szip needs 4 cd_values [options_mask, pixels_per_block, bits_per_pixel, pixels_per_scanline], got %d", len(cd))}
	}
	p, perr := newParams(cd[0], int64(cd[1]), int64(cd[2]), int64(cd[3]))
	if perr != nil {
		return nil, &codec.ConfigError{Codec: Name, Key: perr.key, Reason: perr.cdReason()}
	}
	return p.codec(), nil
}

func (p params) codec() *Codec {
	return &Codec{OptionsMask: p.mask, PixelsPerBlock: p.ppb, BitsPerPixel: p.bpp, PixelsPerScanline: p.pps}
}

// CDValues returns the four cd_values of the HDF5 filter.
func (c *Codec) CDValues() []uint32 {
	return []uint32{c.OptionsMask, uint32(c.PixelsPerBlock), uint32(c.BitsPerPixel), uint32(c.PixelsPerScanline)}
}

// Name returns "zcodec.hdf5_szip".
func (c *Codec) Name() string { return Name }

// MarshalJSON returns the codec's metadata with all four parameters.
func (c *Codec) MarshalJSON() ([]byte, error) {
	return codec.MarshalCodec(Name, struct {
		OptionsMask       uint32 `json:"options_mask"`
		PixelsPerBlock    int    `json:"pixels_per_block"`
		BitsPerPixel      int    `json:"bits_per_pixel"`
		PixelsPerScanline int    `json:"pixels_per_scanline"`
	}{c.OptionsMask, c.PixelsPerBlock, c.BitsPerPixel, c.PixelsPerScanline})
}

// params validates the parameters.
func (c *Codec) params() (params, error) {
	p, perr := newParams(c.OptionsMask, int64(c.PixelsPerBlock), int64(c.BitsPerPixel), int64(c.PixelsPerScanline))
	if perr != nil {
		return params{}, &codec.ConfigError{Codec: Name, Key: perr.key, Reason: perr.reason()}
	}
	return p, nil
}

// ResolveBytesToBytes binds the codec to the byte strings it will encode.
// A fixed length must be a multiple of the sample width (4 or 8 bytes for
// 32- and 64-bit pixels) and fit the 4-byte header.
func (c *Codec) ResolveBytesToBytes(decoded codec.BytesSpec) (codec.BoundBytesToBytes, error) {
	p, err := c.params()
	if err != nil {
		return nil, err
	}
	if decoded.Fixed() {
		if decoded.Size%p.unit() != 0 {
			return nil, &codec.ConfigError{Codec: Name, Key: "bits_per_pixel", Reason: fmt.Sprintf("chunk of %d bytes is not a whole number of %d-byte samples", decoded.Size, p.unit())}
		}
		if decoded.Size > maxChunk {
			return nil, &codec.ConfigError{Codec: Name, Reason: fmt.Sprintf("chunk of %d bytes is larger than the %d that HDF5's 4-byte size header holds", decoded.Size, maxChunk)}
		}
	}
	b := &bound{p: p, decoded: decoded}
	b.encoded = codec.VariableBytes(p.maxEncodedLen(min(decoded.MaxSize, maxChunk)), decoded.Array)
	b.lines.New = func() any { return &scratch{line: make([]uint32, p.line), d: make([]uint32, p.line)} }
	return b, nil
}

type bound struct {
	p       params
	decoded codec.BytesSpec
	encoded codec.BytesSpec
	lines   sync.Pool // *scratch
}

// scratch holds one padded scanline of samples and of residuals.
type scratch struct {
	line, d []uint32
}

func (b *bound) Encoded() codec.BytesSpec { return b.encoded }

func (b *bound) AppendEncode(dst, src []byte) ([]byte, error) {
	if b.decoded.Fixed() && len(src) != b.decoded.Size || len(src) > b.decoded.MaxSize {
		return dst, &codec.SizeError{What: Name + " input", Got: len(src), Want: b.decoded.MaxSize}
	}
	if len(src) > maxChunk {
		return dst, &codec.SizeError{What: Name + " input (4-byte size header)", Got: len(src), Want: maxChunk}
	}
	if len(src)%b.p.unit() != 0 {
		return dst, &codec.SizeError{What: fmt.Sprintf("%s input (whole %d-byte samples)", Name, b.p.unit()), Got: len(src), Want: len(src) / b.p.unit() * b.p.unit()}
	}
	// Room for the chunk stored verbatim, which few chunks need; the
	// bitWriter grows dst past it when they do.
	start := len(dst)
	dst = slices.Grow(dst, min(b.p.maxEncodedLen(len(src)), headerSize+len(src)+64))
	dst = binary.LittleEndian.AppendUint32(dst, uint32(len(src)))
	s := b.lines.Get().(*scratch)
	defer b.lines.Put(s)
	w := bitWriter{buf: dst}
	if err := b.p.encode(&w, src, &encoder{x: s.line, d: s.d}); err != nil {
		return dst[:start], err
	}
	w.flush()
	return w.buf, nil
}

func (b *bound) AppendDecode(dst, src []byte) ([]byte, error) {
	if len(src) < headerSize {
		return dst, b.corrupt("chunk has %d bytes, shorter than the %d-byte size header", len(src), headerSize)
	}
	total64 := uint64(binary.LittleEndian.Uint32(src))
	if total64 > uint64(b.decoded.MaxSize) {
		return dst, b.corrupt("header claims %d decoded bytes, more than the %d a chunk can hold", total64, b.decoded.MaxSize)
	}
	total := int(total64)
	if err := b.decoded.CheckDecoded(Name, total); err != nil {
		return dst, err
	}
	if total%b.p.unit() != 0 {
		return dst, b.corrupt("header claims %d decoded bytes, not a whole number of %d-byte samples", total, b.p.unit())
	}
	start := len(dst)
	dst = bounded.Grow(dst, total)
	s := b.lines.Get().(*scratch)
	defer b.lines.Put(s)
	if err := b.p.decode(dst[start:], src[headerSize:], s.line, nil); err != nil {
		return dst[:start], &codec.CorruptError{Codec: Name, Reason: "CCSDS 121 stream", Err: err}
	}
	return dst, nil
}

func (b *bound) corrupt(format string, args ...any) error {
	return &codec.CorruptError{Codec: Name, Reason: fmt.Sprintf(format, args...)}
}
