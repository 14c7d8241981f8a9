package hdf5nbit

import (
	"fmt"
	"github.com/zcodec/zcodec/codecs/internal/bitpack"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/codecs/internal/bounded"
	"github.com/zcodec/zcodec/numeric"
)

// blockLen is the number of elements the kernels handle at a time.
const blockLen = 256

// bound is the codec bound to chunks of atomic integers, or the identity.
type bound struct {
	decoded, encoded codec.BytesSpec
	identity         bool

	n      int  // elements per chunk
	size   int  // bytes per element
	prec   uint // significant bits
	big    bool // the decoded bytes are big-endian
	signed bool
	dt     numeric.DataType
}

func newBound(c *Codec, decoded codec.BytesSpec) *bound {
	b := &bound{decoded: decoded, n: c.Elements, size: c.Type.Size, prec: uint(c.Type.Precision),
		big: c.Type.BigEndian, dt: decoded.Array.DataType, signed: decoded.Array.DataType.IsSigned()}
	b.encoded = codec.FixedBytes(b.encodedLen(), decoded.Array)
	return b
}

// encodedLen is the filter's output size: the whole bytes of the values,
// and one more byte.
func (b *bound) encodedLen() int { return int(uint64(b.n)*uint64(b.prec)/8) + 1 }

func (b *bound) Encoded() codec.BytesSpec { return b.encoded }

func (b *bound) AppendDecode(dst, src []byte) ([]byte, error) {
	if b.identity {
		if err := b.decoded.CheckDecoded(Name, len(src)); err != nil {
			return dst, err
		}
		return append(dst, src...), nil
	}
	if need := bitpack.PackedLen(b.n, b.prec); len(src) < need {
		return dst, &codec.CorruptError{Codec: Name, Reason: fmt.Sprintf("%d values of %d bits need %d bytes, the chunk has %d", b.n, b.prec, need, len(src))}
	}
	start := len(dst)
	dst = bounded.Grow(dst, b.n*b.size)
	out := dst[start:]
	m := b.prec
	sh := 64 - m
	var blk [blockLen]uint64
	for i := 0; i < b.n; i += blockLen {
		vals := blk[:min(blockLen, b.n-i)]
		bitpack.Unpack(vals, src, i, m)
		if b.signed {
			// HDF5 converts the file's type to the full-width memory type,
			// extending the sign bit
			for j, v := range vals {
				vals[j] = uint64(int64(v<<sh) >> sh)
			}
		}
		bitpack.StoreElems(out[i*b.size:], vals, b.size, b.big)
	}
	return dst, nil
}

func (b *bound) AppendEncode(dst, src []byte) ([]byte, error) {
	if len(src) != b.n*b.size {
		return dst, &codec.SizeError{What: Name + " input", Got: len(src), Want: b.n * b.size}
	}
	if b.identity {
		return append(dst, src...), nil
	}
	m := b.prec
	full := uint64(1)<<(8*b.size) - 1 // all ones for 8 bytes: the shift gives 0
	msk := uint64(1)<<m - 1
	start := len(dst)
	p := bitpack.Packer{Out: bounded.Reserve(dst, b.encodedLen())}
	var blk [blockLen]uint64
	for i := 0; i < b.n; i += blockLen {
		vals := blk[:min(blockLen, b.n-i)]
		bitpack.LoadElems(vals, src[i*b.size:], b.size, b.big)
		for j, v := range vals {
			// the value must be its low m bits, sign- or zero-extended
			w := v & msk
			ext := w
			if b.signed {
				ext = uint64(int64(w<<(64-m))>>(64-m)) & full
			}
			if ext != v {
				return dst, &ValueError{Index: i + j, Value: numeric.ScalarFromBits(b.dt, v, 0), Precision: int(m)}
			}
			vals[j] = w
		}
		p.PutBlock(vals, m)
	}
	p.Flush()
	for len(p.Out)-start < b.encodedLen() {
		p.Out = append(p.Out, 0)
	}
	return p.Out, nil
}
