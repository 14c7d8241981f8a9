package crc32c_test

import (
	"bytes"
	"testing"

	"github.com/zcodec/zcodec/codecs/crc32c"
	"github.com/zcodec/zcodec/internal/b2btest"
	"github.com/zcodec/zcodec/numeric"
)

// TestRFC3720 checks the CRC-32C test vectors of RFC 3720, appendix B.4,
// and the standard check value of "123456789".
func TestRFC3720(t *testing.T) {
	asc, desc := make([]byte, 32), make([]byte, 32)
	for i := range asc {
		asc[i], desc[i] = byte(i), byte(31-i)
	}
	iscsi := []byte{
		0x01, 0xc0, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
		0x14, 0x00, 0x00, 0x00, 0x00, 0x00, 0x04, 0x00, 0x00, 0x00, 0x00, 0x14, 0x00, 0x00, 0x00, 0x18,
		0x28, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x02, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
	}
	for _, tc := range []struct {
		name string
		in   []byte
		want uint32
		// wire is the checksum as RFC 3720 lists its bytes, which is the
		// little-endian order the codec appends.
		wire []byte
	}{
		{"zeros", make([]byte, 32), 0x8a9136aa, []byte{0xaa, 0x36, 0x91, 0x8a}},
		{"ones", bytes.Repeat([]byte{0xff}, 32), 0x62a8ab43, []byte{0x43, 0xab, 0xa8, 0x62}},
		{"ascending", asc, 0x46dd794e, []byte{0x4e, 0x79, 0xdd, 0x46}},
		{"descending", desc, 0x113fdb5c, []byte{0x5c, 0xdb, 0x3f, 0x11}},
		{"iscsi read", iscsi, 0xd9963a56, []byte{0x56, 0x3a, 0x96, 0xd9}},
		{"check", []byte("123456789"), 0xe3069283, []byte{0x83, 0x92, 0x06, 0xe3}},
	} {
		if got := crc32c.Checksum(tc.in); got != tc.want {
			t.Errorf("%s: %#08x, want %#08x", tc.name, got, tc.want)
		}
		b := b2btest.Bind(t, b2btest.Parse(t, `"crc32c"`), numeric.Uint8, len(tc.in))
		enc, err := b.AppendEncode(nil, tc.in)
		if err != nil {
			t.Fatal(err)
		}
		b2btest.Equal(t, tc.name, enc, append(append([]byte(nil), tc.in...), tc.wire...))
	}
}

func TestConfig(t *testing.T) {
	b2btest.CheckConfigs(t, []b2btest.ConfigCase{
		{JSON: `"crc32c"`, Want: `{"name":"crc32c"}`},
		{JSON: `{"name":"crc32c","configuration":{}}`, Want: `{"name":"crc32c"}`},
		{JSON: `{"name":"crc32c","configuration":{"x":1}}`, Err: `unknown configuration key "x"`},
	})
}

func TestRoundTrip(t *testing.T) {
	c := b2btest.Parse(t, `"crc32c"`)
	b2btest.CheckRoundTrip(t, c, numeric.Float32)
	b2btest.CheckWrongSize(t, c, numeric.Float32)
	b2btest.CheckTruncated(t, c, numeric.Float32)
	b2btest.CheckConcurrent(t, c, numeric.Float32)
}

// TestEveryBitFlip: flipping any bit of an encoded chunk is an error.
func TestEveryBitFlip(t *testing.T) {
	in := b2btest.Random(64, 1)
	b := b2btest.Bind(t, b2btest.Parse(t, `"crc32c"`), numeric.Uint8, len(in))
	enc, _ := b.AppendEncode(nil, in)
	for i := range 8 * len(enc) {
		bad := append([]byte(nil), enc...)
		bad[i/8] ^= 1 << (i % 8)
		if _, err := b.AppendDecode(nil, bad); !b2btest.IsCorrupt(err) {
			t.Fatalf("bit %d flipped: %v", i, err)
		}
	}
}

func TestEncodedSpec(t *testing.T) {
	b := b2btest.Bind(t, b2btest.Parse(t, `"crc32c"`), numeric.Float32, 400)
	if s := b.Encoded(); s.Size != 404 || s.MaxSize != 404 {
		t.Errorf("encoded spec %v, want bytes[404]", s)
	}
}
