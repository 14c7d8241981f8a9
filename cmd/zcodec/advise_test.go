package main

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/zcodec/zcodec/advisor"
	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/registry"
)

// adviseArray is the zarr.json of the arrays these tests advise on: one
// chunk of 64 x 96 float32 temperatures.
const adviseArray = `{"zarr_format": 3, "node_type": "array", "shape": [64, 96], "data_type": "float32",
 "chunk_grid": {"name": "regular", "configuration": {"chunk_shape": [64, 96]}},
 "chunk_key_encoding": {"name": "default", "configuration": {"separator": "/"}},
 "fill_value": "NaN", "codecs": [{"name": "bytes", "configuration": {"endian": "little"}}, {"name": "zstd", "configuration": {"level": 3, "checksum": false}}]}`

// temperatureChunk returns the decoded bytes of the test chunk: a smooth
// field with a hole of NaN.
func temperatureChunk() []byte {
	b := make([]byte, 64*96*4)
	for y := range 64 {
		for x := range 96 {
			v := float32(273.15 + 15*math.Sin(float64(y)/20) + 4*math.Cos(float64(x)/13) + 0.02*math.Sin(float64(x*y)))
			if (y-30)*(y-30)+(x-40)*(x-40) < 25 {
				v = float32(math.NaN())
			}
			binary.LittleEndian.PutUint32(b[4*(y*96+x):], math.Float32bits(v))
		}
	}
	return b
}

// adviseFiles writes the test array's zarr.json and chunk into a temporary
// directory and returns their paths.
func adviseFiles(t *testing.T) (meta, chunk string) {
	t.Helper()
	dir := t.TempDir()
	meta, chunk = filepath.Join(dir, "zarr.json"), filepath.Join(dir, "chunk.raw")
	if err := os.WriteFile(meta, []byte(adviseArray), 0o666); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(chunk, temperatureChunk(), 0o666); err != nil {
		t.Fatal(err)
	}
	return meta, chunk
}

// checkChain resolves a codecs array strictly for the test chunk and
// returns what a Meter measures after a round trip.
func checkChain(t *testing.T, codecsJSON []byte, tol advisor.Tolerance) advisor.ErrorStats {
	t.Helper()
	ch, err := registry.Default().ParseCodecs(codecsJSON, "/codecs")
	if err != nil {
		t.Fatalf("%s: %v", codecsJSON, err)
	}
	spec := codec.ChunkSpec{DataType: numeric.Float32, Shape: []int{64, 96}, FillValue: numeric.FloatScalar(numeric.Float32, math.NaN())}
	p, err := codec.NewPipeline(spec, ch.Codecs, nil)
	if err != nil {
		t.Fatal(err)
	}
	raw := temperatureChunk()
	enc, err := p.AppendEncode(nil, raw)
	if err != nil {
		t.Fatal(err)
	}
	dec := make([]byte, len(raw))
	if err := p.Decode(dec, enc); err != nil {
		t.Fatal(err)
	}
	m, _ := advisor.NewMeter(numeric.Float32, tol)
	m.Add(raw, dec)
	return m.Errors()
}

// TestAdviseRawChunk: the table marks a chain, --out writes its codecs,
// and those codecs keep the tolerance on the chunk, NaN included.
func TestAdviseRawChunk(t *testing.T) {
	meta, chunk := adviseFiles(t)
	out := filepath.Join(filepath.Dir(meta), "codecs.json")
	stdout, stderr, code := zcodec(t, nil, "advise", chunk, "--metadata", meta, "--abs-tol", "0.05", "--compressors", "zstd,lz4", "--out", out)
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, stdout, stderr)
	}
	for _, want := range []string{"array: float32 chunks of [64 96], fill value \"NaN\"", "sample: 1 chunk(s) of 1, 24.0 KiB, every chunk",
		"tolerance: abs 0.05", "\n*", "chosen: scale_offset+cast_value uint8", "codecs (for zarr.json):"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("output lacks %q:\n%s", want, stdout)
		}
	}
	written, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(stdout, string(written)) {
		t.Errorf("--out wrote\n%s\nwhich the output does not show", written)
	}
	e := checkChain(t, written, advisor.Tolerance{Abs: 0.05})
	if !e.Within() || e.MaxAbs == 0 || e.NaNLost != 0 {
		t.Fatalf("the written chain measures %+v", e)
	}
}

// TestAdviseJSON: the JSON report lists the candidates smallest first and
// names the chosen one, whose codecs are the "codecs" member.
func TestAdviseJSON(t *testing.T) {
	meta, chunk := adviseFiles(t)
	stdout, stderr, code := zcodec(t, nil, "advise", chunk, "--metadata", meta, "--sig-digits", "3", "--compressors", "zstd", "--json")
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, stderr)
	}
	var rep struct {
		Sample struct {
			Complete bool `json:"complete"`
		} `json:"sample"`
		Tolerance  map[string]any `json:"tolerance"`
		Candidates []struct {
			EncodedBytes int64           `json:"encoded_bytes"`
			Meets        bool            `json:"meets"`
			Codecs       json.RawMessage `json:"codecs"`
			MaxAbs       any             `json:"max_abs_error"`
			Error        string          `json:"error"`
		} `json:"candidates"`
		Chosen *int            `json:"chosen"`
		Codecs json.RawMessage `json:"codecs"`
	}
	if err := json.Unmarshal([]byte(stdout), &rep); err != nil {
		t.Fatalf("%v\n%s", err, stdout)
	}
	if rep.Chosen == nil || !rep.Candidates[*rep.Chosen].Meets || mustCompact(t, rep.Candidates[*rep.Chosen].Codecs) != mustCompact(t, rep.Codecs) {
		t.Fatalf("chosen %v, codecs %s", rep.Chosen, rep.Codecs)
	}
	if !rep.Sample.Complete || rep.Tolerance["sig_digits"] != 3.0 {
		t.Errorf("sample %+v, tolerance %v", rep.Sample, rep.Tolerance)
	}
	for i := 1; i < len(rep.Candidates); i++ {
		if rep.Candidates[i].Error == "" && rep.Candidates[i].EncodedBytes < rep.Candidates[i-1].EncodedBytes {
			t.Fatalf("candidate %d is smaller than %d", i, i-1)
		}
	}
	for i, c := range rep.Candidates[:*rep.Chosen] {
		if c.Meets {
			t.Fatalf("candidate %d meets the tolerance and is smaller than the chosen one", i)
		}
	}
	if e := checkChain(t, rep.Codecs, advisor.Tolerance{SigDigits: 3}); !e.Within() {
		t.Fatalf("%+v", e)
	}
}

func mustCompact(t *testing.T, b []byte) string {
	t.Helper()
	var buf bytes.Buffer
	if err := json.Compact(&buf, b); err != nil {
		t.Fatal(err)
	}
	return buf.String()
}

// TestAdviseEncodedChunks: --encoded decodes stored chunks with the
// array's own chain first.
func TestAdviseEncodedChunks(t *testing.T) {
	meta, chunk := adviseFiles(t)
	enc := chunk + ".zst"
	if _, stderr, code := zcodec(t, nil, "encode", "--metadata", meta, "-i", chunk, "-o", enc); code != 0 {
		t.Fatal(stderr)
	}
	stdout, stderr, code := zcodec(t, nil, "advise", enc, "--metadata", meta, "--encoded", "--rel-tol", "1e-3", "--compressors", "zstd")
	if code != 0 || !strings.Contains(stdout, "chosen: ") {
		t.Fatalf("exit %d\n%s\n%s", code, stdout, stderr)
	}
	// Without --encoded the stored chunk has the wrong size.
	_, stderr, code = zcodec(t, nil, "advise", enc, "--metadata", meta, "--rel-tol", "1e-3")
	if code != 1 || !strings.Contains(stderr, "give stored chunks with --encoded") {
		t.Fatalf("exit %d: %s", code, stderr)
	}
}

// TestAdviseLossless: an integer array gets the smallest lossless chain.
func TestAdviseLossless(t *testing.T) {
	stdout, stderr, code := zcodec(t, nil, "advise", meta+"int16_2x3.decoded", "--metadata", meta+"valid_int16_big.json", "--lossless", "--compressors", "zstd,lz4")
	if code != 0 || !strings.Contains(stdout, "chosen: lossless") || !strings.Contains(stdout, "tolerance: exact") {
		t.Fatalf("exit %d\n%s\n%s", code, stdout, stderr)
	}
}

func TestAdviseUsage(t *testing.T) {
	m, chunk := adviseFiles(t)
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{chunk, "--metadata", m}, 2, "give the error allowed"},
		{[]string{chunk, "--metadata", m, "--abs-tol", "0.1", "--lossless"}, 2, "--lossless cannot be combined"},
		{[]string{chunk, "--metadata", m, "--abs-tol", "-1"}, 2, "--abs-tol: -1 is not a finite number"},
		{[]string{chunk, "--metadata", m, "--rel-tol", "2"}, 2, "--rel-tol: 2 is not a number in (0, 1)"},
		{[]string{chunk, "--metadata", m, "--abs-tol", "0.1", "--dtypes", "uint8,float32"}, 2, `--dtypes: "float32" is not an 8-, 16- or 32-bit integer type`},
		{[]string{chunk, "--metadata", m, "--abs-tol", "0.1", "--compressors", "zstd,brotli"}, 2, `--compressors: "brotli" is not one of`},
		{[]string{chunk, "--abs-tol", "0.1"}, 1, "not a directory (a Zarr store is a directory"},
		{[]string{chunk, chunk, "--abs-tol", "0.1"}, 2, "want one PATH (an array in a store), or CHUNK files with --metadata"},
		{[]string{chunk, "--metadata", m, "--abs-tol", "0.1", "--sample", "3"}, 2, "--sample applies to PATH"},
		{[]string{chunk, "--metadata", m, "--abs-tol", "0.1", "--apply", "x"}, 2, "--apply needs PATH"},
		{[]string{filepath.Dir(m), "--abs-tol", "0.1", "--encoded"}, 2, "--encoded applies to CHUNK files"},
		{[]string{filepath.Dir(m), "--abs-tol", "0.1", "--sample", "2", "--full"}, 2, "--sample and --full cannot be combined"},
		{[]string{filepath.Dir(m), "--abs-tol", "0.1", "--sample", "-2"}, 2, "--sample: want 1 or more"},
		{[]string{filepath.Dir(m), "--abs-tol", "0.1", "--apply", filepath.Dir(m)}, 2, "is the store SRC"},
		{[]string{filepath.Dir(m), "--abs-tol", "0.1", "--apply", filepath.Dir(filepath.Dir(m))}, 2, "lies inside --apply"},
		{[]string{filepath.Dir(m), "--abs-tol", "0.1", "--apply", m}, 2, "lies inside SRC"},
		{[]string{filepath.Dir(m), "--abs-tol", "0.1", "--apply", t.TempDir()}, 1, "already exists; give a new directory to --apply"},
		{[]string{"--metadata", m, "--abs-tol", "0.1"}, 2, "want at least one CHUNK"},
		{[]string{m, "--metadata", m, "--abs-tol", "0.1"}, 1, "a decoded chunk of this array (float32 [64 96] fill \"NaN\") has 24576"},
		{[]string{"/nonexistent/chunk", "--metadata", m, "--abs-tol", "0.1"}, 1, "/nonexistent/chunk: no such file or directory"},
		{[]string{chunk, "--metadata", m, "--abs-tol", "0.1", "--max-chunk-bytes", "1KiB"}, 1, "more than --max-chunk-bytes 1KiB"},
		{[]string{chunk, "--metadata", m, "--abs-tol", "0.1", "--objective", "fast"}, 2, `--objective: "fast" is not one of balanced, size, speed`},
		{[]string{chunk, "--metadata", m, "--abs-tol", "0.1", "--min-decode-mbps", "-1"}, 2, "--min-decode-mbps: want a speed of 0 or more"},
		{[]string{chunk, "--metadata", m, "--abs-tol", "0.1", "--min-decode-mbps", "1e12", "--compressors", "lz4"}, 1, "no chain that meets the tolerance decodes at 1000000000.0 GB/s or more: the fastest, "},
	} {
		_, stderr, code := runIn(t, nil, append([]string{"advise"}, tc.args...)...)
		if code != tc.code || !strings.Contains(stderr, tc.want) {
			t.Errorf("%v: exit %d, stderr:\n%s\nwant exit %d and %q", tc.args, code, stderr, tc.code, tc.want)
		}
	}
	stdout, _, code := runIn(t, nil, "advise", "-h")
	if code != 0 || !strings.Contains(stdout, "usage: zcodec advise") || !strings.Contains(stdout, "-abs-tol") {
		t.Errorf("-h: exit %d\n%s", code, stdout)
	}
}

// TestAdviseTooTight: a tolerance no quantiser can keep leaves the
// lossless chain, which is chosen and written.
func TestAdviseTooTight(t *testing.T) {
	m, chunk := adviseFiles(t)
	out := filepath.Join(filepath.Dir(m), "codecs.json")
	stdout, stderr, code := runIn(t, nil, "advise", chunk, "--metadata", m, "--abs-tol", "1e-300", "--compressors", "none", "--out", out)
	if code != 0 || !strings.Contains(stdout, "chosen: lossless | uncompressed") {
		t.Fatalf("exit %d: %s\n%s", code, stdout, stderr)
	}
	if b, err := os.ReadFile(out); err != nil || mustCompact(t, b) != `[{"name":"bytes","configuration":{"endian":"little"}}]` {
		t.Fatalf("%s %v", b, err)
	}
}

// adviseRow is a row of advise's table: the mark, bytes, ratio, errors,
// fill, the two speeds, the readers and the chain.
var adviseRow = regexp.MustCompile(`^([*+xf ]) +(\d+) +([\d.]+) +(\S+) +(\S+) +(yes|no) +\S+ +\S+ +(\S+)  (.*)$`)

// maskSpeeds replaces what varies from run to run in advise's output (the
// measured speeds, the marks of the Pareto front, which follow them, and
// the number of chains run at once) by "-", and drops from the "why" line
// the words that follow them too.
func maskSpeeds(s string) string {
	lines := strings.Split(s, "\n")
	speed := regexp.MustCompile(`\d+(\.\d+)? [MG]B/s`)
	for i, l := range lines {
		if m := adviseRow.FindStringSubmatch(l); m != nil {
			mark := strings.Replace(m[1], "+", " ", 1)
			lines[i] = strings.Join(append([]string{mark}, append(m[2:7], "-", "-", m[7], m[8])...), " ")
		}
		if strings.HasPrefix(l, "why: ") {
			// Whether a chain some client cannot read (bz2) is among
			// those fast enough to weigh, and so whether the pick is said
			// to be "read by every client", follows the measured speeds.
			lines[i] = strings.Replace(speed.ReplaceAllString(l, "- MB/s"), " read by every client", "", 1)
		}
	}
	return regexp.MustCompile(`one goroutine per chain, \d+ chains at a time`).ReplaceAllString(strings.Join(lines, "\n"), "one goroutine per chain, - chains at a time")
}

// TestREADMEAdvise runs the README's advise examples and compares their
// output with what the README shows, speeds masked.
func TestREADMEAdvise(t *testing.T) {
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh")
	}
	examples := readmeExamples(t, []string{"## Choosing a chain: `zcodec advise`"})
	shown := 0
	for _, ex := range examples {
		if ex.prompt && strings.HasPrefix(ex.line, "zcodec advise") {
			shown++
		}
	}
	if shown < 2 {
		t.Fatalf("the README shows %d advise examples", shown)
	}
	if ran := runExamples(t, examples, maskSpeeds); ran != len(examples) {
		t.Fatalf("%d of %d examples ran", ran, len(examples))
	}
}

// adviceDoc is what TestAdviseObjectives reads of the JSON report.
type adviceDoc struct {
	Candidates []struct {
		Label        string   `json:"label"`
		EncodedBytes int64    `json:"encoded_bytes"`
		DecodeMBps   float64  `json:"decode_mb_per_s"`
		Meets        bool     `json:"meets"`
		OnFront      bool     `json:"on_front"`
		Readers      []string `json:"readers"`
	} `json:"candidates"`
	Objective string   `json:"objective"`
	Front     []int    `json:"front"`
	Chosen    *int     `json:"chosen"`
	Why       string   `json:"why"`
	Readers   []string `json:"readers"`
}

// TestAdviseObjectives: --json carries the objective, the front (the
// candidates marked on_front, all meeting the tolerance), the pick (on the
// front), why and the pick's readers; --objective size picks the smallest
// chain that meets the tolerance, which depends on no speed; the text
// output marks the front and the pick and prints why and the readers.
func TestAdviseObjectives(t *testing.T) {
	m, chunk := adviseFiles(t)
	for _, obj := range []string{"balanced", "size", "speed"} {
		stdout, stderr, code := runIn(t, nil, "advise", chunk, "--metadata", m, "--abs-tol", "0.05", "--compressors", "zstd,lz4,bz2", "--objective", obj, "--json")
		if code != 0 {
			t.Fatalf("%s: exit %d\n%s", obj, code, stderr)
		}
		var doc adviceDoc
		if err := json.Unmarshal([]byte(stdout), &doc); err != nil {
			t.Fatal(err)
		}
		if doc.Objective != obj || doc.Chosen == nil || !strings.HasPrefix(doc.Why, obj) || len(doc.Front) == 0 {
			t.Fatalf("%s: objective %q, chosen %v, front %v, why %q", obj, doc.Objective, doc.Chosen, doc.Front, doc.Why)
		}
		onFront := 0
		for i, c := range doc.Candidates {
			if c.OnFront {
				onFront++
				if !c.Meets || !slices.Contains(doc.Front, i) {
					t.Errorf("%s: candidate %d on the front: meets %v, front %v", obj, i, c.Meets, doc.Front)
				}
			}
		}
		pick := doc.Candidates[*doc.Chosen]
		if onFront != len(doc.Front) || !pick.OnFront || !slices.Equal(pick.Readers, doc.Readers) || len(doc.Readers) == 0 {
			t.Errorf("%s: %d on the front of %v; pick %+v, readers %q", obj, onFront, doc.Front, pick, doc.Readers)
		}
		if obj == "size" {
			for _, c := range doc.Candidates {
				if c.Meets && c.EncodedBytes < pick.EncodedBytes {
					t.Errorf("size picked %d bytes (%s); %s has %d", pick.EncodedBytes, pick.Label, c.Label, c.EncodedBytes)
				}
			}
		}
	}
	stdout, stderr, code := runIn(t, nil, "advise", chunk, "--metadata", m, "--abs-tol", "0.05", "--compressors", "zstd,bz2", "--objective", "size")
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, stderr)
	}
	for _, want := range []string{"\n* ", "* picked (size)   + on the Pareto front", "readers: p zarr-python 3.2+   n numcodecs alone   z zarrita.js",
		"\nwhy: size: the smallest chain that meets the tolerance (decodes at ", "  read by: zarr-python", "| bz2 9\n"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("output lacks %q:\n%s", want, stdout)
		}
	}
}
