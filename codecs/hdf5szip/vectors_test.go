package hdf5szip_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"slices"
	"testing"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/codecs/hdf5szip"
	"github.com/zcodec/zcodec/internal/b2btest"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/registry"
)

// vectorFile is testdata/vectors.json, written by testdata/generate.py.
type vectorFile struct {
	HDF5    string `json:"hdf5"`
	GoCheck struct {
		Chunks            int  `json:"chunks"`
		Identical         int  `json:"identical_to_libaec"`
		LibHDF5DecodesAll bool `json:"libhdf5_decodes_all"`
	} `json:"go_check"`
	Cases []vectorCase `json:"cases"`
}

type vectorCase struct {
	Name       string   `json:"name"`
	DType      string   `json:"dtype"`
	ChunkShape []int    `json:"chunk_shape"`
	CDValues   []uint32 `json:"cd_values"`
	Precision  int      `json:"precision"`
	Chunks     []struct {
		Offset  []int  `json:"offset"`
		Raw     []byte `json:"raw"`     // as HDF5 stored it, written by libaec
		Decoded []byte `json:"decoded"` // as libhdf5 decodes it
		Go      []byte `json:"go"`      // hdf5szip's encoding, when it differs from Raw
	} `json:"chunks"`
}

func loadVectors(t testing.TB) vectorFile {
	t.Helper()
	js, err := os.ReadFile("testdata/vectors.json")
	if err != nil {
		t.Fatal(err)
	}
	var v vectorFile
	if err := json.Unmarshal(js, &v); err != nil {
		t.Fatal(err)
	}
	if len(v.Cases) < 40 {
		t.Fatalf("only %d cases", len(v.Cases))
	}
	return v
}

// dataType maps a NumPy dtype string to the chunk's element type.
func dataType(t testing.TB, dtype string) numeric.DataType {
	t.Helper()
	names := map[string]numeric.DataType{
		"i1": numeric.Int8, "u1": numeric.Uint8, "i2": numeric.Int16, "u2": numeric.Uint16,
		"i4": numeric.Int32, "u4": numeric.Uint32, "i8": numeric.Int64, "u8": numeric.Uint64,
		"f4": numeric.Float32, "f8": numeric.Float64,
	}
	dt, ok := names[dtype[len(dtype)-2:]]
	if !ok {
		t.Fatalf("dtype %q", dtype)
	}
	return dt
}

// bind resolves c for chunks of n bytes of dt.
func bind(t testing.TB, c codec.BytesToBytes, dt numeric.DataType, n int) codec.BoundBytesToBytes {
	t.Helper()
	b, err := c.ResolveBytesToBytes(codec.FixedBytes(n, b2btest.ArraySpec(dt, max(n/dt.Size(), 1))))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestLibaecVectors decodes every chunk libhdf5 wrote with its szip filter
// (libaec) and compares with what libhdf5 decodes; encodes each decoded
// chunk and compares with the encoding that libhdf5 was shown to decode
// (testdata/generate.py), and decodes that too.
func TestLibaecVectors(t *testing.T) {
	v := loadVectors(t)
	if !v.GoCheck.LibHDF5DecodesAll {
		t.Fatal("the generator did not record that libhdf5 decodes every Go encoding")
	}
	chunks := 0
	for _, vc := range v.Cases {
		t.Run(vc.Name, func(t *testing.T) {
			c, err := hdf5szip.FromCDValues(vc.CDValues)
			if err != nil {
				t.Fatal(err)
			}
			// The same codec through the registry and back through its JSON.
			js, _ := c.MarshalJSON()
			if !slices.Equal(b2btest.Parse(t, string(js)).(*hdf5szip.Codec).CDValues(), vc.CDValues) {
				t.Fatalf("%s does not give back cd_values %v", js, vc.CDValues)
			}
			dt := dataType(t, vc.DType)
			for _, ch := range vc.Chunks {
				chunks++
				b := bind(t, c, dt, len(ch.Decoded))
				dec, err := b.AppendDecode(nil, ch.Raw)
				if err != nil {
					t.Fatalf("chunk %v: %v", ch.Offset, err)
				}
				b2btest.Equal(t, fmt.Sprintf("chunk %v decoded", ch.Offset), dec, ch.Decoded)
				want := ch.Go
				if want == nil {
					want = ch.Raw
				}
				enc, err := b.AppendEncode(nil, ch.Decoded)
				if err != nil {
					t.Fatalf("chunk %v: encode: %v", ch.Offset, err)
				}
				if !bytes.Equal(enc, want) {
					t.Fatalf("chunk %v: encoding (%d bytes) differs from the one libhdf5 decoded (%d bytes) at byte %d; rerun testdata/generate.py",
						ch.Offset, len(enc), len(want), b2btest.FirstDiff(enc, want))
				}
				if len(enc) > b.Encoded().MaxSize {
					t.Fatalf("chunk %v: %d encoded bytes, more than the %d of its spec", ch.Offset, len(enc), b.Encoded().MaxSize)
				}
				back, err := b.AppendDecode(nil, enc)
				if err != nil {
					t.Fatalf("chunk %v: decode of the Go encoding: %v", ch.Offset, err)
				}
				b2btest.Equal(t, "Go encoding decoded", back, ch.Decoded)
			}
		})
	}
	if chunks != v.GoCheck.Chunks {
		t.Fatalf("%d chunks, but the generator checked %d", chunks, v.GoCheck.Chunks)
	}
}

// TestVectorCoverage checks that the vectors exercise what the decoder
// must handle: every coding option in libaec's streams and in the Go
// encodings, both preprocessor settings and byte orders, the sample widths
// and block sizes HDF5 writes, padded scanlines.
func TestVectorCoverage(t *testing.T) {
	v := loadVectors(t)
	var libaec, ours [hdf5szip.NumOptions]int
	seen := map[string]bool{}
	for _, vc := range v.Cases {
		c, err := hdf5szip.FromCDValues(vc.CDValues)
		if err != nil {
			t.Fatal(err)
		}
		mask, ppb, bpp, pps := vc.CDValues[0], vc.CDValues[1], vc.CDValues[2], vc.CDValues[3]
		seen[fmt.Sprintf("bpp %d", bpp)] = true
		seen[fmt.Sprintf("ppb %d", ppb)] = true
		seen[map[bool]string{true: "nn", false: "ec"}[mask&hdf5szip.OptionNN != 0]] = true
		seen[map[bool]string{true: "msb", false: "lsb"}[mask&hdf5szip.OptionMSB != 0]] = true
		if pps%ppb != 0 {
			seen["padded scanline"] = true
		}
		if mask&(hdf5szip.OptionRaw|hdf5szip.OptionAllowK13) == hdf5szip.OptionRaw|hdf5szip.OptionAllowK13 {
			seen["raw k13"] = true
		}
		for _, ch := range vc.Chunks {
			if len(ch.Decoded)/(int(pps)) > 1 {
				seen["several scanlines"] = true
			}
			_, n, err := hdf5szip.DecodeOptions(c, ch.Raw)
			if err != nil {
				t.Fatalf("%s: %v", vc.Name, err)
			}
			for i := range n {
				libaec[i] += n[i]
			}
			if ch.Go != nil {
				_, n, err = hdf5szip.DecodeOptions(c, ch.Go)
				if err != nil {
					t.Fatalf("%s: %v", vc.Name, err)
				}
			}
			for i := range n {
				ours[i] += n[i]
			}
		}
	}
	names := []string{"zero-block", "remainder of segment", "second extension", "fundamental sequence", "split-sample", "no compression"}
	for i, name := range names {
		if libaec[i] == 0 || ours[i] == 0 {
			t.Errorf("option %s: %d blocks in libaec's streams, %d in ours; want both", name, libaec[i], ours[i])
		}
	}
	for _, want := range []string{
		"bpp 7", "bpp 8", "bpp 12", "bpp 16", "bpp 20", "bpp 24", "bpp 32", "bpp 64",
		"ppb 2", "ppb 4", "ppb 8", "ppb 10", "ppb 16", "ppb 32", "ppb 64",
		"nn", "ec", "msb", "lsb", "padded scanline", "raw k13", "several scanlines",
	} {
		if !seen[want] {
			t.Errorf("no vector with %s", want)
		}
	}
	t.Logf("options in libaec's streams %v, in ours %v", libaec, ours)
}

// TestTruncatedVectors decodes every prefix of some of the vectors: each
// fails with a *codec.CorruptError, or (a cut in the padding blocks after
// the chunk's last sample) gives the chunk unchanged.
func TestTruncatedVectors(t *testing.T) {
	v := loadVectors(t)
	failed := 0
	for i, vc := range v.Cases {
		if i%5 != 0 {
			continue
		}
		c, _ := hdf5szip.FromCDValues(vc.CDValues)
		ch := vc.Chunks[0]
		b := bind(t, c, dataType(t, vc.DType), len(ch.Decoded))
		for n := range len(ch.Raw) {
			out, err := b.AppendDecode(nil, ch.Raw[:n])
			if err != nil {
				if !b2btest.IsCorrupt(err) {
					t.Fatalf("%s: first %d bytes: %v (%T), not a *codec.CorruptError", vc.Name, n, err, err)
				}
				failed++
				continue
			}
			if !bytes.Equal(out, ch.Decoded) {
				t.Fatalf("%s: first %d of %d bytes decode without error to other bytes", vc.Name, n, len(ch.Raw))
			}
		}
	}
	if failed == 0 {
		t.Fatal("no prefix failed")
	}
}

// TestRegistryConfig checks the configuration as the registry reads it.
func TestRegistryConfig(t *testing.T) {
	const good = `{"name":"zcodec.hdf5_szip","configuration":{"options_mask":169,"pixels_per_block":16,"bits_per_pixel":16,"pixels_per_scanline":500}}`
	cfg := func(mask, ppb, bpp, pps string) string {
		return fmt.Sprintf(`{"name": "zcodec.hdf5_szip", "configuration": {"options_mask": %s, "pixels_per_block": %s, "bits_per_pixel": %s, "pixels_per_scanline": %s}}`, mask, ppb, bpp, pps)
	}
	b2btest.CheckConfigs(t, []b2btest.ConfigCase{
		{JSON: good, Want: good},
		{JSON: cfg("141", "32", "64", "4096"), Want: `{"name":"zcodec.hdf5_szip","configuration":{"options_mask":141,"pixels_per_block":32,"bits_per_pixel":64,"pixels_per_scanline":4096}}`},
		{JSON: cfg("0", "64", "1", "262144"), Want: `{"name":"zcodec.hdf5_szip","configuration":{"options_mask":0,"pixels_per_block":64,"bits_per_pixel":1,"pixels_per_scanline":262144}}`},
		{JSON: `{"name": "zcodec.hdf5_szip"}`, Err: `"options_mask" is required`},
		{JSON: `{"name": "zcodec.hdf5_szip", "configuration": {"options_mask": 169, "pixels_per_block": 16, "bits_per_pixel": 16}}`, Err: "pixels_per_scanline"},
		{JSON: cfg("169", "15", "16", "500"), Err: "pixels_per_block 15 is not an even number"},
		{JSON: cfg("169", "0", "16", "500"), Err: "pixels_per_block 0"},
		{JSON: cfg("169", "66", "16", "500"), Err: "pixels_per_block 66"},
		{JSON: cfg("169", "16", "0", "500"), Err: "bits_per_pixel 0"},
		{JSON: cfg("169", "16", "33", "500"), Err: "bits_per_pixel 33"},
		{JSON: cfg("169", "16", "65", "500"), Err: "bits_per_pixel 65"},
		{JSON: cfg("169", "16", "16", "0"), Err: "pixels_per_scanline 0"},
		{JSON: cfg("169", "16", "16", "65537"), Err: "pixels_per_scanline 65537"},
		{JSON: cfg("233", "16", "16", "500"), Err: "no szip option"},
		{JSON: cfg("425", "16", "16", "500"), Err: "no szip option"},
		{JSON: cfg("-1", "16", "16", "500"), Err: "options_mask"},
		{JSON: cfg("169", "16.5", "16", "500"), Err: "pixels_per_block"},
		{JSON: `{"name": "zcodec.hdf5_szip", "configuration": {"options_mask": 169, "pixels_per_block": 16, "bits_per_pixel": 16, "pixels_per_scanline": 500, "level": 1}}`, Err: `unknown configuration key "level"`},
	})
}

func FuzzConfig(f *testing.F) {
	b2btest.FuzzConfig(f, hdf5szip.Name,
		`{"options_mask":169,"pixels_per_block":16,"bits_per_pixel":16,"pixels_per_scanline":500}`,
		`{"options_mask":141,"pixels_per_block":8,"bits_per_pixel":64,"pixels_per_scanline":1024}`)
}

// TestFromCDValues checks the errors for cd_values HDF5 cannot have
// written.
func TestFromCDValues(t *testing.T) {
	for _, cd := range [][]uint32{
		nil, {169, 16}, {169, 16, 16}, {169, 16, 16, 500, 0},
		{169, 17, 16, 500}, {169, 16, 48, 500}, {169, 16, 16, 0}, {1 << 31, 16, 16, 500},
		{169, 16, 16, 1 << 31},
	} {
		_, err := hdf5szip.FromCDValues(cd)
		var ce *codec.ConfigError
		if !errors.As(err, &ce) {
			t.Errorf("cd_values %v: %v; want a *codec.ConfigError", cd, err)
		}
	}
	c, err := hdf5szip.FromCDValues([]uint32{177, 32, 32, 4096})
	if err != nil {
		t.Fatal(err)
	}
	if c.OptionsMask != 177 || c.PixelsPerBlock != 32 || c.BitsPerPixel != 32 || c.PixelsPerScanline != 4096 || c.Name() != hdf5szip.Name {
		t.Fatalf("%+v", c)
	}
	if _, ok := registry.Default().Lookup(hdf5szip.Name); !ok {
		t.Fatal("not registered")
	}
}
