package advisor

import (
	"encoding/json"
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/zcodec/zcodec/numeric"
)

// measured returns a candidate that meets the tolerance with the given
// bytes and speeds (MB/s of 1e6 decoded bytes) and chain: the speeds are
// injected, not measured.
func measured(label string, bytes int64, encMBps, decMBps float64, codecs string) *Candidate {
	c := &Candidate{Label: label, DecodedBytes: 1e6, EncodedBytes: bytes, FillRoundTrip: true,
		EncodeSeconds: 1 / encMBps, DecodeSeconds: 1 / decMBps, Codecs: json.RawMessage(codecs)}
	c.Readers = readersOf(c.Codecs, numeric.Float64)
	return c
}

const (
	soChain  = `{"name":"scale_offset"},{"name":"cast_value"},{"name":"numcodecs.delta"},{"name":"bytes"},`
	bz2Chain = `[` + soChain + `{"name":"numcodecs.bz2"}]`
	zstChain = `[` + soChain + `{"name":"zstd"}]`
	blcChain = `[` + soChain + `{"name":"blosc"}]`
	lz4Chain = `[` + soChain + `{"name":"numcodecs.lz4"}]`
	rawChain = `[{"name":"scale_offset"},{"name":"cast_value"},{"name":"bytes"}]`
)

// demoLike returns candidates with the sizes and speeds measured on the
// demo store (abs 0.125; sizes of the 8 MiB sample scaled to 1 MB):
// bz2 9 smallest and slowest, zstd 9 and blosc zstd 5 twice its size and
// ten times as fast, zstd 3, lz4 and the uncompressed codes larger and
// faster, one chain beyond the tolerance and one that failed.
func demoLike() []*Candidate {
	over := measured("over the tolerance", 1000, 5000, 9000, zstChain)
	over.Errors.Exceeding = 3
	failed := measured("failed", 10, 5000, 9000, zstChain)
	failed.Err = errors.New("broken")
	return []*Candidate{
		over,
		measured("step 0.25 | delta | bz2 9", 6081, 152, 572, bz2Chain),
		measured("step 0.25 | delta | zstd 9", 13308, 1679, 6119, zstChain),
		measured("step 0.25 | delta | blosc zstd 5", 13331, 1674, 5489, blcChain),
		measured("step 0.25 | delta | blosc zstd 5 shuffle", 13331, 1585, 5437, blcChain),
		measured("step 0.25 | delta | zstd 3", 15880, 2213, 5659, zstChain),
		measured("step 0.25 | lz4", 36420, 3754, 12982, lz4Chain),
		measured("step 0.25 | uncompressed", 125000, 39401, 31726, rawChain),
		failed,
	}
}

func labels(cs []*Candidate, idx []int) []string {
	var out []string
	for _, i := range idx {
		out = append(out, cs[i].Label)
	}
	return out
}

// TestChooseDemo: on the demo's measurements the front holds the chains
// no other beats on bytes and both speeds beyond the noise, balanced picks
// zstd 9 (not bz2 9, which decodes ten times slower, nor blosc zstd 5, as
// small and as fast within the noise but after it by bytes), size picks
// bz2 9, speed lz4.
func TestChooseDemo(t *testing.T) {
	cs := demoLike()
	ch := choose(cs, ObjectiveBalanced, 0)
	// blosc zstd 5 is 23 bytes larger than zstd 9 and no faster beyond
	// the noise.
	wantFront := []string{"step 0.25 | delta | bz2 9", "step 0.25 | delta | zstd 9",
		"step 0.25 | delta | zstd 3", "step 0.25 | lz4", "step 0.25 | uncompressed"}
	if got := labels(cs, ch.front); !slices.Equal(got, wantFront) {
		t.Errorf("front %q, want %q", got, wantFront)
	}
	for _, tc := range []struct {
		obj  Objective
		want string
		why  string
	}{
		{ObjectiveBalanced, "step 0.25 | delta | zstd 9", "balanced: the smallest chain read by every client decoding at 1.0 GB/s and encoding at 100 MB/s or more"},
		{ObjectiveSize, "step 0.25 | delta | bz2 9", "size: the smallest chain that meets the tolerance (decodes at 572 MB/s, encodes at 152 MB/s; read by zarr-python)"},
		{ObjectiveSpeed, "step 0.25 | lz4", "speed: the fastest decoding chain read by every client at most 5 times the size of the smallest"},
	} {
		ch := choose(cs, tc.obj, 0)
		if ch.best < 0 || cs[ch.best].Label != tc.want || !strings.HasPrefix(ch.why, tc.why) {
			t.Errorf("%s: picked %d %q, want %q; why %q", tc.obj, ch.best, labelOf(cs, ch.best), tc.want, ch.why)
		}
		if !slices.Contains(ch.front, ch.best) {
			t.Errorf("%s: the pick %d is not on the front %v", tc.obj, ch.best, ch.front)
		}
	}
	if ch := choose(cs, ObjectiveBalanced, 0); !strings.Contains(ch.why, "2.19x the bytes of the smallest, step 0.25 | delta | bz2 9, which decodes at 572 MB/s") {
		t.Errorf("why %q does not name the smaller chain passed over", ch.why)
	}
}

func labelOf(cs []*Candidate, i int) string {
	if i < 0 {
		return ""
	}
	return cs[i].Label
}

// TestChooseStableUnderNoise: speeds off by up to 20% either way, and the
// candidates in any order, give the same pick for every objective.
func TestChooseStableUnderNoise(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	want := map[Objective]string{}
	for _, obj := range Objectives {
		cs := demoLike()
		want[obj] = labelOf(cs, choose(cs, obj, 0).best)
	}
	for trial := range 500 {
		cs := demoLike()
		for _, c := range cs {
			c.EncodeSeconds *= 0.8 + 0.4*r.Float64()
			c.DecodeSeconds *= 0.8 + 0.4*r.Float64()
		}
		r.Shuffle(len(cs), func(i, j int) { cs[i], cs[j] = cs[j], cs[i] })
		for _, obj := range Objectives {
			if got := labelOf(cs, choose(cs, obj, 0).best); got != want[obj] {
				t.Fatalf("trial %d, %s: picked %q, want %q", trial, obj, got, want[obj])
			}
		}
	}
}

// TestChooseNearTies: two chains of equal bytes and speeds within the
// noise go by label, whatever their order; a chain at most 10% larger
// that decodes twice as fast wins balanced.
func TestChooseNearTies(t *testing.T) {
	a := measured("a", 1000, 500, 2000, zstChain)
	b := measured("b", 1000, 520, 2200, zstChain)
	for _, cs := range [][]*Candidate{{a, b}, {b, a}} {
		ch := choose(cs, ObjectiveBalanced, 0)
		if labelOf(cs, ch.best) != "a" || len(ch.front) != 2 {
			t.Errorf("picked %q, front %v", labelOf(cs, ch.best), ch.front)
		}
	}
	c := measured("c", 1090, 500, 4000, zstChain)
	cs := []*Candidate{a, b, c}
	if ch := choose(cs, ObjectiveBalanced, 0); labelOf(cs, ch.best) != "c" {
		t.Errorf("balanced picked %q, want c (9%% larger, twice as fast)", labelOf(cs, ch.best))
	}
	for _, o := range []*Candidate{measured("d", 1110, 500, 4000, zstChain), measured("e", 1050, 500, 3900, zstChain)} {
		cs = []*Candidate{a, b, o}
		if ch := choose(cs, ObjectiveBalanced, 0); labelOf(cs, ch.best) != "a" {
			t.Errorf("balanced picked %q, want a (%s is %d bytes at %.0f MB/s)", labelOf(cs, ch.best), o.Label, o.EncodedBytes, o.DecodeMBps())
		}
	}
}

// TestChooseMinDecode: MinDecodeMBps leaves out the slower chains, and
// says why nothing was picked when none is left.
func TestChooseMinDecode(t *testing.T) {
	cs := demoLike()
	if ch := choose(cs, ObjectiveSize, 7000); labelOf(cs, ch.best) != "step 0.25 | lz4" {
		t.Errorf("size at 7000 MB/s picked %q", labelOf(cs, ch.best))
	}
	ch := choose(cs, ObjectiveSize, 50000)
	if ch.best != -1 || !strings.Contains(ch.why, "no chain that meets the tolerance decodes at 50.0 GB/s or more: the fastest, step 0.25 | uncompressed, decodes at 31.7 GB/s") {
		t.Errorf("best %d, why %q", ch.best, ch.why)
	}
	if ch := choose(cs, ObjectiveSpeed, 7000); labelOf(cs, ch.best) != "step 0.25 | uncompressed" || !strings.HasPrefix(ch.why, "speed decoding at 7.0 GB/s or more: the fastest decoding chain") {
		t.Errorf("speed at 7000 MB/s picked %q: %s", labelOf(cs, ch.best), ch.why)
	}
	if ch := choose(nil, ObjectiveBalanced, 0); ch.best != -1 || len(ch.front) != 0 || ch.why == "" {
		t.Errorf("no candidates: %+v", ch)
	}
}

// TestChooseFallback: when no chain every client reads is fast enough
// beside the fastest compressed one (here one zarrita does not read),
// balanced falls back to the speed rule among the chains every client
// reads.
func TestChooseFallback(t *testing.T) {
	cs := []*Candidate{
		measured("quantize", 250, 100, 9000, `[{"name":"numcodecs.quantize"},{"name":"bytes"},{"name":"zstd"}]`),
		measured("zstd", 200, 150, 500, zstChain),
		measured("lz4", 300, 150, 800, lz4Chain),
	}
	ch := choose(cs, ObjectiveBalanced, 0)
	if labelOf(cs, ch.best) != "lz4" || !strings.HasPrefix(ch.why, "balanced (no chain read by every client decodes at 1.0 GB/s and encodes at 15 MB/s or more): the fastest decoding chain read by every client") {
		t.Errorf("picked %q: %q", labelOf(cs, ch.best), ch.why)
	}
}

// TestDominates: fewer bytes, or a speed faster beyond the margin, with
// nothing worse beyond it.
func TestDominates(t *testing.T) {
	x := measured("x", 100, 1000, 1000, zstChain)
	for _, tc := range []struct {
		y    *Candidate
		want bool
	}{
		{measured("y", 101, 1000, 1000, zstChain), true},
		{measured("y", 100, 1000, 1000, zstChain), false},
		{measured("y", 100, 1000, 700, zstChain), true},
		{measured("y", 100, 1000, 850, zstChain), false},
		{measured("y", 101, 1000, 1300, zstChain), false},
		{measured("y", 101, 1000, 1200, zstChain), true},
		{measured("y", 99, 1000, 100, zstChain), false},
	} {
		if got := dominates(x, tc.y); got != tc.want {
			t.Errorf("x dominates %d bytes %.0f/%.0f MB/s: %v", tc.y.EncodedBytes, tc.y.EncodeMBps(), tc.y.DecodeMBps(), got)
		}
		if dominates(x, tc.y) && dominates(tc.y, x) {
			t.Errorf("mutual domination")
		}
	}
}

// TestReadersOf: which clients decode which chains.
func TestReadersOf(t *testing.T) {
	for _, tc := range []struct {
		codecs string
		want   []string
	}{
		{zstChain, []string{ReaderZarrPython, ReaderZarrita}},
		{bz2Chain, []string{ReaderZarrPython}},
		{`[{"name":"numcodecs.quantize"},{"name":"bytes"},{"name":"zstd"}]`, []string{ReaderZarrPython, ReaderNumcodecs}},
		{`[{"name":"numcodecs.bitround"},{"name":"bytes"},{"name":"numcodecs.shuffle"},{"name":"numcodecs.zlib"}]`, []string{ReaderZarrPython, ReaderNumcodecs, ReaderZarrita}},
		{`[{"name":"bytes"},{"name":"zcodec.hdf5_lz4"}]`, []string{}},
		{`not json`, []string{}},
	} {
		if got := readersOf(json.RawMessage(tc.codecs), numeric.Float32); !slices.Equal(got, tc.want) {
			t.Errorf("%s: %q, want %q", tc.codecs, got, tc.want)
		}
	}
	// The data type narrows the readers: zarrita opens no date array and
	// neither Python client has float8.
	date, _ := numeric.NewDatetime64(numeric.Seconds, 1)
	for _, tc := range []struct {
		dt   numeric.DataType
		want []string
	}{
		{numeric.Int32, []string{ReaderZarrPython, ReaderNumcodecs, ReaderZarrita}},
		{date, []string{ReaderZarrPython, ReaderNumcodecs}},
		{numeric.Complex64, []string{ReaderZarrPython, ReaderNumcodecs}},
		{numeric.Float8E4M3, []string{}},
		{numeric.Int4, []string{}},
		{numeric.BFloat16, []string{}},
	} {
		codecs := `[{"name":"bytes"},{"name":"numcodecs.zlib"}]`
		if got := readersOf(json.RawMessage(codecs), tc.dt); !slices.Equal(got, tc.want) {
			t.Errorf("%v: %q, want %q", tc.dt, got, tc.want)
		}
	}
}

// TestChooseBalancedBars: the bars are 1 GB/s and 100 MB/s, so that a
// very fast chain (lz4 on noisy data) does not raise them past a chain
// twice as slow but smaller; where every chain is slower (small chunks,
// a slow machine) they are a quarter and a tenth of the fastest
// compressed chain's speeds.
func TestChooseBalancedBars(t *testing.T) {
	cs := []*Candidate{
		measured("bz2", 682350, 10, 16, bz2Chain),
		measured("blosc zstd", 800273, 289, 1344, blcChain),
		measured("lz4", 900000, 5800, 10700, lz4Chain), // 12% larger
	}
	if ch := choose(cs, ObjectiveBalanced, 0); labelOf(cs, ch.best) != "blosc zstd" {
		t.Errorf("noisy: picked %q: %s", labelOf(cs, ch.best), ch.why)
	}
	cs = []*Candidate{
		measured("zstd 3", 4476, 136, 425, zstChain),
		measured("lz4", 5017, 309, 550, lz4Chain),
		measured("raw", 12288, 383, 663, rawChain),
	}
	if ch := choose(cs, ObjectiveBalanced, 0); labelOf(cs, ch.best) != "zstd 3" || !strings.Contains(ch.why, "decoding at 138 MB/s and encoding at 31 MB/s") {
		t.Errorf("small chunks: picked %q: %s", labelOf(cs, ch.best), ch.why)
	}
}
