package bytescodec_test

import (
	"bytes"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"math"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/codecs/bytescodec"
	"github.com/zcodec/zcodec/numeric"
)

func spec(dt numeric.DataType, fill numeric.Scalar, shape ...int) codec.ChunkSpec {
	return codec.ChunkSpec{DataType: dt, Shape: shape, FillValue: fill}
}

func bytesPipeline(t testing.TB, dt numeric.DataType, e numeric.Endian, n int) *codec.Pipeline {
	t.Helper()
	p, err := codec.NewPipeline(spec(dt, numeric.Zero(dt), n), []codec.Codec{&bytescodec.Codec{Endian: e}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestBytesCodecNumpyVectors checks both byte orders against elements
// written by numpy (testdata/gen_bytes_vectors.py).
func TestBytesCodecNumpyVectors(t *testing.T) {
	raw, err := os.ReadFile("testdata/bytes_vectors.json")
	if err != nil {
		t.Fatal(err)
	}
	var file struct {
		Vectors map[string]struct{ LE, BE string }
	}
	if err := json.Unmarshal(raw, &file); err != nil {
		t.Fatal(err)
	}
	want := 0
	for _, dt := range numeric.DataTypes {
		if dt != numeric.BFloat16 && dt.Storage() == dt { // NumPy has no bfloat16 and no sub-byte or 8-bit float types
			want++
		}
	}
	if len(file.Vectors) != want {
		t.Fatalf("%d vectors", len(file.Vectors))
	}
	for name, v := range file.Vectors {
		dt, err := numeric.ParseDataType(name)
		if err != nil {
			t.Fatal(err)
		}
		le, _ := hex.DecodeString(v.LE)
		be, _ := hex.DecodeString(v.BE)
		n := len(le) / dt.Size()
		for _, tc := range []struct {
			e    numeric.Endian
			want []byte
		}{{numeric.LittleEndian, le}, {numeric.BigEndian, be}} {
			p := bytesPipeline(t, dt, tc.e, n)
			enc, err := p.AppendEncode(nil, le)
			if err != nil || !bytes.Equal(enc, tc.want) {
				t.Errorf("%v %v: Encode = % x, %v\nwant % x", name, tc.e, enc, err, tc.want)
			}
			dec := make([]byte, len(le))
			if err := p.Decode(dec, tc.want); err != nil || !bytes.Equal(dec, le) {
				t.Errorf("%v %v: Decode = % x, %v\nwant % x", name, tc.e, dec, err, le)
			}
		}
	}
}

// goldenValues holds known elements of every data type; float16 and
// bfloat16 are given by their bits. encoding/binary writes them in either
// order (complex values as two floats, each in that order).
var goldenValues = map[numeric.DataType]any{
	numeric.Bool:       []bool{true, false, true},
	numeric.Int8:       []int8{math.MinInt8, -1, 0, math.MaxInt8},
	numeric.Uint8:      []uint8{0, 1, 0x80, 0xff},
	numeric.Int16:      []int16{math.MinInt16, -2, 0x1234, math.MaxInt16},
	numeric.Uint16:     []uint16{0, 0x1234, 0xfffe},
	numeric.Int32:      []int32{math.MinInt32, -3, 0x12345678},
	numeric.Uint32:     []uint32{0, 0x12345678, 0xfffffffe},
	numeric.Int64:      []int64{math.MinInt64, -4, 0x123456789abcdef0, 9007199254740993},
	numeric.Uint64:     []uint64{0, 0x123456789abcdef0, math.MaxUint64 - 1},
	numeric.Float16:    []uint16{0x3c00, 0x8000, 0x7e01, 0x0001, 0x7bff},
	numeric.BFloat16:   []uint16{0x3f80, 0x8000, 0xff81, 0x7f7f},
	numeric.Float32:    []float32{1.5, float32(math.Copysign(0, -1)), math.Float32frombits(0x7fc00001), math.MaxFloat32, math.SmallestNonzeroFloat32},
	numeric.Float64:    []float64{0.1, math.Copysign(0, -1), math.Float64frombits(0x7ff8000000000001), math.Inf(-1), 5e-324},
	numeric.Complex64:  []complex64{complex(1.5, -2), complex(float32(math.Inf(1)), math.Float32frombits(0x7fc00001))},
	numeric.Complex128: []complex128{complex(0.1, -0.2), complex(math.Float64frombits(0x7ff8000000000001), math.MaxFloat64)},
}

func TestBytesCodecGolden(t *testing.T) {
	for _, dt := range numeric.DataTypes {
		if dt.Storage() != dt {
			continue // one-byte types held as int8/uint8: TestBytesCodecSubByte
		}
		vals, ok := goldenValues[dt]
		if !ok {
			t.Fatalf("no golden values for %v", dt)
		}
		le, err := binary.Append(nil, binary.LittleEndian, vals)
		if err != nil {
			t.Fatal(err)
		}
		be, _ := binary.Append(nil, binary.BigEndian, vals)
		n := len(le) / dt.Size()
		// the little-endian encoding is the decoded chunk's layout
		for _, tc := range []struct {
			e    numeric.Endian
			want []byte
		}{{numeric.LittleEndian, le}, {numeric.BigEndian, be}} {
			p := bytesPipeline(t, dt, tc.e, n)
			enc, err := p.AppendEncode(nil, le)
			if err != nil || !bytes.Equal(enc, tc.want) {
				t.Errorf("%v %v: Encode = % x, %v; want % x", dt, tc.e, enc, err, tc.want)
			}
			dec := make([]byte, len(le))
			if err := p.Decode(dec, tc.want); err != nil || !bytes.Equal(dec, le) {
				t.Errorf("%v %v: Decode = % x, %v; want % x", dt, tc.e, dec, err, le)
			}
		}
	}
	// complex parts swap separately: 1.5-2i big-endian is 3fc00000 c0000000
	p := bytesPipeline(t, numeric.Complex64, numeric.BigEndian, 1)
	le := []byte{0, 0, 0xc0, 0x3f, 0, 0, 0, 0xc0}
	if enc, _ := p.AppendEncode(nil, le); !bytes.Equal(enc, []byte{0x3f, 0xc0, 0, 0, 0xc0, 0, 0, 0}) {
		t.Errorf("complex64 big-endian = % x", enc)
	}
}

// TestBytesCodecRoundTrip encodes random chunks of every type in both
// orders: decoding gives the chunk back, and big-endian output reverses
// each component.
func TestBytesCodecRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	for _, dt := range numeric.DataTypes {
		n := 1 + rng.IntN(300)
		src := make([]byte, n*dt.Size())
		for i := range src {
			src[i] = byte(rng.Uint32())
		}
		if dt == numeric.Bool {
			for i := range src {
				src[i] &= 1
			}
		}
		numeric.CanonicalizeBytes(dt, src) // the in-memory form of the types of fewer than 8 bits
		w := dt.ComponentType().Size()
		for _, e := range []numeric.Endian{numeric.LittleEndian, numeric.BigEndian} {
			p := bytesPipeline(t, dt, e, n)
			enc, err := p.AppendEncode(nil, src)
			if err != nil {
				t.Fatal(err)
			}
			for i := 0; i < len(src); i += w {
				for j := range w {
					k := j
					if e == numeric.BigEndian {
						k = w - 1 - j
					}
					if enc[i+k] != src[i+j] {
						t.Fatalf("%v %v: byte %d of component at %d is wrong", dt, e, j, i)
					}
				}
			}
			dec := make([]byte, len(src))
			if err := p.Decode(dec, enc); err != nil || !bytes.Equal(dec, src) {
				t.Fatalf("%v %v: round trip failed: %v", dt, e, err)
			}
		}
	}
}

func TestBytesCodecEndianRequired(t *testing.T) {
	for _, dt := range numeric.DataTypes {
		s := spec(dt, numeric.Zero(dt), 3)
		b, err := (&bytescodec.Codec{}).ResolveBytes(s)
		if dt.Size() == 1 {
			if err != nil {
				t.Errorf("%v without endian: %v", dt, err)
				continue
			}
			if got, _ := b.AppendEncodeBytes(nil, []byte{1, 0, 1}); !bytes.Equal(got, []byte{1, 0, 1}) {
				t.Errorf("%v without endian encodes to % x", dt, got)
			}
			continue
		}
		var ce *codec.ConfigError
		if !errors.As(err, &ce) || ce.Key != "endian" || ce.Codec != "bytes" || !strings.Contains(ce.Reason, dt.String()) {
			t.Errorf("%v without endian: %v", dt, err)
		}
	}
}

func TestBytesCodecBoolBytes(t *testing.T) {
	for _, e := range []numeric.Endian{numeric.EndianUnset, numeric.LittleEndian, numeric.BigEndian} {
		p := bytesPipeline(t, numeric.Bool, e, 4)
		dst := make([]byte, 4)
		if err := p.Decode(dst, []byte{0, 1, 1, 0}); err != nil {
			t.Errorf("%v: %v", e, err)
		}
		for _, bad := range []byte{2, 0x80, 0xff} {
			err := p.Decode(dst, []byte{0, 1, bad, 0})
			var ce *codec.CorruptError
			if !errors.As(err, &ce) || ce.Codec != "bytes" || !strings.Contains(ce.Reason, "bool element 2") {
				t.Errorf("%v: bool byte %#x: %v", e, bad, err)
			}
		}
	}
}

func TestBytesCodecSizes(t *testing.T) {
	b, err := (&bytescodec.Codec{Endian: numeric.BigEndian}).ResolveBytes(spec(numeric.Float64, numeric.Zero(numeric.Float64), 2, 2))
	if err != nil {
		t.Fatal(err)
	}
	if e := b.Encoded(); !e.Fixed() || e.Size != 32 || e.Array.DataType != numeric.Float64 {
		t.Errorf("Encoded() = %v", e)
	}
	for _, n := range []int{0, 31, 33, 40} {
		err := b.DecodeBytes(make([]byte, 32), make([]byte, n))
		var ce *codec.CorruptError
		if !errors.As(err, &ce) || !strings.Contains(ce.Reason, "want 32") {
			t.Errorf("DecodeBytes of %d bytes: %v", n, err)
		}
		out, err := b.AppendEncodeBytes([]byte("x"), make([]byte, n))
		var se *codec.SizeError
		if !errors.As(err, &se) || string(out) != "x" {
			t.Errorf("EncodeBytes of %d bytes: %q, %v", n, out, err)
		}
	}
	err = b.DecodeBytes(make([]byte, 31), make([]byte, 32))
	var se *codec.SizeError
	if !errors.As(err, &se) || se.What != "destination" {
		t.Errorf("DecodeBytes into 31 bytes: %v", err)
	}
	// AppendEncodeBytes appends
	out, err := b.AppendEncodeBytes([]byte("ab"), make([]byte, 32))
	if err != nil || len(out) != 34 || string(out[:2]) != "ab" {
		t.Errorf("EncodeBytes append: %d bytes, %v", len(out), err)
	}
}

func TestBytesCodecFactory(t *testing.T) {
	tests := []struct {
		config string
		want   numeric.Endian
		err    string
	}{
		{`{"endian": "little"}`, numeric.LittleEndian, ""},
		{`{"endian": "big"}`, numeric.BigEndian, ""},
		{`{}`, numeric.EndianUnset, ""},
		{``, numeric.EndianUnset, ""},
		{`{"endian": "middle"}`, 0, `/codecs/0/configuration/endian: bytes: "middle" is not one of "little", "big"`},
		{`{"endian": "Little"}`, 0, `is not one of`},
		{`{"endian": 1}`, 0, `/codecs/0/configuration/endian: bytes: want a string, got 1`},
		{`{"endian": null}`, 0, `want a string, got null`},
		{`{"endian": "big", "order": "C"}`, 0, `/codecs/0/configuration/order: bytes: unknown configuration key "order"`},
	}
	for _, tt := range tests {
		cfg, err := codec.NewConfig("bytes", "/codecs/0/configuration", json.RawMessage(tt.config))
		if err != nil {
			t.Fatalf("NewConfig(%s): %v", tt.config, err)
		}
		c, err := bytescodec.NewFromConfig(cfg)
		if tt.err != "" {
			var ce *codec.ConfigError
			if !errors.As(err, &ce) || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("config %s: %v, want an error containing %q", tt.config, err, tt.err)
			}
			continue
		}
		if err != nil || c.(*bytescodec.Codec).Endian != tt.want || c.Name() != "bytes" {
			t.Errorf("config %s: %v, %v", tt.config, c, err)
		}
	}
	for e, s := range map[numeric.Endian]string{numeric.LittleEndian: "little", numeric.BigEndian: "big", numeric.EndianUnset: "unset"} {
		if e.String() != s {
			t.Errorf("Endian(%d).String() = %q", e, e)
		}
	}
}

// benchData returns n bytes of float64 temperature-like data (not zeros).
func benchData(n int) []byte {
	rng := rand.New(rand.NewPCG(1, 2))
	b := make([]byte, 0, n)
	for i := 0; len(b) < n; i++ {
		x := 273.15 + 20*math.Sin(2*math.Pi*float64(i)/4096) + rng.NormFloat64()*0.05
		b = binary.LittleEndian.AppendUint64(b, math.Float64bits(x))
	}
	return b
}

// BenchmarkBytesCodec measures the bytes codec on 1 MiB of float64 in big
// endian (every element byte-swapped) against copy() of the same bytes.
func BenchmarkBytesCodec(b *testing.B) {
	const size = 1 << 20
	src := benchData(size)
	p := bytesPipeline(b, numeric.Float64, numeric.BigEndian, size/8)
	enc, err := p.AppendEncode(nil, src)
	if err != nil {
		b.Fatal(err)
	}
	b.Run("copy", func(b *testing.B) {
		dst := make([]byte, size)
		b.SetBytes(size)
		b.ReportAllocs()
		for b.Loop() {
			copy(dst, src)
		}
	})
	b.Run("encode/float64-big", func(b *testing.B) {
		dst := make([]byte, 0, size)
		b.SetBytes(size)
		b.ReportAllocs()
		for b.Loop() {
			if _, err := p.AppendEncode(dst[:0], src); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("decode/float64-big", func(b *testing.B) {
		dst := make([]byte, size)
		b.SetBytes(size)
		b.ReportAllocs()
		for b.Loop() {
			if err := p.Decode(dst, enc); err != nil {
				b.Fatal(err)
			}
		}
	})
}
