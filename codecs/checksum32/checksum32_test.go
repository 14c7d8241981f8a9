package checksum32_test

import (
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/codecs/checksum32"
	"github.com/zcodec/zcodec/internal/b2btest"
	"github.com/zcodec/zcodec/numeric"
)

type vector struct {
	Name     string
	Codec    string
	Location string
	Input    struct {
		Nbytes int
		Seed   uint32
	}
	Via     string
	Encoded string
}

func loadVectors(t testing.TB) []vector {
	js, err := os.ReadFile(filepath.Join("testdata", "vectors.json"))
	if err != nil {
		t.Fatal(err)
	}
	var m struct{ Vectors []vector }
	if err := json.Unmarshal(js, &m); err != nil {
		t.Fatal(err)
	}
	if len(m.Vectors) < 50 {
		t.Fatalf("%d vectors", len(m.Vectors))
	}
	return m.Vectors
}

// makeInput is gen_vectors.py's make_input.
func makeInput(n int, seed uint32) []byte {
	x := seed & 0x7fffffff
	out := make([]byte, n)
	for i := range out {
		x = (1103515245*x + 12345) & 0x7fffffff
		out[i] = byte(x >> 16)
	}
	return out
}

func (v vector) json() string {
	if v.Location == "end" && v.Codec != "fletcher32" {
		return fmt.Sprintf(`{"name":"numcodecs.%s","configuration":{"location":"end"}}`, v.Codec)
	}
	return fmt.Sprintf(`{"name":"numcodecs.%s"}`, v.Codec)
}

// TestVectors decodes what numcodecs 0.11 (crc32, adler32), Python's zlib
// ("end" location) and HDF5 (fletcher32) wrote, and encodes the same bytes.
func TestVectors(t *testing.T) {
	for _, v := range loadVectors(t) {
		t.Run(v.Name, func(t *testing.T) {
			in := makeInput(v.Input.Nbytes, v.Input.Seed)
			enc, err := hex.DecodeString(v.Encoded)
			if err != nil {
				t.Fatal(err)
			}
			b := b2btest.Bind(t, b2btest.Parse(t, v.json()), numeric.Uint8, len(in))
			out, err := b.AppendDecode([]byte("p"), enc)
			if err != nil {
				t.Fatalf("decode: %v", err)
			}
			b2btest.Equal(t, "decode", out[1:], in)
			mine, err := b.AppendEncode(nil, in)
			if err != nil {
				t.Fatal(err)
			}
			b2btest.Equal(t, "encode", mine, enc)
			// any flipped bit is caught
			for _, i := range []int{0, len(enc) / 2, len(enc) - 1} {
				bad := append([]byte{}, enc...)
				bad[i] ^= 0x10
				if _, err := b.AppendDecode(nil, bad); !b2btest.IsCorrupt(err) {
					t.Fatalf("bit flipped at %d: %v; want a *codec.CorruptError", i, err)
				}
			}
		})
	}
}

func TestConfig(t *testing.T) {
	b2btest.CheckConfigs(t, []b2btest.ConfigCase{
		{JSON: `{"name":"numcodecs.crc32"}`, Want: `{"name":"numcodecs.crc32"}`},
		{JSON: `{"name":"numcodecs.crc32","configuration":{}}`, Want: `{"name":"numcodecs.crc32"}`},
		{JSON: `{"name":"numcodecs.crc32","configuration":{"location":"start"}}`, Want: `{"name":"numcodecs.crc32"}`},
		{JSON: `{"name":"numcodecs.adler32","configuration":{"location":"end"}}`, Want: `{"name":"numcodecs.adler32","configuration":{"location":"end"}}`},
		{JSON: `{"name":"numcodecs.fletcher32"}`, Want: `{"name":"numcodecs.fletcher32"}`},
		{JSON: `{"name":"numcodecs.crc32","configuration":{"location":"middle"}}`, Err: `"middle" is not one of`},
		{JSON: `{"name":"numcodecs.adler32","configuration":{"location":1}}`, Err: "want a string"},
		{JSON: `{"name":"numcodecs.fletcher32","configuration":{"location":"end"}}`, Err: `unknown configuration key "location"`},
		{JSON: `{"name":"numcodecs.crc32","configuration":{"value":0}}`, Err: `unknown configuration key "value"`},
	})
}

var codecs = []string{
	`{"name":"numcodecs.crc32"}`,
	`{"name":"numcodecs.adler32","configuration":{"location":"end"}}`,
	`{"name":"numcodecs.fletcher32"}`,
	`{"name":"numcodecs.crc32c"}`,
	`{"name":"numcodecs.crc32c","configuration":{"location":"start"}}`,
}

func TestRoundTrip(t *testing.T) {
	for _, js := range codecs {
		t.Run(js, func(t *testing.T) {
			c := b2btest.Parse(t, js)
			b2btest.CheckRoundTrip(t, c, numeric.Float64)
			b2btest.CheckWrongSize(t, c, numeric.Float32)
			b2btest.CheckTruncated(t, c, numeric.Float32)
			b2btest.CheckConcurrent(t, c, numeric.Float32)
		})
	}
}

// TestSpec: the encoded bytes are 4 more than the decoded ones.
func TestSpec(t *testing.T) {
	array := b2btest.ArraySpec(numeric.Uint8, 10)
	for _, js := range codecs {
		c := b2btest.Parse(t, js)
		for _, in := range []codec.BytesSpec{codec.FixedBytes(10, array), codec.VariableBytes(100, array)} {
			b, err := c.ResolveBytesToBytes(in)
			if err != nil {
				t.Fatal(err)
			}
			got, want := b.Encoded(), codec.VariableBytes(in.MaxSize+4, array)
			if in.Fixed() {
				want = codec.FixedBytes(in.Size+4, array)
			}
			if got.Size != want.Size || got.MaxSize != want.MaxSize {
				t.Errorf("%s: %v -> %v, want %v", js, in, got, want)
			}
		}
	}
}

// TestSums pins the three checksums on a well-known input.
func TestSums(t *testing.T) {
	in := []byte("123456789")
	for _, tc := range []struct {
		a    checksum32.Algorithm
		want uint32
	}{
		{checksum32.CRC32, 0xcbf43926},   // the CRC-32 check value
		{checksum32.Adler32, 0x091e01de}, // Adler-32 of "123456789"
	} {
		if got := tc.a.Sum(in); got != tc.want {
			t.Errorf("%v: %#08x, want %#08x", tc.a, got, tc.want)
		}
	}
}

func FuzzDecode(f *testing.F) {
	for _, v := range loadVectors(f) {
		enc, _ := hex.DecodeString(v.Encoded)
		f.Add(enc, uint16(v.Input.Nbytes), uint8(0))
	}
	cs := make([]codec.BytesToBytes, len(codecs))
	for i, js := range codecs {
		cs[i] = b2btest.Parse(f, js)
	}
	f.Fuzz(func(t *testing.T, data []byte, size uint16, which uint8) {
		c := cs[int(which)%len(cs)]
		n := int(size)
		b, err := c.ResolveBytesToBytes(codec.FixedBytes(n, b2btest.ArraySpec(numeric.Uint8, max(n, 1))))
		if err != nil {
			t.Fatal(err)
		}
		out, err := b.AppendDecode(nil, data)
		if err != nil {
			if !b2btest.IsCorrupt(err) {
				t.Fatalf("error %v is not a *codec.CorruptError", err)
			}
			return
		}
		if len(out) != n {
			t.Fatalf("decoded %d bytes, want %d", len(out), n)
		}
		enc, _ := b.AppendEncode(nil, out)
		b2btest.Equal(t, "re-encode", enc, data)
	})
}

func FuzzConfig(f *testing.F) {
	b2btest.FuzzConfig(f, "numcodecs.crc32", `{}`, `{"location":"end"}`, `{"location":"start"}`)
}

func FuzzConfigCRC32C(f *testing.F) {
	b2btest.FuzzConfig(f, "numcodecs.crc32c", `{}`, `{"location":"end"}`, `{"location":"start"}`, `{"location":1}`)
}

// TestCRC32CVectors checks numcodecs' CRC32C layout (testdata/numcodecs_extra).
func TestCRC32CVectors(t *testing.T) { b2btest.CheckExtraVectors(t, "crc32c-") }
