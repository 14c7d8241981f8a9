package hdf5lz4_test

import (
	"encoding/binary"
	"encoding/json"
	"errors"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/codecs/hdf5lz4"
	"github.com/zcodec/zcodec/internal/testvec"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/registry"
)

// hdf5Chunks returns the chunks HDF5's lz4 filter wrote (it is their only
// filter).
func hdf5Chunks(t testing.TB) [][]byte {
	t.Helper()
	out, err := testvec.HDF5Chunks("../../testdata/hdf5/vectors.json", func(ids []uint32) bool { return len(ids) == 1 && ids[0] == 32004 })
	if err != nil {
		t.Fatal(err)
	}
	if len(out) < 8 {
		t.Fatalf("only %d lz4 chunks", len(out))
	}
	return out
}

func bound(t testing.TB, config string, n int) codec.BoundBytesToBytes {
	t.Helper()
	c, _, err := registry.Default().ParseCodec(json.RawMessage(`{"name": "zcodec.hdf5_lz4"`+config+`}`), "/codecs/1")
	if err != nil {
		t.Fatal(err)
	}
	spec := codec.ChunkSpec{DataType: numeric.Uint8, Shape: []int{max(n, 1)}, FillValue: numeric.Zero(numeric.Uint8)}
	b, err := c.(codec.BytesToBytes).ResolveBytesToBytes(codec.FixedBytes(n, spec))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestHDF5Framing decodes HDF5's chunks (the values are checked against
// HDF5 in the hdf5 package's end-to-end test), re-encodes them with the
// block size HDF5 used and decodes that again. The vectors hold raw-stored
// blocks (noise) and compressed ones.
func TestHDF5Framing(t *testing.T) {
	raw, compressed := 0, 0
	for i, ch := range hdf5Chunks(t) {
		total := int(binary.BigEndian.Uint64(ch))
		bs := int(binary.BigEndian.Uint32(ch[8:]))
		for in, done := ch[12:], 0; done < total; {
			n := min(bs, total-done)
			l := int(binary.BigEndian.Uint32(in))
			if l == n {
				raw++
			} else {
				compressed++
			}
			in = in[4+l:]
			done += n
		}
		b := bound(t, "", total)
		dec, err := b.AppendDecode(nil, ch)
		if err != nil {
			t.Fatalf("chunk %d: %v", i, err)
		}
		re := bound(t, `, "configuration": {"blocksize": `+itoa(bs)+`}`, total)
		enc, err := re.AppendEncode(nil, dec)
		if err != nil {
			t.Fatal(err)
		}
		if binary.BigEndian.Uint32(enc[8:]) != uint32(bs) {
			t.Fatalf("chunk %d: encoded block size %d, want %d", i, binary.BigEndian.Uint32(enc[8:]), bs)
		}
		back, err := b.AppendDecode(nil, enc)
		if err != nil || string(back) != string(dec) {
			t.Fatalf("chunk %d: round trip: %v", i, err)
		}
	}
	if raw == 0 || compressed == 0 {
		t.Fatalf("vectors hold %d raw and %d compressed blocks; want both", raw, compressed)
	}
}

func itoa(n int) string {
	b, _ := json.Marshal(n)
	return string(b)
}

func TestCorruptHeaders(t *testing.T) {
	good, _ := bound(t, `, "configuration": {"blocksize": 100}`, 1000).AppendEncode(nil, make([]byte, 1000))
	mut := func(f func(b []byte) []byte) []byte { return f(append([]byte{}, good...)) }
	for name, in := range map[string][]byte{
		"short header": good[:11],
		"huge total":   mut(func(b []byte) []byte { binary.BigEndian.PutUint64(b, 1<<62); return b }),
		"wrong total":  mut(func(b []byte) []byte { binary.BigEndian.PutUint64(b, 999); return b }),
		"zero block":   mut(func(b []byte) []byte { binary.BigEndian.PutUint32(b[8:], 0); return b }),
		"truncated":    good[:len(good)-3],
		"long block":   mut(func(b []byte) []byte { binary.BigEndian.PutUint32(b[12:], 1<<31); return b }),
		"bad block":    mut(func(b []byte) []byte { b[16] = 0xff; b[17] = 0xff; return b }),
	} {
		if _, err := bound(t, "", 1000).AppendDecode(nil, in); !errors.Is(err, codec.ErrCorrupt) {
			t.Errorf("%s: %v, want a corrupt-chunk error", name, err)
		}
	}
}

func TestEmptyAndConfig(t *testing.T) {
	b := bound(t, "", 0)
	enc, err := b.AppendEncode(nil, nil)
	if err != nil || len(enc) != 12 {
		t.Fatalf("empty: %x %v", enc, err)
	}
	if dec, err := b.AppendDecode(nil, enc); err != nil || len(dec) != 0 {
		t.Fatalf("empty decode: %v", err)
	}
	for _, cfg := range []string{`{"blocksize": -1}`, `{"blocksize": 2113929217}`, `{"blocksize": 1.5}`, `{"size": 1}`} {
		if _, _, err := registry.Default().ParseCodec(json.RawMessage(`{"name": "zcodec.hdf5_lz4", "configuration": `+cfg+`}`), ""); !errors.Is(err, codec.ErrConfig) {
			t.Errorf("config %s: %v", cfg, err)
		}
	}
}

func FuzzDecode(f *testing.F) {
	for _, ch := range hdf5Chunks(f) {
		f.Add(ch, uint16(binary.BigEndian.Uint64(ch)))
	}
	f.Fuzz(func(t *testing.T, in []byte, size uint16) {
		b := bound(t, "", int(size))
		dec, err := b.AppendDecode(nil, in)
		if err != nil {
			if !errors.Is(err, codec.ErrCorrupt) {
				t.Fatalf("untyped error: %v", err)
			}
			return
		}
		if len(dec) != int(size) {
			t.Fatalf("decoded %d bytes, want %d", len(dec), size)
		}
	})
}

func BenchmarkHDF5LZ4(b *testing.B) {
	const n = 1 << 20
	data := make([]byte, n)
	r := rand.New(rand.NewPCG(5, 6))
	// synthetic temperatures, float32: 273.15 + 20 sin(2 pi i/4096) + noise,
	// quantised to 0.01 so that LZ4 finds repeats
	for i := 0; i < n; i += 4 {
		v := 273.15 + 20*math.Sin(2*math.Pi*float64(i/4)/4096) + 0.05*r.NormFloat64()
		binary.LittleEndian.PutUint32(data[i:], math.Float32bits(float32(math.Round(v*100)/100)))
	}
	bd := bound(b, `, "configuration": {"blocksize": 65536}`, n)
	enc, _ := bd.AppendEncode(nil, data)
	dst := make([]byte, 0, hdf5lz4.MaxEncodedLen(n, 65536))
	b.Run("copy", func(b *testing.B) {
		b.SetBytes(n)
		b.ReportAllocs()
		out := make([]byte, n)
		for b.Loop() {
			copy(out, data)
		}
	})
	b.Run("encode", func(b *testing.B) {
		b.SetBytes(n)
		b.ReportAllocs()
		for b.Loop() {
			dst, _ = bd.AppendEncode(dst[:0], data)
		}
	})
	b.Run("decode", func(b *testing.B) {
		b.SetBytes(n)
		b.ReportAllocs()
		for b.Loop() {
			dst, _ = bd.AppendDecode(dst[:0], enc)
		}
	})
}
