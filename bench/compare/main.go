// Command compare times zcodec and numcodecs (or NumPy, where numcodecs has
// no equivalent) on the same chunks and prints one table:
//
//	go run ./bench/compare [-repeat 3] [-md]
//
// Every case is a codec chain over one 1 MiB chunk made by bench.Chunk;
// zcodec runs it through a resolved codec.Pipeline in this process, and
// bench/compare.py runs the equivalent with Debian's python3-numcodecs and
// python3-numpy (/usr/bin/python3) on the same bytes. MB/s count the
// decoded (array-side) bytes, 1 MB = 1e6 bytes, best of -repeat runs, one
// goroutine each. When /usr/bin/python3 or numcodecs is missing, the
// numcodecs columns are empty and a message says why.
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/zcodec/zcodec/bench"
	"github.com/zcodec/zcodec/codec"
	_ "github.com/zcodec/zcodec/codecs"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/registry"
)

// benchCase is one chain timed by both tools. Its name is also the key of
// the equivalent in compare.py.
type benchCase struct {
	name   string
	dtype  numeric.DataType
	kind   bench.Kind
	codecs string // the zcodec chain, as zarr.json "codecs"
	peer   string // what compare.py runs, for the table
	fill   string // the fill value JSON; "" means 0
}

var cases = []benchCase{
	{"cast f64->u8 nearest-even clamp", numeric.Float64, bench.Smooth,
		`[{"name":"cast_value","configuration":{"data_type":"uint8","out_of_range":"clamp"}},"bytes"]`,
		"numpy clip(rint(x), 0, 255).astype(u1)", ""},
	{"scale_offset f32", numeric.Float32, bench.Smooth,
		`[{"name":"scale_offset","configuration":{"offset":273.15,"scale":100}},{"name":"bytes","configuration":{"endian":"little"}}]`,
		"numpy (x - o) * s, float32", ""},
	{"scale_offset+cast_value f64->u8", numeric.Float64, bench.Smooth,
		`[{"name":"scale_offset","configuration":{"offset":243.15,"scale":4}},{"name":"cast_value","configuration":{"data_type":"uint8","out_of_range":"clamp"}},"bytes"]`,
		"numcodecs FixedScaleOffset(243.15, 4, f8, u1)", "243.15"},
	{"shuffle(4)", numeric.Float32, bench.Smooth,
		`[{"name":"bytes","configuration":{"endian":"little"}},{"name":"numcodecs.shuffle","configuration":{"elementsize":4}}]`,
		"numcodecs Shuffle(4)", ""},
	{"shuffle(4)+zlib(1)", numeric.Float32, bench.Smooth,
		`[{"name":"bytes","configuration":{"endian":"little"}},{"name":"numcodecs.shuffle","configuration":{"elementsize":4}},{"name":"numcodecs.zlib","configuration":{"level":1}}]`,
		"numcodecs Shuffle(4), Zlib(1)", ""},
	{"shuffle(4)+lz4", numeric.Float32, bench.Smooth,
		`[{"name":"bytes","configuration":{"endian":"little"}},{"name":"numcodecs.shuffle","configuration":{"elementsize":4}},{"name":"numcodecs.lz4","configuration":{"acceleration":1}}]`,
		"numcodecs Shuffle(4), LZ4(1)", ""},
	{"shuffle(4)+zstd(3)", numeric.Float32, bench.Smooth,
		`[{"name":"bytes","configuration":{"endian":"little"}},{"name":"numcodecs.shuffle","configuration":{"elementsize":4}},{"name":"zstd","configuration":{"level":3,"checksum":false}}]`,
		"numcodecs Shuffle(4), Zstd(3)", ""},
	{"demo chain f64->u8+zstd(3)", numeric.Float64, bench.Smooth,
		`[{"name":"scale_offset","configuration":{"offset":243.15,"scale":4}},{"name":"cast_value","configuration":{"data_type":"uint8","out_of_range":"clamp","scalar_map":{"encode":[["NaN",255]],"decode":[[255,"NaN"]]}}},"bytes",{"name":"zstd","configuration":{"level":3,"checksum":false}}]`,
		"numcodecs FixedScaleOffset(243.15, 4, f8, u1), Zstd(3)", `"NaN"`},
}

// result is one tool's figures for one case.
type result struct {
	Case   string  `json:"case"`
	Encode float64 `json:"encode_mbps"`
	Decode float64 `json:"decode_mbps"`
	Ratio  float64 `json:"ratio"`
}

func main() {
	repeat := flag.Int("repeat", 3, "runs per measurement; the best is kept")
	md := flag.Bool("md", false, "print a Markdown table")
	flag.Parse()

	dir, err := os.MkdirTemp("", "zcodec-compare-")
	if err != nil {
		fail(err)
	}
	defer os.RemoveAll(dir)

	ours := map[string]result{}
	for _, c := range cases {
		r, err := timeZcodec(c, dir, *repeat)
		if err != nil {
			fail(fmt.Errorf("%s: %v", c.name, err))
		}
		ours[c.name] = r
	}
	peers, why := timePeers(dir, *repeat)
	printTable(os.Stdout, ours, peers, *md)
	if why != "" {
		fmt.Printf("\nnumcodecs columns empty: %s\n", why)
	}
	fmt.Printf("\n%s, %s/%s, GOMAXPROCS=%d, %s; chunks of %d bytes (bench.Chunk, seed %d)\n",
		time.Now().UTC().Format("2006-01-02"), runtime.GOOS, runtime.GOARCH, runtime.GOMAXPROCS(0), runtime.Version(), bench.ChunkBytes, bench.Seed)
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "compare:", err)
	os.Exit(1)
}

// timeZcodec writes the case's input to dir (for compare.py) and times
// encode and decode through a resolved pipeline.
func timeZcodec(c benchCase, dir string, repeat int) (result, error) {
	data, err := bench.Chunk(c.dtype, c.kind, bench.ChunkBytes, bench.Seed)
	if err != nil {
		return result{}, err
	}
	if err := os.WriteFile(filepath.Join(dir, fileName(c)), data, 0o644); err != nil {
		return result{}, err
	}
	chain, err := registry.Default().ParseCodecs([]byte(c.codecs), "/codecs")
	if err != nil {
		return result{}, err
	}
	fillJSON := c.fill
	if fillJSON == "" {
		fillJSON = "0"
	}
	fill, err := numeric.ParseFillValue(c.dtype, []byte(fillJSON))
	if err != nil {
		return result{}, err
	}
	spec := codec.ChunkSpec{DataType: c.dtype, Shape: []int{len(data) / c.dtype.Size()}, FillValue: fill}
	p, err := codec.NewPipeline(spec, chain.Codecs)
	if err != nil {
		return result{}, err
	}
	enc, err := p.Encode(nil, data)
	if err != nil {
		return result{}, err
	}
	dec := make([]byte, len(data))
	if err := p.Decode(dec, enc); err != nil {
		return result{}, err
	}
	r := result{Case: c.name, Ratio: float64(len(data)) / float64(len(enc))}
	buf := make([]byte, 0, len(enc)*2)
	r.Encode = best(repeat, len(data), func() { buf, _ = p.Encode(buf[:0], data) })
	r.Decode = best(repeat, len(data), func() { _ = p.Decode(dec, enc) })
	return r, nil
}

// best returns the highest MB/s of n bytes per call over repeat runs of
// testing.Benchmark.
func best(repeat, n int, f func()) float64 {
	top := 0.0
	for range repeat {
		res := testing.Benchmark(func(b *testing.B) {
			for b.Loop() {
				f()
			}
		})
		if res.N > 0 {
			top = max(top, float64(n)*float64(res.N)/res.T.Seconds()/1e6)
		}
	}
	return top
}

func fileName(c benchCase) string {
	return c.kind.String() + "-" + c.dtype.String() + ".bin"
}

// timePeers runs compare.py on the chunks in dir; why says why it could
// not.
func timePeers(dir string, repeat int) (map[string]result, string) {
	const python = "/usr/bin/python3"
	if _, err := os.Stat(python); err != nil {
		return nil, python + " not found"
	}
	script, err := findScript()
	if err != nil {
		return nil, err.Error()
	}
	var names []string
	for _, c := range cases {
		names = append(names, c.name+"="+fileName(c))
	}
	cmd := exec.Command(python, append([]string{script, "--data", dir, "--repeat", fmt.Sprint(repeat)}, names...)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		msg := strings.TrimSpace(stderr.String())
		if i := strings.LastIndexByte(msg, '\n'); i >= 0 {
			msg = msg[i+1:]
		}
		return nil, fmt.Sprintf("compare.py failed (%v): %s", err, msg)
	}
	peers := map[string]result{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		var r result
		if json.Unmarshal(sc.Bytes(), &r) == nil && r.Case != "" {
			peers[r.Case] = r
		}
	}
	return peers, ""
}

// findScript locates compare.py beside this command's package.
func findScript() (string, error) {
	for _, p := range []string{"bench/compare.py", "../compare.py", "compare.py", "../../bench/compare.py"} {
		if _, err := os.Stat(p); err == nil {
			return p, nil
		}
	}
	return "", fmt.Errorf("bench/compare.py not found; run from the repository root")
}

func printTable(w io.Writer, ours, peers map[string]result, md bool) {
	head := []string{"case", "zcodec enc MB/s", "peer enc MB/s", "enc x", "zcodec dec MB/s", "peer dec MB/s", "dec x", "ratio zcodec", "ratio peer", "peer"}
	var rows [][]string
	for _, c := range cases {
		o, p := ours[c.name], peers[c.name]
		rows = append(rows, []string{c.name,
			num(o.Encode), num(p.Encode), times(o.Encode, p.Encode),
			num(o.Decode), num(p.Decode), times(o.Decode, p.Decode),
			fmt.Sprintf("%.2f", o.Ratio), ratio(p.Ratio), c.peer})
	}
	if md {
		fmt.Fprintln(w, "| "+strings.Join(head, " | ")+" |")
		fmt.Fprintln(w, strings.Repeat("|---", len(head))+"|")
		for _, r := range rows {
			fmt.Fprintln(w, "| "+strings.Join(r, " | ")+" |")
		}
		return
	}
	width := make([]int, len(head))
	for i, h := range head {
		width[i] = len(h)
	}
	for _, r := range rows {
		for i, v := range r {
			width[i] = max(width[i], len(v))
		}
	}
	for _, r := range append([][]string{head}, rows...) {
		for i, v := range r {
			if i == len(r)-1 {
				fmt.Fprintf(w, "%s\n", v)
			} else {
				fmt.Fprintf(w, "%-*s  ", width[i], v)
			}
		}
	}
}

func num(v float64) string {
	if v == 0 {
		return "-"
	}
	return fmt.Sprintf("%.0f", v)
}

func times(a, b float64) string {
	if a == 0 || b == 0 {
		return "-"
	}
	return fmt.Sprintf("%.2f", a/b)
}

func ratio(v float64) string {
	if v == 0 {
		return "-"
	}
	return fmt.Sprintf("%.2f", v)
}
