package hdf5scaleoffset_test

import (
	"bytes"
	"encoding/binary"
	"errors"
	"math"
	"testing"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/codecs/hdf5scaleoffset"
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
		bounds[i], _ = boundFor(f, c)
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
	numeric.Uint32, numeric.Int64, numeric.Uint64, numeric.Float32, numeric.Float64}

// fuzzCodec builds a codec from the fuzzer's choices: sel picks the type
// (low 4 bits), big-endian (16), a fill value (32: the first element) and
// given bits (64, integers); factor gives the bits or the digits.
func fuzzCodec(sel, factor uint8, n int, first uint64) *hdf5scaleoffset.Codec {
	dt := fuzzTypes[int(sel&15)%len(fuzzTypes)]
	c := &hdf5scaleoffset.Codec{ScaleType: hdf5scaleoffset.ScaleInt, Elements: n, DataType: dt, BigEndian: sel&16 != 0}
	if sel&32 != 0 {
		c.Fill = numeric.ScalarFromBits(dt, first, 0)
	}
	if dt.IsFloat() {
		c.ScaleType = hdf5scaleoffset.ScaleFloatD
		c.ScaleFactor = int(factor % 7)
	} else if sel&64 != 0 {
		c.ScaleFactor = 1 + int(factor)%(8*dt.Size())
	}
	return c
}

// FuzzRoundTrip encodes and decodes chunks: integers come back exactly
// (an encoder refuses only values that do not fit given bits), floats
// within half a unit of the last digit kept, and values within 10^-D of
// the fill value as the fill value.
func FuzzRoundTrip(f *testing.F) {
	f.Add([]byte{1, 2, 3, 4, 5, 6, 7, 8, 250, 251}, uint8(2), uint8(0))
	f.Add([]byte{1, 0, 2, 0, 3, 0, 1, 0, 9, 9, 9, 9}, uint8(32+8), uint8(2))
	f.Add([]byte{0xff, 0xff, 0xff, 0x7f, 0, 0, 0, 0x80, 5, 5, 5, 5, 0, 0, 0, 0}, uint8(16+64+6), uint8(7))
	f.Add([]byte("scale-offset of HDF5: a longer chunk of bytes, big-endian floats"), uint8(16+32+9), uint8(3))
	f.Fuzz(func(t *testing.T, data []byte, sel, factor uint8) {
		dt := fuzzTypes[int(sel&15)%len(fuzzTypes)]
		size := dt.Size()
		if dt.IsFloat() {
			data = floatsFrom(data, dt, sel&16 != 0)
		}
		n := len(data) / size
		if n == 0 {
			return
		}
		data = data[:n*size]
		var first uint64
		for i := range size {
			first = first<<8 | uint64(data[i]) // big-endian read of element 0
		}
		if sel&16 == 0 {
			first = leUint(data[:size])
		}
		c := fuzzCodec(sel, factor, n, first)
		b, err := c.ResolveBytesToBytes(bytesSpec(dt, []int{n}))
		if err != nil {
			t.Fatal(err)
		}
		enc, err := b.AppendEncode(nil, data)
		if err != nil {
			if !errors.Is(err, hdf5scaleoffset.ErrValue) || (dt.IsInteger() && c.ScaleFactor == 0) {
				t.Fatalf("%+v: %v", c, err)
			}
			return
		}
		dec, err := b.AppendDecode(nil, enc)
		if err != nil {
			t.Fatalf("%+v: decode: %v", c, err)
		}
		if dt.IsInteger() {
			if !bytes.Equal(dec, data) {
				t.Fatalf("%+v: %x decodes to %x", c, data, dec)
			}
			return
		}
		checkFloats(t, c, data, dec)
	})
}

func leUint(b []byte) uint64 {
	var v uint64
	for i := len(b) - 1; i >= 0; i-- {
		v = v<<8 | uint64(b[i])
	}
	return v
}

// floatsFrom makes floats of moderate range from pairs of bytes, so that
// the chunks are packed rather than stored whole.
func floatsFrom(data []byte, dt numeric.DataType, big bool) []byte {
	var out []byte
	for i := 0; i+2 <= len(data); i += 2 {
		x := float64(int16(binary.LittleEndian.Uint16(data[i:]))) / 37
		if dt == numeric.Float32 {
			out = appendUint(out, uint64(math.Float32bits(float32(x))), 4, big)
		} else {
			out = appendUint(out, math.Float64bits(x), 8, big)
		}
	}
	return out
}

func appendUint(b []byte, v uint64, size int, big bool) []byte {
	for i := range size {
		sh := 8 * i
		if big {
			sh = 8 * (size - 1 - i)
		}
		b = append(b, byte(v>>sh))
	}
	return b
}

func floatAt(b []byte, i, size int, big bool) float64 {
	e := bytes.Clone(b[i*size : (i+1)*size])
	if big {
		for l, r := 0, size-1; l < r; l, r = l+1, r-1 {
			e[l], e[r] = e[r], e[l]
		}
	}
	if size == 4 {
		return float64(math.Float32frombits(uint32(leUint(e))))
	}
	return math.Float64frombits(leUint(e))
}

func checkFloats(t *testing.T, c *hdf5scaleoffset.Codec, data, dec []byte) {
	size := c.DataType.Size()
	step := math.Pow(10, -float64(c.ScaleFactor))
	rel := 1e-6
	if size == 8 {
		rel = 1e-14
	}
	var fill float64
	if c.Fill.Valid() {
		fill = c.Fill.Float64()
	}
	for i := range c.Elements {
		x, y := floatAt(data, i, size, c.BigEndian), floatAt(dec, i, size, c.BigEndian)
		tol := step/2 + rel*math.Max(1, math.Abs(x))*100
		if c.Fill.Valid() && math.Abs(x-fill) < step*(1+rel) {
			tol = step * (1 + rel)
		}
		if math.Abs(x-y) > tol {
			t.Fatalf("%+v: element %d: %v decodes to %v", c, i, x, y)
		}
	}
}
