package numcodecs_test

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"testing"
	"time"

	"github.com/zcodec/zcodec/bench"
	"github.com/zcodec/zcodec/codec"
	_ "github.com/zcodec/zcodec/codecs/bytescodec"
	"github.com/zcodec/zcodec/internal/benchdata"
	"github.com/zcodec/zcodec/internal/cputime"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/registry"
)

// peerCases are the rows of TestPeerSpeed: the chains of bench/compare's
// numcodecs filter rows, on the same chunks.
var peerCases = []struct {
	name  string
	dt    numeric.DataType
	kind  benchdata.Kind
	chain string
}{
	{"delta i32", numeric.Int32, benchdata.Counts, `[{"name":"numcodecs.delta","configuration":{"dtype":"<i4"}},{"name":"bytes","configuration":{"endian":"little"}}]`},
	{"bitround f32 keepbits 10", numeric.Float32, benchdata.Smooth, `[{"name":"numcodecs.bitround","configuration":{"keepbits":10}},{"name":"bytes","configuration":{"endian":"little"}}]`},
	{"packbits bool", numeric.Bool, benchdata.Noisy, `[{"name":"numcodecs.packbits","configuration":{}},{"name":"bytes","configuration":{"endian":"little"}}]`},
}

// cpuTimed returns the CPU and wall seconds per call of f over a loop of
// at least mintime of process CPU time.
func cpuTimed(mintime time.Duration, f func()) (cpu, wall float64) {
	n, c0, w0 := 0, cputime.Process(), time.Now()
	for {
		f()
		n++
		if c := cputime.Process() - c0; c >= mintime {
			return c.Seconds() / float64(n), time.Since(w0).Seconds() / float64(n)
		}
	}
}

// TestPeerSpeed times the numcodecs filters' pipelines against numcodecs
// 0.11 (testdata/peerspeed/peer_speed.py, Debian's /usr/bin/python3),
// interleaved row by row, -repeat times, in process CPU time beside wall
// time, and logs the best of each with the ratios. It runs only with
// ZCODEC_PEER_SPEED=<repeats> set:
//
//	ZCODEC_PEER_SPEED=7 go test ./codecs/numcodecs -run PeerSpeed -v
func TestPeerSpeed(t *testing.T) {
	repeats, _ := strconv.Atoi(os.Getenv("ZCODEC_PEER_SPEED"))
	if repeats <= 0 {
		t.Skip("set ZCODEC_PEER_SPEED=<repeats> to time against numcodecs")
	}
	const mintime = 200 * time.Millisecond
	dir := t.TempDir()
	cmd := exec.Command("/usr/bin/python3", "testdata/peerspeed/peer_speed.py")
	in, _ := cmd.StdinPipe()
	outPipe, _ := cmd.StdoutPipe()
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Skipf("numcodecs peer: %v", err)
	}
	defer func() { in.Close(); _ = cmd.Wait() }()
	out := bufio.NewScanner(outPipe)
	type best struct{ enc, dec, encW, decW, pEnc, pDec, pEncW, pDecW float64 }
	bests := make([]best, len(peerCases))
	for i := range bests {
		bests[i] = best{1e9, 1e9, 1e9, 1e9, 1e9, 1e9, 1e9, 1e9}
	}
	type run struct {
		p             *codec.Pipeline
		data, enc, ob []byte
		dec           []byte
		file          string
	}
	runs := make([]run, len(peerCases))
	for i, c := range peerCases {
		data, err := benchdata.Chunk(c.dt, c.kind, benchdata.ChunkBytes, benchdata.Seed)
		if err != nil {
			t.Fatal(err)
		}
		file := filepath.Join(dir, fmt.Sprint(i)+".bin")
		if err := os.WriteFile(file, data, 0o644); err != nil {
			t.Fatal(err)
		}
		chain, err := registry.Default().ParseCodecs([]byte(c.chain), "/codecs")
		if err != nil {
			t.Fatal(err)
		}
		p, err := codec.NewPipeline(codec.ChunkSpec{DataType: c.dt, Shape: []int{len(data) / c.dt.Size()}, FillValue: numeric.Zero(c.dt)}, chain.Codecs, nil)
		if err != nil {
			t.Fatal(err)
		}
		enc, err := p.AppendEncode(nil, data)
		if err != nil {
			t.Fatal(err)
		}
		runs[i] = run{p: p, data: data, enc: enc, ob: make([]byte, 0, len(enc)), dec: make([]byte, len(data)), file: file}
	}
	for r := 0; r < repeats; r++ {
		for i, c := range peerCases {
			ru := &runs[i]
			ec, ew := cpuTimed(mintime, func() { ru.ob, _ = ru.p.AppendEncode(ru.ob[:0], ru.data) })
			dc, dw := cpuTimed(mintime, func() { _ = ru.p.Decode(ru.dec, ru.enc) })
			fmt.Fprintf(in, "%s %s %g\n", c.name, ru.file, mintime.Seconds())
			if !out.Scan() {
				t.Fatalf("peer stopped: %v", out.Err())
			}
			var pr struct{ Encode_cpu, Encode_wall, Decode_cpu, Decode_wall float64 }
			if err := json.Unmarshal(out.Bytes(), &pr); err != nil {
				t.Fatal(err)
			}
			b := &bests[i]
			b.enc, b.dec, b.encW, b.decW = min(b.enc, ec), min(b.dec, dc), min(b.encW, ew), min(b.decW, dw)
			b.pEnc, b.pDec, b.pEncW, b.pDecW = min(b.pEnc, pr.Encode_cpu), min(b.pDec, pr.Decode_cpu), min(b.pEncW, pr.Encode_wall), min(b.pDecW, pr.Decode_wall)
		}
	}
	mbps := func(n int, s float64) float64 { return float64(n) / s / 1e6 }
	t.Logf("%s; GOMAXPROCS=%d %s; best of %d interleaved runs of >= %v CPU each; MB/s of decoded bytes", bench.CPU(), runtime.GOMAXPROCS(0), runtime.Version(), repeats, mintime)
	t.Logf("%-26s %9s %9s %7s %7s | %9s %9s %7s %7s", "row", "enc cpu", "peer", "x cpu", "x wall", "dec cpu", "peer", "x cpu", "x wall")
	for i, c := range peerCases {
		b, n := bests[i], len(runs[i].data)
		t.Logf("%-26s %9.0f %9.0f %7.2f %7.2f | %9.0f %9.0f %7.2f %7.2f", c.name,
			mbps(n, b.enc), mbps(n, b.pEnc), b.pEnc/b.enc, b.pEncW/b.encW,
			mbps(n, b.dec), mbps(n, b.pDec), b.pDec/b.dec, b.pDecW/b.decW)
	}
}
