package checksum32

import (
	"encoding/binary"
	"fmt"
	"hash/adler32"
	"hash/crc32"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/codecs/hdf5fletcher32"
	"github.com/zcodec/zcodec/codecs/internal/bounded"
	"github.com/zcodec/zcodec/registry"
)

// Registered names.
const (
	CRC32Name      = "numcodecs.crc32"
	Adler32Name    = "numcodecs.adler32"
	Fletcher32Name = "numcodecs.fletcher32"
	CRC32CName     = "numcodecs.crc32c"
)

// Size is the length of the checksum.
const Size = 4

// Algorithm is a checksum.
type Algorithm int

// The checksums.
const (
	CRC32 Algorithm = iota + 1
	Adler32
	Fletcher32
	CRC32C
)

// castagnoli is the CRC-32C table.
var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// Sum returns the checksum of data.
func (a Algorithm) Sum(data []byte) uint32 {
	switch a {
	case CRC32:
		return crc32.ChecksumIEEE(data)
	case Adler32:
		return adler32.Checksum(data)
	case Fletcher32:
		return hdf5fletcher32.Checksum(data)
	case CRC32C:
		return crc32.Checksum(data, castagnoli)
	}
	panic(fmt.Sprintf("checksum32: unknown algorithm %d", int(a)))
}

// name returns the registered name of a's codec.
func (a Algorithm) name() string {
	switch a {
	case CRC32:
		return CRC32Name
	case Adler32:
		return Adler32Name
	case Fletcher32:
		return Fletcher32Name
	case CRC32C:
		return CRC32CName
	}
	return fmt.Sprintf("Algorithm(%d)", int(a))
}

// Location is where the checksum goes.
type Location string

// The locations.
const (
	Start Location = "start"
	End   Location = "end"
)

func init() {
	registry.Register(registry.Registration{
		Name: CRC32Name, Kind: codec.KindBytesToBytes, New: newWithLocation(CRC32, Start),
		Summary: "numcodecs CRC32: 4-byte little-endian CRC-32 before (or after) the data",
	})
	registry.Register(registry.Registration{
		Name: Adler32Name, Kind: codec.KindBytesToBytes, New: newWithLocation(Adler32, Start),
		Summary: "numcodecs Adler32: 4-byte little-endian Adler-32 before (or after) the data",
	})
	registry.Register(registry.Registration{
		Name: CRC32CName, Kind: codec.KindBytesToBytes, New: newWithLocation(CRC32C, End),
		Summary: "numcodecs CRC32C: data + 4-byte little-endian CRC-32C (or before it)",
	})
	registry.Register(registry.Registration{
		Name: Fletcher32Name, Kind: codec.KindBytesToBytes, New: newFletcher32,
		Summary: "numcodecs Fletcher32: data + 4-byte little-endian HDF5 Fletcher-32",
	})
}

// Codec is an unbound checksum codec.
type Codec struct {
	Algorithm Algorithm
	// Location is Start or End; Fletcher32 is always End.
	Location Location
}

// newWithLocation returns the registry factory of CRC32, Adler32 or
// CRC32C: an optional "location", "start" or "end" (default def).
func newWithLocation(a Algorithm, def Location) func(cfg *codec.Config) (codec.Codec, error) {
	return func(cfg *codec.Config) (codec.Codec, error) {
		c := &Codec{Algorithm: a, Location: def}
		loc, ok, err := cfg.Enum("location", string(Start), string(End))
		if err != nil {
			return nil, err
		}
		if ok {
			c.Location = Location(loc)
		}
		return c, cfg.Finish()
	}
}

// newFletcher32 is the registry factory of numcodecs.fletcher32, which has
// no configuration.
func newFletcher32(cfg *codec.Config) (codec.Codec, error) {
	return &Codec{Algorithm: Fletcher32, Location: End}, cfg.Finish()
}

// Name returns the codec's registered name.
func (c *Codec) Name() string { return c.Algorithm.name() }

// MarshalJSON returns {"name": N}, with {"location": L} as the
// configuration of a CRC32 or Adler32 codec that puts the checksum last
// (L "end") and of every CRC32C codec (numcodecs writes its location).
func (c *Codec) MarshalJSON() ([]byte, error) {
	if c.Algorithm == CRC32C {
		return codec.MarshalCodec(c.Name(), map[string]string{"location": string(c.Location)})
	}
	if c.Algorithm != Fletcher32 && c.Location == End {
		return codec.MarshalCodec(c.Name(), map[string]string{"location": string(End)})
	}
	return codec.MarshalCodec(c.Name(), nil)
}

// ResolveBytesToBytes binds the codec: the encoded bytes are 4 longer.
func (c *Codec) ResolveBytesToBytes(decoded codec.BytesSpec) (codec.BoundBytesToBytes, error) {
	if c.Algorithm < CRC32 || c.Algorithm > CRC32C {
		return nil, &codec.ConfigError{Codec: c.Name(), Reason: fmt.Sprintf("unknown checksum algorithm %d", int(c.Algorithm))}
	}
	loc := c.Location
	if c.Algorithm == Fletcher32 {
		loc = End
	}
	if loc != Start && loc != End {
		return nil, &codec.ConfigError{Codec: c.Name(), Key: "location", Reason: fmt.Sprintf("%q is not one of \"start\", \"end\"", loc)}
	}
	return &bound{alg: c.Algorithm, end: loc == End, name: c.Name(), spec: decoded}, nil
}

type bound struct {
	alg  Algorithm
	end  bool
	name string
	spec codec.BytesSpec
}

func (b *bound) Encoded() codec.BytesSpec {
	if b.spec.Fixed() {
		return codec.FixedBytes(b.spec.Size+Size, b.spec.Array)
	}
	return codec.VariableBytes(b.spec.MaxSize+Size, b.spec.Array)
}

// AppendEncode appends src with its checksum to dst.
func (b *bound) AppendEncode(dst, src []byte) ([]byte, error) {
	if b.spec.Fixed() && len(src) != b.spec.Size || len(src) > b.spec.MaxSize {
		return dst, &codec.SizeError{What: b.name + " input", Got: len(src), Want: b.spec.MaxSize}
	}
	sum := b.alg.Sum(src)
	dst = bounded.Reserve(dst, len(src)+Size)
	if b.end {
		return binary.LittleEndian.AppendUint32(append(dst, src...), sum), nil
	}
	return append(binary.LittleEndian.AppendUint32(dst, sum), src...), nil
}

// AppendDecode checks the checksum of src and appends the data to dst.
func (b *bound) AppendDecode(dst, src []byte) ([]byte, error) {
	if len(src) < Size {
		return dst, &codec.CorruptError{Codec: b.name, Reason: fmt.Sprintf("%d bytes, too short for the 4-byte checksum", len(src))}
	}
	data, stored := src[Size:], src[:Size]
	if b.end {
		data, stored = src[:len(src)-Size], src[len(src)-Size:]
	}
	if err := b.spec.CheckDecoded(b.name, len(data)); err != nil {
		return dst, err
	}
	want := binary.LittleEndian.Uint32(stored)
	if got := b.alg.Sum(data); got != want {
		return dst, &codec.CorruptError{Codec: b.name, Reason: fmt.Sprintf("checksum mismatch: stored %#08x, computed %#08x", want, got)}
	}
	return append(dst, data...), nil
}
