package hdf5nbit_test

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"flag"
	"os"
	"testing"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/codecs/hdf5nbit"
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
	Name      string        `json:"name"`
	Note      string        `json:"note"`
	DType     string        `json:"dtype"`
	Shape     []int         `json:"shape"`
	Chunks    []int         `json:"chunks"`
	Precision int           `json:"precision"`
	Offset    int           `json:"offset"`
	CDValues  []uint32      `json:"cd_values"`
	Chunk     []vectorChunk `json:"chunk_list"`
}

type vectorFile struct {
	Cases        []vectorCase `json:"cases"`
	Descriptions []struct {
		Name     string   `json:"name"`
		CDValues []uint32 `json:"cd_values"`
	} `json:"descriptions"`
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
	if len(v.Cases) < 12 || len(v.Descriptions) != 2 {
		t.Fatalf("%d cases, %d descriptions", len(v.Cases), len(v.Descriptions))
	}
	return v
}

func dataType(t testing.TB, s string) (numeric.DataType, bool) {
	t.Helper()
	types := map[string]numeric.DataType{"i1": numeric.Int8, "u1": numeric.Uint8, "i2": numeric.Int16, "u2": numeric.Uint16,
		"i4": numeric.Int32, "u4": numeric.Uint32, "i8": numeric.Int64, "u8": numeric.Uint64}
	dt, ok := types[s[1:]]
	if !ok {
		t.Fatalf("dtype %q", s)
	}
	return dt, s[0] == '>'
}

func bytesSpec(dt numeric.DataType, shape []int) codec.BytesSpec {
	n := 1
	for _, d := range shape {
		n *= d
	}
	return codec.FixedBytes(n*dt.Size(), codec.ChunkSpec{DataType: dt, Shape: shape, FillValue: numeric.Zero(dt)})
}

// boundFor resolves the codec of a case's cd_values for its chunks.
func boundFor(t testing.TB, c vectorCase) (codec.BoundBytesToBytes, numeric.DataType, bool) {
	t.Helper()
	cd, err := hdf5nbit.FromCDValues(c.CDValues)
	if err != nil {
		t.Fatalf("%s: %v", c.Name, err)
	}
	dt, big := dataType(t, c.DType)
	ty := cd.Type
	if ty.Class != hdf5nbit.ClassAtomic || ty.Size != dt.Size() || ty.BigEndian != big || ty.Precision != c.Precision || ty.Offset != c.Offset {
		t.Fatalf("%s: cd_values describe %v", c.Name, &ty)
	}
	b, err := cd.ResolveBytesToBytes(bytesSpec(dt, c.Chunks))
	if err != nil {
		t.Fatalf("%s: %v", c.Name, err)
	}
	return b, dt, big
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
		b, dt, big := boundFor(t, c)
		for _, ch := range c.Chunk {
			enc, err := b.AppendEncode(nil, order(testvec.Hex(ch.Input), dt.Size(), big))
			if err != nil {
				t.Fatalf("%s: %v", c.Name, err)
			}
			out[c.Name] = append(out[c.Name], hex.EncodeToString(enc))
		}
	}
	raw, _ := json.Marshal(out)
	if err := os.WriteFile(*goEncoded, raw, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestVectors decodes HDF5's chunks and the Go chunks to the values h5py
// reads from them, and checks that the encoder writes HDF5's bytes.
func TestVectors(t *testing.T) {
	packed, unchanged := 0, 0
	for _, c := range loadVectors(t).Cases {
		b, dt, big := boundFor(t, c)
		size := dt.Size()
		for i, ch := range c.Chunk {
			if ch.FilterMask != 0 {
				t.Fatalf("%s chunk %d: filter mask %d", c.Name, i, ch.FilterMask)
			}
			stored := testvec.Hex(ch.HDF5)
			dec, err := b.AppendDecode(nil, stored)
			if err != nil {
				t.Fatalf("%s chunk %d: decode HDF5's chunk: %v", c.Name, i, err)
			}
			got := testvec.Extent(order(dec, size, big), c.Chunks, ch.Extent, size)
			if want := testvec.Hex(ch.HDF5Values); !bytes.Equal(got, want) {
				at := testvec.FirstDiff(got, want) / size
				t.Errorf("%s chunk %d: HDF5's chunk decodes differently from h5py at element %d: % x, want % x", c.Name, i, at, got[at*size:at*size+size], want[at*size:at*size+size])
			}
			enc, err := b.AppendEncode(nil, order(testvec.Hex(ch.Input), size, big))
			if err != nil {
				t.Fatalf("%s chunk %d: encode: %v", c.Name, i, err)
			}
			if goChunk := testvec.Hex(ch.Go); !bytes.Equal(enc, goChunk) {
				t.Errorf("%s chunk %d: the encoder writes %x, the vectors hold %x", c.Name, i, enc, goChunk)
			}
			if !bytes.Equal(enc, stored) {
				t.Errorf("%s chunk %d: the encoder writes\n%x\nHDF5 wrote\n%x", c.Name, i, enc, stored)
			}
			if len(enc) != b.Encoded().Size {
				t.Errorf("%s chunk %d: %d bytes, the encoded spec says %v", c.Name, i, len(enc), b.Encoded())
			}
			dec, err = b.AppendDecode(nil, testvec.Hex(ch.Go))
			if err != nil {
				t.Fatalf("%s chunk %d: decode the Go chunk: %v", c.Name, i, err)
			}
			if want := testvec.Hex(ch.GoValues); !bytes.Equal(order(dec, size, big), want) {
				t.Errorf("%s chunk %d: the Go chunk decodes differently from h5py", c.Name, i)
			}
			if c.CDValues[1] == 1 {
				unchanged++
			} else {
				packed++
			}
		}
	}
	if packed == 0 || unchanged == 0 {
		t.Errorf("%d packed and %d unchanged chunks; want both", packed, unchanged)
	}
}
