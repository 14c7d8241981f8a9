package blosc

import (
	"fmt"
	"slices"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/codecs/internal/bounded"
)

// settings are a configuration resolved for one chunk spec.
type settings struct {
	comp      compressor
	clevel    int
	shuffle   Shuffle // NoShuffle, ByteShuffle or BitShuffle
	typesize  int     // 1..255
	blocksize int     // requested; 0 = automatic
}

// bound is a Blosc codec bound to a BytesSpec. It keeps no state between
// calls besides pooled scratch space, so it is safe for concurrent use.
type bound struct {
	name     string
	config   Config // with Shuffle and Typesize resolved
	settings settings
	spec     codec.BytesSpec
}

// resolve binds a configuration to the spec of the bytes it will see.
func resolve(name string, c Config, decoded codec.BytesSpec) (*bound, error) {
	if err := c.validate(name); err != nil {
		return nil, err
	}
	if decoded.Fixed() && decoded.Size > MaxChunkBytes {
		return nil, &codec.ConfigError{Codec: name, Reason: fmt.Sprintf("chunk of %d bytes: a Blosc frame holds at most %d", decoded.Size, MaxChunkBytes)}
	}
	if c.Typesize == 0 {
		c.Typesize = 1
		if dt := decoded.Array.DataType; dt.Valid() {
			c.Typesize = dt.Size()
		}
	}
	if c.Shuffle == AutoShuffle {
		c.Shuffle = ByteShuffle
		if c.Typesize == 1 {
			c.Shuffle = BitShuffle
		}
	}
	s := settings{
		comp:      compressor(slices.Index(compressorNames, c.Cname)),
		clevel:    c.Clevel,
		shuffle:   c.Shuffle,
		typesize:  c.Typesize,
		blocksize: c.Blocksize,
	}
	if s.typesize > maxTypes {
		s.typesize = 1 // c-blosc compresses such chunks as bytes
	}
	return &bound{name: name, config: c, settings: s, spec: decoded}, nil
}

// ResolvedCodec returns the codec with its array-dependent settings made
// explicit: "shuffle" and "typesize" as this binding resolved them. It is
// what a writer records in metadata.
func (b *bound) ResolvedCodec() codec.Codec {
	if b.name == NumcodecsName {
		return &NumcodecsCodec{b.config}
	}
	return &Codec{b.config}
}

// Encoded returns a variable-length spec: a frame is at most the data plus
// its 16-byte header.
func (b *bound) Encoded() codec.BytesSpec {
	return codec.VariableBytes(b.spec.MaxSize+headerSize, b.spec.Array)
}

// AppendEncode appends a Blosc frame holding src to dst.
func (b *bound) AppendEncode(dst, src []byte) ([]byte, error) {
	if b.spec.Fixed() && len(src) != b.spec.Size || len(src) > b.spec.MaxSize {
		return dst, &codec.SizeError{What: b.name + " input", Got: len(src), Want: b.spec.MaxSize}
	}
	if len(src) > MaxChunkBytes {
		return dst, &codec.SizeError{What: b.name + " input (the largest a Blosc frame holds)", Got: len(src), Want: MaxChunkBytes}
	}
	sc := scratches.Get().(*scratch)
	defer scratches.Put(sc)
	return appendFrame(dst, src, b.settings, sc)
}

// AppendDecode appends the data of the Blosc frame src to dst. The frame must
// hold exactly the chunk size the spec gives (at most its bound after a
// variable-length codec); the header is checked against it before
// anything is allocated.
func (b *bound) AppendDecode(dst, src []byte) ([]byte, error) {
	h, msg := parseHeader(src)
	if msg != "" {
		return dst, &codec.CorruptError{Codec: b.name, Reason: msg}
	}
	limit, exact := bounded.Limit(b.spec)
	switch {
	case exact && h.nbytes != limit:
		return dst, &codec.CorruptError{Codec: b.name, Reason: fmt.Sprintf("header gives a decoded size of %d bytes, want %d", h.nbytes, limit)}
	case h.nbytes > limit:
		return dst, &codec.CorruptError{Codec: b.name, Reason: fmt.Sprintf("header gives a decoded size of %d bytes, more than the %d a chunk can hold", h.nbytes, limit)}
	}
	n := len(dst)
	out := bounded.Grow(dst, h.nbytes)
	sc := scratches.Get().(*scratch)
	defer scratches.Put(sc)
	if err := decodeFrame(out[n:], src[:h.cbytes], h, sc); err != nil {
		err.Codec = b.name
		return dst, err
	}
	return out, nil
}
