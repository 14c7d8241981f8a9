package deflate

import (
	"io"
	"sync"

	"github.com/klauspost/compress/zlib"
	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/codecs/internal/bounded"
	"github.com/zcodec/zcodec/registry"
)

// ZlibName is the registered name of the zlib codec.
const ZlibName = "numcodecs.zlib"

func init() {
	registry.Register(registry.Registration{
		Name:    ZlibName,
		Kind:    codec.KindBytesToBytes,
		New:     NewZlibFromConfig,
		Summary: "numcodecs Zlib: RFC 1950 zlib stream (level -1..9, default 1)",
	})
}

// Zlib is an unbound numcodecs.zlib codec.
type Zlib struct {
	// Level is the compression level, -1 (zlib's default, 6) to 9.
	Level int
}

// NewZlibFromConfig is the registry factory of numcodecs.zlib: it reads the
// optional integer "level" (-1 to 9, default 1).
func NewZlibFromConfig(cfg *codec.Config) (codec.Codec, error) {
	lvl, ok, err := cfg.Int("level", -1, 9)
	if err != nil {
		return nil, err
	}
	if !ok {
		lvl = 1
	}
	return &Zlib{Level: int(lvl)}, cfg.Finish()
}

// Name returns "numcodecs.zlib".
func (c *Zlib) Name() string { return ZlibName }

// MarshalJSON returns {"name": "numcodecs.zlib", "configuration": {"level": L}}.
func (c *Zlib) MarshalJSON() ([]byte, error) {
	return codec.MarshalCodec(ZlibName, map[string]int{"level": c.Level})
}

// ResolveBytesToBytes binds the codec to decoded.
func (c *Zlib) ResolveBytesToBytes(decoded codec.BytesSpec) (codec.BoundBytesToBytes, error) {
	if c.Level < -1 || c.Level > 9 {
		return nil, levelError(ZlibName, c.Level, -1, 9)
	}
	return &boundZlib{level: c.Level, spec: decoded}, nil
}

type boundZlib struct {
	level int
	spec  codec.BytesSpec
}

func (b *boundZlib) Encoded() codec.BytesSpec { return encodedSpec(b.spec) }

var zlibEncoders = encoders{name: ZlibName, newWriter: func(level int) (resetWriter, error) {
	return zlib.NewWriterLevel(nil, level)
}}

func (b *boundZlib) AppendEncode(dst, src []byte) ([]byte, error) {
	if err := checkInput(ZlibName, b.spec, len(src)); err != nil {
		return dst, err
	}
	return zlibEncoders.encode(dst, src, b.level)
}

type zlibDecoder struct {
	src source
	zr  io.ReadCloser // also a zlib.Resetter; nil until first use
}

var zlibDecoders = sync.Pool{New: func() any { return new(zlibDecoder) }}

func (b *boundZlib) AppendDecode(dst, src []byte) ([]byte, error) {
	limit, exact := bounded.Limit(b.spec)
	d := zlibDecoders.Get().(*zlibDecoder)
	d.src.Reset(src)
	var err error
	if d.zr == nil {
		d.zr, err = zlib.NewReader(&d.src.Reader)
	} else {
		err = d.zr.(zlib.Resetter).Reset(&d.src.Reader, nil)
	}
	if err != nil {
		// A failed reader may be half initialised: do not pool it.
		return dst, &codec.CorruptError{Codec: ZlibName, Reason: "bad zlib header", Err: headerErr(err)}
	}
	out, err := bounded.ReadAll(ZlibName, dst, d.zr, limit, exact)
	if err != nil {
		return out, err // a decoder that stopped early is not pooled
	}
	d.src.Reset(nil)
	zlibDecoders.Put(d)
	return out, nil
}
