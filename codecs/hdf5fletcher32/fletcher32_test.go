package hdf5fletcher32_test

import (
	"encoding/binary"
	"encoding/json"
	"errors"
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/codecs/hdf5fletcher32"
	"github.com/zcodec/zcodec/internal/testvec"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/registry"
)

// hdf5Chunks returns the stored chunks of the vectors whose last filter is
// fletcher32: their final 4 bytes are the checksum HDF5 computed over the
// rest.
func hdf5Chunks(t testing.TB) [][]byte {
	t.Helper()
	out, err := testvec.HDF5Chunks("../../testdata/hdf5/vectors.json", func(ids []uint32) bool { return len(ids) > 0 && ids[len(ids)-1] == 3 })
	if err != nil {
		t.Fatal(err)
	}
	if len(out) < 10 {
		t.Fatalf("only %d fletcher32 chunks", len(out))
	}
	return out
}

// TestChecksumMatchesHDF5 checks the checksum on chunks HDF5 wrote, odd and
// even lengths, longer and shorter than 360 words.
func TestChecksumMatchesHDF5(t *testing.T) {
	for i, raw := range hdf5Chunks(t) {
		data, stored := raw[:len(raw)-4], binary.LittleEndian.Uint32(raw[len(raw)-4:])
		if got := hdf5fletcher32.Checksum(data); got != stored {
			t.Errorf("chunk %d (%d bytes): checksum %#08x, HDF5 stored %#08x", i, len(data), got, stored)
		}
	}
}

// TestChecksumReference compares with a direct transcription of the
// definition (sums modulo 65535 with end-around carry) on random lengths.
func TestChecksumReference(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, n := range []int{0, 1, 2, 3, 719, 720, 721, 722, 4096, 100001} {
		data := make([]byte, n)
		for i := range data {
			data[i] = byte(r.Uint32())
		}
		if got, want := hdf5fletcher32.Checksum(data), reference(data); got != want {
			t.Errorf("len %d: %#08x, reference %#08x", n, got, want)
		}
	}
	// all 0xff: the sums reach 0xffff, which folding keeps (not 0)
	ff := make([]byte, 1000)
	for i := range ff {
		ff[i] = 0xff
	}
	if got, want := hdf5fletcher32.Checksum(ff), reference(ff); got != want {
		t.Errorf("all 0xff: %#08x, reference %#08x", got, want)
	}
}

// reference folds after every word, with 64-bit sums: the same result as
// HDF5's deferred folding.
func reference(data []byte) uint32 {
	var s1, s2 uint64
	fold := func(x uint64) uint64 {
		for x > 0xffff {
			x = x&0xffff + x>>16
		}
		return x
	}
	for i := 0; i < len(data); i += 2 {
		w := uint64(data[i]) << 8
		if i+1 < len(data) {
			w |= uint64(data[i+1])
		}
		s1 = fold(s1 + w)
		s2 = fold(s2 + s1)
	}
	return uint32(s2)<<16 | uint32(s1)
}

func bound(t testing.TB, n int) codec.BoundBytesToBytes {
	t.Helper()
	c, _, err := registry.Default().ParseCodec(json.RawMessage(`{"name": "zcodec.hdf5_fletcher32"}`), "/codecs/1")
	if err != nil {
		t.Fatal(err)
	}
	spec := codec.ChunkSpec{DataType: numeric.Uint8, Shape: []int{n}, FillValue: numeric.Zero(numeric.Uint8)}
	b, err := c.(codec.BytesToBytes).ResolveBytesToBytes(codec.FixedBytes(n, spec))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestRoundTripAndCorruption(t *testing.T) {
	for _, raw := range hdf5Chunks(t)[:4] {
		data := raw[:len(raw)-4]
		b := bound(t, len(data))
		enc, err := b.AppendEncode(nil, data)
		if err != nil || string(enc) != string(raw) {
			t.Fatalf("Encode differs from HDF5's chunk")
		}
		dec, err := b.AppendDecode(nil, enc)
		if err != nil || string(dec) != string(data) {
			t.Fatalf("Decode: %v", err)
		}
		// the byte-reversed checksum of HDF5 before 1.6.3 is accepted
		old := append([]byte{}, enc...)
		binary.LittleEndian.PutUint32(old[len(data):], bits.ReverseBytes32(hdf5fletcher32.Checksum(data)))
		if _, err := b.AppendDecode(nil, old); err != nil {
			t.Fatalf("reversed checksum: %v", err)
		}
		bad := append([]byte{}, enc...)
		bad[0] ^= 1
		if _, err := b.AppendDecode(nil, bad); !errors.Is(err, codec.ErrCorrupt) {
			t.Fatalf("flipped bit: %v", err)
		}
		if _, err := b.AppendDecode(nil, enc[:len(enc)-1]); !errors.Is(err, codec.ErrCorrupt) {
			t.Fatalf("short chunk: %v", err)
		}
	}
	if _, err := bound(t, 8).AppendDecode(nil, []byte{1, 2}); !errors.Is(err, codec.ErrCorrupt) {
		t.Fatalf("3-byte chunk: %v", err)
	}
	if _, _, err := registry.Default().ParseCodec(json.RawMessage(`{"name": "zcodec.hdf5_fletcher32", "configuration": {"x": 1}}`), ""); !errors.Is(err, codec.ErrConfig) {
		t.Fatalf("unknown key: %v", err)
	}
}

func FuzzDecode(f *testing.F) {
	for _, raw := range hdf5Chunks(f) {
		f.Add(raw)
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		if len(raw) < 4 {
			return
		}
		b := bound(t, len(raw)-4)
		dec, err := b.AppendDecode(nil, raw)
		if err != nil {
			if !errors.Is(err, codec.ErrCorrupt) {
				t.Fatalf("untyped error: %v", err)
			}
			return
		}
		enc, _ := b.AppendEncode(nil, dec)
		if hdf5fletcher32.Checksum(dec) != binary.LittleEndian.Uint32(enc[len(dec):]) {
			t.Fatal("round trip")
		}
	})
}

func BenchmarkFletcher32(b *testing.B) {
	const n = 1 << 20
	data := make([]byte, n)
	r := rand.New(rand.NewPCG(3, 4))
	for i := range data {
		data[i] = byte(r.Uint32())
	}
	bd := bound(b, n)
	enc, _ := bd.AppendEncode(nil, data)
	dst := make([]byte, 0, n+4)
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
