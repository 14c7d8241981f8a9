package packbits

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/region"
	"github.com/zcodec/zcodec/registry"
	"github.com/zcodec/zcodec/store/byterange"
)

// refPack packs bit by bit, as the definition reads: component c's bit
// first+j is bit c*width+j of the sequence, bit i of the sequence is bit
// i%8 of byte i/8.
func refPack(src []byte, l *layout) []byte {
	out := make([]byte, l.packed)
	for c := 0; c < l.m; c++ {
		v := loadComponent(src[c*l.size:], l.size)
		if l.isBool && v != 0 {
			v = 1
		}
		for j := 0; j < l.width; j++ {
			bit := c*l.width + j
			out[bit/8] |= byte(v>>(l.first+j)&1) << (bit % 8)
		}
	}
	return out
}

// TestKernelsAgainstReference compares the word-wise loops and the
// generic loop with a bit-by-bit reference on random bytes (every bit
// pattern, non-canonical bytes included), for every one-byte layout and
// lengths around each loop's block size.
func TestKernelsAgainstReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for size := 1; size <= 8; size *= 2 {
		for width := 1; width <= 8*size; width++ {
			for first := 0; first+width <= 8*size; first++ {
				if size > 1 && first > 3 && first+width < 8*size-3 {
					continue
				}
				for _, signed := range []bool{false, true} {
					for _, isBool := range []bool{false, true} {
						if isBool && (size != 1 || width != 1 || first != 0 || signed) {
							continue
						}
						for _, m := range []int{0, 1, 5, 7, 8, 9, 31, 32, 33, 63, 64, 65, 100, 129} {
							l := newLayout(m, size, first, width, signed, isBool)
							src := make([]byte, m*size)
							for i := range src {
								src[i] = byte(rng.Uint32())
							}
							want := refPack(src, &l)
							got := bytes.Repeat([]byte{0xee}, l.packed)
							l.encode(got, src)
							if !bytes.Equal(got, want) {
								t.Fatalf("size %d first %d width %d bool %v m %d: packed %x, want %x", size, first, width, isBool, m, got, want)
							}
							g := l
							g.kind = kernelGeneric
							got2 := make([]byte, l.packed)
							g.encode(got2, src)
							if !bytes.Equal(got2, want) {
								t.Fatalf("generic size %d first %d width %d m %d: packed %x, want %x", size, first, width, m, got2, want)
							}
							// decode random packed bytes, padding bits included
							for i := range want {
								want[i] = byte(rng.Uint32())
							}
							d1 := bytes.Repeat([]byte{0xee}, m*size)
							d2 := bytes.Repeat([]byte{0x11}, m*size)
							l.decode(d1, want)
							g.decode(d2, want)
							if !bytes.Equal(d1, d2) {
								t.Fatalf("size %d first %d width %d signed %v m %d: decoded %x, generic %x", size, first, width, signed, m, d1, d2)
							}
							for c := 0; c < m; c++ {
								v := loadComponent(d1[c*size:], size)
								var raw uint64
								for j := 0; j < width; j++ {
									bit := c*width + j
									raw |= uint64(want[bit/8]>>(bit%8)&1) << j
								}
								exp := raw << first
								if signed && raw>>(width-1)&1 != 0 {
									exp |= ^uint64(0) << (first + width)
								}
								if size < 8 {
									exp &= 1<<(8*size) - 1
								}
								if v != exp {
									t.Fatalf("size %d first %d width %d signed %v: component %d is %#x, want %#x", size, first, width, signed, c, v, exp)
								}
							}
						}
					}
				}
			}
		}
	}
}

// The sub-byte signed types decode sign-extended; encoding ignores the
// bits above N.
func TestSubByteValues(t *testing.T) {
	b := bind(t, `{}`, numeric.Int4, 4)
	enc, err := b.AppendEncodeBytes(nil, []byte{0xf8, 0x07, 0x1f, 0x70}) // -8, 7, 0x1f -> 0xf = -1, 0x70 -> 0
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(enc, []byte{0x78, 0x0f}) {
		t.Fatalf("int4 encoded %x", enc)
	}
	out := make([]byte, 4)
	if err := b.DecodeBytes(out, enc); err != nil || !bytes.Equal(out, []byte{0xf8, 0x07, 0xff, 0x00}) {
		t.Fatalf("int4 decoded %x, %v", out, err)
	}
	b = bind(t, `{"first_bit": 1}`, numeric.Uint2, 3)
	enc, _ = b.AppendEncodeBytes(nil, []byte{3, 2, 1})
	if !bytes.Equal(enc, []byte{0b011}) {
		t.Fatalf("uint2 bit 1 encoded %08b", enc)
	}
	if err := b.DecodeBytes(out[:3], enc); err != nil || !bytes.Equal(out[:3], []byte{2, 2, 0}) {
		t.Fatalf("uint2 bit 1 decoded %x, %v", out[:3], err)
	}
	b = bind(t, `{"padding_encoding": "last_byte", "first_bit": 4, "last_bit": 11}`, numeric.Int16, 2)
	enc, _ = b.AppendEncodeBytes(nil, []byte{0x30, 0xf8, 0x50, 0x02})
	if !bytes.Equal(enc, []byte{0x83, 0x25, 0}) {
		t.Fatalf("int16 bits 4-11 encoded %x", enc)
	}
	if err := b.DecodeBytes(out, enc); err != nil || !bytes.Equal(out, []byte{0x30, 0xf8, 0x50, 0x02}) {
		t.Fatalf("int16 bits 4-11 decoded %x, %v", out, err)
	}
}

func TestConfigErrors(t *testing.T) {
	for _, tc := range []struct{ config, pointer, text string }{
		{`{"padding_encoding": "start_byte"}`, "/codecs/0/configuration/padding_encoding", "start_byte"},
		{`{"first_bit": -1}`, "/codecs/0/configuration/first_bit", ""},
		{`{"first_bit": 64}`, "/codecs/0/configuration/first_bit", ""},
		{`{"last_bit": 1.5}`, "/codecs/0/configuration/last_bit", ""},
		{`{"last_bit": "3"}`, "/codecs/0/configuration/last_bit", ""},
		{`{"first_bit": 4, "last_bit": 3}`, "/codecs/0/configuration/last_bit", "less than first_bit"},
		{`{"bits": 3}`, "/codecs/0/configuration/bits", ""},
	} {
		_, _, err := registry.Default().ParseCodec(json.RawMessage(`{"name":"packbits","configuration":`+tc.config+`}`), "/codecs/0")
		var ce *codec.ConfigError
		if !errors.As(err, &ce) || ce.Pointer != tc.pointer || !strings.Contains(err.Error(), tc.text) {
			t.Errorf("%s: error %v (%+v), want a ConfigError at %s", tc.config, err, ce, tc.pointer)
		}
	}
	for _, tc := range []struct {
		config string
		dt     numeric.DataType
		key    string
	}{
		{`{"last_bit": 4}`, numeric.Int4, "last_bit"},
		{`{"first_bit": 1}`, numeric.Bool, "first_bit"},
		{`{"first_bit": 8}`, numeric.Uint8, "first_bit"},
		{`{"last_bit": 32}`, numeric.Complex64, "last_bit"},
		{`{}`, numeric.String, ""},
	} {
		c, _, err := registry.Default().ParseCodec(json.RawMessage(`{"name":"packbits","configuration":`+tc.config+`}`), "/codecs/0")
		if err != nil {
			t.Fatal(err)
		}
		_, err = c.(codec.ArrayToBytes).ResolveBytes(codec.ChunkSpec{DataType: tc.dt, Shape: []int{3}, FillValue: numeric.Zero(tc.dt)})
		var ce *codec.ConfigError
		if !errors.As(err, &ce) || ce.Key != tc.key {
			t.Errorf("%s on %v: error %v, want a ConfigError for %q", tc.config, tc.dt, err, tc.key)
		}
	}
}

func TestMarshalJSON(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{`{"name": "packbits"}`, `{"name":"packbits","configuration":{"padding_encoding":"none"}}`},
		{`{"name": "packbits", "configuration": {"padding_encoding": "first_byte", "first_bit": null, "last_bit": null}}`, `{"name":"packbits","configuration":{"padding_encoding":"first_byte"}}`},
		{`{"name": "packbits", "configuration": {"padding_encoding": "last_byte", "first_bit": 0, "last_bit": 5}}`, `{"name":"packbits","configuration":{"padding_encoding":"last_byte","first_bit":0,"last_bit":5}}`},
	} {
		c, _, err := registry.Default().ParseCodec(json.RawMessage(tc.in), "/codecs/0")
		if err != nil {
			t.Fatal(err)
		}
		got, err := c.MarshalJSON()
		if err != nil || string(got) != tc.want {
			t.Errorf("%s: MarshalJSON %s, %v; want %s", tc.in, got, err, tc.want)
		}
		again, _, err := registry.Default().ParseCodec(got, "/codecs/0")
		if err != nil {
			t.Fatal(err)
		}
		if g2, _ := again.MarshalJSON(); !bytes.Equal(g2, got) {
			t.Errorf("%s does not read back: %s", got, g2)
		}
	}
}

func TestCorrupt(t *testing.T) {
	b := bind(t, `{"padding_encoding": "first_byte"}`, numeric.Int4, 5)
	out := make([]byte, 5)
	for _, in := range [][]byte{{1, 0, 0, 0}, {1, 0, 0}, {0, 0}, {}} {
		if err := b.DecodeBytes(out, in); !errors.Is(err, codec.ErrCorrupt) {
			t.Errorf("decode %x: %v, want ErrCorrupt", in, err)
		}
	}
	b = bind(t, `{"padding_encoding": "last_byte"}`, numeric.Bool, 9)
	if err := b.DecodeBytes(make([]byte, 9), []byte{0xff, 0xff, 6}); !errors.Is(err, codec.ErrCorrupt) {
		t.Errorf("wrong last byte: %v", err)
	}
	if err := b.DecodeBytes(make([]byte, 8), []byte{0xff, 0xff, 7}); err == nil {
		t.Errorf("short destination accepted")
	}
	if _, err := b.AppendEncodeBytes(nil, make([]byte, 8)); err == nil {
		t.Errorf("short chunk accepted")
	}
}

// A whole-byte type without first_bit and last_bit and without a padding
// count is the identity.
func TestIdentity(t *testing.T) {
	for _, tc := range []struct {
		config string
		dt     numeric.DataType
		want   bool
	}{
		{`{}`, numeric.Float32, true},
		{`{}`, numeric.Complex128, true},
		{`{"first_bit": 0, "last_bit": 7}`, numeric.Uint8, true},
		{`{"padding_encoding": "first_byte"}`, numeric.Float32, false},
		{`{"last_bit": 30}`, numeric.Float32, false},
		{`{}`, numeric.Bool, false},
		{`{}`, numeric.Int4, false},
	} {
		b := bind(t, tc.config, tc.dt, 4)
		if got := b.(codec.Identity).IsIdentity(); got != tc.want {
			t.Errorf("%s %v: IsIdentity %v", tc.config, tc.dt, got)
		}
	}
}

type memReader struct {
	b     []byte
	reads []byterange.Range
}

func (m *memReader) ReadRange(_ context.Context, r byterange.Range) ([]byte, error) {
	m.reads = append(m.reads, r)
	if r.Length < 0 {
		return m.b[r.Offset:], nil
	}
	return m.b[r.Offset:min(int64(len(m.b)), r.Offset+r.Length)], nil
}

// DecodeRegion reads the bytes of the region's elements only and gives
// what a whole decode gives.
func TestDecodeRegion(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	shape := []int{5, 7, 3}
	for _, tc := range []struct {
		config string
		dt     numeric.DataType
	}{
		{`{"padding_encoding":"first_byte"}`, numeric.Bool},
		{`{"padding_encoding":"last_byte"}`, numeric.Int4},
		{`{}`, numeric.Float6E2M3FN},
		{`{"first_bit": 2, "last_bit": 12}`, numeric.Int16},
		{`{"padding_encoding":"first_byte","last_bit": 20}`, numeric.Complex64},
	} {
		b := bind(t, tc.config, tc.dt, shape...)
		n := 5 * 7 * 3
		src := make([]byte, n*tc.dt.Size())
		for i := range src {
			src[i] = byte(rng.Uint32())
		}
		enc, err := b.AppendEncodeBytes(nil, src)
		if err != nil {
			t.Fatal(err)
		}
		whole := make([]byte, len(src))
		if err := b.DecodeBytes(whole, enc); err != nil {
			t.Fatal(err)
		}
		for trial := 0; trial < 40; trial++ {
			var reg region.Box
			for _, d := range shape {
				s := rng.IntN(d)
				reg.Start = append(reg.Start, int64(s))
				reg.Stop = append(reg.Stop, int64(s+1+rng.IntN(d-s)))
			}
			es := tc.dt.Size()
			want := make([]byte, 0, reg.Size()*int64(es))
			for i := reg.Start[0]; i < reg.Stop[0]; i++ {
				for j := reg.Start[1]; j < reg.Stop[1]; j++ {
					for k := reg.Start[2]; k < reg.Stop[2]; k++ {
						f := (int(i)*7+int(j))*3 + int(k)
						want = append(want, whole[f*es:(f+1)*es]...)
					}
				}
			}
			r := &memReader{b: enc}
			got := make([]byte, len(want))
			if err := b.(codec.PartialDecoder).DecodeRegion(context.Background(), r, reg, got, nil); err != nil {
				t.Fatalf("%v %v: %v", tc.dt, reg, err)
			}
			if !bytes.Equal(got, want) {
				t.Fatalf("%s %v region %v: %x, want %x", tc.config, tc.dt, reg, got, want)
			}
			if len(r.reads) != 1 || r.reads[0].Length > int64(len(enc)) || r.reads[0].Length < 0 {
				t.Fatalf("reads %v of a %d-byte value", r.reads, len(enc))
			}
		}
	}
}

// Encoding into a slice with room and decoding allocate nothing.
func TestAllocs(t *testing.T) {
	for _, dt := range []numeric.DataType{numeric.Bool, numeric.Int2, numeric.Uint4, numeric.Float6E3M2FN, numeric.Complex64} {
		b := bind(t, `{"padding_encoding":"first_byte"}`, dt, 1000)
		src := make([]byte, 1000*dt.Size())
		dst := make([]byte, 0, b.Encoded().Size)
		out := make([]byte, len(src))
		if n := testing.AllocsPerRun(20, func() {
			enc, _ := b.AppendEncodeBytes(dst, src)
			_ = b.DecodeBytes(out, enc)
		}); n != 0 {
			t.Errorf("%v: %v allocations per encode and decode", dt, n)
		}
	}
}

// Through a pipeline of the codec alone, DecodeRegion is partial: it reads
// one range, shorter than the value, and gives what Decode gives.
func TestPipelineDecodeRegion(t *testing.T) {
	chain, err := registry.Default().ParseCodecs([]byte(`[{"name":"packbits","configuration":{"padding_encoding":"last_byte"}}]`), "/codecs")
	if err != nil {
		t.Fatal(err)
	}
	spec := codec.ChunkSpec{DataType: numeric.Uint2, Shape: []int{64, 64}, FillValue: numeric.Zero(numeric.Uint2)}
	p, err := codec.NewPipeline(spec, chain.Codecs, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !p.PartialDecoding() {
		t.Fatal("no partial decoding")
	}
	src := make([]byte, 64*64)
	for i := range src {
		src[i] = byte(i*7+i/64) & 3
	}
	enc, err := p.AppendEncode(nil, src)
	if err != nil {
		t.Fatal(err)
	}
	r := &memReader{b: enc}
	reg := region.FromShape([]int64{10, 3}, []int64{2, 5})
	got := make([]byte, 10)
	if err := p.DecodeRegion(context.Background(), r, reg, got, nil); err != nil {
		t.Fatal(err)
	}
	want := append(append([]byte(nil), src[10*64+3:10*64+8]...), src[11*64+3:11*64+8]...)
	if !bytes.Equal(got, want) {
		t.Fatalf("region %x, want %x", got, want)
	}
	if len(r.reads) != 1 || r.reads[0].Length >= int64(len(enc))/4 {
		t.Fatalf("reads %v of a %d-byte value", r.reads, len(enc))
	}
}

// TestLiteralChecked checks that a Codec written as a literal is checked
// as its configuration would be: a negative first bit or an unknown
// padding is a *codec.ConfigError, not a crash.
func TestLiteralChecked(t *testing.T) {
	neg := -1
	spec := codec.ChunkSpec{Shape: []int{8}, DataType: numeric.Uint8, FillValue: numeric.Zero(numeric.Uint8)}
	for _, c := range []*Codec{
		{FirstBit: &neg, LastBit: &neg},
		{FirstBit: &neg},
		{Padding: PaddingLastByte + 1},
	} {
		var ce *codec.ConfigError
		if _, err := c.ResolveBytes(spec); !errors.As(err, &ce) {
			t.Errorf("%+v: %v, want a *codec.ConfigError", c, err)
		}
	}
}

// TestPaddingString checks the names of the paddings and that an unknown
// one is neither printed nor written as "none".
func TestPaddingString(t *testing.T) {
	for p, want := range map[Padding]string{PaddingNone: "none", PaddingFirstByte: "first_byte", PaddingLastByte: "last_byte", 9: "Padding(9)"} {
		if got := p.String(); got != want {
			t.Errorf("Padding(%d).String() = %q, want %q", p, got, want)
		}
	}
	if _, err := (&Codec{Padding: 9}).MarshalJSON(); err == nil {
		t.Error("MarshalJSON wrote an unknown padding")
	}
}
