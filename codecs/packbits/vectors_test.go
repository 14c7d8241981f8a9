package packbits

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"os"
	"testing"
)

type vector struct {
	DataType      string          `json:"data_type"`
	Shape         []int           `json:"shape"`
	Configuration json.RawMessage `json:"configuration"`
	Decoded       string          `json:"decoded"`
	Encoded       string          `json:"encoded"`
	Noisy         string          `json:"noisy"`
	Roundtrip     string          `json:"roundtrip"`
}

func unhex(t *testing.T, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(s)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestVectors checks every vector that testdata/gen_vectors.py derives from
// the codec's definition, bit by bit: encoding the decoded bytes, decoding
// the encoding, and decoding it with random bits in the padding.
func TestVectors(t *testing.T) {
	raw, err := os.ReadFile("testdata/vectors.json")
	if err != nil {
		t.Fatal(err)
	}
	var vs []vector
	if err := json.Unmarshal(raw, &vs); err != nil {
		t.Fatal(err)
	}
	if len(vs) < 500 {
		t.Fatalf("only %d vectors", len(vs))
	}
	seen := map[string]bool{}
	for i, v := range vs {
		dt, ok := testTypes[v.DataType]
		if !ok {
			t.Fatalf("vector %d: unknown type %s", i, v.DataType)
		}
		seen[v.DataType] = true
		b := bind(t, string(v.Configuration), dt, v.Shape...)
		dec, enc, noisy, rt := unhex(t, v.Decoded), unhex(t, v.Encoded), unhex(t, v.Noisy), unhex(t, v.Roundtrip)
		got, err := b.AppendEncodeBytes([]byte{0xaa}, dec)
		if err != nil {
			t.Fatalf("vector %d (%s %v %s): encode: %v", i, v.DataType, v.Shape, v.Configuration, err)
		}
		if got[0] != 0xaa || !bytes.Equal(got[1:], enc) {
			t.Fatalf("vector %d (%s %v %s): encoded %x, want %x", i, v.DataType, v.Shape, v.Configuration, got[1:], enc)
		}
		for _, in := range [][]byte{enc, noisy} {
			out := bytes.Repeat([]byte{0x5c}, len(dec))
			if err := b.DecodeBytes(out, in); err != nil {
				t.Fatalf("vector %d (%s %v %s): decode %x: %v", i, v.DataType, v.Shape, v.Configuration, in, err)
			}
			if !bytes.Equal(out, rt) {
				t.Fatalf("vector %d (%s %v %s): decoded %x to %x, want %x", i, v.DataType, v.Shape, v.Configuration, in, out, rt)
			}
		}
	}
	if len(seen) != len(testTypes) {
		t.Errorf("vectors cover %d of %d types", len(seen), len(testTypes))
	}
}

type numcodecsCase struct {
	N         int    `json:"n"`
	Decoded   string `json:"decoded"`
	Numcodecs string `json:"numcodecs"`
	Little    string `json:"little"`
}

// TestNumcodecs compares the bool encoding with padding_encoding
// first_byte against numcodecs 0.11 PackBits (testdata/gen_numcodecs.py):
// the padding count is the same byte, and the packed bytes are numcodecs'
// with the bits of each byte reversed, because numcodecs packs the first
// element into the most significant bit (np.packbits) and the codec's
// definition into the least significant one (np.packbits with bitorder
// "little", compared too).
func TestNumcodecs(t *testing.T) {
	raw, err := os.ReadFile("testdata/numcodecs.json")
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Cases []numcodecsCase `json:"cases"`
	}
	if err := json.Unmarshal(raw, &doc); err != nil {
		t.Fatal(err)
	}
	for _, c := range doc.Cases {
		b := bind(t, `{"padding_encoding":"first_byte"}`, testTypes["bool"], c.N)
		dec, nc, little := unhex(t, c.Decoded), unhex(t, c.Numcodecs), unhex(t, c.Little)
		enc, err := b.AppendEncodeBytes(nil, dec)
		if err != nil {
			t.Fatal(err)
		}
		if enc[0] != nc[0] {
			t.Errorf("n=%d: padding byte %d, numcodecs %d", c.N, enc[0], nc[0])
		}
		if !bytes.Equal(enc[1:], little) {
			t.Errorf("n=%d: packed %x, np.packbits little %x", c.N, enc[1:], little)
		}
		reversed := reverseBits(nc)
		if !bytes.Equal(enc[1:], reversed[1:]) {
			t.Errorf("n=%d: packed %x, numcodecs bit-reversed %x", c.N, enc[1:], reversed[1:])
		}
		out := make([]byte, c.N)
		if err := b.DecodeBytes(out, append([]byte{nc[0]}, reversed[1:]...)); err != nil || !bytes.Equal(out, dec) {
			t.Errorf("n=%d: decoding numcodecs' bytes bit-reversed gave %x, %v; want %x", c.N, out, err, dec)
		}
	}
}

func reverseBits(b []byte) []byte {
	out := make([]byte, len(b))
	for i, x := range b {
		var r byte
		for j := 0; j < 8; j++ {
			r |= (x >> j & 1) << (7 - j)
		}
		out[i] = r
	}
	return out
}
