package hdf5nbit_test

import (
	"bytes"
	"errors"
	"testing"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/internal/testvec"
	"github.com/zcodec/zcodec/numeric"
)

// FuzzDecode decodes arbitrary bytes with the codec of every vector case:
// a decode either fails with a corrupt-chunk error or gives a whole chunk.
func FuzzDecode(f *testing.F) {
	cases := loadVectors(f).Cases
	for i, c := range cases {
		for _, ch := range c.Chunk {
			f.Add(testvec.Hex(ch.HDF5), uint8(i))
		}
	}
	bounds := make([]codec.BoundBytesToBytes, len(cases))
	for i, c := range cases {
		bounds[i], _, _ = boundFor(f, c)
	}
	f.Fuzz(func(t *testing.T, in []byte, which uint8) {
		b := bounds[int(which)%len(bounds)]
		dec, err := b.AppendDecode(nil, in)
		if err != nil {
			if !errors.Is(err, codec.ErrCorrupt) {
				t.Fatalf("untyped error: %v", err)
			}
			return
		}
		if want := b.Encoded().Array.Size(); len(dec) != want {
			t.Fatalf("decoded %d bytes, want %d", len(dec), want)
		}
	})
}

var fuzzTypes = []numeric.DataType{numeric.Int8, numeric.Uint8, numeric.Int16, numeric.Uint16, numeric.Int32,
	numeric.Uint32, numeric.Int64, numeric.Uint64}

// FuzzRoundTrip encodes and decodes chunks of values cut to the precision:
// they come back exactly. sel picks the type (low 3 bits) and the byte
// order (8); prec and off the precision and the offset.
func FuzzRoundTrip(f *testing.F) {
	f.Add([]byte{1, 2, 3, 4, 5, 6, 7, 8, 250, 251}, uint8(0), uint8(3), uint8(2))
	f.Add([]byte{0xff, 0xff, 0xff, 0x7f, 0, 0, 0, 0x80, 5, 5, 5, 5}, uint8(8+4), uint8(12), uint8(4))
	f.Add([]byte("n-bit packing of HDF5, a longer chunk of bytes, big-endian"), uint8(8+6), uint8(63), uint8(0))
	f.Fuzz(func(t *testing.T, data []byte, sel, prec, off uint8) {
		dt := fuzzTypes[sel&7]
		size, bits := dt.Size(), 8*dt.Size()
		p := 1 + int(prec)%bits
		o := int(off) % (bits - p + 1)
		big := sel&8 != 0
		n := len(data) / size
		if n == 0 {
			return
		}
		c := atomic(n, size, big, p, o)
		b := mustBind(t, c, dt)
		// cut each value to p bits, sign- or zero-extended
		in := bytes.Clone(data[:n*size])
		for i := range n {
			e := in[i*size : (i+1)*size]
			var v uint64
			for k := range size {
				if big {
					v = v<<8 | uint64(e[k])
				} else {
					v |= uint64(e[k]) << (8 * k)
				}
			}
			v = v << (64 - p) >> (64 - p)
			if dt.IsSigned() {
				v = uint64(int64(v<<(64-p)) >> (64 - p))
			}
			for k := range size {
				sh := 8 * k
				if big {
					sh = 8 * (size - 1 - k)
				}
				e[k] = byte(v >> sh)
			}
		}
		enc, err := b.AppendEncode(nil, in)
		if err != nil {
			t.Fatalf("%v: %v", &c.Type, err)
		}
		if len(enc) != b.Encoded().Size {
			t.Fatalf("%v: %d bytes, spec %v", &c.Type, len(enc), b.Encoded())
		}
		dec, err := b.AppendDecode(nil, enc)
		if err != nil || !bytes.Equal(dec, in) {
			t.Fatalf("%v: %x decodes to %x, %v", &c.Type, in, dec, err)
		}
		if !bytes.Equal(data[:n*size], in) {
			if _, err := b.AppendEncode(nil, data[:n*size]); err == nil {
				t.Fatalf("%v: encoded %x, which does not fit", &c.Type, data[:n*size])
			}
		}
	})
}
