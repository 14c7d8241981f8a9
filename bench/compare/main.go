// Command compare times zcodec and numcodecs (or NumPy, where numcodecs has
// no equivalent) on the same chunks and prints one table:
//
//	go run ./bench/compare [-repeat 5] [-md] [-set kernels|codecs|all]
//
// The kernels set (the default) has the array->array kernels, shuffle and
// the demo chain; the codecs set blosc (against c-blosc through numcodecs,
// one thread), numcodecs' filters and transpose. Every case is a codec
// chain over one 1 MiB chunk made by bench.Chunk; zcodec runs it through
// a resolved codec.Pipeline in this process, and bench/compare.py runs
// the equivalent with Debian's python3-numcodecs and python3-numpy
// (/usr/bin/python3) on the same bytes, as a server that times one case
// per request. The two are interleaved case by case, and
// the whole list -repeat times, so that both run under the same load; each
// figure is the best of its -repeat runs. The peer runs with glibc's
// MALLOC_MMAP_THRESHOLD_ and MALLOC_TRIM_THRESHOLD_ raised (and writes
// into reused output buffers where NumPy allows), so that its per-call
// temporaries are not mapped and faulted in anew each time; zcodec's
// destination buffers are allocated and written once before timing.
//
// MB/s count the decoded (array-side) bytes, 1 MB = 1e6 bytes, one
// goroutine each; "x" columns divide zcodec's figure by the peer's, and
// "/copy" columns by copy() of the same number of bytes in this process.
// The CPU line says which vector kernels ran. When /usr/bin/python3 or
// numcodecs is missing, the peer columns are empty and a message says why.
package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/zcodec/zcodec/bench"
	"github.com/zcodec/zcodec/codec"
	_ "github.com/zcodec/zcodec/codecs"
	"github.com/zcodec/zcodec/codecs/zstd"
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
	fill   string // the fill value JSON; "" means 0 (false)
	shape  []int  // the chunk shape; nil means one dimension
}

const (
	castU8  = `[{"name":"cast_value","configuration":{"data_type":"uint8","out_of_range":"clamp"}},"bytes"]`
	fused   = `[{"name":"scale_offset","configuration":{"offset":243.15,"scale":4}},{"name":"cast_value","configuration":{"data_type":"uint8","out_of_range":"clamp"}},"bytes"]`
	demo    = `[{"name":"scale_offset","configuration":{"offset":243.15,"scale":4}},{"name":"cast_value","configuration":{"data_type":"uint8","out_of_range":"clamp","scalar_map":{"encode":[["NaN",255]],"decode":[[255,"NaN"]]}}},"bytes",{"name":"zstd","configuration":{"level":3,"checksum":false}}]`
	fsoPeer = "numcodecs FixedScaleOffset(243.15, 4, f8, u1)"
)

// kernelCases are the rows of -set kernels: the array->array kernels,
// shuffle and the demo chain. "clamp 10%" and "clamp 50%" rows run on
// data of which that share clamps to 0 (bench.Units10/50 for casts,
// bench.Kelvin10/50 through the demo quantisation); the plain cast row's
// smooth kelvin data clamps to 255 almost everywhere.
var kernelCases = []benchCase{
	{"cast f64->u8 clamp", numeric.Float64, bench.Smooth, castU8, "numpy clip(rint(x), 0, 255).astype(u1)", "", nil},
	{"cast f64->u8 clamp 10%", numeric.Float64, bench.Units10, castU8, "numpy clip(rint(x), 0, 255).astype(u1)", "", nil},
	{"cast f64->u8 clamp 50%", numeric.Float64, bench.Units50, castU8, "numpy clip(rint(x), 0, 255).astype(u1)", "", nil},
	{"scale_offset f32", numeric.Float32, bench.Smooth,
		`[{"name":"scale_offset","configuration":{"offset":273.15,"scale":100}},{"name":"bytes","configuration":{"endian":"little"}}]`,
		"numpy (x - o) * s, float32", "", nil},
	{"scale_offset f64", numeric.Float64, bench.Smooth,
		`[{"name":"scale_offset","configuration":{"offset":273.15,"scale":100}},{"name":"bytes","configuration":{"endian":"little"}}]`,
		"numpy (x - o) * s, float64", "", nil},
	{"scale_offset+cast_value f64->u8", numeric.Float64, bench.Smooth, fused, fsoPeer, "243.15", nil},
	{"scale_offset+cast_value f64->u8 clamp 10%", numeric.Float64, bench.Kelvin10, fused, fsoPeer, "243.15", nil},
	{"scale_offset+cast_value f64->u8 clamp 50%", numeric.Float64, bench.Kelvin50, fused, fsoPeer, "243.15", nil},
	{"shuffle(4)", numeric.Float32, bench.Smooth,
		`[{"name":"bytes","configuration":{"endian":"little"}},{"name":"numcodecs.shuffle","configuration":{"elementsize":4}}]`,
		"numcodecs Shuffle(4)", "", nil},
	{"shuffle(8)", numeric.Float64, bench.Smooth,
		`[{"name":"bytes","configuration":{"endian":"little"}},{"name":"numcodecs.shuffle","configuration":{"elementsize":8}}]`,
		"numcodecs Shuffle(8)", "", nil},
	{"shuffle(4)+zlib(1)", numeric.Float32, bench.Smooth,
		`[{"name":"bytes","configuration":{"endian":"little"}},{"name":"numcodecs.shuffle","configuration":{"elementsize":4}},{"name":"numcodecs.zlib","configuration":{"level":1}}]`,
		"numcodecs Shuffle(4), Zlib(1)", "", nil},
	{"shuffle(4)+lz4", numeric.Float32, bench.Smooth,
		`[{"name":"bytes","configuration":{"endian":"little"}},{"name":"numcodecs.shuffle","configuration":{"elementsize":4}},{"name":"numcodecs.lz4","configuration":{"acceleration":1}}]`,
		"numcodecs Shuffle(4), LZ4(1)", "", nil},
	{"shuffle(4)+zstd(3)", numeric.Float32, bench.Smooth,
		`[{"name":"bytes","configuration":{"endian":"little"}},{"name":"numcodecs.shuffle","configuration":{"elementsize":4}},{"name":"zstd","configuration":{"level":3,"checksum":false}}]`,
		"numcodecs Shuffle(4), Zstd(3)", "", nil},
	{"demo chain f64->u8+zstd(3)", numeric.Float64, bench.Smooth, demo, fsoPeer + ", Zstd(3)", `"NaN"`, nil},
	{"demo chain f64->u8+zstd(3) clamp 10%", numeric.Float64, bench.Kelvin10, demo, fsoPeer + ", Zstd(3)", `"NaN"`, nil},
}

// bloscChain is the chain of a blosc row: float32, type size 4, clevel 5.
func bloscChain(cname, shuffle string) string {
	return `[{"name":"bytes","configuration":{"endian":"little"}},{"name":"blosc","configuration":{"cname":"` + cname + `","clevel":5,"shuffle":"` + shuffle + `","typesize":4,"blocksize":0}}]`
}

// codecCases are the rows of -set codecs: blosc against c-blosc (through
// numcodecs, one thread), numcodecs' filters, and transpose against the
// NumPy copy that Zarr v2's order "F" amounts to.
var codecCases = []benchCase{
	{"blosc lz4 shuffle", numeric.Float32, bench.Smooth, bloscChain("lz4", "shuffle"), "numcodecs Blosc(lz4, 5, SHUFFLE)", "", nil},
	{"blosc lz4 bitshuffle", numeric.Float32, bench.Smooth, bloscChain("lz4", "bitshuffle"), "numcodecs Blosc(lz4, 5, BITSHUFFLE)", "", nil},
	{"blosc blosclz shuffle", numeric.Float32, bench.Smooth, bloscChain("blosclz", "shuffle"), "numcodecs Blosc(blosclz, 5, SHUFFLE)", "", nil},
	{"blosc zstd shuffle", numeric.Float32, bench.Smooth, bloscChain("zstd", "shuffle"), "numcodecs Blosc(zstd, 5, SHUFFLE)", "", nil},
	{"fixedscaleoffset f64->u1", numeric.Float64, bench.Smooth,
		`[{"name":"numcodecs.fixedscaleoffset","configuration":{"offset":243.15,"scale":4,"dtype":"<f8","astype":"|u1"}},{"name":"bytes","configuration":{"endian":"little"}}]`,
		fsoPeer, "243.15", nil},
	{"astype f64->f32", numeric.Float64, bench.Smooth,
		`[{"name":"numcodecs.astype","configuration":{"encode_dtype":"<f4","decode_dtype":"<f8"}},{"name":"bytes","configuration":{"endian":"little"}}]`,
		"numcodecs AsType(f4, f8)", "", nil},
	{"delta i32", numeric.Int32, bench.Counts,
		`[{"name":"numcodecs.delta","configuration":{"dtype":"<i4"}},{"name":"bytes","configuration":{"endian":"little"}}]`,
		"numcodecs Delta(i4)", "", nil},
	{"bitround f32 keepbits 10", numeric.Float32, bench.Smooth,
		`[{"name":"numcodecs.bitround","configuration":{"keepbits":10}},{"name":"bytes","configuration":{"endian":"little"}}]`,
		"numcodecs BitRound(10)", "", nil},
	{"quantize f64 digits 3", numeric.Float64, bench.Smooth,
		`[{"name":"numcodecs.quantize","configuration":{"digits":3,"dtype":"<f8"}},{"name":"bytes","configuration":{"endian":"little"}}]`,
		"numcodecs Quantize(3, f8)", "", nil},
	{"packbits bool", numeric.Bool, bench.Noisy,
		`[{"name":"numcodecs.packbits","configuration":{}},{"name":"bytes","configuration":{"endian":"little"}}]`,
		"numcodecs PackBits()", "", nil},
	{"transpose 2-D f32 1024x256", numeric.Float32, bench.Smooth,
		`[{"name":"transpose","configuration":{"order":[1,0]}},{"name":"bytes","configuration":{"endian":"little"}}]`,
		"numpy ascontiguousarray(x.reshape(1024, 256).T)", "", []int{1024, 256}},
}

// cases are the rows of this run, chosen by -set.
var cases []benchCase

// result is one tool's figures for one case.
type result struct {
	Case   string  `json:"case"`
	Encode float64 `json:"encode_mbps"`
	Decode float64 `json:"decode_mbps"`
	Ratio  float64 `json:"ratio"`
}

func main() {
	repeat := flag.Int("repeat", 5, "runs per measurement, interleaved; the best is kept")
	md := flag.Bool("md", false, "print a Markdown table")
	set := flag.String("set", "kernels", "the rows: kernels (array->array kernels, shuffle, demo chain), codecs (blosc, numcodecs filters, transpose) or all")
	flag.Parse()
	switch *set {
	case "kernels":
		cases = kernelCases
	case "codecs":
		cases = codecCases
	case "all":
		cases = append(slices.Clip(kernelCases), codecCases...)
	default:
		fail(fmt.Errorf("-set %q: want kernels, codecs or all", *set))
	}

	dir, err := os.MkdirTemp("", "zcodec-compare-")
	if err != nil {
		fail(err)
	}
	defer os.RemoveAll(dir)

	runs := make([]*zcodecRun, len(cases))
	for i, c := range cases {
		if runs[i], err = prepare(c, dir); err != nil {
			fail(fmt.Errorf("%s: %v", c.name, err))
		}
	}
	peer, why := startPeer(dir)
	ours, peers := map[string]result{}, map[string]result{}
	var copyMBps float64
	for range *repeat {
		copyMBps = max(copyMBps, timeCopy())
		for i, c := range cases {
			ours[c.name] = bestOf(ours[c.name], runs[i].time())
			if peer != nil {
				r, err := peer.time(c)
				if err != nil {
					why, peer = err.Error(), nil
					continue
				}
				peers[c.name] = bestOf(peers[c.name], r)
			}
		}
	}
	if peer != nil {
		peer.close()
	}
	printTable(os.Stdout, ours, peers, copyMBps, *md)
	if why != "" {
		fmt.Printf("\npeer columns empty: %s\n", why)
	}
	fmt.Printf("\n%s, %s, GOMAXPROCS=%d, %s, zstd engine %s; chunks of %d bytes (bench.Chunk, seed %d); copy() of 1 MiB: %.0f MB/s; best of %d interleaved runs\n",
		time.Now().UTC().Format("2006-01-02"), bench.CPU(), runtime.GOMAXPROCS(0), runtime.Version(), zstd.Engine, bench.ChunkBytes, bench.Seed, copyMBps, *repeat)
}

// bestOf keeps the higher figures of a and b.
func bestOf(a, b result) result {
	b.Encode, b.Decode = max(a.Encode, b.Encode), max(a.Decode, b.Decode)
	return b
}

// timeCopy returns the MB/s of copy() of one chunk into a written buffer.
func timeCopy() float64 {
	src, dst := make([]byte, bench.ChunkBytes), make([]byte, bench.ChunkBytes)
	for i := range src {
		src[i], dst[i] = byte(i), 1
	}
	return measure(len(src), func() { copy(dst, src) })
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "compare:", err)
	os.Exit(1)
}

// zcodecRun is one case resolved, with its input and written buffers.
type zcodecRun struct {
	name          string
	p             *codec.Pipeline
	data, enc     []byte
	encBuf, dec   []byte
	compressRatio float64
}

// prepare writes the case's input to dir (for compare.py) and resolves its
// pipeline.
func prepare(c benchCase, dir string) (*zcodecRun, error) {
	data, err := bench.Chunk(c.dtype, c.kind, bench.ChunkBytes, bench.Seed)
	if err != nil {
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(dir, fileName(c)), data, 0o644); err != nil {
		return nil, err
	}
	chain, err := registry.Default().ParseCodecs([]byte(c.codecs), "/codecs")
	if err != nil {
		return nil, err
	}
	fillJSON := c.fill
	switch {
	case fillJSON == "" && c.dtype == numeric.Bool:
		fillJSON = "false"
	case fillJSON == "":
		fillJSON = "0"
	}
	fill, err := numeric.ParseFillValue(c.dtype, []byte(fillJSON))
	if err != nil {
		return nil, err
	}
	shape := c.shape
	if shape == nil {
		shape = []int{len(data) / c.dtype.Size()}
	}
	spec := codec.ChunkSpec{DataType: c.dtype, Shape: shape, FillValue: fill}
	p, err := codec.NewPipeline(spec, chain.Codecs, nil)
	if err != nil {
		return nil, err
	}
	enc, err := p.AppendEncode(nil, data)
	if err != nil {
		return nil, err
	}
	r := &zcodecRun{name: c.name, p: p, data: data, enc: enc, dec: make([]byte, len(data)), encBuf: make([]byte, 0, 2*len(enc)+1024)}
	if err := p.Decode(r.dec, enc); err != nil {
		return nil, err
	}
	r.encBuf = append(r.encBuf[:0], enc...) // written once
	r.compressRatio = float64(len(data)) / float64(len(enc))
	return r, nil
}

// time measures one encode and one decode run.
func (r *zcodecRun) time() result {
	res := result{Case: r.name, Ratio: r.compressRatio}
	res.Encode = measure(len(r.data), func() { r.encBuf, _ = r.p.AppendEncode(r.encBuf[:0], r.data) })
	res.Decode = measure(len(r.data), func() { _ = r.p.Decode(r.dec, r.enc) })
	return res
}

// measure returns the MB/s of n bytes per call of f, timed by
// testing.Benchmark.
func measure(n int, f func()) float64 {
	res := testing.Benchmark(func(b *testing.B) {
		for b.Loop() {
			f()
		}
	})
	if res.N == 0 {
		return 0
	}
	return float64(n) * float64(res.N) / res.T.Seconds() / 1e6
}

func fileName(c benchCase) string {
	return c.kind.String() + "-" + c.dtype.String() + ".bin"
}

// peer is the running compare.py server.
type peer struct {
	cmd *exec.Cmd
	in  io.WriteCloser
	out *bufio.Scanner
}

// peerEnv is the environment of the peer: glibc keeps freed blocks up to
// 32 MiB on its heap (MALLOC_MMAP_THRESHOLD_ at its maximum, trimming
// off), so that NumPy's per-call temporaries are reused rather than
// mapped and faulted in anew on every call.
var peerEnv = []string{"MALLOC_MMAP_THRESHOLD_=33554432", "MALLOC_TRIM_THRESHOLD_=4294967296", "MALLOC_TOP_PAD_=67108864"}

// startPeer starts compare.py on the chunks in dir; why says why it could
// not.
func startPeer(dir string) (*peer, string) {
	const python = "/usr/bin/python3"
	if _, err := os.Stat(python); err != nil {
		return nil, python + " not found"
	}
	script, err := findScript()
	if err != nil {
		return nil, err.Error()
	}
	cmd := exec.Command(python, script, "--data", dir)
	cmd.Env = append(os.Environ(), peerEnv...)
	cmd.Stderr = os.Stderr
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err.Error()
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err.Error()
	}
	if err := cmd.Start(); err != nil {
		return nil, err.Error()
	}
	return &peer{cmd: cmd, in: in, out: bufio.NewScanner(out)}, ""
}

// time asks the peer to time case c.
func (p *peer) time(c benchCase) (result, error) {
	if _, err := fmt.Fprintf(p.in, "%s %s\n", c.name, fileName(c)); err != nil {
		return result{}, fmt.Errorf("compare.py: %v", err)
	}
	if !p.out.Scan() {
		return result{}, fmt.Errorf("compare.py stopped (%v); is python3-numcodecs installed?", p.out.Err())
	}
	var r result
	if err := json.Unmarshal(p.out.Bytes(), &r); err != nil {
		return result{}, fmt.Errorf("compare.py: %v", err)
	}
	return r, nil
}

func (p *peer) close() {
	p.in.Close()
	p.cmd.Wait()
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

func printTable(w io.Writer, ours, peers map[string]result, copyMBps float64, md bool) {
	head := []string{"case", "zcodec enc MB/s", "peer enc MB/s", "enc x", "enc /copy", "zcodec dec MB/s", "peer dec MB/s", "dec x", "dec /copy", "ratio zcodec", "ratio peer", "peer"}
	var rows [][]string
	for _, c := range cases {
		o, p := ours[c.name], peers[c.name]
		rows = append(rows, []string{c.name,
			num(o.Encode), num(p.Encode), times(o.Encode, p.Encode), times(o.Encode, copyMBps),
			num(o.Decode), num(p.Decode), times(o.Decode, p.Decode), times(o.Decode, copyMBps),
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
