package advisor

import (
	"context"
	"encoding/json"
	"math"
	"strings"
	"testing"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/registry"
)

// smoothField is a smooth temperature-like float32 field of 2 x 2 chunks
// of 128 x 256, in kelvin, with a NaN hole in the first chunk: large-scale
// waves whose curvature is small against a 0.1 K step.
func smoothField() field {
	const cy, cx, gy, gx = 128, 256, 2, 2
	f := field{name: "smooth float32 256x512", grid: []int64{gy, gx},
		spec: codec.ChunkSpec{DataType: numeric.Float32, Shape: []int{cy, cx}, FillValue: numeric.FloatScalar(numeric.Float32, math.NaN())}}
	for by := range gy {
		for bx := range gx {
			b := make([]byte, cy*cx*4)
			for y := range cy {
				for x := range cx {
					Y, X := float64(by*cy+y), float64(bx*cx+x)
					v := 280 + 12*math.Sin(Y/61)*math.Cos(X/83) + 4*math.Sin(X/23+Y/37) + 1.5*math.Cos(X/9-Y/14)
					if dy, dx := Y-40, X-60; dy*dy+dx*dx < 15*15 {
						v = math.NaN()
					}
					numeric.FloatScalar(numeric.Float32, v).PutBytes(b[(y*cx+x)*4:])
				}
			}
			f.chunks = append(f.chunks, b)
		}
	}
	return f
}

// chainBytes encodes every chunk of f with the chain and returns the sum
// of the encoded sizes, after checking that every element decodes within
// tol.
func chainBytes(t *testing.T, f field, codecsJSON string, tol Tolerance) int {
	t.Helper()
	ch, err := registry.Default().ParseCodecs([]byte(codecsJSON), "/codecs")
	if err != nil {
		t.Fatal(err)
	}
	p, err := codec.NewPipeline(f.spec, ch.Codecs, nil)
	if err != nil {
		t.Fatal(err)
	}
	m, _ := NewMeter(f.spec.DataType, tol)
	dec := make([]byte, p.DecodedSize())
	n := 0
	for _, c := range f.chunks {
		enc, err := p.AppendEncode(nil, c)
		if err != nil {
			t.Fatal(err)
		}
		if err := p.Decode(dec, enc); err != nil {
			t.Fatal(err)
		}
		m.Add(c, dec)
		n += len(enc)
	}
	if e := m.Errors(); !e.Within() {
		t.Fatalf("%s exceeds %v: %+v", codecsJSON, tol, e)
	}
	return n
}

// TestChainVariantCodecs checks the codecs the variants write: a second
// delta, big-endian bytes with deltas whose dtype names that byte order,
// the little-endian chain under a byte shuffle, and the quantiser's own
// chain when nothing is compressed.
func TestChainVariantCodecs(t *testing.T) {
	q := &quantizer{family: FamilyScaleOffset, codecs: []codecEntry{{Name: "q"}}, label: "q", storedAs: numeric.Uint16}
	zstd := compressorSettings("zstd", false)[0]
	blosc := compressorSettings("blosc", false)[0]
	d2be := q.variant(1, true)
	cases := []struct {
		ch         chain
		want, lbl  string
		sameAsBase bool
	}{
		{chain{q: q.variant(1, false), delta: true, comp: zstd},
			`[{"name":"q"},{"name":"numcodecs.delta","configuration":{"dtype":"<u2"}},{"name":"numcodecs.delta","configuration":{"dtype":"<u2"}},{"name":"bytes","configuration":{"endian":"little"}},{"name":"zstd","configuration":{"level":3,"checksum":false}}]`,
			"q | delta | delta | zstd 3", false},
		{chain{q: d2be, delta: false, layout: layoutBitShuffle, comp: blosc},
			`[{"name":"q"},{"name":"numcodecs.delta","configuration":{"dtype":">u2"}},{"name":"bytes","configuration":{"endian":"big"}},{"name":"blosc","configuration":{"cname":"lz4","clevel":5,"shuffle":"bitshuffle","typesize":2,"blocksize":0}}]`,
			"q | delta | big-endian | blosc lz4 5 bitshuffle", false},
		{chain{q: d2be, delta: true, layout: layoutShuffle, comp: zstd},
			`[{"name":"q"},{"name":"numcodecs.delta","configuration":{"dtype":"<u2"}},{"name":"numcodecs.delta","configuration":{"dtype":"<u2"}},{"name":"bytes","configuration":{"endian":"little"}},{"name":"numcodecs.shuffle","configuration":{"elementsize":2}},{"name":"zstd","configuration":{"level":3,"checksum":false}}]`,
			"q | delta | delta | shuffle | zstd 3", false},
		{chain{q: d2be}, `[{"name":"q"},{"name":"bytes","configuration":{"endian":"little"}}]`, "q | uncompressed", true},
	}
	for i, c := range cases {
		if got := c.ch.codecs(); got != c.want {
			t.Errorf("%d: codecs\n got %s\nwant %s", i, got, c.want)
		}
		if got := c.ch.label(); got != c.lbl {
			t.Errorf("%d: label %q, want %q", i, got, c.lbl)
		}
		if c.sameAsBase && c.ch.codecs() != (chain{q: q}).codecs() {
			t.Errorf("%d: an uncompressed variant is not its quantiser's chain", i)
		}
	}
	u8 := &quantizer{family: FamilyScaleOffset, codecs: []codecEntry{{Name: "q"}}, label: "q", storedAs: numeric.Uint8}
	if n := len(withVariants([]*quantizer{u8})); n != 2 {
		t.Errorf("uint8 codes: %d quantisers, want 2 (no byte order to vary)", n)
	}
	if n := len(withVariants([]*quantizer{q})); n != 4 {
		t.Errorf("uint16 codes: %d quantisers, want 4", n)
	}
	f := &quantizer{family: FamilyBitRound, storedAs: numeric.Float32}
	if n := len(withVariants([]*quantizer{f})); n != 1 {
		t.Errorf("float bitround: %d quantisers, want 1", n)
	}
}

// TestVariantsWinOnSmoothField checks on a smooth field that the variants
// are what makes the difference they were added for, and that the
// advisor finds and keeps them: a second difference with big-endian bytes
// under blosc's bit shuffle is at least 10% smaller than the one-delta
// little-endian chain (measured here, with the quantiser the advisor
// chose), blosc's advice is such a variant, and every variant in the
// report keeps the tolerance on every element of the whole field.
func TestVariantsWinOnSmoothField(t *testing.T) {
	f := smoothField()
	tol := Tolerance{Abs: 0.05}
	s := &Sample{Spec: f.spec, Chunks: f.chunks, Complete: true, ArrayChunks: int64(len(f.chunks))}
	r, err := Advise(context.Background(), s, &Options{Tolerance: tol, Compressors: []string{"blosc"}})
	if err != nil {
		t.Fatal(err)
	}
	best := r.Chosen()
	if best == nil || best.Family != FamilyScaleOffset {
		t.Fatalf("chosen %+v", best)
	}
	if !strings.Contains(best.Label, "delta | delta") && !strings.Contains(best.Label, "big-endian") {
		t.Errorf("blosc's advice on a smooth field is not a variant: %s", best.Label)
	}
	var codecs []json.RawMessage
	if err := json.Unmarshal(best.Codecs, &codecs); err != nil {
		t.Fatal(err)
	}
	q := string(codecs[0]) + "," + string(codecs[1]) // scale_offset, cast_value
	blosc := `{"name":"blosc","configuration":{"cname":"zstd","clevel":5,"shuffle":"bitshuffle","typesize":2,"blocksize":0}}`
	one := chainBytes(t, f, "["+q+","+entryJSON(deltaCodec(numeric.Uint16, false))+","+entryJSON(bytesLittle)+","+blosc+"]", tol)
	two := chainBytes(t, f, "["+q+","+entryJSON(deltaCodec(numeric.Uint16, true))+","+entryJSON(deltaCodec(numeric.Uint16, true))+","+entryJSON(bytesBig)+","+blosc+"]", tol)
	t.Logf("one delta, little-endian: %d bytes; two deltas, big-endian: %d bytes; advised %s: %d bytes", one, two, best.Label, best.EncodedBytes)
	if float64(two) > 0.9*float64(one) {
		t.Errorf("two deltas big-endian %d bytes, one delta little-endian %d: the variant does not pay here", two, one)
	}
	if best.EncodedBytes > int64(one) {
		t.Errorf("advised %d bytes, more than the one-delta little-endian chain's %d", best.EncodedBytes, one)
	}
	variants := 0
	for _, c := range r.Candidates {
		if !c.Meets() || !(strings.Contains(c.Label, "delta | delta") || strings.Contains(c.Label, "big-endian")) {
			continue
		}
		variants++
		if e := verifyWhole(t, f, c.Codecs, tol); !e.Within() || e.MaxAbs != c.Errors.MaxAbs {
			t.Errorf("%s: whole field %+v, report %+v", c.Label, e, c.Errors)
		}
	}
	if variants == 0 {
		t.Error("no variant in the report")
	}
}

// entryJSON writes one codec of a chain as entriesJSON writes it.
func entryJSON(e codecEntry) string {
	js := entriesJSON([]codecEntry{e})
	return js[1 : len(js)-1]
}
