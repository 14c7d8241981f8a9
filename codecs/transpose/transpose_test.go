package transpose

import (
	"bytes"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/internal/npdtype"
	"github.com/zcodec/zcodec/internal/testvec"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/registry"
)

// refTranspose is the definition by index arithmetic, element by element:
// out[i_0, ..., i_{r-1}] = in[j] with j[order[k]] = i_k.
func refTranspose(in []byte, size int, shape, order []int) []byte {
	r := len(shape)
	n := 1
	for _, d := range shape {
		n *= d
	}
	out := make([]byte, n*size)
	outShape := make([]int, r)
	for k, d := range order {
		outShape[k] = shape[d]
	}
	i := make([]int, r)
	j := make([]int, r)
	for o := range n {
		rem := o
		for k := r - 1; k >= 0; k-- {
			i[k] = rem % outShape[k]
			rem /= outShape[k]
		}
		for k, d := range order {
			j[d] = i[k]
		}
		src := 0
		for d := range r {
			src = src*shape[d] + j[d]
		}
		copy(out[o*size:(o+1)*size], in[src*size:(src+1)*size])
	}
	return out
}

var sizes = []struct {
	size int
	dt   numeric.DataType
}{{1, numeric.Uint8}, {2, numeric.Int16}, {4, numeric.Float32}, {8, numeric.Float64}, {16, numeric.Complex128},
	{3, must(numeric.NewNullTerminatedBytes(3))}, {12, must(numeric.NewFixedLengthUTF32(12))}, {5, must(numeric.NewRawBytes(5))}}

func must(dt numeric.DataType, err error) numeric.DataType {
	if err != nil {
		panic(err)
	}
	return dt
}

func resolve(t testing.TB, order []int, dt numeric.DataType, shape []int) codec.BoundArrayToArray {
	t.Helper()
	c, err := New(order)
	if err != nil {
		t.Fatal(err)
	}
	b, err := c.ResolveArray(codec.ChunkSpec{DataType: dt, Shape: shape, FillValue: numeric.Zero(dt)})
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// Random shapes (ranks 1 to 5, lengths 1 to 9, and a few long axes that
// cross tile boundaries), random permutations and every element size,
// against the index-arithmetic reference; aligned and unaligned buffers.
func TestAgainstReference(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for it := range 600 {
		rank := 1 + r.IntN(5)
		shape := make([]int, rank)
		for d := range shape {
			shape[d] = 1 + r.IntN(9)
			if r.IntN(6) == 0 {
				shape[d] = 60 + r.IntN(140)
			}
		}
		n := 1
		for _, d := range shape {
			n *= d
		}
		if n > 1<<16 {
			continue
		}
		order := r.Perm(rank)
		sz := sizes[it%len(sizes)]
		b := resolve(t, order, sz.dt, shape)
		in := make([]byte, n*sz.size+1)
		for i := range in {
			in[i] = byte(r.Uint32())
		}
		want := refTranspose(in[:n*sz.size], sz.size, shape, order)
		for _, off := range []int{0, 1} {
			src := in[off : off+n*sz.size]
			want := want
			if off == 1 {
				want = refTranspose(src, sz.size, shape, order)
			}
			buf := make([]byte, n*sz.size+1)
			got := buf[off : off+n*sz.size]
			if err := b.EncodeArray(got, src); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) {
				t.Fatalf("shape %v order %v size %d offset %d: encode differs from the reference at byte %d", shape, order, sz.size, off, testvec.FirstDiff(got, want))
			}
			back := make([]byte, len(src))
			if err := b.DecodeArray(back, got); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(back, src) {
				t.Fatalf("shape %v order %v size %d offset %d: decode does not invert encode", shape, order, sz.size, off)
			}
		}
		enc := b.Encoded()
		for k, d := range order {
			if enc.Shape[k] != shape[d] {
				t.Fatalf("shape %v order %v: encoded shape %v", shape, order, enc.Shape)
			}
		}
	}
}

// NumPy's np.transpose, which zarr-python 3's codec applies, on committed
// vectors (../../testdata/transpose/generate.py).
func TestNumPyVectors(t *testing.T) {
	raw, err := os.ReadFile("../../testdata/transpose/vectors.json")
	if err != nil {
		t.Fatal(err)
	}
	var v struct {
		Cases []struct {
			DType        string `json:"dtype"`
			Shape        []int  `json:"shape"`
			Order        []int  `json:"order"`
			EncodedShape []int  `json:"encoded_shape"`
			Input        string `json:"input"`
			Encoded      string `json:"encoded"`
		} `json:"cases"`
	}
	if err := json.Unmarshal(raw, &v); err != nil {
		t.Fatal(err)
	}
	if len(v.Cases) == 0 {
		t.Fatal("no vectors")
	}
	for _, tc := range v.Cases {
		dt, _, err := npdtype.Parse(tc.DType)
		if err != nil {
			t.Fatal(err)
		}
		c, _, err := registry.Default().ParseCodec([]byte(`{"name": "transpose", "configuration": {"order": `+strings.Join(strings.Fields(strings.Trim(fmtInts(tc.Order), "")), "")+`}}`), "/codecs/0")
		if err != nil {
			t.Fatal(err)
		}
		b, err := c.(codec.ArrayToArray).ResolveArray(codec.ChunkSpec{DataType: dt, Shape: tc.Shape, FillValue: numeric.Zero(dt)})
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(b.Encoded().Shape, tc.EncodedShape) {
			t.Errorf("%v %v: encoded shape %v, NumPy %v", tc.Shape, tc.Order, b.Encoded().Shape, tc.EncodedShape)
		}
		in, want := testvec.Hex(tc.Input), testvec.Hex(tc.Encoded)
		got := make([]byte, len(in))
		if err := b.EncodeArray(got, in); err != nil || !bytes.Equal(got, want) {
			t.Errorf("%v %v %v: encoded %x (%v), NumPy %x", tc.DType, tc.Shape, tc.Order, got, err, want)
		}
		back := make([]byte, len(in))
		if err := b.DecodeArray(back, want); err != nil || !bytes.Equal(back, in) {
			t.Errorf("%v %v %v: decoded %x (%v), want %x", tc.DType, tc.Shape, tc.Order, back, err, in)
		}
	}
}

func fmtInts(v []int) string {
	b, _ := json.Marshal(v)
	return string(b)
}

func TestConfig(t *testing.T) {
	for _, tc := range []struct{ config, want string }{
		{`{}`, `missing required key "order"`},
		{`{"order": "F"}`, `"F" (Fortran order, an early draft's spelling of reversing the dimensions) is not valid: write the list [n-1, ..., 1, 0] for an n-dimensional array, such as [2, 1, 0] for 3 dimensions`},
		{`{"order": "C"}`, `such as [0, 1, 2] for 3 dimensions, or leave the codec out`},
		{`{"order": "X"}`, "want a list of dimension indices"},
		{`{"order": [0, 0]}`, "dimension 0 appears twice in [0 0]"},
		{`{"order": [0, 2]}`, "entry 1 is 2; want an integer from 0 to 1"},
		{`{"order": [-1, 0]}`, "entry 0 is -1"},
		{`{"order": [0.5, 1]}`, "entry 0 is 0.5"},
		{`{"order": [1e0, 0]}`, "entry 0 is 1e0"},
		{`{"order": [1, "0"]}`, `entry 1 is "0"`},
		{`{"order": {"0": 1}}`, "want a list of dimension indices"},
		{`{"order": [[1], 0]}`, "entry 0 is [1]"},
		{`{"order": [1, 0], "axes": 2}`, `unknown configuration key "axes"`},
	} {
		_, _, err := registry.Default().ParseCodec([]byte(`{"name": "transpose", "configuration": `+tc.config+`}`), "/codecs/0")
		if err == nil || !strings.Contains(err.Error(), tc.want) || !errors.Is(err, codec.ErrConfig) {
			t.Errorf("%s: %v, want %q", tc.config, err, tc.want)
		}
	}
	c, _, err := registry.Default().ParseCodec([]byte(`{"name": "transpose", "configuration": {"order": [2, 0, 1]}}`), "/codecs/0")
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := c.MarshalJSON(); string(got) != `{"name":"transpose","configuration":{"order":[2,0,1]}}` {
		t.Errorf("MarshalJSON = %s", got)
	}
	_, err = c.(codec.ArrayToArray).ResolveArray(codec.ChunkSpec{DataType: numeric.Uint8, Shape: []int{2, 3}, FillValue: numeric.Zero(numeric.Uint8)})
	if err == nil || !strings.Contains(err.Error(), "order [2 0 1] permutes 3 dimensions, but the chunk has 2 (shape [2 3])") {
		t.Errorf("rank mismatch: %v", err)
	}
	// a scalar chunk has the empty permutation
	c0, err := New([]int{})
	if err != nil {
		t.Fatal(err)
	}
	b, err := c0.ResolveArray(codec.ChunkSpec{DataType: numeric.Float64, Shape: nil, FillValue: numeric.FloatScalar(numeric.Float64, 2)})
	if err != nil {
		t.Fatal(err)
	}
	dst := make([]byte, 8)
	if err := b.EncodeArray(dst, numeric.FloatScalar(numeric.Float64, 3).Bytes()); err != nil || dst[7] != 0x40 {
		t.Errorf("scalar chunk: %x, %v", dst, err)
	}
	if got, _ := c0.MarshalJSON(); string(got) != `{"name":"transpose","configuration":{"order":[]}}` {
		t.Errorf("MarshalJSON = %s", got)
	}
}

// The fill value is unchanged and buffers of the wrong size are errors.
func TestFillAndSizes(t *testing.T) {
	fill := numeric.FloatScalar(numeric.Float32, 7.5)
	c, _ := New([]int{1, 0})
	b, err := c.ResolveArray(codec.ChunkSpec{DataType: numeric.Float32, Shape: []int{2, 3}, FillValue: fill})
	if err != nil {
		t.Fatal(err)
	}
	if got := b.Encoded(); got.FillValue != fill || !slices.Equal(got.Shape, []int{3, 2}) {
		t.Errorf("encoded %v", got)
	}
	if got, err := b.DecodeFill(fill); got != fill || err != nil {
		t.Errorf("DecodeFill = %v, %v", got, err)
	}
	for _, n := range [][2]int{{24, 23}, {23, 24}, {25, 24}} {
		if err := b.EncodeArray(make([]byte, n[0]), make([]byte, n[1])); !errors.Is(err, codec.ErrSize) {
			t.Errorf("encode %v: %v", n, err)
		}
		if err := b.DecodeArray(make([]byte, n[0]), make([]byte, n[1])); !errors.Is(err, codec.ErrSize) {
			t.Errorf("decode %v: %v", n, err)
		}
	}
}
