package codec_test

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strings"
	"sync"
	"testing"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/codecs/bytescodec"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/registry"
)

func spec(dt numeric.DataType, fill numeric.Scalar, shape ...int) codec.ChunkSpec {
	return codec.ChunkSpec{DataType: dt, Shape: shape, FillValue: fill}
}

func TestChainOrder(t *testing.T) {
	s := spec(numeric.Uint8, numeric.Zero(numeric.Uint8), 4)
	tests := []struct {
		name   string
		codecs []codec.Codec
		index  int
		codec  string
		reason string
	}{
		{"empty", nil, 0, "", "no array->bytes codec"},
		{"only array->array", []codec.Codec{addOne{}}, 1, "", "no array->bytes codec"},
		{"bytes->bytes first", []codec.Codec{xorBytes{}, littleBytes}, 0, "xor", "bytes->bytes codec before the array->bytes codec"},
		{"bytes->bytes before bytes", []codec.Codec{addOne{}, xorBytes{}, littleBytes}, 1, "xor", "bytes->bytes codec before"},
		{"two array->bytes", []codec.Codec{littleBytes, xorBytes{}, bigBytes}, 2, "bytes", "second array->bytes codec"},
		{"array->array after bytes", []codec.Codec{littleBytes, addOne{}}, 1, "add_one", "array->array codec after the array->bytes codec"},
		{"array->array after bytes->bytes", []codec.Codec{addOne{}, littleBytes, xorBytes{}, addOne{}}, 3, "add_one", "array->array codec after"},
		{"nil codec", []codec.Codec{addOne{}, nil, littleBytes}, 1, "", "nil codec"},
		{"not a codec kind", []codec.Codec{notACodec{}, littleBytes}, 0, "not_a_codec", "not an array->array, array->bytes or bytes->bytes codec"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := codec.NewPipeline(s, tt.codecs, nil)
			if err == nil {
				t.Fatalf("NewPipeline succeeded: %v", p)
			}
			var oe *codec.ChainOrderError
			if !errors.As(err, &oe) {
				t.Fatalf("error %T (%v) is not a *ChainOrderError", err, err)
			}
			if oe.Index != tt.index || oe.Codec != tt.codec || !strings.Contains(oe.Reason, tt.reason) {
				t.Errorf("got %+v, want index %d codec %q reason %q", oe, tt.index, tt.codec, tt.reason)
			}
			if !errors.Is(err, codec.ErrConfig) {
				t.Errorf("errors.Is(%v, ErrConfig) is false", err)
			}
			if tt.codec != "" && !strings.HasPrefix(err.Error(), fmt.Sprintf("codec %d (%s): ", tt.index, tt.codec)) {
				t.Errorf("message %q does not name the codec", err)
			}
		})
	}
}

func TestResolveErrorIsStepError(t *testing.T) {
	// widen needs int16; at index 1 it sees the uint8 output of add_one
	_, err := codec.NewPipeline(spec(numeric.Uint8, numeric.Zero(numeric.Uint8), 2), []codec.Codec{addOne{}, widen{}, littleBytes}, nil)
	var se *codec.StepError
	if !errors.As(err, &se) || se.Index != 1 || se.Codec != "widen" {
		t.Fatalf("error = %v, want a *StepError at 1 (widen)", err)
	}
	var ce *codec.ConfigError
	if !errors.As(err, &ce) || ce.Key != "data_type" || !errors.Is(err, codec.ErrConfig) {
		t.Fatalf("error %v does not wrap the codec's *ConfigError", err)
	}
	if got, want := err.Error(), "codec 1 (widen): widen: data_type: needs int16, got uint8"; got != want {
		t.Errorf("message %q, want %q", got, want)
	}

	// the bytes codec without endian on a multi-byte type, after one codec
	_, err = codec.NewPipeline(spec(numeric.Int16, numeric.Zero(numeric.Int16), 2), []codec.Codec{widen{}, &bytescodec.Codec{}}, nil)
	if !errors.As(err, &se) || se.Index != 1 || se.Codec != "bytes" || !errors.As(err, &ce) || ce.Key != "endian" {
		t.Fatalf("error = %v, want a *StepError at 1 (bytes) about endian", err)
	}
	if !strings.Contains(err.Error(), "int32") {
		t.Errorf("message %q does not name the encoded type int32", err)
	}

	_, err = codec.NewPipeline(spec(numeric.Int8, numeric.Zero(numeric.Int8), 2), []codec.Codec{failResolve{}, littleBytes}, nil)
	if !errors.As(err, &se) || se.Index != 0 || !errors.As(err, &ce) || ce.Codec != "fail_resolve" {
		t.Fatalf("error = %v", err)
	}
}

func TestFillRoundTrip(t *testing.T) {
	fill := numeric.ScalarFromBits(numeric.Uint8, 7, 0)
	wrong := numeric.ScalarFromBits(numeric.Uint8, 9, 0)
	_, err := codec.NewPipeline(spec(numeric.Uint8, fill, 3), []codec.Codec{addOne{}, fillMapper{decoded: wrong}, littleBytes}, nil)
	var se *codec.StepError
	if !errors.As(err, &se) || se.Index != 1 || se.Codec != "fill_mapper" {
		t.Fatalf("error = %v, want a *StepError at 1 (fill_mapper)", err)
	}
	var fe *codec.FillRoundTripError
	if !errors.As(err, &fe) {
		t.Fatalf("error %v does not wrap a *FillRoundTripError", err)
	}
	// fill_mapper sees the fill after add_one: 8
	if v, _ := fe.Original.Uint64(); v != 8 || fe.Encoded != fe.Original || fe.Decoded != wrong || fe.DecodeErr != nil {
		t.Errorf("FillRoundTripError = %+v", fe)
	}
	if !errors.Is(err, codec.ErrFillRoundTrip) || !errors.Is(err, codec.ErrConfig) {
		t.Errorf("errors.Is fails for %v", err)
	}
	if got, want := err.Error(), "codec 1 (fill_mapper): fill value 8 (uint8) encodes to 8 (uint8) but decodes back to 9"; got != want {
		t.Errorf("message:\n got %q\nwant %q", got, want)
	}

	// a fill that does not decode at all
	decErr := errors.New("cannot decode 8")
	_, err = codec.NewPipeline(spec(numeric.Uint8, fill, 3), []codec.Codec{fillMapper{err: decErr}, littleBytes}, nil)
	if !errors.As(err, &fe) || fe.DecodeErr != decErr || !errors.Is(err, decErr) {
		t.Fatalf("error = %v, want a *FillRoundTripError wrapping the decode error", err)
	}
	if got, want := err.Error(), "codec 0 (fill_mapper): fill value 7 (uint8) encodes to 7 (uint8), which does not decode: cannot decode 8"; got != want {
		t.Errorf("message:\n got %q\nwant %q", got, want)
	}

	// a fill that decodes to a value of another type
	_, err = codec.NewPipeline(spec(numeric.Uint8, fill, 3), []codec.Codec{fillMapper{decoded: numeric.ScalarFromBits(numeric.Int8, 7, 0)}, littleBytes}, nil)
	if !errors.As(err, &fe) {
		t.Fatalf("a fill decoded to int8 7 passed the uint8 round trip: %v", err)
	}

	// numeric equality: another NaN, or -0 for +0, is the same fill (D1)
	for _, tc := range []struct{ orig, dec uint64 }{
		{0x7fc00000, 0xffc00001},
		{0x80000000, 0},
		{0, 0x80000000},
	} {
		s := spec(numeric.Float32, numeric.ScalarFromBits(numeric.Float32, tc.orig, 0), 2)
		if _, err := codec.NewPipeline(s, []codec.Codec{fillMapper{decoded: numeric.ScalarFromBits(numeric.Float32, tc.dec, 0)}, littleBytes}, nil); err != nil {
			t.Errorf("fill %#x decoded as %#x: %v", tc.orig, tc.dec, err)
		}
	}
	s := spec(numeric.Float32, numeric.ScalarFromBits(numeric.Float32, 0x7fc00000, 0), 2)
	if _, err := codec.NewPipeline(s, []codec.Codec{fillMapper{decoded: numeric.ScalarFromBits(numeric.Float32, 0x7f800000, 0)}, littleBytes}, nil); !errors.Is(err, codec.ErrFillRoundTrip) {
		t.Errorf("NaN decoded as Infinity passed: %v", err)
	}
}

func TestInvalidChunkSpec(t *testing.T) {
	tests := []struct {
		spec codec.ChunkSpec
		want string
	}{
		{codec.ChunkSpec{Shape: []int{1}}, "invalid data type"},
		{spec(numeric.Uint8, numeric.Zero(numeric.Int8), 1), "fill value 0 is a int8, not a uint8"},
		{spec(numeric.Uint8, numeric.Zero(numeric.Uint8), 2, 0), "chunk dimension 1 is 0"},
		{spec(numeric.Uint8, numeric.Zero(numeric.Uint8), -1), "chunk dimension 0 is -1"},
		{spec(numeric.Float64, numeric.Zero(numeric.Float64), 1<<20, 1<<20, 1<<20), "exceeds"},
		{spec(numeric.Float64, numeric.Zero(numeric.Float64), 1<<30, 1<<30, 1<<30), "too large"},
		{spec(numeric.Float64, numeric.Zero(numeric.Float64), 1<<16, 1<<16), "exceeds"},
		{spec(numeric.Float64, numeric.Zero(numeric.Float64), math.MaxInt, 2), "too large"},
	}
	for _, tt := range tests {
		_, err := codec.NewPipeline(tt.spec, []codec.Codec{littleBytes}, nil)
		var ce *codec.ConfigError
		if !errors.As(err, &ce) || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("NewPipeline(%v) = %v, want a *ConfigError containing %q", tt.spec, err, tt.want)
		}
	}
	// at the limit is fine
	ok := spec(numeric.Float64, numeric.Zero(numeric.Float64), min(codec.MaxChunkBytes, math.MaxInt)/8)
	if err := ok.Validate(); err != nil {
		t.Errorf("Validate at MaxChunkBytes: %v", err)
	}
	// a scalar chunk (no dimensions) has one element
	sc := spec(numeric.Int32, numeric.Zero(numeric.Int32))
	if err := sc.Validate(); err != nil || sc.NumElements() != 1 || sc.Size() != 4 {
		t.Errorf("scalar chunk: %v, %d elements, %d bytes", err, sc.NumElements(), sc.Size())
	}
}

// fullChain is int16 -> widen -> bytes(big) -> xor -> len_prefix.
func fullChain(t testing.TB, shape ...int) *codec.Pipeline {
	t.Helper()
	fill, _ := numeric.IntScalar(numeric.Int16, -3)
	p, err := codec.NewPipeline(spec(numeric.Int16, fill, shape...), []codec.Codec{widen{}, bigBytes, xorBytes{}, lenPrefix{}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// fullChainEncoding computes what fullChain produces for vals, independently
// of the codecs.
func fullChainEncoding(vals []int16) []byte {
	var be []byte
	for _, v := range vals {
		be = binary.BigEndian.AppendUint32(be, uint32(int32(v)))
	}
	out := binary.LittleEndian.AppendUint32(nil, uint32(len(be)))
	for _, b := range be {
		out = append(out, b^0x5a)
	}
	return append(out, 0xee)
}

func int16Bytes(vals []int16) []byte {
	var b []byte
	for _, v := range vals {
		b = binary.LittleEndian.AppendUint16(b, uint16(v))
	}
	return b
}

func TestFullChain(t *testing.T) {
	p := fullChain(t, 2, 3)
	vals := []int16{0, 1, -1, math.MaxInt16, math.MinInt16, 1234}
	src := int16Bytes(vals)
	want := fullChainEncoding(vals)
	prefix := []byte("keep")
	enc, err := p.AppendEncode(prefix, src)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(enc[:4], []byte("keep")) || !bytes.Equal(enc[4:], want) {
		t.Fatalf("Encode = % x, want keep + % x", enc, want)
	}
	dst := make([]byte, p.DecodedSize())
	if err := p.Decode(dst, enc[4:]); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(dst, src) {
		t.Fatalf("Decode = % x, want % x", dst, src)
	}

	if p.DecodedSize() != 12 {
		t.Errorf("DecodedSize() = %d", p.DecodedSize())
	}
	if e := p.Encoded(); e.Fixed() || e.MaxSize != 24+5 {
		t.Errorf("Encoded() = %v", e)
	}
	steps := p.Steps()
	wantSteps := []struct {
		name string
		kind codec.Kind
		dec  numeric.DataType
	}{
		{"widen", codec.KindArrayToArray, numeric.Int16},
		{"bytes", codec.KindArrayToBytes, numeric.Int32},
		{"xor", codec.KindBytesToBytes, 0},
		{"len_prefix", codec.KindBytesToBytes, 0},
	}
	if len(steps) != len(wantSteps) {
		t.Fatalf("%d steps", len(steps))
	}
	for i, w := range wantSteps {
		st := steps[i]
		if st.Index != i || st.Name != w.name || st.Kind != w.kind || (w.dec != 0 && st.Decoded.DataType != w.dec) {
			t.Errorf("step %d = %+v", i, st)
		}
	}
	if f, _ := steps[0].Encoded.FillValue.Int64(); steps[0].Encoded.DataType != numeric.Int32 || f != -3 {
		t.Errorf("widen's encoded spec = %v", steps[0].Encoded)
	}
	if steps[1].EncodedBytes.Size != 24 || steps[2].DecodedBytes.Size != 24 || steps[3].EncodedBytes.Fixed() {
		t.Errorf("byte specs: %v %v %v", steps[1].EncodedBytes, steps[2].DecodedBytes, steps[3].EncodedBytes)
	}
	if got := p.String(); got != "int16 [2 3] fill -3 -> widen -> bytes -> xor -> len_prefix" {
		t.Errorf("String() = %q", got)
	}
	// Spec and Steps return copies, shapes included
	p.Spec().Shape[0] = 99
	steps[0].Name = "changed"
	steps[0].Decoded.Shape[0] = 98
	steps[1].Decoded.Shape[0] = 97
	steps[1].EncodedBytes.Array.Shape[0] = 96
	steps[3].DecodedBytes.Array.Shape[0] = 95
	if p.Spec().Shape[0] != 2 || p.Steps()[0].Name != "widen" {
		t.Errorf("Spec or Steps share memory with the pipeline")
	}
	for _, st := range p.Steps() {
		for _, sh := range [][]int{st.Decoded.Shape, st.Encoded.Shape, st.DecodedBytes.Array.Shape, st.EncodedBytes.Array.Shape} {
			if len(sh) > 0 && sh[0] != 2 {
				t.Errorf("step %d: a shape changed through Steps(): %v", st.Index, sh)
			}
		}
	}
	if got := p.String(); got != "int16 [2 3] fill -3 -> widen -> bytes -> xor -> len_prefix" {
		t.Errorf("String() after changing Steps() = %q", got)
	}
}

func TestDecodeErrors(t *testing.T) {
	p := fullChain(t, 4)
	vals := []int16{1, 2, 3, 4}
	good := fullChainEncoding(vals)
	dst := make([]byte, p.DecodedSize())

	// wrong destination length
	for _, n := range []int{0, 7, 9} {
		err := p.Decode(make([]byte, n), good)
		var se *codec.SizeError
		if !errors.As(err, &se) || se.Got != n || se.Want != 8 || !errors.Is(err, codec.ErrSize) {
			t.Errorf("Decode into %d bytes: %v", n, err)
		}
	}

	// corrupt framing: the error names the last codec, index 3
	bad := bytes.Clone(good)
	bad[len(bad)-1] = 0
	err := p.Decode(dst, bad)
	var step *codec.StepError
	if !errors.As(err, &step) || step.Index != 3 || step.Codec != "len_prefix" || !errors.Is(err, codec.ErrCorrupt) {
		t.Errorf("corrupt framing: %v", err)
	}

	// a well-framed stream of the wrong length: caught by the decoded spec of len_prefix
	short := fullChainEncoding(vals[:3])
	err = p.Decode(dst, short)
	var ce *codec.CorruptError
	if !errors.As(err, &step) || step.Index != 3 || !errors.As(err, &ce) || !strings.Contains(ce.Reason, "decoded 12 bytes, want 16") {
		t.Errorf("short stream: %v", err)
	}

	// an int32 that does not fit int16: the error comes from widen, index 0
	big := binary.LittleEndian.AppendUint32(nil, 16)
	for i, v := range []uint32{1, 2, 70000, 4} {
		_ = i
		var be [4]byte
		binary.BigEndian.PutUint32(be[:], v)
		for _, b := range be {
			big = append(big, b^0x5a)
		}
	}
	big = append(big, 0xee)
	err = p.Decode(dst, big)
	if !errors.As(err, &step) || step.Index != 0 || step.Codec != "widen" || !strings.Contains(err.Error(), "element 2: 70000") {
		t.Errorf("out-of-range element: %v", err)
	}

	// a decoder that returns more than it should
	lp, err := codec.NewPipeline(spec(numeric.Uint8, numeric.Zero(numeric.Uint8), 4), []codec.Codec{littleBytes, liar{}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	err = lp.Decode(make([]byte, 4), []byte{1, 2, 3, 4})
	if !errors.As(err, &step) || step.Index != 1 || step.Codec != "liar" || !errors.As(err, &ce) || !strings.Contains(ce.Reason, "decoded 5 bytes, want 4") {
		t.Errorf("liar: %v", err)
	}

	// bytes only: a chunk of the wrong length is corrupt
	bp, _ := codec.NewPipeline(spec(numeric.Uint16, numeric.Zero(numeric.Uint16), 4), []codec.Codec{littleBytes}, nil)
	err = bp.Decode(make([]byte, 8), make([]byte, 7))
	if !errors.As(err, &step) || step.Index != 0 || !errors.Is(err, codec.ErrCorrupt) {
		t.Errorf("bytes-only wrong chunk length: %v", err)
	}
}

func TestEncodeErrorsKeepDst(t *testing.T) {
	p, err := codec.NewPipeline(spec(numeric.Uint8, numeric.Zero(numeric.Uint8), 4), []codec.Codec{addOne{}, failEncode{}, littleBytes, lenPrefix{}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	dst := make([]byte, 3, 64)
	copy(dst, "abc")
	for _, n := range []int{0, 3, 5} {
		out, err := p.AppendEncode(dst, make([]byte, n))
		var se *codec.SizeError
		if !errors.As(err, &se) || se.Got != n || se.Want != 4 || se.What != "decoded chunk" {
			t.Errorf("Encode of %d bytes: %v", n, err)
		}
		if len(out) != 3 || &out[0] != &dst[0] || string(out) != "abc" {
			t.Errorf("Encode of %d bytes changed dst: %q", n, out)
		}
	}
	// add_one turns 0xfe into 0xff, which fail_encode (index 1) refuses
	out, err := p.AppendEncode(dst, []byte{0xfe, 0, 0, 0})
	var step *codec.StepError
	if !errors.As(err, &step) || step.Index != 1 || step.Codec != "fail_encode" || !errors.Is(err, errFirstByte) {
		t.Errorf("Encode error: %v", err)
	}
	if len(out) != 3 || string(out) != "abc" {
		t.Errorf("Encode changed dst on error: %q", out)
	}
	out, err = p.AppendEncode(dst, []byte{1, 2, 3, 4})
	if err != nil || string(out[:3]) != "abc" || !bytes.Equal(out[3:], []byte{4, 0, 0, 0, 2, 3, 4, 5, 0xee}) {
		t.Errorf("Encode = % x, %v", out, err)
	}
}

// TestConcurrentUse runs one pipeline from several goroutines; run it with
// -race.
func TestConcurrentUse(t *testing.T) {
	p := fullChain(t, 64)
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			vals := make([]int16, 64)
			dst := make([]byte, p.DecodedSize())
			var enc []byte
			for it := range 200 {
				for i := range vals {
					vals[i] = int16(g*1000 + it*7 + i)
				}
				src := int16Bytes(vals)
				var err error
				enc, err = p.AppendEncode(enc[:0], src)
				if err != nil {
					errs <- err
					return
				}
				if !bytes.Equal(enc, fullChainEncoding(vals)) {
					errs <- fmt.Errorf("goroutine %d iteration %d: wrong encoding", g, it)
					return
				}
				if err := p.Decode(dst, enc); err != nil {
					errs <- err
					return
				}
				if !bytes.Equal(dst, src) {
					errs <- fmt.Errorf("goroutine %d iteration %d: wrong decoding", g, it)
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

// TestSteadyStateAllocs checks that AppendEncode into a preallocated dst and
// Decode reuse their scratch buffers.
func TestSteadyStateAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("sync.Pool drops items under the race detector")
	}
	pipelines := map[string]*codec.Pipeline{
		"full chain": fullChain(t, 256),
	}
	bp, err := codec.NewPipeline(spec(numeric.Int16, numeric.Zero(numeric.Int16), 256), []codec.Codec{bigBytes}, nil)
	if err != nil {
		t.Fatal(err)
	}
	pipelines["bytes only"] = bp
	for name, chain := range map[string]string{
		"identity bytes + zstd":          `[{"name": "bytes", "configuration": {"endian": "little"}}, {"name": "zstd", "configuration": {"level": 1}}]`,
		"scale_offset + identity bytes":  `[{"name": "scale_offset", "configuration": {"offset": 1, "scale": 4}}, {"name": "bytes", "configuration": {"endian": "little"}}]`,
		"identity bytes + shuffle(1)":    `[{"name": "bytes", "configuration": {"endian": "little"}}, {"name": "numcodecs.shuffle", "configuration": {"elementsize": 1}}]`,
		"identity bytes + shuffle + lz4": `[{"name": "bytes", "configuration": {"endian": "little"}}, "numcodecs.shuffle", "numcodecs.lz4"]`,
	} {
		parsed, err := registry.Default().ParseCodecs(json.RawMessage(chain), "/codecs")
		if err != nil {
			t.Fatal(err)
		}
		p, err := codec.NewPipeline(spec(numeric.Float32, numeric.Zero(numeric.Float32), 256), parsed.Codecs, nil)
		if err != nil {
			t.Fatal(err)
		}
		pipelines[name] = p
	}
	for name, p := range pipelines {
		src := make([]byte, p.DecodedSize())
		for i := range src {
			src[i] = byte(i * 7)
		}
		dst := make([]byte, 0, 4096)
		enc, err := p.AppendEncode(dst, src)
		if err != nil {
			t.Fatal(err)
		}
		out := make([]byte, p.DecodedSize())
		encAllocs := testing.AllocsPerRun(100, func() {
			if _, err := p.AppendEncode(dst[:0], src); err != nil {
				t.Fatal(err)
			}
		})
		decAllocs := testing.AllocsPerRun(100, func() {
			if err := p.Decode(out, enc); err != nil {
				t.Fatal(err)
			}
		})
		if encAllocs > 0.1 || decAllocs > 0.1 {
			t.Errorf("%s: %.1f allocations per Encode, %.1f per Decode; want 0", name, encAllocs, decAllocs)
		}
	}
}

func TestErrorMessages(t *testing.T) {
	tests := []struct {
		err  error
		want string
	}{
		{&codec.ConfigError{Pointer: "/codecs/1/configuration/endian", Codec: "bytes", Key: "endian", Reason: "bad"}, "/codecs/1/configuration/endian: bytes: bad"},
		{&codec.ConfigError{Codec: "bytes", Key: "endian", Reason: "bad"}, "bytes: endian: bad"},
		{&codec.ConfigError{Reason: "bad"}, "bad"},
		{&codec.SizeError{What: "destination", Got: 3, Want: 4}, "destination has 3 bytes, want 4"},
		{&codec.CorruptError{Codec: "gzip", Reason: "truncated"}, "gzip: corrupt chunk: truncated"},
		{&codec.CorruptError{Codec: "gzip", Reason: "truncated", Err: errors.New("EOF")}, "gzip: corrupt chunk: truncated: EOF"},
		{&codec.ChainOrderError{Index: 2, Reason: "x"}, "codec chain: x"},
		{&codec.StepError{Index: 2, Codec: "zstd", Err: errors.New("x")}, "codec 2 (zstd): x"},
	}
	for _, tt := range tests {
		if got := tt.err.Error(); got != tt.want {
			t.Errorf("%T.Error() = %q, want %q", tt.err, got, tt.want)
		}
	}
	inner := errors.New("inner")
	if !errors.Is(&codec.ConfigError{Err: codec.ErrUnknownCodec}, codec.ErrUnknownCodec) ||
		!errors.Is(&codec.ConfigError{}, codec.ErrConfig) ||
		!errors.Is(&codec.CorruptError{Err: inner}, inner) ||
		errors.Is(&codec.CorruptError{}, codec.ErrConfig) ||
		errors.Is(&codec.SizeError{}, codec.ErrCorrupt) {
		t.Errorf("errors.Is relations wrong")
	}
	for k, want := range map[codec.Kind]string{codec.KindArrayToArray: "array->array", codec.KindArrayToBytes: "array->bytes", codec.KindBytesToBytes: "bytes->bytes", 0: "invalid"} {
		if k.String() != want {
			t.Errorf("Kind(%d).String() = %q", k, k)
		}
	}
}

func TestBytesSpec(t *testing.T) {
	a := spec(numeric.Uint8, numeric.Zero(numeric.Uint8), 10)
	f := codec.FixedBytes(10, a)
	v := codec.VariableBytes(20, a)
	if !f.Fixed() || v.Fixed() || f.String() != "bytes[10]" || v.String() != "bytes[<=20]" {
		t.Errorf("FixedBytes/VariableBytes: %v %v", f, v)
	}
	for _, tc := range []struct {
		s    codec.BytesSpec
		n    int
		fail bool
	}{
		{f, 10, false}, {f, 9, true}, {f, 11, true}, {v, 0, false}, {v, 20, false}, {v, 21, true},
	} {
		err := tc.s.CheckDecoded("x", tc.n)
		if (err != nil) != tc.fail || (err != nil && !errors.Is(err, codec.ErrCorrupt)) {
			t.Errorf("%v.CheckDecoded(%d) = %v", tc.s, tc.n, err)
		}
	}
}

func TestMarshalCodec(t *testing.T) {
	for _, tc := range []struct {
		c    codec.Codec
		want string
	}{
		{littleBytes, `{"name":"bytes","configuration":{"endian":"little"}}`},
		{bigBytes, `{"name":"bytes","configuration":{"endian":"big"}}`},
		{&bytescodec.Codec{}, `{"name":"bytes"}`},
	} {
		j, err := tc.c.MarshalJSON()
		if err != nil || string(j) != tc.want {
			t.Errorf("MarshalJSON = %s, %v; want %s", j, err, tc.want)
		}
	}
	if codec.KindOf(notACodec{}) != 0 || codec.KindOf(littleBytes) != codec.KindArrayToBytes || codec.KindOf(xorBytes{}) != codec.KindBytesToBytes || codec.KindOf(addOne{}) != codec.KindArrayToArray {
		t.Errorf("KindOf wrong")
	}
}
