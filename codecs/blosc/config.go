package blosc

import (
	"fmt"
	"math"
	"slices"

	"github.com/zcodec/zcodec/codec"
)

// Registered names.
const (
	// Name is the Zarr v3 core codec.
	Name = "blosc"
	// NumcodecsName is numcodecs.blosc.Blosc under its zarr-python 3 name.
	NumcodecsName = "numcodecs.blosc"
)

// Shuffle is the filter applied to each block before compression. Its
// values are numcodecs' integers.
type Shuffle int

// The shuffle filters.
const (
	// AutoShuffle chooses BitShuffle for 1-byte elements and ByteShuffle
	// otherwise (numcodecs' -1, and the choice when "blosc" leaves
	// "shuffle" out).
	AutoShuffle Shuffle = -1
	// NoShuffle compresses the bytes as they are.
	NoShuffle Shuffle = 0
	// ByteShuffle groups byte k of every element (Blosc's SHUFFLE).
	ByteShuffle Shuffle = 1
	// BitShuffle groups bit k of every element (Blosc's BITSHUFFLE).
	BitShuffle Shuffle = 2
)

// shuffleNames are the Zarr v3 spellings of NoShuffle, ByteShuffle and
// BitShuffle.
var shuffleNames = []string{"noshuffle", "shuffle", "bitshuffle"}

// String returns "noshuffle", "shuffle", "bitshuffle" or "auto".
func (s Shuffle) String() string {
	if s >= NoShuffle && s <= BitShuffle {
		return shuffleNames[s]
	}
	if s == AutoShuffle {
		return "auto"
	}
	return fmt.Sprintf("Shuffle(%d)", int(s))
}

// compressorNames are the values of "cname", in the order of c-blosc's
// compressor codes.
var compressorNames = []string{"blosclz", "lz4", "lz4hc", "snappy", "zlib", "zstd"}

// CompressorName returns the "cname" of c-blosc's compressor code (as
// HDF5's blosc filter stores it: BLOSC_BLOSCLZ is 0, ..., BLOSC_ZSTD is
// 5), or false for a code c-blosc does not have.
func CompressorName(code int) (string, bool) {
	if code < 0 || code >= len(compressorNames) {
		return "", false
	}
	return compressorNames[code], true
}

// CompressorCode returns c-blosc's code of the compressor named cname, or
// false.
func CompressorCode(cname string) (int, bool) {
	i := slices.Index(compressorNames, cname)
	return i, i >= 0
}

// MaxClevel is the largest compression level.
const MaxClevel = 9

// Config holds the settings of both codec names.
type Config struct {
	// Cname is the inner compressor: "blosclz", "lz4", "lz4hc", "snappy",
	// "zlib" or "zstd".
	Cname string
	// Clevel is the compression level, 0 (no compression: the chunk is
	// stored as it is) to 9.
	Clevel int
	// Shuffle is the filter; AutoShuffle picks one from the type size.
	Shuffle Shuffle
	// Typesize is the element size the shuffle works on, 1 or more; 0
	// takes the size of the array's data type. Above 255 the chunk is
	// compressed as a stream of bytes, as c-blosc does.
	Typesize int
	// Blocksize is the requested block size in bytes; 0 lets the encoder
	// choose it, as c-blosc does. c-blosc's rules apply to a requested
	// size too: it is raised to at least 128 bytes and, for compressors
	// that split blocks, scaled by the type size.
	Blocksize int
}

// validate checks every field and returns a *codec.ConfigError naming the
// key at fault.
func (c Config) validate(name string) error {
	bad := func(key, format string, args ...any) error {
		return &codec.ConfigError{Codec: name, Key: key, Reason: fmt.Sprintf(format, args...)}
	}
	switch {
	case !slices.Contains(compressorNames, c.Cname):
		return bad("cname", "%q is not one of %q", c.Cname, compressorNames)
	case c.Clevel < 0 || c.Clevel > MaxClevel:
		return bad("clevel", "%d is out of range [0, %d]", c.Clevel, MaxClevel)
	case c.Shuffle < AutoShuffle || c.Shuffle > BitShuffle:
		return bad("shuffle", "%d is not one of -1, 0, 1, 2", int(c.Shuffle))
	case c.Typesize < 0 || c.Typesize > math.MaxInt32:
		return bad("typesize", "%d is out of range [1, %d]", c.Typesize, math.MaxInt32)
	case c.Blocksize < 0 || c.Blocksize > math.MaxInt32:
		return bad("blocksize", "%d is out of range [0, %d]", c.Blocksize, math.MaxInt32)
	}
	return nil
}

// readCommon reads "clevel", "typesize" and "blocksize" into c.
func (c *Config) readCommon(cfg *codec.Config) error {
	if v, ok, err := cfg.Int("clevel", 0, MaxClevel); err != nil {
		return err
	} else if ok {
		c.Clevel = int(v)
	}
	if v, ok, err := cfg.Int("typesize", 1, math.MaxInt32); err != nil {
		return err
	} else if ok {
		c.Typesize = int(v)
	}
	if v, ok, err := cfg.Int("blocksize", 0, math.MaxInt32); err != nil {
		return err
	} else if ok {
		c.Blocksize = int(v)
	}
	return nil
}

// Codec is the Zarr v3 core "blosc" codec, unbound.
type Codec struct{ Config }

// NewFromConfig is the registry factory of "blosc". "cname" (blosclz, lz4,
// lz4hc, snappy, zlib or zstd) and "clevel" (0 to 9) are required: the spec gives them no
// default and writers disagree on one. "shuffle" ("noshuffle", "shuffle",
// "bitshuffle") may be left out for AutoShuffle, "typesize" (1 or more) for
// the array's element size, "blocksize" (0 or more) for 0.
func NewFromConfig(cfg *codec.Config) (codec.Codec, error) {
	if err := cfg.Require("cname", "clevel"); err != nil {
		return nil, err
	}
	c := &Codec{Config{Shuffle: AutoShuffle}}
	cname, _, err := cfg.Enum("cname", compressorNames...)
	if err != nil {
		return nil, err
	}
	c.Cname = cname
	if s, ok, err := cfg.Enum("shuffle", shuffleNames...); err != nil {
		return nil, err
	} else if ok {
		c.Shuffle = Shuffle(slices.Index(shuffleNames, s))
	}
	if err := c.readCommon(cfg); err != nil {
		return nil, err
	}
	return c, cfg.Finish()
}

// Name returns "blosc".
func (c *Codec) Name() string { return Name }

// MarshalJSON returns {"name": "blosc", "configuration": {"cname", "clevel",
// "shuffle", "typesize", "blocksize"}}, leaving out "shuffle" when it is
// AutoShuffle and "typesize" when it is 0 (both are then decided by the
// array; a bound codec's ResolvedCodec has them filled in).
func (c *Codec) MarshalJSON() ([]byte, error) {
	type config struct {
		Cname     string `json:"cname"`
		Clevel    int    `json:"clevel"`
		Shuffle   string `json:"shuffle,omitempty"`
		Typesize  int    `json:"typesize,omitempty"`
		Blocksize int    `json:"blocksize"`
	}
	js := config{Cname: c.Cname, Clevel: c.Clevel, Typesize: c.Typesize, Blocksize: c.Blocksize}
	if c.Shuffle != AutoShuffle {
		js.Shuffle = c.Shuffle.String()
	}
	return codec.MarshalCodec(Name, js)
}

// ResolveBytesToBytes binds the codec to decoded.
func (c *Codec) ResolveBytesToBytes(decoded codec.BytesSpec) (codec.BoundBytesToBytes, error) {
	return resolve(Name, c.Config, decoded)
}

// NumcodecsCodec is numcodecs.blosc, unbound: numcodecs' Blosc with its own
// configuration.
type NumcodecsCodec struct{ Config }

// NewNumcodecsFromConfig is the registry factory of "numcodecs.blosc". Every
// key is optional, with numcodecs' defaults: "cname" "lz4", "clevel" 5,
// "shuffle" 1 (an integer: -1 auto, 0 none, 1 byte, 2 bit), "blocksize" 0;
// "typesize" (1 or more; numcodecs 0.16 and later accept it) defaults to
// the array's element size.
func NewNumcodecsFromConfig(cfg *codec.Config) (codec.Codec, error) {
	c := &NumcodecsCodec{Config{Cname: "lz4", Clevel: 5, Shuffle: ByteShuffle}}
	if cname, ok, err := cfg.Enum("cname", compressorNames...); err != nil {
		return nil, err
	} else if ok {
		c.Cname = cname
	}
	if s, ok, err := cfg.Int("shuffle", -1, 2); err != nil {
		return nil, err
	} else if ok {
		c.Shuffle = Shuffle(s)
	}
	if err := c.readCommon(cfg); err != nil {
		return nil, err
	}
	return c, cfg.Finish()
}

// Name returns "numcodecs.blosc".
func (c *NumcodecsCodec) Name() string { return NumcodecsName }

// MarshalJSON returns {"name": "numcodecs.blosc", "configuration":
// {"cname", "clevel", "shuffle", "blocksize"}} in numcodecs' key order,
// with "typesize" after them when it is set.
func (c *NumcodecsCodec) MarshalJSON() ([]byte, error) {
	type config struct {
		Cname     string `json:"cname"`
		Clevel    int    `json:"clevel"`
		Shuffle   int    `json:"shuffle"`
		Blocksize int    `json:"blocksize"`
		Typesize  int    `json:"typesize,omitempty"`
	}
	return codec.MarshalCodec(NumcodecsName, config{c.Cname, c.Clevel, int(c.Shuffle), c.Blocksize, c.Typesize})
}

// ResolveBytesToBytes binds the codec to decoded.
func (c *NumcodecsCodec) ResolveBytesToBytes(decoded codec.BytesSpec) (codec.BoundBytesToBytes, error) {
	return resolve(NumcodecsName, c.Config, decoded)
}
