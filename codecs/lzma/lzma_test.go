package lzma_test

import (
	"bytes"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"strings"
	"testing"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/codecs/lzma"
	"github.com/zcodec/zcodec/internal/b2btest"
	"github.com/zcodec/zcodec/numeric"
)

const xzJSON = `{"name":"numcodecs.lzma","configuration":{"format":1,"check":-1,"preset":null,"filters":null}}`

// TestAuto decodes xz and .lzma chunks with format 0, as Python does.
func TestAuto(t *testing.T) {
	src := b2btest.Smooth(4000, 1)
	auto := b2btest.Bind(t, b2btest.Parse(t, `{"name":"numcodecs.lzma","configuration":{"format":0}}`), numeric.Uint8, len(src))
	for _, js := range []string{xzJSON, `{"name":"numcodecs.lzma","configuration":{"format":2}}`} {
		enc, err := b2btest.Bind(t, b2btest.Parse(t, js), numeric.Uint8, len(src)).AppendEncode(nil, src)
		if err != nil {
			t.Fatal(err)
		}
		out, err := auto.AppendDecode(nil, enc)
		if err != nil || !bytes.Equal(out, src) {
			t.Errorf("%s: auto decode: %v", js, err)
		}
	}
	if _, err := auto.AppendEncode(nil, src); err == nil || !strings.Contains(err.Error(), "FORMAT_AUTO") {
		t.Errorf("encode with format 0: %v", err)
	}
}

// TestDictionaryClaimBounded checks that the dictionary an xz block header
// or a .lzma header claims (3 GiB, 4 GiB) is not allocated: the streams
// are valid and decode, with allocations near the chunk size.
func TestDictionaryClaimBounded(t *testing.T) {
	src := b2btest.Smooth(16<<10, 2)
	n := len(src)
	for _, tc := range []struct {
		js    string
		patch func([]byte)
	}{
		{xzJSON, func(b []byte) {
			// Stream header 12 bytes; the block header's LZMA2 property
			// byte is the one before its padding and CRC.
			hsize := (int(b[12]) + 1) * 4
			hdr := b[12 : 12+hsize]
			i := bytes.LastIndexByte(hdr[:hsize-4], 0x21) + 2 // id 0x21, size 1, property
			hdr[i] = 39                                       // 3 GiB
			binary.LittleEndian.PutUint32(hdr[hsize-4:], crc32.ChecksumIEEE(hdr[:hsize-4]))
		}},
		{`{"name":"numcodecs.lzma","configuration":{"format":2}}`, func(b []byte) {
			binary.LittleEndian.PutUint32(b[1:], 0xffffffff)
		}},
	} {
		b := b2btest.Bind(t, b2btest.Parse(t, tc.js), numeric.Uint8, n)
		enc, err := b.AppendEncode(nil, src)
		if err != nil {
			t.Fatal(err)
		}
		tc.patch(enc)
		var out []byte
		alloc := b2btest.AllocBytes(func() { out, err = b.AppendDecode(nil, enc) })
		if err != nil || !bytes.Equal(out, src) {
			t.Fatalf("%s: decode after the claim: %v", tc.js, err)
		}
		if alloc > uint64(4*n+(1<<20)) {
			t.Errorf("%s: decoding a %d-byte chunk allocated %d bytes", tc.js, n, alloc)
		}
		t.Logf("%s: %d bytes allocated for a %d-byte chunk", tc.js, alloc, n)
	}
}

// TestUncompressedSizeCheckedFirst checks that a stream that says it holds
// more than the chunk is refused before decoding.
func TestUncompressedSizeCheckedFirst(t *testing.T) {
	src := b2btest.Smooth(5000, 3)
	b := b2btest.Bind(t, b2btest.Parse(t, xzJSON), numeric.Uint8, len(src))
	enc, _ := b.AppendEncode(nil, src)
	short := b2btest.Bind(t, b2btest.Parse(t, xzJSON), numeric.Uint8, len(src)-1)
	if _, err := short.AppendDecode(nil, enc); !b2btest.IsCorrupt(err) || !strings.Contains(err.Error(), "index says") {
		t.Errorf("decode into a chunk one byte short: %v", err)
	}
}

// TestUnsupported checks the messages of what stays unsupported.
func TestUnsupported(t *testing.T) {
	for js, want := range map[string]string{
		`{"format":1,"filters":[{"id":3,"dist":4},{"id":33}]}`: "delta (id 3) filter is not supported",
		`{"format":1,"filters":[{"id":4},{"id":33}]}`:          "x86 BCJ",
		`{"format":3,"filters":[{"id":4611686018427387905}]}`:  "raw LZMA1 streams are not supported",
		`{"format":3}`:                       "needs a filter chain",
		`{"preset":1,"filters":[{"id":33}]}`: "preset and filters are both given",
		`{"check":2}`:                        "not one of liblzma's",
		`{"preset":10}`:                      "0 to 9",
	} {
		_, err := lzma.NewFromConfig(mustConfig(t, js))
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v; want an error containing %q", js, err, want)
		}
	}
	// A two-block xz stream (xz -T2 writes them) names the feature.
	b := b2btest.Bind(t, b2btest.Parse(t, xzJSON), numeric.Uint8, 4)
	var ce interface{ Unwrap() error }
	_, err := b.AppendDecode(nil, twoBlockIndex())
	if err == nil || !errors.As(err, &ce) || !strings.Contains(err.Error(), "2 blocks") {
		t.Errorf("two blocks: %v", err)
	}
}

func mustConfig(t *testing.T, js string) *codec.Config {
	t.Helper()
	c, err := codec.NewConfig(lzma.Name, "/codecs/0/configuration", []byte(js))
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// twoBlockIndex returns an xz stream whose index lists two blocks (their
// contents are not looked at: the index is read first).
func twoBlockIndex() []byte {
	flags := []byte{0, 4}
	b := append([]byte{0xfd, '7', 'z', 'X', 'Z', 0}, flags...)
	b = binary.LittleEndian.AppendUint32(b, crc32.ChecksumIEEE(flags))
	b = append(b, make([]byte, 32)...) // two blocks of 16 bytes
	idx := []byte{0, 2, 16, 2, 16, 2}
	for len(idx)%4 != 0 {
		idx = append(idx, 0)
	}
	idx = binary.LittleEndian.AppendUint32(idx, crc32.ChecksumIEEE(idx))
	b = append(b, idx...)
	foot := binary.LittleEndian.AppendUint32(nil, uint32(len(idx)/4-1))
	foot = append(foot, flags...)
	b = binary.LittleEndian.AppendUint32(b, crc32.ChecksumIEEE(foot))
	return append(append(b, foot...), 'Y', 'Z')
}

// TestNew checks the constructor against the configuration it writes.
func TestNew(t *testing.T) {
	c, err := lzma.New(lzma.FormatXZ, lzma.CheckCRC32, 3)
	if err != nil {
		t.Fatal(err)
	}
	js, _ := c.MarshalJSON()
	if want := `{"name":"numcodecs.lzma","configuration":{"format":1,"check":1,"preset":3,"filters":null}}`; string(js) != want {
		t.Errorf("New wrote %s, want %s", js, want)
	}
	if _, err := lzma.New(lzma.FormatXZ, 7, -1); err == nil {
		t.Error("check 7 accepted")
	}
}
