// Package b2btest holds test helpers for the bytes->bytes codec packages:
// loading the numcodecs golden vectors of testdata/numcodecs, building
// codecs from their JSON through the default registry, and running them
// alone or through a real codec.Pipeline.
package b2btest

import (
	"bytes"
	"compress/zlib"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"io"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/codecs/bytescodec"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/registry"
)

// Vector is one golden vector written by numcodecs.
type Vector struct {
	Name      string          `json:"name"`
	Numcodecs json.RawMessage `json:"numcodecs"`
	Zarr      json.RawMessage `json:"zarr"`
	DType     string          `json:"dtype"`
	Len       int             `json:"decoded_len"`
	Note      string          `json:"note"`
	// Decoded and Encoded are filled in by Vectors.
	Decoded, Encoded []byte `json:"-"`

	DecodedFile string `json:"decoded"`
	EncodedFile string `json:"encoded"`
	EncodedZlib bool   `json:"encoded_zlib"`
	EncodedSHA  string `json:"encoded_sha256"`
	Ramp        int    `json:"ramp"`
}

// DataType returns the vector's data type.
func (v Vector) DataType(t testing.TB) numeric.DataType {
	dt, err := numeric.ParseDataType(v.DType)
	if err != nil {
		t.Fatalf("%s: %v", v.Name, err)
	}
	return dt
}

// Dir returns the directory of the numcodecs vectors.
func Dir() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..", "testdata", "numcodecs")
}

type manifest struct {
	Vectors []Vector `json:"vectors"`
	Rejects []Vector `json:"rejects"`
}

func readFile(t testing.TB, name string) []byte {
	b, err := os.ReadFile(filepath.Join(Dir(), name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// Vectors returns the vectors whose name starts with prefix, and the
// rejected inputs (byte strings numcodecs refuses) whose name does.
func Vectors(t testing.TB, prefix string) (good, rejects []Vector) {
	t.Helper()
	var m manifest
	if err := json.Unmarshal(readFile(t, "vectors.json"), &m); err != nil {
		t.Fatal(err)
	}
	for _, v := range m.Vectors {
		if !strings.HasPrefix(v.Name, prefix) {
			continue
		}
		v.Encoded = readFile(t, v.EncodedFile)
		if v.EncodedZlib {
			zr, err := zlib.NewReader(bytes.NewReader(v.Encoded))
			if err != nil {
				t.Fatal(err)
			}
			if v.Encoded, err = io.ReadAll(zr); err != nil {
				t.Fatal(err)
			}
			if sum := sha256.Sum256(v.Encoded); hex.EncodeToString(sum[:]) != v.EncodedSHA {
				t.Fatalf("%s: stored encoding does not match its sha256", v.Name)
			}
		}
		if v.Ramp > 0 {
			v.Decoded = Ramp(t, v.DataType(t), v.Ramp)
		} else {
			v.Decoded = readFile(t, v.DecodedFile)
		}
		if len(v.Decoded) != v.Len {
			t.Fatalf("%s: decoded input has %d bytes, manifest says %d", v.Name, len(v.Decoded), v.Len)
		}
		good = append(good, v)
	}
	for _, v := range m.Rejects {
		if strings.HasPrefix(v.Name, prefix) {
			v.Encoded = readFile(t, v.EncodedFile)
			rejects = append(rejects, v)
		}
	}
	if len(good) == 0 {
		t.Fatalf("no vectors named %s*", prefix)
	}
	return good, rejects
}

// Ramp recomputes the "ramp" input of gen_vectors.py: n little-endian
// elements of dt.
func Ramp(t testing.TB, dt numeric.DataType, n int) []byte {
	out := make([]byte, 0, n*dt.Size())
	for i := range n {
		switch dt {
		case numeric.Float32:
			out = binary.LittleEndian.AppendUint32(out, math.Float32bits(float32(100+float64(i%1024)*0.0625+float64(i/1024))))
		case numeric.Float64:
			out = binary.LittleEndian.AppendUint64(out, math.Float64bits(100+float64(i%1024)*0.0625+float64(i/1024)))
		case numeric.Int16:
			out = binary.LittleEndian.AppendUint16(out, uint16(int16(i%1000-500)))
		case numeric.Uint8:
			out = append(out, byte(i*7%256))
		default:
			t.Fatalf("no ramp for %v", dt)
		}
	}
	return out
}

// Parse builds a codec from its JSON with the default registry.
func Parse(t testing.TB, js string) codec.BytesToBytes {
	t.Helper()
	c, _, err := registry.Default().ParseCodec(json.RawMessage(js), "/codecs/1")
	if err != nil {
		t.Fatalf("parse %s: %v", js, err)
	}
	b, ok := c.(codec.BytesToBytes)
	if !ok {
		t.Fatalf("%s is not a bytes->bytes codec", js)
	}
	return b
}

// ArraySpec returns a 1-D chunk spec of n elements of dt (n >= 1), with a
// zero fill value.
func ArraySpec(dt numeric.DataType, n int) codec.ChunkSpec {
	return codec.ChunkSpec{DataType: dt, Shape: []int{n}, FillValue: numeric.Zero(dt)}
}

// Bind resolves c for fixed byte strings of nbytes bytes holding elements
// of dt.
func Bind(t testing.TB, c codec.BytesToBytes, dt numeric.DataType, nbytes int) codec.BoundBytesToBytes {
	t.Helper()
	n := max(nbytes/dt.Size(), 1)
	b, err := c.ResolveBytesToBytes(codec.FixedBytes(nbytes, ArraySpec(dt, n)))
	if err != nil {
		t.Fatalf("resolve %s for %d bytes: %v", c.Name(), nbytes, err)
	}
	return b
}

// Pipeline builds the chain bytes(little) -> codecs for a 1-D chunk of n
// elements of dt.
func Pipeline(t testing.TB, dt numeric.DataType, n int, codecs ...codec.Codec) *codec.Pipeline {
	t.Helper()
	chain := append([]codec.Codec{&bytescodec.Codec{Endian: numeric.LittleEndian}}, codecs...)
	p, err := codec.NewPipeline(ArraySpec(dt, n), chain, nil)
	if err != nil {
		t.Fatalf("pipeline: %v", err)
	}
	return p
}

// FirstDiff returns the index of the first byte where a and b differ, or
// -1 when they are equal.
func FirstDiff(a, b []byte) int {
	if bytes.Equal(a, b) {
		return -1
	}
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}

// Equal fails t unless got equals want, reporting the first difference.
func Equal(t testing.TB, what string, got, want []byte) {
	t.Helper()
	if i := FirstDiff(got, want); i >= 0 {
		t.Fatalf("%s: %d bytes, want %d; first difference at byte %d", what, len(got), len(want), i)
	}
}

// CheckVectors decodes every vector named prefix* with the bound codec and
// through a pipeline, compares with numcodecs' input, and checks that every
// reject fails with a *codec.CorruptError. When identical is set, zcodec's
// encoding must equal numcodecs' byte for byte; otherwise it must decode
// back to the input.
func CheckVectors(t *testing.T, prefix string, identical bool) {
	good, rejects := Vectors(t, prefix)
	for _, v := range good {
		t.Run(v.Name, func(t *testing.T) {
			c := Parse(t, string(v.Zarr))
			dt := v.DataType(t)
			b := Bind(t, c, dt, v.Len)
			dec, err := b.AppendDecode([]byte("prefix"), v.Encoded)
			if err != nil {
				t.Fatalf("decode: %v", err)
			}
			Equal(t, "decode", dec, append([]byte("prefix"), v.Decoded...))
			enc, err := b.AppendEncode(nil, v.Decoded)
			if err != nil {
				t.Fatalf("encode: %v", err)
			}
			if identical {
				Equal(t, "encode", enc, v.Encoded)
			}
			back, err := b.AppendDecode(nil, enc)
			if err != nil {
				t.Fatalf("decode own encoding: %v", err)
			}
			Equal(t, "round trip", back, v.Decoded)
			if v.Len == 0 || v.Len%dt.Size() != 0 {
				return
			}
			p := Pipeline(t, dt, v.Len/dt.Size(), c)
			out := make([]byte, v.Len)
			if err := p.Decode(out, v.Encoded); err != nil {
				t.Fatalf("pipeline decode: %v", err)
			}
			Equal(t, "pipeline decode", out, v.Decoded)
		})
	}
	for _, v := range rejects {
		t.Run("reject/"+v.Name, func(t *testing.T) {
			b := Bind(t, Parse(t, string(v.Zarr)), v.DataType(t), v.Len)
			out, err := b.AppendDecode(nil, v.Encoded)
			if !IsCorrupt(err) {
				t.Fatalf("decode gave %d bytes and error %v; want a *codec.CorruptError", len(out), err)
			}
		})
	}
}

// IsLimit reports whether err is a *codec.LimitError that matches
// codec.ErrLimit: bytes that declare a decoded size beyond the limit.
func IsLimit(err error) bool {
	le, ok := err.(*codec.LimitError)
	return ok && le.Is(codec.ErrLimit) && le.Codec != ""
}

// IsCorrupt reports whether err is a *codec.CorruptError that matches
// codec.ErrCorrupt.
func IsCorrupt(err error) bool {
	ce, ok := err.(*codec.CorruptError)
	return ok && ce.Is(codec.ErrCorrupt) && ce.Codec != ""
}
