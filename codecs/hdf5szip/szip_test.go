package hdf5szip_test

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/codecs/hdf5szip"
	"github.com/zcodec/zcodec/internal/b2btest"
	"github.com/zcodec/zcodec/numeric"
)

// szip returns the codec of the given cd_values.
func szip(t testing.TB, mask uint32, ppb, bpp, pps int) *hdf5szip.Codec {
	t.Helper()
	c, err := hdf5szip.FromCDValues([]uint32{mask, uint32(ppb), uint32(bpp), uint32(pps)})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

const (
	nnLE = hdf5szip.OptionRaw | hdf5szip.OptionAllowK13 | hdf5szip.OptionNN | hdf5szip.OptionLSB
	ecBE = hdf5szip.OptionRaw | hdf5szip.OptionAllowK13 | hdf5szip.OptionEC | hdf5szip.OptionMSB
)

// TestRoundTrip runs the shared bytes->bytes checks (prefixes kept, no
// aliasing, concurrent use, wrong sizes) for each sample layout.
func TestRoundTrip(t *testing.T) {
	for _, tc := range []struct {
		c  *hdf5szip.Codec
		dt numeric.DataType
	}{
		{szip(t, nnLE, 32, 8, 2048), numeric.Uint8},
		{szip(t, ecBE, 16, 16, 500), numeric.Int16},
		{szip(t, nnLE, 8, 32, 1024), numeric.Float32},
		{szip(t, ecBE, 10, 64, 333), numeric.Float64},
		{szip(t, nnLE, 2, 16, 7), numeric.Uint16},
	} {
		t.Run(fmt.Sprint(tc.c.CDValues()), func(t *testing.T) {
			b2btest.CheckRoundTrip(t, tc.c, tc.dt)
			b2btest.CheckConcurrent(t, tc.c, tc.dt)
			b2btest.CheckWrongSize(t, tc.c, tc.dt)
		})
	}
	// Scanlines of whole blocks that fill the chunk exactly: every byte of
	// the stream is needed, so every prefix fails.
	b2btest.CheckTruncated(t, szip(t, nnLE, 16, 32, 512), numeric.Float32)
	b2btest.CheckTruncated(t, szip(t, ecBE, 8, 16, 256), numeric.Int16)
}

// TestRandomParameters round-trips data of several kinds through random
// parameters, including the widths HDF5 derives from a reduced precision.
func TestRandomParameters(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	widths := []int{1, 3, 7, 8, 9, 12, 15, 16, 17, 20, 24, 25, 31, 32, 64}
	for range 1500 {
		bpp := widths[r.IntN(len(widths))]
		mask := uint32(hdf5szip.OptionRaw) | []uint32{hdf5szip.OptionNN, hdf5szip.OptionEC}[r.IntN(2)] | []uint32{hdf5szip.OptionLSB, hdf5szip.OptionMSB}[r.IntN(2)]
		c := szip(t, mask, 2*(1+r.IntN(32)), bpp, 1+r.IntN(400))
		size := map[bool]int{true: 1, false: 2}[bpp <= 8]
		if bpp > 16 {
			size = 4
		}
		unit := size
		if bpp == 32 || bpp == 64 {
			size, unit = 1, bpp/8
		}
		n := r.IntN(3000) / unit * unit
		in := samples(r, n, size, bpp, mask&hdf5szip.OptionMSB != 0, r.IntN(5))
		b := bind(t, c, numeric.Uint8, n)
		enc, err := b.AppendEncode(nil, in)
		if err != nil {
			t.Fatalf("%v, %d bytes: %v", c.CDValues(), n, err)
		}
		if len(enc) > b.Encoded().MaxSize {
			t.Fatalf("%v: %d encoded bytes, more than the bound %d", c.CDValues(), len(enc), b.Encoded().MaxSize)
		}
		dec, err := b.AppendDecode(nil, enc)
		if err != nil {
			t.Fatalf("%v, %d bytes: %v", c.CDValues(), n, err)
		}
		b2btest.Equal(t, fmt.Sprint(c.CDValues()), dec, in)
	}
}

// samples returns n bytes of samples of width size bytes holding values of
// bits bits (8 for the byte planes of 32- and 64-bit pixels): random,
// a random walk, zeros with a few small values, constant, or alternating
// extremes.
func samples(r *rand.Rand, n, size, bits int, msb bool, kind int) []byte {
	if bits > 24 && size == 1 {
		bits = 8
	}
	xmax := uint32(uint64(1)<<bits - 1)
	out := make([]byte, n)
	v := r.Uint32() & xmax
	for i := 0; i+size <= n; i += size {
		var x uint32
		switch kind {
		case 0:
			x = r.Uint32()
		case 1:
			v += uint32(r.IntN(7)) - 3
			x = v
		case 2:
			if r.IntN(60) == 0 {
				x = uint32(r.IntN(4))
			}
		case 3:
			x = v
		default:
			x = xmax * uint32(i/size%2)
		}
		x &= xmax
		switch {
		case size == 1:
			out[i] = byte(x)
		case size == 2 && msb:
			binary.BigEndian.PutUint16(out[i:], uint16(x))
		case size == 2:
			binary.LittleEndian.PutUint16(out[i:], uint16(x))
		case msb:
			binary.BigEndian.PutUint32(out[i:], x)
		default:
			binary.LittleEndian.PutUint32(out[i:], x)
		}
	}
	return out
}

// TestCorruptHeaders checks the 4-byte size header and streams that lie.
func TestCorruptHeaders(t *testing.T) {
	c := szip(t, nnLE, 16, 16, 512)
	b := bind(t, c, numeric.Int16, 2000)
	good, err := b.AppendEncode(nil, b2btest.Smooth(500, 1))
	if err != nil {
		t.Fatal(err)
	}
	mut := func(f func(b []byte) []byte) []byte { return f(append([]byte{}, good...)) }
	for name, in := range map[string][]byte{
		"empty":       {},
		"short":       good[:3],
		"huge size":   mut(func(b []byte) []byte { binary.LittleEndian.PutUint32(b, math.MaxUint32); return b }),
		"wrong size":  mut(func(b []byte) []byte { binary.LittleEndian.PutUint32(b, 1998); return b }),
		"odd size":    mut(func(b []byte) []byte { binary.LittleEndian.PutUint32(b, 1999); return b }),
		"no stream":   good[:4],
		"truncated":   good[:len(good)/2],
		"zero stream": append(good[:4:4], make([]byte, 4000)...),
	} {
		if out, err := b.AppendDecode(nil, in); !b2btest.IsCorrupt(err) {
			t.Errorf("%s: %d bytes, %v; want a *codec.CorruptError", name, len(out), err)
		}
	}
	// A variable-length spec bounds the size the header may claim.
	vb, err := c.ResolveBytesToBytes(codec.VariableBytes(1000, b2btest.ArraySpec(numeric.Int16, 500)))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := vb.AppendDecode(nil, good); !b2btest.IsCorrupt(err) {
		t.Errorf("2000 bytes for at most 1000: %v", err)
	}
	// A header that claims a gigabyte allocates nothing on its word.
	bomb := binary.LittleEndian.AppendUint32(nil, 1<<30)
	b2btest.CheckBombBounded(t, szip(t, nnLE, 16, 8, 512), append(bomb, good[4:]...), 4096, 64<<10)
}

// TestStreamErrors builds streams that break the rules of CCSDS 121 as
// libaec decodes it.
func TestStreamErrors(t *testing.T) {
	// 8-bit samples, J = 8, 2 blocks per scanline, no preprocessor: the
	// option identifier has 3 bits.
	c := szip(t, hdf5szip.OptionRaw|hdf5szip.OptionEC, 8, 8, 16)
	b := bind(t, c, numeric.Uint8, 16)
	frame := func(bits string) []byte {
		out := binary.LittleEndian.AppendUint32(nil, 16)
		var acc byte
		for i, ch := range bits {
			acc = acc<<1 | byte(ch-'0')
			if i%8 == 7 {
				out = append(out, acc)
				acc = 0
			}
		}
		if len(bits)%8 != 0 {
			out = append(out, acc<<(8-len(bits)%8))
		}
		return out
	}
	fs := func(n int) string {
		s := ""
		for range n {
			s += "0"
		}
		return s + "1"
	}
	// Two zero blocks (codeword 01), two blocks in all: valid.
	if out, err := b.AppendDecode(nil, frame("0000"+fs(1))); err != nil || len(out) != 16 || out[0] != 0 {
		t.Fatalf("two zero blocks: %x %v", out, err)
	}
	// Remainder of segment (codeword 4) from block 0: both blocks.
	if out, err := b.AppendDecode(nil, frame("0000"+fs(4))); err != nil || len(out) != 16 {
		t.Fatalf("remainder of segment: %x %v", out, err)
	}
	// An uncompressed block then five zero blocks: past the scanline.
	raw := "111" + "0000000100000010000000110000010000000101000001100000011100001000"
	if out, err := b.AppendDecode(nil, frame(raw+"0000"+fs(5))); !b2btest.IsCorrupt(err) {
		t.Errorf("zero run past the scanline: %x %v", out, err)
	}
	// Second extension with codeword 91 (a pair summing to 13).
	if out, err := b.AppendDecode(nil, frame("0001"+fs(91)+fs(0)+fs(0)+fs(0)+raw+raw)); !b2btest.IsCorrupt(err) {
		t.Errorf("second extension 91: %x %v", out, err)
	}
	// Second extension with codewords up to 90 decodes.
	se := "0001" + fs(90) + fs(0) + fs(1) + fs(4)
	out, err := b.AppendDecode(nil, frame(se+raw))
	if err != nil {
		t.Fatalf("second extension: %v", err)
	}
	if want := []byte{0, 12, 0, 0, 1, 0, 1, 1}; string(out[:8]) != string(want) {
		t.Errorf("second extension decodes to %v, want %v", out[:8], want)
	}
	if string(out[8:]) != "\x01\x02\x03\x04\x05\x06\x07\x08" {
		t.Errorf("uncompressed block decodes to %v", out[8:])
	}
	// A split block (k = 2) whose binary part is cut short.
	if out, err := b.AppendDecode(nil, frame("011"+fs(0)+fs(1)+fs(2)+fs(3)+fs(0)+fs(0)+fs(0)+fs(0)+"0101")); !b2btest.IsCorrupt(err) {
		t.Errorf("short binary part: %x %v", out, err)
	}
}

// TestWideSample checks that a sample wider than bits_per_pixel is an
// error when encoding.
func TestWideSample(t *testing.T) {
	b := bind(t, szip(t, nnLE, 8, 12, 64), numeric.Int16, 20)
	in := make([]byte, 20)
	binary.LittleEndian.PutUint16(in[6:], 0x1000)
	_, err := b.AppendEncode(nil, in)
	var se *hdf5szip.SampleError
	if !errors.As(err, &se) || se.Index != 3 || se.Value != 0x1000 || se.BitsPerPixel != 12 {
		t.Fatalf("%v; want a *hdf5szip.SampleError for sample 3", err)
	}
	binary.LittleEndian.PutUint16(in[6:], 0xfff)
	if _, err := b.AppendEncode(nil, in); err != nil {
		t.Fatal(err)
	}
}

// TestResolve checks the chunk lengths a codec accepts.
func TestResolve(t *testing.T) {
	spec := b2btest.ArraySpec(numeric.Float64, 1)
	for _, tc := range []struct {
		c    *hdf5szip.Codec
		n    int
		fail bool
	}{
		{szip(t, nnLE, 8, 64, 100), 800, false},
		{szip(t, nnLE, 8, 64, 100), 804, true},
		{szip(t, nnLE, 8, 32, 100), 804, false},
		{szip(t, nnLE, 8, 16, 100), 803, true},
		{szip(t, nnLE, 8, 20, 100), 802, true},
		{szip(t, nnLE, 8, 8, 100), min(1<<32, math.MaxInt), math.MaxInt > math.MaxUint32},
		{&hdf5szip.Codec{OptionsMask: nnLE, PixelsPerBlock: 3, BitsPerPixel: 8, PixelsPerScanline: 10}, 8, true},
	} {
		_, err := tc.c.ResolveBytesToBytes(codec.FixedBytes(tc.n, spec))
		var ce *codec.ConfigError
		if tc.fail != errors.As(err, &ce) {
			t.Errorf("%v for %d bytes: %v", tc.c.CDValues(), tc.n, err)
		}
	}
	// Empty chunks frame as a bare header.
	b := bind(t, szip(t, nnLE, 8, 8, 100), numeric.Uint8, 0)
	enc, err := b.AppendEncode(nil, nil)
	if err != nil || string(enc) != "\x00\x00\x00\x00" {
		t.Fatalf("empty: %x %v", enc, err)
	}
	if dec, err := b.AppendDecode(nil, enc); err != nil || len(dec) != 0 {
		t.Fatalf("empty decode: %v", err)
	}
}

func FuzzDecode(f *testing.F) {
	v := loadVectors(f)
	var codecs []*hdf5szip.Codec
	for i, vc := range v.Cases {
		c, err := hdf5szip.FromCDValues(vc.CDValues)
		if err != nil {
			f.Fatal(err)
		}
		codecs = append(codecs, c)
		for _, ch := range vc.Chunks {
			f.Add(ch.Raw, uint16(i), false)
			if ch.Go != nil {
				f.Add(ch.Go, uint16(i), true)
			}
		}
	}
	f.Fuzz(func(t *testing.T, in []byte, which uint16, variable bool) {
		c := codecs[int(which)%len(codecs)]
		unit := 1
		if c.BitsPerPixel > 8 {
			unit = 2
		}
		if c.BitsPerPixel > 16 {
			unit = 4
		}
		if c.BitsPerPixel == 64 {
			unit = 8
		}
		// The chunk size: what the header says, rounded to whole samples
		// and bounded, so that most inputs get past the header.
		n := 0
		if len(in) >= 4 {
			n = int(binary.LittleEndian.Uint32(in)) % (1 << 16) / unit * unit
		}
		spec := codec.FixedBytes(n, b2btest.ArraySpec(numeric.Uint8, max(n, 1)))
		if variable {
			spec = codec.VariableBytes(n, spec.Array)
		}
		b, err := c.ResolveBytesToBytes(spec)
		if err != nil {
			t.Fatal(err)
		}
		out, err := b.AppendDecode([]byte("x"), in)
		if err != nil {
			if !b2btest.IsCorrupt(err) {
				t.Fatalf("error %v (%T) is not a *codec.CorruptError", err, err)
			}
			return
		}
		if out[0] != 'x' {
			t.Fatal("decode overwrote dst")
		}
		out = out[1:]
		if err := spec.CheckDecoded(hdf5szip.Name, len(out)); err != nil {
			t.Fatalf("decode succeeded outside its spec: %v", err)
		}
		enc, err := b.AppendEncode(nil, out)
		var se *hdf5szip.SampleError
		if errors.As(err, &se) {
			return // the stream held values wider than bits_per_pixel
		}
		if err != nil {
			t.Fatalf("re-encode: %v", err)
		}
		back, err := b.AppendDecode(nil, enc)
		if err != nil || string(back) != string(out) {
			t.Fatalf("round trip of decoded bytes: %v", err)
		}
	})
}

// FuzzRoundTrip encodes arbitrary chunks with arbitrary valid parameters:
// decoding must give the chunk back.
func FuzzRoundTrip(f *testing.F) {
	f.Add([]byte("hello, szip: a chunk of bytes"), uint8(nnLE), uint8(8), uint8(8), uint16(16))
	f.Add(make([]byte, 4096), uint8(nnLE), uint8(32), uint8(16), uint16(4096))
	f.Add(b2btest.Smooth(1000, 1), uint8(ecBE), uint8(16), uint8(32), uint16(500))
	f.Add(b2btest.Smooth(1000, 2), uint8(nnLE), uint8(10), uint8(64), uint16(333))
	f.Add(b2btest.Random(999, 3), uint8(ecBE), uint8(2), uint8(24), uint16(7))
	f.Fuzz(roundTrip)
}

// roundTrip is the body of FuzzRoundTrip: it derives valid parameters from
// the fuzzed bytes, clears the bits of each sample above bits_per_pixel,
// and checks that the chunk survives encoding and decoding.
func roundTrip(t *testing.T, in []byte, mask, ppb, bpp uint8, pps uint16) {
	opts := uint32(mask) & (hdf5szip.OptionNN | hdf5szip.OptionEC | hdf5szip.OptionMSB | hdf5szip.OptionLSB | hdf5szip.OptionRaw)
	J := 2 * (1 + int(ppb)%32)
	width := int(bpp)%33 + 1 // 1 to 33; 33 stands for 64
	if width == 33 {
		width = 64
	}
	c := szip(t, opts, J, width, 1+int(pps)%(J*128))
	// Clear the bits above bits_per_pixel, as HDF5's data has them.
	size, unit := 1, 1
	switch {
	case width == 32 || width == 64:
		unit = width / 8
	case width > 16:
		size, unit = 4, 4
	case width > 8:
		size, unit = 2, 2
	}
	in = append([]byte(nil), in[:len(in)/unit*unit]...)
	if width < 8*size {
		for i := 0; i < len(in); i += size {
			msb := opts&hdf5szip.OptionMSB != 0
			var x uint32
			for j := range size {
				k := j
				if msb {
					k = size - 1 - j
				}
				x |= uint32(in[i+k]) << (8 * j)
			}
			x &= 1<<width - 1
			for j := range size {
				k := j
				if msb {
					k = size - 1 - j
				}
				in[i+k] = byte(x >> (8 * j))
			}
		}
	}
	b := bind(t, c, numeric.Uint8, len(in))
	enc, err := b.AppendEncode(nil, in)
	if err != nil {
		t.Fatalf("%v: %v", c.CDValues(), err)
	}
	if len(enc) > b.Encoded().MaxSize {
		t.Fatalf("%v: %d encoded bytes, more than the bound %d", c.CDValues(), len(enc), b.Encoded().MaxSize)
	}
	dec, err := b.AppendDecode(nil, enc)
	if err != nil {
		t.Fatalf("%v: %v", c.CDValues(), err)
	}
	b2btest.Equal(t, fmt.Sprint(c.CDValues()), dec, in)
}
