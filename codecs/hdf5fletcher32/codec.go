package hdf5fletcher32

import (
	"encoding/binary"
	"fmt"
	"math/bits"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/registry"
)

// Name is the codec's name.
const Name = "zcodec.hdf5_fletcher32"

// Size is the number of bytes the checksum adds.
const Size = 4

func init() {
	registry.Register(registry.Registration{
		Name:    Name,
		Kind:    codec.KindBytesToBytes,
		New:     NewFromConfig,
		Summary: "HDF5 fletcher32 filter (id 3): data + 4-byte little-endian HDF5 Fletcher-32",
	})
}

// Codec is the unbound zcodec.hdf5_fletcher32 codec.
type Codec struct{}

// NewFromConfig is the registry factory: the codec takes no configuration keys.
func NewFromConfig(cfg *codec.Config) (codec.Codec, error) {
	return Codec{}, cfg.Finish()
}

// Name returns "zcodec.hdf5_fletcher32".
func (Codec) Name() string { return Name }

// MarshalJSON returns {"name": "zcodec.hdf5_fletcher32"}.
func (Codec) MarshalJSON() ([]byte, error) { return codec.MarshalCodec(Name, nil) }

// ResolveBytesToBytes binds the codec: the encoded bytes are 4 longer.
func (Codec) ResolveBytesToBytes(decoded codec.BytesSpec) (codec.BoundBytesToBytes, error) {
	enc := codec.VariableBytes(decoded.MaxSize+Size, decoded.Array)
	if decoded.Fixed() {
		enc = codec.FixedBytes(decoded.Size+Size, decoded.Array)
	}
	return bound{decoded: decoded, encoded: enc}, nil
}

type bound struct {
	decoded, encoded codec.BytesSpec
}

func (b bound) Encoded() codec.BytesSpec { return b.encoded }

func (b bound) AppendEncode(dst, src []byte) ([]byte, error) {
	dst = append(dst, src...)
	return binary.LittleEndian.AppendUint32(dst, Checksum(src)), nil
}

func (b bound) AppendDecode(dst, src []byte) ([]byte, error) {
	if len(src) < Size {
		return dst, &codec.CorruptError{Codec: Name, Reason: fmt.Sprintf("chunk has %d bytes, fewer than the %d-byte checksum", len(src), Size)}
	}
	data := src[:len(src)-Size]
	if err := b.decoded.CheckDecoded(Name, len(data)); err != nil {
		return dst, err
	}
	stored := binary.LittleEndian.Uint32(src[len(data):])
	sum := Checksum(data)
	if stored != sum && stored != bits.ReverseBytes32(sum) {
		return dst, &codec.CorruptError{Codec: Name, Reason: fmt.Sprintf("checksum %#08x, stored %#08x", sum, stored)}
	}
	return append(dst, data...), nil
}
