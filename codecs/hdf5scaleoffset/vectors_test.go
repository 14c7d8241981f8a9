package hdf5scaleoffset_test

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"flag"
	"os"
	"strconv"
	"testing"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/codecs/hdf5scaleoffset"
	"github.com/zcodec/zcodec/internal/hostorder"
	"github.com/zcodec/zcodec/internal/testvec"
	"github.com/zcodec/zcodec/numeric"
)

var goEncoded = flag.String("goencoded", "", "write the Go encoding of every vector chunk to this file (for testdata/generate.py) instead of testing")

type vectorChunk struct {
	Offset     []int  `json:"offset"`
	Extent     []int  `json:"extent"`
	FilterMask int    `json:"filter_mask"`
	Input      string `json:"input"`
	HDF5       string `json:"hdf5"`
	HDF5Values string `json:"hdf5_values"`
	Go         string `json:"go"`
	GoValues   string `json:"go_values"`
}

type vectorCase struct {
	Name     string        `json:"name"`
	Note     string        `json:"note"`
	DType    string        `json:"dtype"`
	Shape    []int         `json:"shape"`
	Chunks   []int         `json:"chunks"`
	CDValues []uint32      `json:"cd_values"`
	Chunk    []vectorChunk `json:"chunk_list"`
}

type vectorFile struct {
	Pow10 struct {
		Powf map[string]string `json:"powf"`
		Pow  map[string]string `json:"pow"`
	} `json:"pow10"`
	Cases []vectorCase `json:"cases"`
}

func loadVectors(t testing.TB) vectorFile {
	t.Helper()
	raw, err := os.ReadFile("testdata/vectors.json")
	if err != nil {
		t.Fatal(err)
	}
	var v vectorFile
	if err := json.Unmarshal(raw, &v); err != nil {
		t.Fatal(err)
	}
	if len(v.Cases) < 20 {
		t.Fatalf("only %d cases", len(v.Cases))
	}
	return v
}

// dataType parses the NumPy type strings of the vectors.
func dataType(t testing.TB, s string) (numeric.DataType, bool) {
	t.Helper()
	types := map[string]numeric.DataType{"i1": numeric.Int8, "u1": numeric.Uint8, "i2": numeric.Int16, "u2": numeric.Uint16,
		"i4": numeric.Int32, "u4": numeric.Uint32, "i8": numeric.Int64, "u8": numeric.Uint64, "f4": numeric.Float32, "f8": numeric.Float64}
	dt, ok := types[s[1:]]
	if !ok {
		t.Fatalf("dtype %q", s)
	}
	return dt, s[0] == '>'
}

// boundFor resolves the codec of a case's cd_values for its chunks.
func boundFor(t testing.TB, c vectorCase) (codec.BoundBytesToBytes, *hdf5scaleoffset.Codec) {
	t.Helper()
	cd, err := hdf5scaleoffset.FromCDValues(c.CDValues)
	if err != nil {
		t.Fatalf("%s: %v", c.Name, err)
	}
	dt, big := dataType(t, c.DType)
	if cd.DataType != dt || cd.BigEndian != big {
		t.Fatalf("%s: cd_values give %v big-endian %v, the dataset is %s", c.Name, cd.DataType, cd.BigEndian, c.DType)
	}
	b, err := cd.ResolveBytesToBytes(bytesSpec(dt, c.Chunks))
	if err != nil {
		t.Fatalf("%s: %v", c.Name, err)
	}
	return b, cd
}

func bytesSpec(dt numeric.DataType, shape []int) codec.BytesSpec {
	n := 1
	for _, d := range shape {
		n *= d
	}
	spec := codec.ChunkSpec{DataType: dt, Shape: shape, FillValue: numeric.Zero(dt)}
	return codec.FixedBytes(n*dt.Size(), spec)
}

// order turns little-endian elements into the dataset's byte order, or
// back.
func order(b []byte, size int, big bool) []byte {
	b = bytes.Clone(b)
	if big {
		hostorder.SwapUnits(b, size)
	}
	return b
}

// TestWriteGoEncoded writes the Go encoding of every chunk, for
// testdata/generate.py, when -goencoded is given.
func TestWriteGoEncoded(t *testing.T) {
	if *goEncoded == "" {
		t.Skip("only with -goencoded (testdata/generate.py)")
	}
	out := map[string][]string{}
	for _, c := range loadVectors(t).Cases {
		b, cd := boundFor(t, c)
		for _, ch := range c.Chunk {
			enc, err := b.AppendEncode(nil, order(testvec.Hex(ch.Input), cd.DataType.Size(), cd.BigEndian))
			if errors.Is(err, hdf5scaleoffset.ErrValue) {
				t.Logf("%s: %v", c.Name, err)
				out[c.Name] = append(out[c.Name], "")
				continue
			}
			if err != nil {
				t.Fatalf("%s: %v", c.Name, err)
			}
			out[c.Name] = append(out[c.Name], hexString(enc))
		}
	}
	raw, _ := json.Marshal(out)
	if err := os.WriteFile(*goEncoded, raw, 0o644); err != nil {
		t.Fatal(err)
	}
}

func hexString(b []byte) string {
	const digits = "0123456789abcdef"
	s := make([]byte, 2*len(b))
	for i, c := range b {
		s[2*i], s[2*i+1] = digits[c>>4], digits[c&15]
	}
	return string(s)
}

// TestVectors decodes HDF5's chunks and the Go chunks to the values h5py
// reads from them, and checks that the encoder still writes the Go chunks,
// which are HDF5's own bytes.
func TestVectors(t *testing.T) {
	seen := map[string]int{}
	for _, c := range loadVectors(t).Cases {
		b, cd := boundFor(t, c)
		size := cd.DataType.Size()
		for i, ch := range c.Chunk {
			if ch.FilterMask != 0 {
				t.Fatalf("%s chunk %d: filter mask %d", c.Name, i, ch.FilterMask)
			}
			stored := testvec.Hex(ch.HDF5)
			dec, err := b.AppendDecode(nil, stored)
			if err != nil {
				t.Fatalf("%s chunk %d: decode HDF5's chunk: %v", c.Name, i, err)
			}
			got := testvec.Extent(order(dec, size, cd.BigEndian), c.Chunks, ch.Extent, size)
			if want := testvec.Hex(ch.HDF5Values); !bytes.Equal(got, want) {
				at := testvec.FirstDiff(got, want) / size
				t.Errorf("%s chunk %d: HDF5's chunk decodes differently from h5py at element %d: % x, want % x", c.Name, i, at, got[at*size:at*size+size], want[at*size:at*size+size])
			}
			input := order(testvec.Hex(ch.Input), size, cd.BigEndian)
			enc, err := b.AppendEncode(nil, input)
			if ch.Go == "" {
				// HDF5 stores this chunk as other values than its own
				if !errors.Is(err, hdf5scaleoffset.ErrValue) {
					t.Errorf("%s chunk %d: encode gives %x, %v; want a refusal", c.Name, i, enc, err)
				}
				seen["refused"]++
				continue
			}
			if err != nil {
				t.Fatalf("%s chunk %d: encode: %v", c.Name, i, err)
			}
			goChunk := testvec.Hex(ch.Go)
			if !bytes.Equal(enc, goChunk) {
				t.Errorf("%s chunk %d: the encoder writes %x, the vectors hold %x", c.Name, i, enc, goChunk)
			}
			if !sameAsHDF5(enc, stored, cd) {
				t.Errorf("%s chunk %d: the encoder writes\n%x\nHDF5 wrote\n%x", c.Name, i, enc, stored)
			}
			dec, err = b.AppendDecode(nil, goChunk)
			if err != nil {
				t.Fatalf("%s chunk %d: decode the Go chunk: %v", c.Name, i, err)
			}
			if want := testvec.Hex(ch.GoValues); !bytes.Equal(order(dec, size, cd.BigEndian), want) {
				t.Errorf("%s chunk %d: the Go chunk decodes differently from h5py", c.Name, i)
			}
			if len(stored) >= hdf5scaleoffset.HeaderSize && cd.ScaleFactor != 8*size {
				seen[kind(cd, stored)]++
			}
		}
	}
	for _, k := range []string{"packed", "whole", "zero bits", "fill marker", "refused"} {
		if seen[k] == 0 {
			t.Errorf("no vector chunk is %s (%v)", k, seen)
		}
	}
}

// sameAsHDF5 compares an encoding with HDF5's: they are the same bytes but
// for the last byte of a chunk of 0-bit values, which HDF5 leaves as it
// finds it in new memory.
func sameAsHDF5(enc, stored []byte, cd *hdf5scaleoffset.Codec) bool {
	if len(enc) == hdf5scaleoffset.HeaderSize+1 && len(stored) == len(enc) && binary.LittleEndian.Uint32(stored) == 0 {
		return bytes.Equal(enc[:len(enc)-1], stored[:len(stored)-1])
	}
	return bytes.Equal(enc, stored)
}

func kind(cd *hdf5scaleoffset.Codec, stored []byte) string {
	m := int(binary.LittleEndian.Uint32(stored))
	switch {
	case m == 0:
		return "zero bits"
	case m == 8*cd.DataType.Size():
		return "whole"
	case cd.Fill.Valid():
		return "fill marker"
	}
	return "packed"
}

// TestPow10 checks the powers of ten against the C library's.
func TestPow10(t *testing.T) {
	v := loadVectors(t)
	if len(v.Pow10.Powf) < 80 || len(v.Pow10.Pow) < 700 {
		t.Fatalf("%d powf and %d pow values", len(v.Pow10.Powf), len(v.Pow10.Pow))
	}
	for k, h := range v.Pow10.Powf {
		e, _ := strconv.ParseInt(k, 10, 64)
		want, _ := strconv.ParseUint(h, 16, 32)
		if got := hdf5scaleoffset.Pow10f(e); uint64(got) != want {
			t.Errorf("powf(10, %d): %#x, the C library gives %#x", e, got, want)
		}
	}
	for k, h := range v.Pow10.Pow {
		e, _ := strconv.ParseInt(k, 10, 64)
		want, _ := strconv.ParseUint(h, 16, 64)
		if got := hdf5scaleoffset.Pow10d(e); got != want {
			t.Errorf("pow(10, %d): %#x, the C library gives %#x", e, got, want)
		}
	}
}
