package zstd

import (
	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/registry"
)

// NumcodecsName is the name zarr-python 3 gives numcodecs.zstd.Zstd.
const NumcodecsName = "numcodecs.zstd"

func init() {
	registry.Register(registry.Registration{
		Name:    NumcodecsName,
		Kind:    codec.KindBytesToBytes,
		New:     NewNumcodecsFromConfig,
		Summary: "numcodecs Zstd: Zstandard frames (level, checksum; both optional)",
	})
}

// NumcodecsCodec is numcodecs.zstd: numcodecs' Zstd, whose frames are those
// of the "zstd" codec, with numcodecs' configuration: "level" (-131072 to
// 22, 0 meaning libzstd's default 3; out of range as for Codec.Level) and
// "checksum" are both optional,
// defaulting to numcodecs' 0 and false. (numcodecs 0.11 wrote {"level": 1}
// and no "checksum"; later versions write both.)
//
//	{"name": "numcodecs.zstd", "configuration": {"level": 0, "checksum": false}}
type NumcodecsCodec struct{ Codec }

// NewNumcodecsFromConfig is the registry factory of numcodecs.zstd.
func NewNumcodecsFromConfig(cfg *codec.Config) (codec.Codec, error) {
	lvl, _, err := cfg.Int("level", cIntMin, cIntMax)
	if err != nil {
		return nil, err
	}
	sum, _, err := cfg.Bool("checksum")
	if err != nil {
		return nil, err
	}
	return &NumcodecsCodec{Codec{Level: int(lvl), Checksum: sum}}, cfg.Finish()
}

// ForReading returns the codec a reader resolves, clamping an out-of-range
// level for encoding with a warning (see Codec.ForReading).
func (c *NumcodecsCodec) ForReading() codec.Codec {
	r := *c
	r.reading = true
	return &r
}

// AsWritten returns the codec with its level clamped as libzstd clamps it
// (see Codec.AsWritten).
func (c *NumcodecsCodec) AsWritten() codec.Codec {
	r := *c
	r.Level, r.reading = min(max(c.Level, MinLevel), MaxLevel), false
	return &r
}

// ResolveBytesToBytes binds the codec to decoded (see
// Codec.ResolveBytesToBytes).
func (c *NumcodecsCodec) ResolveBytesToBytes(decoded codec.BytesSpec) (codec.BoundBytesToBytes, error) {
	return c.resolve(NumcodecsName, decoded)
}

// Name returns "numcodecs.zstd".
func (c *NumcodecsCodec) Name() string { return NumcodecsName }

// MarshalJSON returns {"name": "numcodecs.zstd", "configuration": {"level":
// L, "checksum": C}}.
func (c *NumcodecsCodec) MarshalJSON() ([]byte, error) {
	type config struct {
		Level    int  `json:"level"`
		Checksum bool `json:"checksum"`
	}
	return codec.MarshalCodec(NumcodecsName, config{c.Level, c.Checksum})
}
