package imagemap

import (
	"bytes"
	"encoding/binary"
	"image/png"
	"math"
	"testing"
)

// FuzzPNG draws fuzzed slices (values from the fuzzed bytes as float64
// bits: NaN, infinities, huge and tiny values) with fuzzed options: New
// either refuses with an error or the image is drawn, holds its data area
// and colorbar, and survives EncodePNG and image/png unchanged.
func FuzzPNG(f *testing.F) {
	f8 := func(vs ...float64) []byte {
		var b []byte
		for _, v := range vs {
			b = binary.LittleEndian.AppendUint64(b, math.Float64bits(v))
		}
		return b
	}
	f.Add(uint16(2), uint16(3), uint8(0), 0.0, 0.0, 0.0, f8(1, 2, math.NaN(), math.Inf(1), -1e308, 1e308))
	f.Add(uint16(1), uint16(1), uint8(1), 0.0, 0.0, 1e-300, f8(math.Inf(-1)))
	f.Add(uint16(3), uint16(650), uint8(0x25), -1e308, 1e308, 0.0, f8(5e-324, math.Copysign(0, -1), math.MaxFloat64))
	f.Add(uint16(4), uint16(4), uint8(2), 0.0, 0.0, 0.0, []byte{})
	f.Fuzz(func(t *testing.T, rows, cols uint16, mode uint8, lo, hi, bound float64, data []byte) {
		// Small sides keep each run quick and reduce most slices.
		r, c := int(rows%700), int(cols%700)
		opts := &Options{Mode: Mode(mode & 1), Lo: lo, Hi: hi, Bound: bound, Reduce: Reduce(mode >> 1 & 3),
			MaxSide: 1 + int(mode>>4)*8, MinSide: 24}
		if mode&8 != 0 && len(data) >= 8 {
			fill := math.Float64frombits(binary.LittleEndian.Uint64(data))
			opts.Fill = &fill
		}
		b, err := New(r, c, opts)
		if err != nil {
			return
		}
		n := r * c
		vals := make([]float64, n)
		for i := range vals {
			if k := (i * 8) % max(len(data)/8*8, 8); k+8 <= len(data) {
				vals[i] = math.Float64frombits(binary.LittleEndian.Uint64(data[k:]))
			}
		}
		if opts.Mode == Errors {
			dec := make([]float64, n)
			for i := range dec {
				dec[i] = vals[(i+1)%n]
			}
			err = b.WriteErrors(vals, dec)
		} else {
			err = b.Write(vals)
		}
		if err != nil {
			t.Fatal(err)
		}
		img, err := b.Image()
		if err != nil {
			t.Fatal(err)
		}
		l := b.Layout()
		if !l.Data.In(img.Bounds()) || !l.Bar.In(img.Bounds()) {
			t.Fatalf("data %v or bar %v outside %v", l.Data, l.Bar, img.Bounds())
		}
		var buf bytes.Buffer
		if err := EncodePNG(&buf, img); err != nil {
			t.Fatal(err)
		}
		dec, err := png.Decode(&buf)
		if err != nil {
			t.Fatal(err)
		}
		p := l.Element(r-1, c-1).Min
		if at(dec, p) != img.RGBAAt(p.X, p.Y) {
			t.Fatalf("pixel %v changed through PNG", p)
		}
	})
}
