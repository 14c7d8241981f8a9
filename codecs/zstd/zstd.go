package zstd

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"

	"github.com/klauspost/compress/zstd"
	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/codecs/internal/bounded"
	"github.com/zcodec/zcodec/registry"
)

// Name is the codec's registered name.
const Name = "zstd"

// MinLevel and MaxLevel bound the level configuration key (libzstd's range).
const (
	MinLevel = -131072
	MaxLevel = 22
)

// maxWindow bounds the window a frame may ask the decoder for.
const maxWindow = 128 << 20

func init() {
	registry.Register(registry.Registration{
		Name:    Name,
		Kind:    codec.KindBytesToBytes,
		New:     NewFromConfig,
		Summary: "Zarr v3 core: Zstandard frames (level, checksum)",
	})
}

// Codec is an unbound zstd codec.
type Codec struct {
	// Level is the zstd compression level, MinLevel to MaxLevel; 0 means 3.
	// A level outside that range (numcodecs wrote 100; libzstd clamps it)
	// is read, kept and clamped for encoding by the codec ForReading
	// returns, and refused otherwise (docs/decisions.md#d23).
	Level int
	// Checksum adds a content checksum to every frame.
	Checksum bool
	// reading is set on the codec ForReading returns.
	reading bool
}

// cIntMin and cIntMax bound the levels read: numcodecs hands the level to libzstd as a
// C int.
const cIntMin, cIntMax = math.MinInt32, math.MaxInt32

// NewFromConfig is the registry factory: it reads the required integer
// "level" (-131072 to 22; any 32-bit integer is read, see Level) and the
// optional boolean "checksum" (default false).
func NewFromConfig(cfg *codec.Config) (codec.Codec, error) {
	if err := cfg.Require("level"); err != nil {
		return nil, err
	}
	lvl, _, err := cfg.Int("level", cIntMin, cIntMax)
	if err != nil {
		return nil, err
	}
	sum, _, err := cfg.Bool("checksum")
	if err != nil {
		return nil, err
	}
	return &Codec{Level: int(lvl), Checksum: sum}, cfg.Finish()
}

// Name returns "zstd".
func (c *Codec) Name() string { return Name }

// MarshalJSON returns {"name": "zstd", "configuration": {"level": L,
// "checksum": C}}.
func (c *Codec) MarshalJSON() ([]byte, error) {
	type config struct {
		Level    int  `json:"level"`
		Checksum bool `json:"checksum"`
	}
	return codec.MarshalCodec(Name, config{c.Level, c.Checksum})
}

// EncoderLevel returns the klauspost/compress level a zstd level maps to.
func EncoderLevel(level int) zstd.EncoderLevel {
	if level == 0 {
		level = 3
	}
	return zstd.EncoderLevelFromZstd(level)
}

// ForReading returns the codec a reader resolves (codec.ReadingCodec): a
// level outside [MinLevel, MaxLevel] is clamped for encoding, as libzstd
// clamps it, with a warning; decoding never depends on the level.
func (c *Codec) ForReading() codec.Codec {
	r := *c
	r.reading = true
	return &r
}

// AsWritten returns the codec with the level libzstd encoded with: an
// out-of-range level clamped to [MinLevel, MaxLevel] (codec.WritableCodec).
func (c *Codec) AsWritten() codec.Codec {
	r := *c
	r.Level, r.reading = min(max(c.Level, MinLevel), MaxLevel), false
	return &r
}

// ResolveBytesToBytes binds the codec to decoded. A level outside
// [MinLevel, MaxLevel] is an error matching codec.ErrReadOnlyConfig,
// except for the codec ForReading returns.
func (c *Codec) ResolveBytesToBytes(decoded codec.BytesSpec) (codec.BoundBytesToBytes, error) {
	return c.resolve(c.Name(), decoded)
}

func (c *Codec) resolve(name string, decoded codec.BytesSpec) (codec.BoundBytesToBytes, error) {
	level := min(max(c.Level, MinLevel), MaxLevel)
	var warnings []codec.Warning
	if level != c.Level {
		if !c.reading {
			return nil, &codec.ConfigError{Codec: name, Key: "level", Reason: fmt.Sprintf("level %d is out of range [%d, %d]; a reader clamps it to %d as libzstd does (docs/decisions.md#d23)", c.Level, MinLevel, MaxLevel, level), Err: codec.ErrReadOnlyConfig}
		}
		warnings = []codec.Warning{{Message: fmt.Sprintf("level %d is outside libzstd's [%d, %d]: kept in the metadata, encoding uses %d as libzstd did for the writer (docs/decisions.md#d23)", c.Level, MinLevel, MaxLevel, level)}}
	}
	return &bound{level: level, checksum: c.Checksum, spec: decoded, warnings: warnings}, nil
}

// smallInput is the size up to which klauspost/compress leaves the
// content size out of a frame header unless the frame is single-segment.
const smallInput = zstd.MinWindowSize

// encoders holds a pool of single-concurrency encoders per klauspost
// level (1-4), checksum setting and input class: frames of up to
// smallInput bytes are written single-segment so that their header holds
// the content size, which numcodecs 0.11's decoder requires.
var encoders [5][2][2]lifo[*zstd.Encoder]

func init() {
	for l := range encoders {
		for s := range encoders[l] {
			for small := range encoders[l][s] {
				opts := []zstd.EOption{
					zstd.WithEncoderLevel(zstd.EncoderLevel(l)),
					zstd.WithEncoderCRC(s == 1),
					zstd.WithZeroFrames(true),
					zstd.WithLowerEncoderMem(true),
					zstd.WithAllLitEntropyCompression(true),
					zstd.WithEncoderConcurrency(1),
				}
				if small == 1 {
					opts = append(opts, zstd.WithSingleSegment(true))
				}
				encoders[l][s][small].make = func() (*zstd.Encoder, error) {
					return zstd.NewWriter(nil, opts...)
				}
			}
		}
	}
}

// encoderPool returns the pool of pure-Go encoders for a zstd level,
// checksum setting and input of n bytes.
func encoderPool(level int, sum bool, n int) *lifo[*zstd.Encoder] {
	s, small := 0, 0
	if sum {
		s = 1
	}
	if n <= smallInput {
		small = 1
	}
	return &encoders[EncoderLevel(level)][s][small]
}

// decoders is the pool of single-concurrency pure-Go decoders.
var decoders = lifo[*zstd.Decoder]{make: func() (*zstd.Decoder, error) {
	return zstd.NewReader(nil,
		zstd.WithDecoderConcurrency(1),
		zstd.WithDecodeAllCapLimit(true),
		zstd.WithDecoderMaxWindow(maxWindow),
		zstd.WithDecoderMaxMemory(codec.MaxChunkBytes),
	)
}}

type bound struct {
	level    int
	checksum bool
	spec     codec.BytesSpec
	warnings []codec.Warning // what was accepted for reading (codec.Warner)
}

// Warnings returns what the codec accepted only for reading (codec.Warner).
func (b *bound) Warnings() []codec.Warning { return b.warnings }

func (b *bound) Encoded() codec.BytesSpec {
	return codec.VariableBytes(bounded.CompressedBound(b.spec.MaxSize), b.spec.Array)
}

func (b *bound) AppendEncode(dst, src []byte) ([]byte, error) {
	if b.spec.Fixed() && len(src) != b.spec.Size || len(src) > b.spec.MaxSize {
		return dst, &codec.SizeError{What: Name + " input", Got: len(src), Want: b.spec.MaxSize}
	}
	return compress(dst, src, b.level, b.checksum)
}

// compressGo appends the frame of src to dst, written by the pure-Go
// encoder at level with or without a content checksum.
func compressGo(dst, src []byte, level int, sum bool) ([]byte, error) {
	p := encoderPool(level, sum, len(src))
	enc, err := p.get()
	if err != nil {
		return dst, fmt.Errorf("%s: %w", Name, err)
	}
	out := enc.EncodeAll(src, bounded.Reserve(dst, bounded.CompressedBound(len(src))))
	p.put(enc)
	return out, nil
}

// decodeSlack is the room AppendDecode leaves past the decoded size: with it,
// klauspost/compress copies matches and literals in whole 16-byte blocks
// instead of its bounds-exact copies.
const decodeSlack = 16

// sizeExceeded is the reason decompress gives for frames that decode to
// more than the capacity of dst.
const sizeExceeded = "size exceeded"

// decompressGo appends the decoded frames of src to dst, at most
// cap(dst)-len(dst) bytes, with the pure-Go decoder, never growing dst.
// reason is empty for an error that is not the data's. Frames whose
// content sizes are all declared (declaredSize) decode in one call into
// dst; others are read as a stream into dst, which is bounded by its
// capacity where klauspost/compress would grow a buffer it was given for
// the raw and RLE blocks of frames without a size.
func decompressGo(dst, src []byte) (out []byte, reason string, err error) {
	size, known := declaredSize(src)
	if known && size > uint64(cap(dst)-len(dst)) {
		return dst, sizeExceeded, zstd.ErrDecoderSizeExceeded
	}
	dec, err := decoders.get()
	if err != nil {
		return dst, "", err
	}
	if known {
		out, err = dec.DecodeAll(src, dst)
	} else {
		out, err = stream(dec, dst, src)
	}
	decoders.put(dec)
	if err != nil {
		reason = "invalid frame"
		if errors.Is(err, zstd.ErrDecoderSizeExceeded) || errors.Is(err, zstd.ErrFrameSizeExceeded) {
			reason = sizeExceeded
		}
	}
	return out, reason, err
}

// stream decodes the frames of src with dec as a stream into
// dst[len(dst):cap(dst)], failing with zstd.ErrDecoderSizeExceeded if they
// hold more.
func stream(dec *zstd.Decoder, dst, src []byte) ([]byte, error) {
	if err := dec.Reset(bytes.NewReader(src)); err != nil {
		return dst, err
	}
	defer dec.Reset(nil)
	n := len(dst)
	room := dst[n:cap(dst)]
	k, err := io.ReadFull(dec, room)
	switch {
	case err == io.EOF || err == io.ErrUnexpectedEOF:
		return dst[:n+k], nil
	case err != nil:
		return dst, err
	}
	var one [1]byte
	if m, err := dec.Read(one[:]); m > 0 {
		return dst, zstd.ErrDecoderSizeExceeded
	} else if err != io.EOF {
		return dst, err
	}
	return dst[:n+k], nil
}

func (b *bound) AppendDecode(dst, src []byte) ([]byte, error) {
	if len(src) == 0 {
		return dst, &codec.CorruptError{Codec: Name, Reason: "empty input is not a zstd frame"}
	}
	limit, exact := bounded.Limit(b.spec)
	want := limit
	size, known := declaredSize(src)
	switch {
	case known && exact && size != uint64(limit):
		return dst, &codec.CorruptError{Codec: Name, Reason: fmt.Sprintf("the frames declare %d bytes, want %d", size, limit)}
	case known && size > uint64(limit):
		// Valid frames may declare that much: refused before anything
		// is allocated, as more than the limit on a decoded chunk.
		return dst, &codec.LimitError{Codec: Name, What: "decoded chunk", Size: int64(min(size, math.MaxInt64)), Limit: int64(limit)}
	case known:
		want = int(size)
	}
	n := len(dst)
	// Leave decodeSlack bytes of room where dst has them or must grow
	// anyway; a frame decoding into them is caught below.
	room := want
	if free := cap(dst) - n; free >= want+decodeSlack || free < want {
		room = want + decodeSlack
	}
	buf := bounded.Reserve(dst, room)
	out, reason, err := decompress(buf[:n:n+room], src)
	if err != nil {
		if reason == "" {
			return dst, fmt.Errorf("%s: %w", Name, err)
		}
		if reason == sizeExceeded {
			reason = fmt.Sprintf("decodes to more than %d bytes", limit)
		}
		return dst, &codec.CorruptError{Codec: Name, Reason: reason, Err: err}
	}
	if len(out)-n > limit {
		return dst, &codec.CorruptError{Codec: Name, Reason: fmt.Sprintf("decodes to more than %d bytes", limit)}
	}
	if exact && len(out)-n != limit {
		return dst, &codec.CorruptError{Codec: Name, Reason: fmt.Sprintf("decoded %d bytes, want %d", len(out)-n, limit)}
	}
	return out, nil
}
