package advisor

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/registry"

	_ "github.com/zcodec/zcodec/codecs" // the standard codec set in registry.Default()
)

// TestAdviseRegistryLacksCodecs checks that Advise names the codecs its
// search needs that Options.Registry lacks, as an *OptionError, instead of
// running chains that cannot be built; and that a registry with just those
// codecs is enough.
func TestAdviseRegistryLacksCodecs(t *testing.T) {
	spec := codec.ChunkSpec{DataType: numeric.Float32, Shape: []int{64}, FillValue: numeric.FloatScalar(numeric.Float32, 0)}
	v := make([]float32, 64)
	for i := range v {
		v[i] = float32(i) / 7
	}
	s, err := NewSample(spec, v)
	if err != nil {
		t.Fatal(err)
	}
	opts := Options{Tolerance: Tolerance{Abs: 0.01}, Compressors: []string{"zstd"}, Concurrency: 1}

	opts.Registry = registry.New()
	_, err = Advise(context.Background(), s, &opts)
	var oe *OptionError
	if !errors.As(err, &oe) || oe.Option != "Registry" {
		t.Fatalf("empty registry: got %v, want an *OptionError for Registry", err)
	}
	for _, name := range []string{"bytes", "cast_value", "numcodecs.delta", "numcodecs.shuffle", "scale_offset", "zstd"} {
		if !strings.Contains(oe.Reason, name) {
			t.Errorf("empty registry: %q does not name %s", oe.Reason, name)
		}
	}
	if strings.Contains(oe.Reason, "blosc") {
		t.Errorf("empty registry: %q names blosc, which was not asked for", oe.Reason)
	}

	// exactly the needed codecs, copied from the default registry
	reg := registry.New()
	a := &advice{spec: spec, tol: opts.Tolerance, families: opts.Compressors}
	for _, name := range a.neededCodecs() {
		r, ok := registry.Default().Lookup(name)
		if !ok {
			t.Fatalf("registry.Default() has no %s", name)
		}
		reg.Register(r)
	}
	opts.Registry = reg
	r, err := Advise(context.Background(), s, &opts)
	if err != nil {
		t.Fatalf("registry of the needed codecs: %v", err)
	}
	if r.Chosen() == nil {
		t.Fatalf("registry of the needed codecs: nothing chosen")
	}
	for _, c := range r.Candidates {
		if errors.Is(c.Err, codec.ErrUnknownCodec) {
			t.Errorf("%s: %v", c.Label, c.Err)
		}
	}
}

// TestAdviseCanceled checks that a done context stops Advise with the
// context's error.
func TestAdviseCanceled(t *testing.T) {
	spec := codec.ChunkSpec{DataType: numeric.Float64, Shape: []int{32}, FillValue: numeric.FloatScalar(numeric.Float64, 0)}
	s, err := NewSample(spec, make([]float64, 32))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Advise(ctx, s, &Options{}); !errors.Is(err, context.Canceled) {
		t.Fatalf("got %v, want context.Canceled", err)
	}
}

// TestFamilyCodecs checks that familyCodecs names the codec of every
// setting of every compressor family.
func TestFamilyCodecs(t *testing.T) {
	for _, fam := range CompressorFamilies {
		name, ok := familyCodecs[fam]
		if !ok {
			t.Errorf("%s: not in familyCodecs", fam)
			continue
		}
		for _, c := range compressorSettings(fam, true) {
			if es := c.codec(2, layoutPlain); len(es) != 1 || es[0].Name != name {
				t.Errorf("%s: %s does not use %s", c.label, entriesJSON(es), name)
			}
		}
	}
}

// TestEntriesBuildAsParsed: the codecs the advisor builds from typed
// configurations (buildChain) are those registry.ParseCodecs builds from
// their JSON, written the same (so the chains' JSON is that of the codecs
// parsed), and a configuration the codec refuses is a *codec.ConfigError
// at the entry's pointer.
func TestEntriesBuildAsParsed(t *testing.T) {
	t.Parallel()
	reg := registry.Default()
	q := &quantizer{codecs: []codecEntry{{"numcodecs.bitround", bitRoundConfig{7}}}, storedAs: numeric.Uint16}
	var chains []chain
	for _, fam := range CompressorFamilies {
		for _, comp := range compressorSettings(fam, true) {
			for _, l := range []layout{layoutPlain, layoutShuffle, layoutBitShuffle} {
				for _, delta := range []bool{false, true} {
					chains = append(chains, chain{q: q, delta: delta, layout: l, comp: comp}, chain{q: q.variant(1, true), delta: delta, layout: l, comp: comp})
				}
			}
		}
	}
	f32, _ := numeric.ParseFillValue(numeric.Float32, []byte(`"NaN"`))
	so := codecEntry{"scale_offset", scaleOffsetConfig{Offset: scalarJSON(numeric.FloatScalar(numeric.Float32, -1.5)), Scale: scalarJSON(numeric.FloatScalar(numeric.Float32, 10))}}
	cv := codecEntry{"cast_value", castValueConfig{DataType: "uint16", Rounding: "nearest-even",
		ScalarMap: &scalarMap{Encode: []scalarPair{{"NaN", int64(65535)}, {scalarJSON(f32), int64(65534)}}, Decode: []scalarPair{{int64(65535), "NaN"}, {int64(65534), scalarJSON(f32)}}}}}
	chains = append(chains, chain{q: &quantizer{codecs: []codecEntry{so, cv}, storedAs: numeric.Uint16}})
	for _, ch := range chains {
		entries := ch.entries()
		if entries == nil {
			continue
		}
		built, err := buildChain(reg, entries)
		if err != nil {
			t.Fatalf("%s: %v", entriesJSON(entries), err)
		}
		parsed, err := reg.ParseCodecs([]byte(entriesJSON(entries)), "/codecs")
		if err != nil {
			t.Fatalf("%s: %v", entriesJSON(entries), err)
		}
		if b, p := string(canonicalCodecs(built.Codecs)), string(canonicalCodecs(parsed.Codecs)); b != p || !slices.Equal(built.Pointers, parsed.Pointers) {
			t.Errorf("built %s %v\nparsed %s %v", b, built.Pointers, p, parsed.Pointers)
		}
	}
	_, err := buildChain(reg, []codecEntry{bytesLittle, {"blosc", bloscConfig{Cname: "lz4", Clevel: 12, Shuffle: "shuffle", Typesize: 2}}})
	var ce *codec.ConfigError
	if !errors.As(err, &ce) || ce.Pointer != "/codecs/1/configuration/clevel" {
		t.Errorf("blosc clevel 12: %v, want a *codec.ConfigError at /codecs/1/configuration/clevel", err)
	}
}
