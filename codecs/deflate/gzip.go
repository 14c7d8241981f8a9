package deflate

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"sync"
	"time"

	"github.com/klauspost/compress/gzip"
	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/codecs/internal/bounded"
	"github.com/zcodec/zcodec/registry"
)

// GzipName is the registered name of the Zarr v3 core gzip codec, and
// NumcodecsGzipName that of numcodecs' GZip, the same format.
const (
	GzipName          = "gzip"
	NumcodecsGzipName = "numcodecs.gzip"
)

func init() {
	registry.Register(registry.Registration{
		Name:    GzipName,
		Kind:    codec.KindBytesToBytes,
		New:     NewGzipFromConfig,
		Summary: "Zarr v3 core: RFC 1952 gzip (level 0-9, required)",
	})
	registry.Register(registry.Registration{
		Name:    NumcodecsGzipName,
		Kind:    codec.KindBytesToBytes,
		New:     NewNumcodecsGzipFromConfig,
		Summary: "numcodecs GZip: RFC 1952 gzip (level -1..9, default 1)",
	})
}

// Gzip is an unbound gzip codec, under either of its names.
type Gzip struct {
	// Level is the compression level: 0 (stored) to 9, or -1 (zlib's
	// default, 6) for numcodecs.gzip.
	Level int
	// Numcodecs selects the name numcodecs.gzip, which allows level -1.
	Numcodecs bool
}

// NewGzipFromConfig is the registry factory of gzip: it reads the required
// integer "level" (0-9).
func NewGzipFromConfig(cfg *codec.Config) (codec.Codec, error) {
	if err := cfg.Require("level"); err != nil {
		return nil, err
	}
	lvl, _, err := cfg.Int("level", 0, 9)
	if err != nil {
		return nil, err
	}
	return &Gzip{Level: int(lvl)}, cfg.Finish()
}

// NewNumcodecsGzipFromConfig is the registry factory of numcodecs.gzip: it
// reads the optional integer "level" (-1 to 9, default 1).
func NewNumcodecsGzipFromConfig(cfg *codec.Config) (codec.Codec, error) {
	lvl, ok, err := cfg.Int("level", -1, 9)
	if err != nil {
		return nil, err
	}
	if !ok {
		lvl = 1
	}
	return &Gzip{Level: int(lvl), Numcodecs: true}, cfg.Finish()
}

// Name returns "gzip" or "numcodecs.gzip".
func (c *Gzip) Name() string {
	if c.Numcodecs {
		return NumcodecsGzipName
	}
	return GzipName
}

// MarshalJSON returns {"name": "gzip", "configuration": {"level": L}} (or
// the same with numcodecs.gzip).
func (c *Gzip) MarshalJSON() ([]byte, error) {
	return codec.MarshalCodec(c.Name(), map[string]int{"level": c.Level})
}

// ResolveBytesToBytes binds the codec to decoded.
func (c *Gzip) ResolveBytesToBytes(decoded codec.BytesSpec) (codec.BoundBytesToBytes, error) {
	lo := 0
	if c.Numcodecs {
		lo = -1
	}
	if c.Level < lo || c.Level > 9 {
		return nil, levelError(c.Name(), c.Level, lo, 9)
	}
	return &boundGzip{level: c.Level, spec: decoded}, nil
}

type boundGzip struct {
	level int
	spec  codec.BytesSpec
}

func (b *boundGzip) Encoded() codec.BytesSpec { return encodedSpec(b.spec) }

// gzipWriter writes members with MTIME 0.
type gzipWriter struct{ *gzip.Writer }

// Reset also sets the modification time to the Unix epoch: klauspost
// writes uint32(ModTime.Unix()) even for the zero time, and the epoch gives
// the "no time" MTIME of 0.
func (w gzipWriter) Reset(out io.Writer) {
	w.Writer.Reset(out)
	w.ModTime = time.Unix(0, 0)
}

var gzipEncoders = encoders{name: GzipName, newWriter: func(level int) (resetWriter, error) {
	w, err := gzip.NewWriterLevel(nil, level)
	return gzipWriter{w}, err
}}

func (b *boundGzip) AppendEncode(dst, src []byte) ([]byte, error) {
	if err := checkInput(GzipName, b.spec, len(src)); err != nil {
		return dst, err
	}
	return gzipEncoders.encode(dst, src, b.level)
}

type gzipDecoder struct {
	src source
	zr  gzip.Reader
}

var gzipDecoders = sync.Pool{New: func() any { return new(gzipDecoder) }}

// members reads the concatenated members of a gzip byte string, skipping
// zero bytes after each member as Python's gzip module does.
type members struct{ d *gzipDecoder }

func (m members) Read(p []byte) (int, error) {
	for {
		n, err := m.d.zr.Read(p)
		if err != io.EOF {
			return n, err
		}
		if n > 0 {
			return n, nil
		}
		// End of a member: skip zero padding, then expect another member.
		for {
			c, err := m.d.src.ReadByte()
			if err != nil {
				return 0, io.EOF
			}
			if c != 0 {
				m.d.src.UnreadByte()
				break
			}
		}
		if err := m.d.zr.Reset(&m.d.src.Reader); err != nil {
			return 0, fmt.Errorf("trailing bytes after the last gzip member: %w", headerErr(err))
		}
		m.d.zr.Multistream(false)
	}
}

func headerErr(err error) error {
	if errors.Is(err, io.EOF) {
		return io.ErrUnexpectedEOF
	}
	return err
}

func (b *boundGzip) AppendDecode(dst, src []byte) ([]byte, error) {
	limit, exact := bounded.Limit(b.spec)
	if len(src) == 0 {
		// No member at all: numcodecs reads this as an empty chunk.
		return bounded.ReadAll(GzipName, dst, bytes.NewReader(nil), limit, exact)
	}
	d := gzipDecoders.Get().(*gzipDecoder)
	d.src.Reset(src)
	if err := d.zr.Reset(&d.src.Reader); err != nil {
		return dst, &codec.CorruptError{Codec: GzipName, Reason: "bad gzip header", Err: headerErr(err)}
	}
	d.zr.Multistream(false)
	out, err := bounded.ReadAll(GzipName, dst, members{d}, limit, exact)
	if err != nil {
		return out, err // a decoder that stopped early is not pooled
	}
	d.src.Reset(nil)
	gzipDecoders.Put(d)
	return out, nil
}
