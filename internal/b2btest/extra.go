package b2btest

import (
	"encoding/hex"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/codecs/bytescodec"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/registry"
)

// extraVector is one vector of testdata/numcodecs_extra/vectors.json.
type extraVector struct {
	Name      string          `json:"name"`
	Numcodecs json.RawMessage `json:"numcodecs"`
	Zarr      json.RawMessage `json:"zarr"`
	DType     string          `json:"dtype"`
	Decoded   string          `json:"decoded"`
	Encoded   string          `json:"encoded"`
	Len       int             `json:"decoded_len"`
	Feature   string          `json:"feature"`
	Clamped   json.RawMessage `json:"clamped"`
	Identical bool            `json:"identical"`
}

// loadExtra reads testdata/numcodecs_extra/vectors.json.
func loadExtra(t testing.TB) (m struct{ Vectors, Rejects, Unsupported []extraVector }) {
	b, err := os.ReadFile(filepath.Join(ExtraDir(), "vectors.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	return m
}

// CheckClampVectors checks the vectors of testdata/numcodecs_extra named
// "clamp-<codec>-...": chunks numcodecs wrote with an encode-only setting
// out of range, which its library clamped (docs/decisions.md#d23).
// Resolving the codec strictly fails with codec.ErrReadOnlyConfig; the codec
// ForReading returns resolves with a warning, decodes numcodecs' bytes,
// writes the configuration back as it was read and encodes exactly as the
// codec with the clamped setting does (and as numcodecs did, when the
// vector says its bytes are identical). A pipeline under codec.FillWarn
// reports the warning at the codec's position.
func CheckClampVectors(t *testing.T, prefix string) {
	seen := 0
	for _, v := range loadExtra(t).Vectors {
		if !strings.HasPrefix(v.Name, prefix) {
			continue
		}
		seen++
		dec, _ := hex.DecodeString(v.Decoded)
		enc, _ := hex.DecodeString(v.Encoded)
		c := Parse(t, string(v.Zarr))
		spec := codec.FixedBytes(len(dec), ArraySpec(numeric.Uint8, len(dec)))
		if _, err := c.ResolveBytesToBytes(spec); !errors.Is(err, codec.ErrReadOnlyConfig) {
			t.Errorf("%s: strict resolution: %v; want an error matching codec.ErrReadOnlyConfig", v.Name, err)
		}
		rc, ok := c.(codec.ReadingCodec)
		if !ok {
			t.Fatalf("%s: %s is not a codec.ReadingCodec", v.Name, c.Name())
		}
		r := rc.ForReading().(codec.BytesToBytes)
		if js, _ := r.MarshalJSON(); !jsonEqual(js, v.Zarr) {
			t.Errorf("%s: read codec writes %s; want %s as read", v.Name, js, v.Zarr)
		}
		b, err := r.ResolveBytesToBytes(spec)
		if err != nil {
			t.Fatalf("%s: resolution for reading: %v", v.Name, err)
		}
		if w, ok := b.(codec.Warner); !ok || len(w.Warnings()) != 1 {
			t.Errorf("%s: want one warning from the bound codec", v.Name)
		}
		got, err := b.AppendDecode(nil, enc)
		if err != nil {
			t.Fatalf("%s: decode: %v", v.Name, err)
		}
		Equal(t, v.Name+" decoded", got, dec)
		mine, err := b.AppendEncode(nil, dec)
		if err != nil {
			t.Fatal(err)
		}
		clamped, err := Bind(t, Parse(t, string(v.Clamped)), numeric.Uint8, len(dec)).AppendEncode(nil, dec)
		if err != nil {
			t.Fatal(err)
		}
		Equal(t, v.Name+" encoded as with the clamped setting", mine, clamped)
		if v.Identical {
			Equal(t, v.Name+" encoded as numcodecs", mine, enc)
		}
		p, err := codec.NewPipeline(ArraySpec(numeric.Uint8, len(dec)), []codec.Codec{&bytescodec.Codec{}, c}, &codec.Options{FillMode: codec.FillWarn})
		if err != nil {
			t.Fatalf("%s: pipeline for reading: %v", v.Name, err)
		}
		var se *codec.StepError
		if ws := p.Warnings(); len(ws) != 1 || !errors.As(ws[0].Err, &se) || se.Index != 1 || !errors.Is(ws[0].Err, codec.ErrReadOnlyConfig) {
			t.Errorf("%s: pipeline warnings %v", v.Name, ws)
		}
		if _, err := codec.NewPipeline(ArraySpec(numeric.Uint8, len(dec)), []codec.Codec{&bytescodec.Codec{}, c}, nil); !errors.Is(err, codec.ErrReadOnlyConfig) {
			t.Errorf("%s: strict pipeline: %v", v.Name, err)
		}
	}
	if seen == 0 {
		t.Fatalf("no vectors named %s*", prefix)
	}
}

// jsonEqual reports whether a and b hold the same JSON value.
func jsonEqual(a, b []byte) bool {
	var x, y any
	if json.Unmarshal(a, &x) != nil || json.Unmarshal(b, &y) != nil {
		return false
	}
	xa, _ := json.Marshal(x)
	ya, _ := json.Marshal(y)
	return string(xa) == string(ya)
}

// ExtraDir returns the directory of the vectors of the numcodecs codecs
// lzma, base64 and crc32c.
func ExtraDir() string { return filepath.Join(Dir(), "..", "numcodecs_extra") }

// CheckExtraVectors checks the vectors of testdata/numcodecs_extra whose
// name starts with prefix: each decodes to the bytes numcodecs encoded,
// zcodec's own encoding of the same bytes decodes back, each reject is a
// corrupt chunk and each unsupported configuration is refused with an
// error naming its feature. With ZCODEC_WRITE_VECTORS=1 zcodec's encodings
// are written to zcodec_out/, where the generator decodes them with
// numcodecs.
func CheckExtraVectors(t *testing.T, prefix string) {
	m := loadExtra(t)
	write := os.Getenv("ZCODEC_WRITE_VECTORS") == "1"
	seen := 0
	for _, v := range m.Vectors {
		if !strings.HasPrefix(v.Name, prefix) {
			continue
		}
		seen++
		dec, _ := hex.DecodeString(v.Decoded)
		enc, _ := hex.DecodeString(v.Encoded)
		dt, err := numeric.ParseDataType(v.DType)
		if err != nil {
			t.Fatal(err)
		}
		bc := Bind(t, Parse(t, string(v.Zarr)), dt, len(dec))
		got, err := bc.AppendDecode(nil, enc)
		if err != nil {
			t.Errorf("%s: decode: %v", v.Name, err)
			continue
		}
		Equal(t, v.Name+" decoded", got, dec)
		mine, err := bc.AppendEncode(nil, dec)
		if err != nil {
			t.Errorf("%s: encode: %v", v.Name, err)
			continue
		}
		back, err := bc.AppendDecode(nil, mine)
		if err != nil {
			t.Errorf("%s: decode of zcodec's encoding: %v", v.Name, err)
			continue
		}
		Equal(t, v.Name+" round trip", back, dec)
		if write {
			out, _ := json.Marshal(map[string]any{"numcodecs": v.Numcodecs, "decoded": v.Decoded, "encoded": hex.EncodeToString(mine)})
			dir := filepath.Join(ExtraDir(), "zcodec_out")
			if err := os.MkdirAll(dir, 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, v.Name+".json"), out, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	if seen == 0 {
		t.Fatalf("no vectors named %s*", prefix)
	}
	for _, v := range m.Rejects {
		if !strings.HasPrefix(v.Name, prefix) {
			continue
		}
		enc, _ := hex.DecodeString(v.Encoded)
		dt, _ := numeric.ParseDataType(v.DType)
		bc := Bind(t, Parse(t, string(v.Zarr)), dt, v.Len)
		if out, err := bc.AppendDecode(nil, enc); !IsCorrupt(err) {
			t.Errorf("%s: numcodecs refuses it; zcodec gave %d bytes, %v", v.Name, len(out), err)
		}
	}
	for _, v := range m.Unsupported {
		if !strings.HasPrefix(v.Name, prefix) {
			continue
		}
		_, _, err := registry.Default().ParseCodec(v.Zarr, "/codecs/1")
		if err == nil || !strings.Contains(err.Error(), v.Feature) {
			t.Errorf("%s: want an error naming %q, got %v", v.Name, v.Feature, err)
		}
	}
}

// FuzzExtraDecode is FuzzDecode seeded with the vectors and rejects of
// testdata/numcodecs_extra whose name starts with prefix.
func FuzzExtraDecode(f *testing.F, prefix string, codecs ...string) {
	m := loadExtra(f)
	for _, v := range append(m.Vectors, m.Rejects...) {
		if strings.HasPrefix(v.Name, prefix) {
			enc, _ := hex.DecodeString(v.Encoded)
			n := max(v.Len, len(v.Decoded)/2)
			for i := range codecs {
				f.Add(enc, uint32(n), uint8(i), false)
			}
			f.Add(enc, uint32(n)+100, uint8(0), true)
		}
	}
	fuzzDecode(f, codecs...)
}
