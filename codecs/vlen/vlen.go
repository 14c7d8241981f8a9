package vlen

import (
	"fmt"
	"math"
	"unicode/utf8"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/registry"
)

// The registered names.
const (
	UTF8Name    = "vlen-utf8"
	BytesName   = "vlen-bytes"
	ArrayName   = "numcodecs.vlen-array"
	JSONName    = "numcodecs.json2"
	MsgPackName = "numcodecs.msgpack2"
)

func init() {
	registry.Register(registry.Registration{
		Name: UTF8Name, Aliases: []string{"numcodecs.vlen-utf8"}, Kind: codec.KindArrayToBytes,
		New:     func(cfg *codec.Config) (codec.Codec, error) { return &UTF8{}, cfg.Finish() },
		Summary: "variable-length UTF-8 strings: u32le count, then u32le length and bytes per element",
	})
	registry.Register(registry.Registration{
		Name: BytesName, Aliases: []string{"numcodecs.vlen-bytes"}, Kind: codec.KindArrayToBytes,
		New:     func(cfg *codec.Config) (codec.Codec, error) { return &Bytes{}, cfg.Finish() },
		Summary: "variable-length byte strings: u32le count, then u32le length and bytes per element",
	})
	registry.Register(registry.Registration{
		Name: ArrayName, Kind: codec.KindArrayToBytes, New: newArrayFromConfig,
		Summary: "numcodecs VLenArray: variable-length 1-d arrays of one NumPy dtype, in the vlen-bytes layout",
	})
	registry.Register(registry.Registration{
		Name: JSONName, Kind: codec.KindArrayToBytes, New: newJSONFromConfig,
		Summary: "numcodecs JSON of an object array of strings: [elements..., dtype, shape]",
	})
	registry.Register(registry.Registration{
		Name: MsgPackName, Kind: codec.KindArrayToBytes, New: newMsgPackFromConfig,
		Summary: "numcodecs MsgPack of an object array of strings or bytes: [elements..., dtype, shape]",
	})
	registry.Register(registry.Registration{
		Name: CategorizeName, Kind: codec.KindArrayToBytes, New: newCategorizeFromConfig,
		Summary: "numcodecs Categorize of an object array of strings: 1 + the index of each element's label, 0 for none",
	})
}

// UTF8 is the vlen-utf8 codec (no configuration).
type UTF8 struct{}

// Name returns "vlen-utf8".
func (*UTF8) Name() string { return UTF8Name }

// MarshalJSON returns {"name": "vlen-utf8", "configuration": {}}, as
// zarr-python 3 writes it.
func (*UTF8) MarshalJSON() ([]byte, error) { return codec.MarshalCodec(UTF8Name, struct{}{}) }

// ResolveBytes binds the codec to chunks of the string data type.
func (*UTF8) ResolveBytes(decoded codec.ChunkSpec) (codec.BoundArrayToBytes, error) {
	if decoded.DataType != numeric.String {
		return nil, &codec.ConfigError{Codec: UTF8Name, Reason: fmt.Sprintf("encodes the string data type, not %v", decoded.DataType)}
	}
	return &boundVlen{name: UTF8Name, spec: decoded, n: decoded.NumElements(), utf8: true}, nil
}

// Bytes is the vlen-bytes codec (no configuration).
type Bytes struct{}

// Name returns "vlen-bytes".
func (*Bytes) Name() string { return BytesName }

// MarshalJSON returns {"name": "vlen-bytes", "configuration": {}}.
func (*Bytes) MarshalJSON() ([]byte, error) { return codec.MarshalCodec(BytesName, struct{}{}) }

// ResolveBytes binds the codec to chunks of the bytes data type.
func (*Bytes) ResolveBytes(decoded codec.ChunkSpec) (codec.BoundArrayToBytes, error) {
	if decoded.DataType != numeric.Bytes {
		return nil, &codec.ConfigError{Codec: BytesName, Reason: fmt.Sprintf("encodes the bytes data type, not %v", decoded.DataType)}
	}
	return &boundVlen{name: BytesName, spec: decoded, n: decoded.NumElements()}, nil
}

// boundVlen is vlen-utf8, vlen-bytes or numcodecs.vlen-array bound to a
// chunk spec: the identity on the vlen form, which it checks.
type boundVlen struct {
	name     string
	spec     codec.ChunkSpec
	n        int  // elements per chunk
	utf8     bool // elements must be valid UTF-8
	itemSize int  // vlen-array: element lengths are multiples of it
}

// maxVariableChunk bounds the encoded size a variable-length chunk may
// declare: codec.MaxChunkBytes where an int holds it (the pipeline then
// clamps it to Options.MaxChunkBytes).
const maxVariableChunk = min(codec.MaxChunkBytes, math.MaxInt)

func (b *boundVlen) Encoded() codec.BytesSpec {
	return codec.VariableBytes(maxVariableChunk, b.spec)
}

// IsIdentity is true: the encoded chunk is the vlen form itself.
func (b *boundVlen) IsIdentity() bool { return true }

// CheckIdentity checks the vlen form: the count, the lengths and, for
// vlen-utf8, that every element is valid UTF-8.
func (b *boundVlen) CheckIdentity(src []byte) error { return b.check(src) }

func (b *boundVlen) AppendEncodeBytes(dst, src []byte) ([]byte, error) {
	if err := b.check(src); err != nil {
		return dst, err
	}
	return append(dst, src...), nil
}

func (b *boundVlen) DecodeBytes(dst, src []byte) error {
	return &codec.ConfigError{Codec: b.name, Reason: "variable-length chunks decode with AppendDecodeVariable"}
}

func (b *boundVlen) AppendDecodeVariable(dst, src []byte, max int) ([]byte, error) {
	if len(src) > max {
		return dst, &codec.CorruptError{Codec: b.name, Reason: fmt.Sprintf("a chunk of %d bytes, more than the limit of %d", len(src), max)}
	}
	if err := b.check(src); err != nil {
		return dst, err
	}
	return append(dst, src...), nil
}

func (b *boundVlen) check(src []byte) error {
	switch {
	case b.utf8:
		return checkUTF8(b.name, src, b.n)
	case b.itemSize > 1:
		return codec.VlenElements(b.name, src, b.n, func(i, _, length int) error {
			if length%b.itemSize != 0 {
				return &codec.CorruptError{Codec: b.name, Reason: fmt.Sprintf("element %d: %d bytes are not a whole number of %d-byte items", i, length, b.itemSize)}
			}
			return nil
		})
	}
	return codec.VlenElements(b.name, src, b.n, nil)
}

// checkUTF8 is codec.VlenElements with a UTF-8 check of every element,
// written out for speed: most elements are short and ASCII.
func checkUTF8(name string, b []byte, n int) error {
	pos, err := codec.VlenHeader(name, b, n)
	if err != nil {
		return err
	}
	// When every byte of the chunk is ASCII (short ASCII strings: their
	// lengths are below 128), every element is valid UTF-8 and only the
	// layout is left to check.
	ascii := isASCII(b)
	for i := range n {
		if len(b)-pos < 4 {
			return &codec.CorruptError{Codec: name, Reason: fmt.Sprintf("element %d: data seem truncated", i)}
		}
		l := uint64(b[pos]) | uint64(b[pos+1])<<8 | uint64(b[pos+2])<<16 | uint64(b[pos+3])<<24
		pos += 4
		if l > uint64(len(b)-pos) {
			return &codec.CorruptError{Codec: name, Reason: fmt.Sprintf("element %d: length %d runs past the end of the chunk", i, l)}
		}
		e := b[pos : pos+int(l)]
		pos += int(l)
		if !ascii && !isASCII(e) && !utf8.Valid(e) {
			return &codec.CorruptError{Codec: name, Reason: fmt.Sprintf("element %d is not valid UTF-8", i)}
		}
	}
	if pos != len(b) {
		return &codec.CorruptError{Codec: name, Reason: fmt.Sprintf("%d bytes after the last element", len(b)-pos)}
	}
	return nil
}

// isASCII reports whether every byte of e is below 0x80, eight at a time.
func isASCII(e []byte) bool {
	i := 0
	for ; i+8 <= len(e); i += 8 {
		w := uint64(e[i]) | uint64(e[i+1])<<8 | uint64(e[i+2])<<16 | uint64(e[i+3])<<24 |
			uint64(e[i+4])<<32 | uint64(e[i+5])<<40 | uint64(e[i+6])<<48 | uint64(e[i+7])<<56
		if w&0x8080808080808080 != 0 {
			return false
		}
	}
	for ; i < len(e); i++ {
		if e[i] >= 0x80 {
			return false
		}
	}
	return true
}
