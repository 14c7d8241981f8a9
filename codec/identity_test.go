package codec_test

import (
	"bytes"
	"encoding/binary"
	"errors"
	"math"
	"testing"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/codecs/shuffle"
	"github.com/zcodec/zcodec/numeric"
)

// spy is a bytes->bytes codec that copies bytes with a one-byte header and
// records where the buffers it was given start, to show which memory the
// pipeline hands it.
type spy struct{ rec *spyRecord }

type spyRecord struct {
	encodeSrc, decodeDst *byte
}

func (spy) Name() string                 { return "spy" }
func (spy) MarshalJSON() ([]byte, error) { return codec.MarshalCodec("spy", nil) }
func (s spy) ResolveBytesToBytes(d codec.BytesSpec) (codec.BoundBytesToBytes, error) {
	return boundSpy{s.rec, d}, nil
}

type boundSpy struct {
	rec  *spyRecord
	spec codec.BytesSpec
}

func (b boundSpy) Encoded() codec.BytesSpec {
	return codec.VariableBytes(b.spec.MaxSize+1, b.spec.Array)
}
func (b boundSpy) AppendEncode(dst, src []byte) ([]byte, error) {
	b.rec.encodeSrc = &src[0]
	return append(append(dst, 0x5a), src...), nil
}
func (b boundSpy) AppendDecode(dst, src []byte) ([]byte, error) {
	if len(src) == 0 || src[0] != 0x5a {
		return dst, &codec.CorruptError{Codec: "spy", Reason: "no header"}
	}
	if cap(dst) > 0 {
		b.rec.decodeDst = &dst[:1][0]
	}
	return append(dst, src[1:]...), nil
}

func float64s(n int) []byte {
	b := make([]byte, 8*n)
	for i := range n {
		binary.LittleEndian.PutUint64(b[8*i:], math.Float64bits(float64(i)*1.5))
	}
	return b
}

// TestIdentityBytesHandsBuffersOn checks that a little-endian bytes codec
// (and numcodecs.shuffle with an element size of 1) copies nothing: the
// first compressor encodes the caller's chunk itself, and the last decoder
// writes into the caller's destination.
func TestIdentityBytesHandsBuffersOn(t *testing.T) {
	spec := codec.ChunkSpec{DataType: numeric.Float64, Shape: []int{64}, FillValue: numeric.Zero(numeric.Float64)}
	chains := []struct {
		name      string
		codecs    func(rec *spyRecord) []codec.Codec
		direct    bool // the spy sees the caller's buffers
		arraySide bool
	}{
		{"bytes little", func(r *spyRecord) []codec.Codec { return []codec.Codec{littleBytes, spy{r}} }, true, false},
		{"bytes little + shuffle(1)", func(r *spyRecord) []codec.Codec {
			return []codec.Codec{littleBytes, &shuffle.Codec{ElementSize: 1}, spy{r}}
		}, true, false},
		{"bytes little + spy + shuffle(1)", func(r *spyRecord) []codec.Codec {
			return []codec.Codec{littleBytes, spy{r}, &shuffle.Codec{ElementSize: 1}}
		}, true, false},
		{"bytes big", func(r *spyRecord) []codec.Codec { return []codec.Codec{bigBytes, spy{r}} }, false, false},
		{"bytes little + shuffle(8)", func(r *spyRecord) []codec.Codec {
			return []codec.Codec{littleBytes, &shuffle.Codec{ElementSize: 8}, spy{r}}
		}, false, false},
	}
	for _, tc := range chains {
		rec := &spyRecord{}
		p, err := codec.NewPipeline(spec, tc.codecs(rec), nil)
		if err != nil {
			t.Fatal(err)
		}
		src := float64s(64)
		enc, err := p.AppendEncode(nil, src)
		if err != nil {
			t.Fatal(err)
		}
		if got := rec.encodeSrc == &src[0]; got != tc.direct {
			t.Errorf("%s: the compressor encodes the caller's chunk: %v, want %v", tc.name, got, tc.direct)
		}
		dst := make([]byte, p.DecodedSize())
		if err := p.Decode(dst, enc); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(dst, src) {
			t.Errorf("%s: round trip differs", tc.name)
		}
		if got := rec.decodeDst == &dst[0]; got != tc.direct {
			t.Errorf("%s: the decoder writes into the caller's destination: %v, want %v", tc.name, got, tc.direct)
		}
	}
}

// TestIdentityKeepsChecks checks that a skipped codec still rejects what
// its decoder would: a wrong length, a bool byte other than 0 or 1.
func TestIdentityKeepsChecks(t *testing.T) {
	boolSpec := codec.ChunkSpec{DataType: numeric.Bool, Shape: []int{20}, FillValue: numeric.Zero(numeric.Bool)}
	p, err := codec.NewPipeline(boolSpec, []codec.Codec{littleBytes, &shuffle.Codec{ElementSize: 1}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	chunk := make([]byte, 20)
	chunk[17] = 2
	var se *codec.StepError
	err = p.Decode(make([]byte, 20), chunk)
	if !errors.As(err, &se) || se.Index != 0 || !errors.Is(err, codec.ErrCorrupt) {
		t.Errorf("bool byte 2: %v, want a corrupt-chunk error of step 0 (bytes)", err)
	}
	err = p.Decode(make([]byte, 20), chunk[:19])
	if !errors.As(err, &se) || se.Index != 1 || !errors.Is(err, codec.ErrCorrupt) {
		t.Errorf("short chunk: %v, want a corrupt-chunk error of step 1 (shuffle)", err)
	}
	chunk[17] = 1
	out := make([]byte, 20)
	if err := p.Decode(out, chunk); err != nil || !bytes.Equal(out, chunk) {
		t.Errorf("valid bool chunk: %v", err)
	}
	// Encoding a chain of identities appends to dst.
	enc, err := p.AppendEncode([]byte("hdr"), chunk)
	if err != nil || string(enc[:3]) != "hdr" || !bytes.Equal(enc[3:], chunk) {
		t.Errorf("Encode = %q, %v", enc, err)
	}
}

// TestDecodeCapsDestination checks that a decoder that writes more than it
// may cannot reach the caller's memory beyond dst.
func TestDecodeCapsDestination(t *testing.T) {
	spec := codec.ChunkSpec{DataType: numeric.Uint8, Shape: []int{8}, FillValue: numeric.Zero(numeric.Uint8)}
	p, err := codec.NewPipeline(spec, []codec.Codec{littleBytes, liar{}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	backing := make([]byte, 16)
	for i := range backing {
		backing[i] = 0xcc
	}
	err = p.Decode(backing[:8], []byte{1, 2, 3, 4, 5, 6, 7, 8})
	if !errors.Is(err, codec.ErrCorrupt) {
		t.Errorf("Decode = %v, want a corrupt-chunk error", err)
	}
	if backing[8] != 0xcc {
		t.Errorf("the decoder wrote past the destination: % x", backing)
	}
}

// TestOverlappingBuffers checks that handing buffers on does not let a
// codec write over its own input when the caller's src and dst share
// memory.
func TestOverlappingBuffers(t *testing.T) {
	spec := codec.ChunkSpec{DataType: numeric.Uint8, Shape: []int{64}, FillValue: numeric.Zero(numeric.Uint8)}
	p, err := codec.NewPipeline(spec, []codec.Codec{littleBytes, xorBytes{}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	chunk := make([]byte, 64)
	for i := range chunk {
		chunk[i] = byte(i * 3)
	}
	want, _ := p.AppendEncode(nil, chunk)
	// AppendEncode: the output goes one byte after the start of the input.
	backing := make([]byte, 65)
	copy(backing, chunk)
	got, err := p.AppendEncode(backing[1:1], backing[:64])
	if err != nil || !bytes.Equal(got, want) {
		t.Errorf("overlapping Encode = % x, %v; want % x", got, err, want)
	}
	// Decode: the encoded chunk sits one byte before the destination.
	copy(backing, want)
	if err := p.Decode(backing[1:65], backing[:64]); err != nil || !bytes.Equal(backing[1:65], chunk) {
		t.Errorf("overlapping Decode = % x, %v", backing[1:65], err)
	}
}

// arraySpy is addOne recording where its output and input start.
type arraySpy struct{ rec *arraySpyRecord }

type arraySpyRecord struct{ encodeDst, decodeSrc, decodeDst *byte }

func (arraySpy) Name() string                 { return "array_spy" }
func (arraySpy) MarshalJSON() ([]byte, error) { return codec.MarshalCodec("array_spy", nil) }
func (a arraySpy) ResolveArray(s codec.ChunkSpec) (codec.BoundArrayToArray, error) {
	b, err := addOne{}.ResolveArray(s)
	return boundArraySpy{b, a.rec}, err
}

type boundArraySpy struct {
	codec.BoundArrayToArray
	rec *arraySpyRecord
}

func (b boundArraySpy) EncodeArray(dst, src []byte) error {
	b.rec.encodeDst = &dst[0]
	return b.BoundArrayToArray.EncodeArray(dst, src)
}

func (b boundArraySpy) DecodeArray(dst, src []byte) error {
	b.rec.decodeSrc, b.rec.decodeDst = &src[0], &dst[0]
	return b.BoundArrayToArray.DecodeArray(dst, src)
}

// TestArrayPassUsesCallerBuffers checks that with an identity bytes codec
// and nothing after it, the last array pass encodes into dst and decodes
// from src into dst: no copy in either direction.
func TestArrayPassUsesCallerBuffers(t *testing.T) {
	rec := &arraySpyRecord{}
	spec := codec.ChunkSpec{DataType: numeric.Uint8, Shape: []int{64}, FillValue: numeric.Zero(numeric.Uint8)}
	p, err := codec.NewPipeline(spec, []codec.Codec{arraySpy{rec}, littleBytes}, nil)
	if err != nil {
		t.Fatal(err)
	}
	src := make([]byte, 64)
	for i := range src {
		src[i] = byte(i)
	}
	dst := make([]byte, 3, 100)
	enc, err := p.AppendEncode(dst, src)
	if err != nil || len(enc) != 67 || enc[3] != 1 || enc[66] != 64 {
		t.Fatalf("Encode = % x, %v", enc, err)
	}
	if rec.encodeDst != &dst[:4][3] {
		t.Error("the array pass did not encode into dst")
	}
	out := make([]byte, 64)
	if err := p.Decode(out, enc[3:]); err != nil || !bytes.Equal(out, src) {
		t.Fatalf("Decode = % x, %v", out, err)
	}
	if rec.decodeSrc != &enc[3] || rec.decodeDst != &out[0] {
		t.Error("the array pass did not decode from src into dst")
	}
	// With the input in dst's spare capacity, the pass writes elsewhere
	// first: the result is still right.
	for i := range src {
		src[i] = byte(i * 7)
	}
	want, _ := p.AppendEncode(nil, src)
	backing := make([]byte, 65)
	copy(backing, src)
	enc, err = p.AppendEncode(backing[1:1], backing[:64])
	if err != nil || !bytes.Equal(enc, want) {
		t.Errorf("overlapping Encode = % x, %v; want % x", enc, err, want)
	}
}
