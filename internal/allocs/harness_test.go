package allocs

import (
	"bytes"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/internal/benchdata"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/registry"
)

// warmUps is how many encode/decode pairs run before counting, so that
// pools, lazily built tables and grown scratch buffers reach their steady
// state.
const warmUps = 3

// runs is the number of calls testing.AllocsPerRun averages over.
const runs = 10

// roundTrip is a codec resolved for one chunk, with its input and the
// buffers it writes, allocated once.
type roundTrip struct {
	encode, decode func() error
	check          func() error // decoded == input, where the codec is lossless
}

// resolve builds c's round trip on the chunk spec and its decoded bytes.
func resolve(c codec.Codec, spec codec.ChunkSpec, src []byte, lossless bool) (*roundTrip, error) {
	rt := &roundTrip{}
	dec := make([]byte, len(src))
	switch c := c.(type) {
	case codec.ArrayToArray:
		b, err := c.ResolveArray(spec)
		if err != nil {
			return nil, err
		}
		enc := make([]byte, b.Encoded().Size())
		rt.encode = func() error { return b.EncodeArray(enc, src) }
		rt.decode = func() error { return b.DecodeArray(dec, enc) }
	case codec.ArrayToBytes:
		b, err := c.ResolveBytes(spec)
		if err != nil {
			return nil, err
		}
		var enc []byte
		rt.encode = func() (err error) { enc, err = b.AppendEncodeBytes(enc[:0], src); return err }
		rt.decode = func() error { return b.DecodeBytes(dec, enc) }
		if v, ok := b.(codec.VariableLengthCodec); ok { // the decoded chunk is the vlen form, of src's size
			rt.decode = func() error {
				out, err := v.AppendDecodeVariable(dec[:0], enc, len(dec))
				if err == nil && len(out) != len(dec) {
					err = fmt.Errorf("decoded %d bytes, want %d", len(out), len(dec))
				}
				return err
			}
		}
	case codec.BytesToBytes:
		b, err := c.ResolveBytesToBytes(codec.FixedBytes(len(src), spec))
		if err != nil {
			return nil, err
		}
		var enc []byte
		out := dec[:0]
		rt.encode = func() (err error) { enc, err = b.AppendEncode(enc[:0], src); return err }
		rt.decode = func() (err error) {
			out, err = b.AppendDecode(out[:0], enc)
			if err == nil && len(out) != len(dec) {
				err = fmt.Errorf("decoded %d bytes, want %d", len(out), len(dec))
			}
			copy(dec, out)
			return err
		}
	default:
		return nil, fmt.Errorf("%T is not a codec kind this test knows", c)
	}
	rt.check = func() error {
		if lossless && !bytes.Equal(dec, src) {
			return fmt.Errorf("the round trip changed the chunk")
		}
		return nil
	}
	return rt, nil
}

// prepare parses tc's codec, makes its chunk and resolves its round trip.
func prepare(tc allocCase) (*roundTrip, error) {
	c, _, err := registry.Default().ParseCodec(json.RawMessage(tc.json), "/codecs/0")
	if err != nil {
		return nil, err
	}
	if c == nil {
		return nil, fmt.Errorf("%s: not registered", tc.json)
	}
	var src []byte
	if tc.data != nil {
		src = tc.data()
	} else if src, err = benchdata.Chunk(tc.dtype, tc.kind, chunkBytes, benchdata.Seed); err != nil {
		return nil, err
	}
	shape := tc.shape
	if shape == nil && tc.dtype.IsVariableLength() {
		return nil, fmt.Errorf("%s: a variable-length type needs a shape", tc.name)
	}
	if shape == nil {
		shape = []int{len(src) / tc.dtype.Size()}
	}
	fillJSON := tc.fill
	if fillJSON == "" {
		fillJSON = map[bool]string{true: "false", false: "0"}[tc.dtype == numeric.Bool]
	}
	fill, err := numeric.ParseFillValue(tc.dtype, []byte(fillJSON))
	if err != nil {
		return nil, err
	}
	spec := codec.ChunkSpec{DataType: tc.dtype, Shape: shape, FillValue: fill}
	return resolve(c, spec, src, !tc.lossy)
}

// allocsPerCall runs warmUps round trips, checks the last, and returns
// the allocations per encode and per decode call in steady state.
func allocsPerCall(rt *roundTrip) (enc, dec float64, err error) {
	for range warmUps {
		if err := rt.encode(); err != nil {
			return 0, 0, fmt.Errorf("encode: %v", err)
		}
		if err := rt.decode(); err != nil {
			return 0, 0, fmt.Errorf("decode: %v", err)
		}
	}
	if err := rt.check(); err != nil {
		return 0, 0, err
	}
	enc = testing.AllocsPerRun(runs, func() { _ = rt.encode() })
	dec = testing.AllocsPerRun(runs, func() { _ = rt.decode() })
	return enc, dec, nil
}
