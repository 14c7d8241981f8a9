package lzma

import (
	"fmt"

	"github.com/ulikunitz/xz"
	ulzma "github.com/ulikunitz/xz/lzma"
	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/codecs/internal/bounded"
)

// xzCheck maps Python's check numbers to the xz check IDs.
func xzCheck(check int) byte {
	switch check {
	case CheckNone:
		return xz.None
	case CheckCRC32:
		return xz.CRC32
	case CheckSHA256:
		return xz.SHA256
	}
	return xz.CRC64
}

// properties returns the LZMA properties of the filter, nil for the
// default (lc 3, lp 0, pb 2).
func (c *Codec) properties() *ulzma.Properties {
	if c.lc < 0 && c.lp < 0 && c.pb < 0 {
		return nil
	}
	p := &ulzma.Properties{LC: 3, LP: 0, PB: 2}
	if c.lc >= 0 {
		p.LC = c.lc
	}
	if c.lp >= 0 {
		p.LP = c.lp
	}
	if c.pb >= 0 {
		p.PB = c.pb
	}
	return p
}

// AppendEncode appends the compressed src to dst. The encoder's dictionary
// is the configured one, or the input's size when that is smaller (a
// larger one cannot be used and costs memory).
func (b *bound) AppendEncode(dst, src []byte) ([]byte, error) {
	c := b.c
	if b.spec.Fixed() && len(src) != b.spec.Size || len(src) > b.spec.MaxSize {
		return dst, &codec.SizeError{What: Name + " input", Got: len(src), Want: b.spec.MaxSize}
	}
	switch {
	case c.format == FormatAuto:
		return dst, &codec.ConfigError{Codec: Name, Key: "format", Reason: "format 0 (FORMAT_AUTO) only decodes; Python's lzma cannot encode with it either"}
	case c.format != FormatXZ && c.check != CheckDefault:
		return dst, &codec.ConfigError{Codec: Name, Key: "check", Reason: fmt.Sprintf("check %d with format %d: only xz (format 1) has an integrity check; Python's lzma refuses to encode so", c.check, c.format)}
	}
	dict := max(ulzma.MinDictCap, min(c.dictSize, len(src)))
	w := bounded.AppendWriter{B: bounded.Reserve(dst, len(src)/2+64)}
	var err error
	switch c.format {
	case FormatXZ:
		var zw *xz.Writer
		zw, err = xz.WriterConfig{Properties: c.properties(), DictCap: dict, CheckSum: xzCheck(c.check), NoCheckSum: c.check == CheckNone}.NewWriter(&w)
		if err == nil {
			if _, err = zw.Write(src); err == nil {
				err = zw.Close()
			}
		}
	case FormatAlone:
		var zw *ulzma.Writer
		zw, err = ulzma.WriterConfig{Properties: c.properties(), DictCap: dict, EOSMarker: true}.NewWriter(&w)
		if err == nil {
			if _, err = zw.Write(src); err == nil {
				err = zw.Close()
			}
		}
	case FormatRaw:
		var zw *ulzma.Writer2
		zw, err = ulzma.Writer2Config{Properties: c.properties(), DictCap: dict}.NewWriter2(&w)
		if err == nil {
			if _, err = zw.Write(src); err == nil {
				err = zw.Close()
			}
		}
	}
	if err != nil {
		return dst, fmt.Errorf("%s: %w", Name, err)
	}
	return w.B, nil
}
