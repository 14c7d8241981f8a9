package main

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/zcodec/zcodec/internal/npdtype"
	"github.com/zcodec/zcodec/numeric"
)

// FuzzCatFormats feeds cat's writers (raw, csv, npy) fuzzed elements of
// every data type, in regions of fuzzed shapes cut into fuzzed slabs: they
// never panic, raw is the elements, csv reads back as the same values (one
// line per row of the last dimension), and npy is a valid .npy file of the
// region's shape and data type holding the elements.
func FuzzCatFormats(f *testing.F) {
	f.Add(uint8(11), []byte{2, 3}, uint8(5), []byte("0123456789abcdefghijklmnopqrstuvwxyz0123456789"))
	f.Add(uint8(13), []byte{1}, uint8(1), []byte{0, 0, 0xc0, 0x7f, 0, 0, 0x80, 0xff})
	f.Add(uint8(0), []byte{}, uint8(0), []byte{1})
	f.Add(uint8(7), []byte{4, 0, 3}, uint8(3), []byte{})
	f.Add(uint8(14), []byte{1, 1}, uint8(0), bytes.Repeat([]byte{0xff}, 16))
	for i, dt := range numeric.DataTypes {
		if dt.Storage() != dt { // the sub-byte and small float types: every byte value
			all := make([]byte, 256)
			for b := range all {
				all[b] = byte(b)
			}
			f.Add(uint8(i), []byte{4, 64}, uint8(6), all)
		}
	}
	f.Fuzz(func(t *testing.T, dtIndex uint8, dims []byte, slab uint8, data []byte) {
		dt := numeric.DataTypes[int(dtIndex)%len(numeric.DataTypes)]
		es := dt.Size()
		if len(dims) > 4 {
			dims = dims[:4]
		}
		shape := make([]int64, len(dims))
		n := 1
		for i, d := range dims {
			shape[i] = int64(d % 8)
			n *= int(shape[i])
		}
		elems := make([]byte, n*es)
		copy(elems, data)
		if len(data) > 0 {
			for i := len(data); i < len(elems); i++ {
				elems[i] = data[i%len(data)]
			}
		}
		slabElems := int(slab%7) + 1
		read := func(fn func([]byte) error) error {
			for i := 0; i < len(elems); i += slabElems * es {
				if err := fn(elems[i:min(len(elems), i+slabElems*es)]); err != nil {
					return err
				}
			}
			return nil
		}
		for _, format := range []string{"raw", "csv", "npy"} {
			var out bytes.Buffer
			err := writeRegion(&out, dt, shape, format, read)
			if err != nil {
				if format == "npy" && npdtype.Format(dt, numeric.LittleEndian) == "" {
					continue // bfloat16 and the small types: NumPy has no type string
				}
				t.Fatalf("%s %v %v: %v", format, dt, shape, err)
			}
			switch format {
			case "raw":
				if !bytes.Equal(out.Bytes(), elems) {
					t.Fatalf("raw %v %v: not the elements", dt, shape)
				}
			case "csv":
				checkCSV(t, dt, shape, elems, out.String())
			case "npy":
				checkNPY(t, dt, shape, elems, out.Bytes())
			}
		}
	})
}

// checkCSV reads text back and compares it with the elements.
func checkCSV(t *testing.T, dt numeric.DataType, shape []int64, elems []byte, text string) {
	t.Helper()
	es := dt.Size()
	n := len(elems) / es
	if n == 0 {
		if text != "" {
			t.Fatalf("csv %v %v: %q for no elements", dt, shape, text)
		}
		return
	}
	row := 1
	if len(shape) >= 2 {
		row = int(shape[len(shape)-1])
	}
	if !strings.HasSuffix(text, "\n") {
		t.Fatalf("csv %v %v: no final newline: %q", dt, shape, text)
	}
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	if len(lines) != n/row {
		t.Fatalf("csv %v %v: %d lines, want %d", dt, shape, len(lines), n/row)
	}
	i := 0
	for _, line := range lines {
		fields := strings.Split(line, ",")
		if len(fields) != row {
			t.Fatalf("csv %v %v: %d fields in %q, want %d", dt, shape, len(fields), line, row)
		}
		for _, s := range fields {
			if got, want := parseCSVValue(t, dt, s), elementValue(dt, elems[i*es:(i+1)*es]); !sameValue(got, want) {
				t.Fatalf("csv %v: %q reads as %v, the element is %v", dt, s, got, want)
			}
			i++
		}
	}
}

// parseCSVValue reads one csv value of dt as a complex128 (or NaN).
func parseCSVValue(t *testing.T, dt numeric.DataType, s string) complex128 {
	t.Helper()
	var v complex128
	var err error
	switch {
	case dt == numeric.Bool:
		var b bool
		b, err = strconv.ParseBool(s)
		if b {
			v = 1
		}
	case dt.IsInteger() && strings.HasPrefix(dt.String(), "u"):
		var u uint64
		u, err = strconv.ParseUint(s, 10, 64)
		v = complex(float64(u), 0)
		if u > 1<<53 {
			v = complex(math.Float64frombits(u), 1) // compared exactly below
		}
	case dt.IsInteger():
		var i int64
		i, err = strconv.ParseInt(s, 10, 64)
		v = complex(float64(i), 0)
		if i > 1<<53 || i < -1<<53 {
			v = complex(math.Float64frombits(uint64(i)), 1)
		}
	case dt == numeric.Complex64 || dt == numeric.Complex128:
		if !strings.HasSuffix(s, "j") {
			t.Fatalf("csv %v: %q does not end in j", dt, s)
		}
		v, err = strconv.ParseComplex(strings.TrimSuffix(s, "j")+"i", 8*dt.Size())
	default:
		bits := 32 // float16 and bfloat16 are written as the float32 they widen to
		if dt == numeric.Float64 {
			bits = 64
		}
		var x float64
		x, err = strconv.ParseFloat(s, bits)
		v = complex(x, 0)
	}
	if err != nil {
		t.Fatalf("csv %v: %q does not read back: %v", dt, s, err)
	}
	return v
}

// elementValue is the value of one little-endian element, as
// parseCSVValue gives it.
func elementValue(dt numeric.DataType, b []byte) complex128 {
	le := binary.LittleEndian
	if dt.Storage() != dt && (dt.IsInteger() || dt.IsFloat()) { // one byte, upper bits ignored
		return complex(numeric.ScalarFromBits(dt, uint64(b[0]), 0).Float64(), 0)
	}
	switch dt {
	case numeric.Bool:
		if b[0] != 0 {
			return 1
		}
		return 0
	case numeric.Int8:
		return complex(float64(int8(b[0])), 0)
	case numeric.Int16:
		return complex(float64(int16(le.Uint16(b))), 0)
	case numeric.Int32:
		return complex(float64(int32(le.Uint32(b))), 0)
	case numeric.Int64:
		i := int64(le.Uint64(b))
		if i > 1<<53 || i < -1<<53 {
			return complex(math.Float64frombits(uint64(i)), 1)
		}
		return complex(float64(i), 0)
	case numeric.Uint8:
		return complex(float64(b[0]), 0)
	case numeric.Uint16:
		return complex(float64(le.Uint16(b)), 0)
	case numeric.Uint32:
		return complex(float64(le.Uint32(b)), 0)
	case numeric.Uint64:
		u := le.Uint64(b)
		if u > 1<<53 {
			return complex(math.Float64frombits(u), 1)
		}
		return complex(float64(u), 0)
	case numeric.Float16:
		return complex(numeric.F16(le.Uint16(b)).Float64(), 0)
	case numeric.BFloat16:
		return complex(numeric.BF16(le.Uint16(b)).Float64(), 0)
	case numeric.Float32:
		return complex(float64(math.Float32frombits(le.Uint32(b))), 0)
	case numeric.Float64:
		return complex(math.Float64frombits(le.Uint64(b)), 0)
	case numeric.Complex64:
		return complex(float64(math.Float32frombits(le.Uint32(b))), float64(math.Float32frombits(le.Uint32(b[4:]))))
	}
	return complex(math.Float64frombits(le.Uint64(b)), math.Float64frombits(le.Uint64(b[8:])))
}

// sameValue compares parts exactly, NaN equal to NaN and 0 to -0 (csv
// writes -0 as "-0", which reads back as -0, but compare values).
func sameValue(a, b complex128) bool {
	eq := func(x, y float64) bool { return x == y || math.IsNaN(x) && math.IsNaN(y) }
	return eq(real(a), real(b)) && eq(imag(a), imag(b))
}

var npyDict = regexp.MustCompile(`^\{'descr': '([^']+)', 'fortran_order': False, 'shape': \(([0-9, ]*)\), \} *\n$`)

// checkNPY parses a .npy file (version 1.0) and compares it with the
// region: data type, shape and elements.
func checkNPY(t *testing.T, dt numeric.DataType, shape []int64, elems []byte, b []byte) {
	t.Helper()
	if len(b) < 10 || string(b[:8]) != "\x93NUMPY\x01\x00" {
		t.Fatalf("npy %v %v: bad magic %q", dt, shape, b[:min(len(b), 10)])
	}
	hlen := int(binary.LittleEndian.Uint16(b[8:10]))
	if (10+hlen)%64 != 0 || len(b) < 10+hlen {
		t.Fatalf("npy %v %v: header length %d", dt, shape, hlen)
	}
	m := npyDict.FindStringSubmatch(string(b[10 : 10+hlen]))
	if m == nil {
		t.Fatalf("npy %v %v: header %q", dt, shape, b[10:10+hlen])
	}
	gotDT, _, err := npdtype.Parse(m[1])
	if err != nil || gotDT != dt {
		t.Fatalf("npy %v: descr %q reads as %v, %v", dt, m[1], gotDT, err)
	}
	dims := make([]string, len(shape))
	for i, d := range shape {
		dims[i] = fmt.Sprint(d)
	}
	want := strings.Join(dims, ", ")
	if len(shape) == 1 {
		want += ","
	}
	if m[2] != want {
		t.Fatalf("npy %v: shape (%s), want (%s)", shape, m[2], want)
	}
	if !bytes.Equal(b[10+hlen:], elems) {
		t.Fatalf("npy %v %v: the data are not the elements", dt, shape)
	}
}
