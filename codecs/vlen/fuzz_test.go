package vlen_test

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"os"
	"testing"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/numeric"
)

var fuzzCodecs = []struct {
	json string
	dt   numeric.DataType
}{
	{`{"name":"vlen-utf8"}`, numeric.String},
	{`{"name":"vlen-bytes"}`, numeric.Bytes},
	{`{"name":"numcodecs.vlen-array","configuration":{"dtype":"<i2"}}`, numeric.Bytes},
	{`{"name":"numcodecs.json2"}`, numeric.String},
	{`{"name":"numcodecs.json2","configuration":{"ensure_ascii":false}}`, numeric.String},
	{`{"name":"numcodecs.json2","configuration":{"indent":2,"strict":false,"separators":[" ,\n",":"]}}`, numeric.String},
	{`{"name":"numcodecs.msgpack2"}`, numeric.String},
	{`{"name":"numcodecs.categorize","configuration":{"labels":["a","","\u00e9","a"],"dtype":"|O","astype":"<i2"}}`, numeric.String},
	{`{"name":"numcodecs.msgpack2","configuration":{"use_bin_type":false}}`, numeric.Bytes},
}

// FuzzDecode: every decoder either fails or yields a valid vlen form of
// the chunk's element count, which encodes and decodes back to itself.
func FuzzDecode(f *testing.F) {
	raw, err := os.ReadFile("testdata/vectors.json")
	if err != nil {
		f.Fatal(err)
	}
	var vf vectorFile
	json.Unmarshal(raw, &vf)
	for _, c := range vf.Cases {
		var shape []int
		json.Unmarshal(c["shape"], &shape)
		n := 1
		for _, d := range shape {
			n *= d
		}
		if n > 8 {
			continue
		}
		for key, v := range c {
			var s string
			if json.Unmarshal(v, &s) != nil {
				continue
			}
			b, err := base64.StdEncoding.DecodeString(s)
			if err != nil || len(b) > 4096 {
				continue
			}
			for i := range fuzzCodecs {
				_ = key
				f.Add(uint8(i), uint8(n), b)
			}
		}
	}
	f.Add(uint8(0), uint8(1), []byte{1, 0, 0, 0, 0, 0, 0, 0})
	f.Fuzz(func(t *testing.T, which, n uint8, src []byte) {
		fc := fuzzCodecs[int(which)%len(fuzzCodecs)]
		shape := []int{int(n%8) + 1}
		p := pipeline(t, fc.json, fc.dt, shape)
		out, err := p.AppendDecode(nil, src)
		if err != nil {
			return
		}
		if err := codec.VlenElements("check", out, shape[0], nil); err != nil {
			t.Fatalf("decoded an invalid vlen form: %v", err)
		}
		enc, err := p.AppendEncode(nil, out)
		if err != nil {
			t.Fatalf("decoded chunk does not encode: %v", err)
		}
		back, err := p.AppendDecode(nil, enc)
		if err != nil || !bytes.Equal(back, out) {
			t.Fatalf("round trip: %v", err)
		}
	})
}

// FuzzCategorizeText: codes decode, when there are as many as elements, to
// text that encodes and decodes back to itself; other lengths are refused.
func FuzzCategorizeText(f *testing.F) {
	f.Add(uint8(2), []byte{1, 0, 4, 0})
	f.Add(uint8(3), []byte{0xff, 0xff, 3, 0, 9, 0})
	f.Fuzz(func(t *testing.T, n uint8, src []byte) {
		u2, _ := numeric.NewFixedLengthUTF32(8)
		shape := []int{int(n%8) + 1}
		p := pipeline(t, `{"name":"numcodecs.categorize","configuration":{"labels":["a","","\u00e9","a","b\u00e9"],"dtype":"<U2","astype":"<i2"}}`, u2, shape)
		out, err := p.AppendDecode(nil, src)
		if (err == nil) != (len(src) == 2*shape[0]) {
			t.Fatalf("%d bytes of codes for %d elements: %v", len(src), shape[0], err)
		}
		if err != nil {
			return
		}
		enc, err := p.AppendEncode(nil, out)
		if err != nil {
			t.Fatalf("decoded chunk does not encode: %v", err)
		}
		back, err := p.AppendDecode(nil, enc)
		if err != nil || !bytes.Equal(back, out) {
			t.Fatalf("decode(encode(%x)) = %x, %v", out, back, err)
		}
	})
}
