package codec_test

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/codecs/bytescodec"
	"github.com/zcodec/zcodec/numeric"
)

// Small codecs for testing the pipeline. Each is the simplest thing that
// exercises one path.

// addOne is an array->array codec on uint8: encode adds 1 (mod 256),
// decode subtracts 1.
type addOne struct{}

func (addOne) Name() string                 { return "add_one" }
func (addOne) MarshalJSON() ([]byte, error) { return codec.MarshalCodec("add_one", nil) }
func (addOne) ResolveArray(s codec.ChunkSpec) (codec.BoundArrayToArray, error) {
	if s.DataType != numeric.Uint8 {
		return nil, &codec.ConfigError{Codec: "add_one", Reason: "needs uint8, got " + s.DataType.String()}
	}
	v, _ := s.FillValue.Uint64()
	return boundAddOne{s.WithDataType(numeric.Uint8, numeric.ScalarFromBits(numeric.Uint8, v+1, 0))}, nil
}

type boundAddOne struct{ enc codec.ChunkSpec }

func (b boundAddOne) Encoded() codec.ChunkSpec { return b.enc }
func (boundAddOne) EncodeArray(dst, src []byte) error {
	for i, v := range src {
		dst[i] = v + 1
	}
	return nil
}
func (boundAddOne) DecodeArray(dst, src []byte) error {
	for i, v := range src {
		dst[i] = v - 1
	}
	return nil
}
func (boundAddOne) DecodeFill(e numeric.Scalar) (numeric.Scalar, error) {
	v, _ := e.Uint64()
	return numeric.ScalarFromBits(numeric.Uint8, v-1, 0), nil
}

// widen is an array->array codec from int16 to int32. Decoding fails for an
// int32 that does not fit int16.
type widen struct{}

func (widen) Name() string                 { return "widen" }
func (widen) MarshalJSON() ([]byte, error) { return codec.MarshalCodec("widen", nil) }
func (widen) ResolveArray(s codec.ChunkSpec) (codec.BoundArrayToArray, error) {
	if s.DataType != numeric.Int16 {
		return nil, &codec.ConfigError{Codec: "widen", Key: "data_type", Reason: "needs int16, got " + s.DataType.String()}
	}
	v, _ := s.FillValue.Int64()
	fill, _ := numeric.IntScalar(numeric.Int32, v)
	return boundWiden{s.WithDataType(numeric.Int32, fill)}, nil
}

type boundWiden struct{ enc codec.ChunkSpec }

func (b boundWiden) Encoded() codec.ChunkSpec { return b.enc }
func (boundWiden) EncodeArray(dst, src []byte) error {
	for i := 0; i < len(src)/2; i++ {
		v := int16(binary.LittleEndian.Uint16(src[2*i:]))
		binary.LittleEndian.PutUint32(dst[4*i:], uint32(int32(v)))
	}
	return nil
}
func (boundWiden) DecodeArray(dst, src []byte) error {
	for i := 0; i < len(src)/4; i++ {
		v := int32(binary.LittleEndian.Uint32(src[4*i:]))
		if v < math.MinInt16 || v > math.MaxInt16 {
			return fmt.Errorf("element %d: %d does not fit int16", i, v)
		}
		binary.LittleEndian.PutUint16(dst[2*i:], uint16(int16(v)))
	}
	return nil
}
func (boundWiden) DecodeFill(e numeric.Scalar) (numeric.Scalar, error) {
	v, _ := e.Int64()
	return numeric.IntScalar(numeric.Int16, v)
}

// fillMapper is an array->array identity codec whose DecodeFill returns a
// fixed value, or an error: it breaks (or keeps, numerically) the fill
// round trip.
type fillMapper struct {
	decoded numeric.Scalar // what DecodeFill returns
	err     error          // or this error
}

func (fillMapper) Name() string                 { return "fill_mapper" }
func (fillMapper) MarshalJSON() ([]byte, error) { return codec.MarshalCodec("fill_mapper", nil) }
func (f fillMapper) ResolveArray(s codec.ChunkSpec) (codec.BoundArrayToArray, error) {
	return boundFillMapper{f, s}, nil
}

type boundFillMapper struct {
	f    fillMapper
	spec codec.ChunkSpec
}

func (b boundFillMapper) Encoded() codec.ChunkSpec        { return b.spec }
func (boundFillMapper) EncodeArray(dst, src []byte) error { copy(dst, src); return nil }
func (boundFillMapper) DecodeArray(dst, src []byte) error { copy(dst, src); return nil }
func (b boundFillMapper) DecodeFill(numeric.Scalar) (numeric.Scalar, error) {
	return b.f.decoded, b.f.err
}

// failEncode is an array->array identity codec whose encoder fails when
// the chunk's first byte is 0xff.
type failEncode struct{}

func (failEncode) Name() string                 { return "fail_encode" }
func (failEncode) MarshalJSON() ([]byte, error) { return codec.MarshalCodec("fail_encode", nil) }
func (failEncode) ResolveArray(s codec.ChunkSpec) (codec.BoundArrayToArray, error) {
	return boundFailEncode{s}, nil
}

type boundFailEncode struct{ spec codec.ChunkSpec }

var errFirstByte = errors.New("first byte is 0xff")

func (b boundFailEncode) Encoded() codec.ChunkSpec { return b.spec }
func (boundFailEncode) EncodeArray(dst, src []byte) error {
	if len(src) > 0 && src[0] == 0xff {
		return errFirstByte
	}
	copy(dst, src)
	return nil
}
func (boundFailEncode) DecodeArray(dst, src []byte) error { copy(dst, src); return nil }
func (boundFailEncode) DecodeFill(e numeric.Scalar) (numeric.Scalar, error) {
	return e, nil
}

// xorBytes is a bytes->bytes codec that XORs every byte with 0x5a.
type xorBytes struct{}

func (xorBytes) Name() string                 { return "xor" }
func (xorBytes) MarshalJSON() ([]byte, error) { return codec.MarshalCodec("xor", nil) }
func (xorBytes) ResolveBytesToBytes(s codec.BytesSpec) (codec.BoundBytesToBytes, error) {
	return boundXor{s}, nil
}

type boundXor struct{ spec codec.BytesSpec }

func (b boundXor) Encoded() codec.BytesSpec { return b.spec }
func (boundXor) AppendEncode(dst, src []byte) ([]byte, error) {
	for _, v := range src {
		dst = append(dst, v^0x5a)
	}
	return dst, nil
}
func (b boundXor) AppendDecode(dst, src []byte) ([]byte, error) { return b.AppendEncode(dst, src) }

// lenPrefix is a bytes->bytes codec with a variable-size output: a 4-byte
// little-endian length, the data, and a trailing 0xee byte. Decoding checks
// the framing and trusts nothing.
type lenPrefix struct{}

func (lenPrefix) Name() string                 { return "len_prefix" }
func (lenPrefix) MarshalJSON() ([]byte, error) { return codec.MarshalCodec("len_prefix", nil) }
func (lenPrefix) ResolveBytesToBytes(s codec.BytesSpec) (codec.BoundBytesToBytes, error) {
	return boundLenPrefix{s}, nil
}

type boundLenPrefix struct{ dec codec.BytesSpec }

func (b boundLenPrefix) Encoded() codec.BytesSpec {
	return codec.VariableBytes(b.dec.MaxSize+5, b.dec.Array)
}
func (boundLenPrefix) AppendEncode(dst, src []byte) ([]byte, error) {
	dst = binary.LittleEndian.AppendUint32(dst, uint32(len(src)))
	dst = append(dst, src...)
	return append(dst, 0xee), nil
}
func (b boundLenPrefix) AppendDecode(dst, src []byte) ([]byte, error) {
	if len(src) < 5 || src[len(src)-1] != 0xee {
		return dst, &codec.CorruptError{Codec: "len_prefix", Reason: "bad framing"}
	}
	n := binary.LittleEndian.Uint32(src)
	if int64(n) != int64(len(src)-5) {
		return dst, &codec.CorruptError{Codec: "len_prefix", Reason: fmt.Sprintf("header says %d bytes, have %d", n, len(src)-5)}
	}
	return append(dst, src[4:len(src)-1]...), nil
}

// liar is a bytes->bytes codec whose decoder returns one byte more than it
// was given: the pipeline must catch the wrong decoded size.
type liar struct{}

func (liar) Name() string                 { return "liar" }
func (liar) MarshalJSON() ([]byte, error) { return codec.MarshalCodec("liar", nil) }
func (liar) ResolveBytesToBytes(s codec.BytesSpec) (codec.BoundBytesToBytes, error) {
	return boundLiar{s}, nil
}

type boundLiar struct{ spec codec.BytesSpec }

func (b boundLiar) Encoded() codec.BytesSpec { return b.spec }
func (boundLiar) AppendEncode(dst, src []byte) ([]byte, error) {
	return append(dst, src...), nil
}
func (boundLiar) AppendDecode(dst, src []byte) ([]byte, error) {
	return append(append(dst, src...), 0), nil
}

// notACodec implements Codec but none of the three kinds.
type notACodec struct{}

func (notACodec) Name() string                 { return "not_a_codec" }
func (notACodec) MarshalJSON() ([]byte, error) { return []byte(`"not_a_codec"`), nil }

// failResolve is an array->array codec whose resolution always fails.
type failResolve struct{}

func (failResolve) Name() string                 { return "fail_resolve" }
func (failResolve) MarshalJSON() ([]byte, error) { return codec.MarshalCodec("fail_resolve", nil) }
func (failResolve) ResolveArray(codec.ChunkSpec) (codec.BoundArrayToArray, error) {
	return nil, &codec.ConfigError{Codec: "fail_resolve", Key: "mode", Reason: "never resolves"}
}

var (
	littleBytes = &bytescodec.Codec{Endian: numeric.LittleEndian}
	bigBytes    = &bytescodec.Codec{Endian: numeric.BigEndian}
)

// panicky is a third-party bytes->bytes codec with a bug: it panics on a
// chunk whose first byte is 0xab (an index out of range, as a real bug
// would), and with a plain value on 0xac.
type panicky struct{}

func (panicky) Name() string                 { return "panicky" }
func (panicky) MarshalJSON() ([]byte, error) { return codec.MarshalCodec("panicky", nil) }
func (panicky) ResolveBytesToBytes(s codec.BytesSpec) (codec.BoundBytesToBytes, error) {
	return boundPanicky{s}, nil
}

type boundPanicky struct{ spec codec.BytesSpec }

func (b boundPanicky) Encoded() codec.BytesSpec { return b.spec }
func (boundPanicky) AppendEncode(dst, src []byte) ([]byte, error) {
	if len(src) > 0 && src[0] == 0xab {
		var table []byte
		return append(dst, table[src[0]]), nil
	}
	if len(src) > 0 && src[0] == 0xac {
		panic("panicky: cannot encode 0xac")
	}
	return append(dst, src...), nil
}
func (b boundPanicky) AppendDecode(dst, src []byte) ([]byte, error) { return b.AppendEncode(dst, src) }

// advisoryMapper is fillMapper with the numcodecs rule: its fill round
// trip failures are warnings in every mode.
type advisoryMapper struct{ fillMapper }

func (advisoryMapper) Name() string                { return "advisory_mapper" }
func (advisoryMapper) FillRoundTripAdvisory() bool { return true }

// noFill is an array->array identity codec on uint8 that can encode only
// one fill value, accept: its ResolveArray reports any other with a
// *codec.FillRoundTripError with EncodeErr, wrapped in a *codec.ConfigError
// as a real codec would, offering accept as the stand-in when offer is set.
type noFill struct {
	accept uint64
	offer  bool
}

var errNoFill = errors.New("only one value encodes")

func (noFill) Name() string                 { return "no_fill" }
func (noFill) MarshalJSON() ([]byte, error) { return codec.MarshalCodec("no_fill", nil) }
func (n noFill) ResolveArray(s codec.ChunkSpec) (codec.BoundArrayToArray, error) {
	if s.DataType != numeric.Uint8 {
		return nil, &codec.ConfigError{Codec: "no_fill", Reason: "needs uint8"}
	}
	if v, _ := s.FillValue.Uint64(); v != n.accept {
		rt := &codec.FillRoundTripError{Original: s.FillValue, EncodeErr: errNoFill}
		if n.offer {
			rt.StandIn = numeric.ScalarFromBits(numeric.Uint8, n.accept, 0)
		}
		return nil, &codec.ConfigError{Codec: "no_fill", Key: "fill", Reason: "fill value does not encode", Err: rt}
	}
	return boundFillMapper{fillMapper{decoded: s.FillValue}, s}, nil
}
