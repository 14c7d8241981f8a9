// Package build makes the typed codecs of the interop translators: each is
// built by a registry from its name and configuration, through the codec's
// own factory, so a translator never writes codec JSON by hand and every
// configuration it produces passes the codec's own checks.
package build

import (
	"fmt"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/codecs/bytescodec"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/registry"
)

// Codec builds the codec name with configuration (a value that marshals to
// a JSON object, or nil for none) through reg. pointer locates the entry in
// error messages ("/codecs/2"). Errors are the registry's: a
// *codec.ConfigError, matching codec.ErrUnknownCodec for a name reg does
// not know.
func Codec(reg *registry.Registry, pointer, name string, configuration any) (codec.Codec, error) {
	raw, err := codec.MarshalCodec(name, configuration)
	if err != nil {
		return nil, fmt.Errorf("%s: configuration of %s: %w", pointer, name, err)
	}
	c, w, err := reg.ParseCodec(raw, pointer)
	if err != nil {
		return nil, err
	}
	if c == nil {
		// only an entry with must_understand false is skipped
		return nil, fmt.Errorf("%s: %s", pointer, w.Message)
	}
	return c, nil
}

// Bytes builds the bytes codec that stores elements of dt in byte order e
// (no configuration for one-byte types).
func Bytes(reg *registry.Registry, pointer string, dt numeric.DataType, e numeric.Endian) (codec.Codec, error) {
	if dt.Size() == 1 {
		return Codec(reg, pointer, bytescodec.Name, nil)
	}
	if e == numeric.EndianUnset {
		e = numeric.LittleEndian
	}
	return Codec(reg, pointer, bytescodec.Name, map[string]string{"endian": e.String()})
}
