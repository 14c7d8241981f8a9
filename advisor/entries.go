package advisor

import (
	"bytes"
	"encoding/json"
	"errors"
	"strconv"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/registry"
)

// codecEntry is one codec of a candidate chain: its name and its typed
// configuration (one of the *Config types below, nil for none), built with
// registry.Registry.Build.
type codecEntry struct {
	Name          string `json:"name"`
	Configuration any    `json:"configuration,omitempty"`
}

// The configurations of the codecs the advisor writes, their keys in the
// order the codecs' specifications list them.
type (
	bytesConfig struct {
		Endian string `json:"endian"`
	}
	deltaConfig struct {
		DType string `json:"dtype"`
	}
	shuffleConfig struct {
		ElementSize int `json:"elementsize"`
	}
	bloscConfig struct {
		Cname     string `json:"cname"`
		Clevel    int    `json:"clevel"`
		Shuffle   string `json:"shuffle"`
		Typesize  int    `json:"typesize"`
		Blocksize int    `json:"blocksize"`
	}
	zstdConfig struct {
		Level    int  `json:"level"`
		Checksum bool `json:"checksum"`
	}
	levelConfig struct {
		Level int `json:"level"`
	}
	lz4Config struct {
		Acceleration int `json:"acceleration"`
	}
	scaleOffsetConfig struct {
		Offset scalarJSON `json:"offset"`
		Scale  scalarJSON `json:"scale"`
	}
	castValueConfig struct {
		DataType  string     `json:"data_type"`
		Rounding  string     `json:"rounding"`
		ScalarMap *scalarMap `json:"scalar_map,omitempty"`
	}
	// scalarMap is cast_value's scalar_map: pairs of a value of the
	// array's type and the code of the stored type that stands for it.
	scalarMap struct {
		Encode []scalarPair `json:"encode"`
		Decode []scalarPair `json:"decode"`
	}
	bitRoundConfig struct {
		KeepBits int `json:"keepbits"`
	}
	quantizeConfig struct {
		Digits int    `json:"digits"`
		DType  string `json:"dtype"`
	}
)

// scalarJSON is a scalar written as a fill value is (numbers, "NaN",
// "Infinity", ...).
type scalarJSON numeric.Scalar

// MarshalJSON writes the scalar as numeric.FormatFillValue does.
func (s scalarJSON) MarshalJSON() ([]byte, error) {
	return numeric.AppendFillValue(nil, numeric.Scalar(s)), nil
}

// scalarPair is one pair of a scalar_map: [from, to], each a scalar: an
// int64 code, a scalarJSON, or the name of a special float ("NaN",
// "Infinity", "-Infinity").
type scalarPair [2]any

var (
	bytesLittle = codecEntry{"bytes", bytesConfig{"little"}}
	bytesBig    = codecEntry{"bytes", bytesConfig{"big"}}
)

// entriesJSON writes entries as a chain's "codecs" array, its keys in
// order and without HTML escaping (`"<u2"`): the key of a chain among
// those run, and the text tests compare.
func entriesJSON(entries []codecEntry) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(entries); err != nil {
		panic(err) // the configurations above always marshal
	}
	return string(bytes.TrimSuffix(b.Bytes(), []byte("\n")))
}

// buildChain builds the codecs of entries with reg, as the "codecs" array
// of a zarr.json: each codec's pointer is "/codecs/i", and a
// *codec.ConfigError says so.
func buildChain(reg *registry.Registry, entries []codecEntry) (codec.Chain, error) {
	var (
		ch   codec.Chain
		errs []error
	)
	for i, e := range entries {
		p := "/codecs/" + strconv.Itoa(i)
		c, err := reg.Build(e.Name, e.Configuration)
		if err != nil {
			var ce *codec.ConfigError
			if errors.As(err, &ce) {
				ce.Pointer = p + ce.Pointer
			}
			errs = append(errs, err)
			continue
		}
		ch.Codecs = append(ch.Codecs, c)
		ch.Pointers = append(ch.Pointers, p)
	}
	if len(errs) == 1 {
		return ch, errs[0]
	}
	return ch, errors.Join(errs...)
}
