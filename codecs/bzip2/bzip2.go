package bzip2

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"sync"

	"github.com/dsnet/compress/bzip2"
	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/codecs/internal/bounded"
	"github.com/zcodec/zcodec/registry"
)

// Name is the codec's registered name.
const Name = "numcodecs.bz2"

func init() {
	registry.Register(registry.Registration{
		Name:    Name,
		Kind:    codec.KindBytesToBytes,
		New:     NewFromConfig,
		Summary: "numcodecs BZ2: one bzip2 stream (level 1-9, default 1)",
	})
}

// Codec is an unbound numcodecs.bz2 codec.
type Codec struct {
	// Level is the compression level (block size in 100 kB units), 1-9.
	Level int
}

// NewFromConfig is the registry factory: it reads the optional integer
// "level" (1 to 9, default 1).
func NewFromConfig(cfg *codec.Config) (codec.Codec, error) {
	lvl, ok, err := cfg.Int("level", 1, 9)
	if err != nil {
		return nil, err
	}
	if !ok {
		lvl = 1
	}
	return &Codec{Level: int(lvl)}, cfg.Finish()
}

// Name returns "numcodecs.bz2".
func (c *Codec) Name() string { return Name }

// MarshalJSON returns {"name": "numcodecs.bz2", "configuration": {"level": L}}.
func (c *Codec) MarshalJSON() ([]byte, error) {
	return codec.MarshalCodec(Name, map[string]int{"level": c.Level})
}

// ResolveBytesToBytes binds the codec to decoded.
func (c *Codec) ResolveBytesToBytes(decoded codec.BytesSpec) (codec.BoundBytesToBytes, error) {
	if c.Level < 1 || c.Level > 9 {
		return nil, &codec.ConfigError{Codec: Name, Key: "level", Reason: fmt.Sprintf("level %d is out of range [1, 9]", c.Level)}
	}
	return &bound{level: c.Level, spec: decoded}, nil
}

type bound struct {
	level int
	spec  codec.BytesSpec
}

func (b *bound) Encoded() codec.BytesSpec {
	return codec.VariableBytes(bounded.CompressedBound(b.spec.MaxSize), b.spec.Array)
}

type encoder struct {
	w   *bzip2.Writer
	out bounded.AppendWriter
}

// encoders holds one pool per level, index level-1.
var encoders [9]sync.Pool

func (b *bound) AppendEncode(dst, src []byte) ([]byte, error) {
	if b.spec.Fixed() && len(src) != b.spec.Size || len(src) > b.spec.MaxSize {
		return dst, &codec.SizeError{What: Name + " input", Got: len(src), Want: b.spec.MaxSize}
	}
	pool := &encoders[b.level-1]
	e, _ := pool.Get().(*encoder)
	if e == nil {
		w, err := bzip2.NewWriter(nil, &bzip2.WriterConfig{Level: b.level})
		if err != nil {
			return dst, err
		}
		e = &encoder{w: w}
	}
	e.out.B = bounded.Reserve(dst, bounded.CompressedBound(len(src)))
	err := e.w.Reset(&e.out)
	if err == nil {
		_, err = e.w.Write(src)
	}
	if err == nil {
		err = e.w.Close()
	}
	out := e.out.B
	e.out.B = nil
	if err != nil {
		return dst, fmt.Errorf("%s: %w", Name, err)
	}
	pool.Put(e)
	return out, nil
}

type decoder struct {
	src bytes.Reader
	zr  *bzip2.Reader
	// st is the reader AppendDecode reads, kept here so that passing it
	// as an io.Reader does not allocate.
	st streams
}

var decoders = sync.Pool{New: func() any {
	zr, _ := bzip2.NewReader(nil, nil)
	return &decoder{zr: zr}
}}

// streams wraps the bzip2 reader: an error raised while reading the header
// of a stream after at least one complete stream ends the data (trailing
// bytes, ignored as Python's bz2.decompress does).
type streams struct {
	zr *bzip2.Reader
	// later is set when the first stream's header is valid, so that a
	// header error can only come from a later stream.
	later bool
}

func (s *streams) Read(p []byte) (int, error) {
	n, err := s.zr.Read(p)
	if err != nil && err != io.EOF && n == 0 && s.later && isHeaderError(err) {
		return 0, io.EOF
	}
	return n, err
}

// isHeaderError reports whether err is dsnet's error for a stream header
// that is not "BZh1".."BZh9". Such an error can only be raised between
// streams: at the start of a stream, all earlier streams having ended
// with verified checksums.
func isHeaderError(err error) bool {
	msg := err.Error()
	for _, s := range []string{"invalid stream magic", "invalid version", "invalid block size", "bzip1 format is not supported"} {
		if strings.Contains(msg, s) {
			return true
		}
	}
	return false
}

func (b *bound) AppendDecode(dst, src []byte) ([]byte, error) {
	if len(src) == 0 {
		return dst, &codec.CorruptError{Codec: Name, Reason: "empty input is not a bzip2 stream"}
	}
	limit, exact := bounded.Limit(b.spec)
	d := decoders.Get().(*decoder)
	d.src.Reset(src)
	d.zr.Reset(&d.src)
	d.st = streams{zr: d.zr, later: validHeader(src)}
	out, err := bounded.ReadAll(Name, dst, &d.st, limit, exact)
	if err != nil {
		recycle(d)
		return out, err
	}
	d.src.Reset(nil)
	d.zr.Reset(&d.src)
	decoders.Put(d)
	return out, nil
}

// validHeader reports whether src starts with a bzip2 stream header.
func validHeader(src []byte) bool {
	return len(src) >= 4 && src[0] == 'B' && src[1] == 'Z' && src[2] == 'h' && src[3] >= '1' && src[3] <= '9'
}

// emptyStream is a complete bzip2 stream with no data.
var emptyStream = []byte("BZh1\x17\x72\x45\x38\x50\x90\x00\x00\x00\x00")

// drainLimit bounds the output recycle discards.
const drainLimit = 64 << 20

// recycle pools a decoder that stopped early. Reset keeps dsnet's
// run-length stage, which may still hold output of the abandoned stream,
// so the decoder first reads an empty stream to its end, discarding that
// output; a decoder that does not get there is dropped. Keeping the
// decoder matters: a new one allocates several megabytes of block buffers.
func recycle(d *decoder) {
	d.src.Reset(emptyStream)
	d.zr.Reset(&d.src)
	if _, err := io.CopyN(io.Discard, d.zr, drainLimit); err != io.EOF {
		return
	}
	d.src.Reset(nil)
	d.zr.Reset(&d.src)
	decoders.Put(d)
}
