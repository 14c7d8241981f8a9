package blosc

import (
	"bufio"
	"encoding/binary"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/zcodec/zcodec/bench"
	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/codecs/internal/bitshuffle"
	"github.com/zcodec/zcodec/internal/benchdata"
	"github.com/zcodec/zcodec/internal/cpufeat"
	"github.com/zcodec/zcodec/internal/cputime"
	"github.com/zcodec/zcodec/numeric"
)

var (
	peerRounds  = flag.Int("peer.rounds", 5, "TestPeerTimes: interleaved rounds")
	peerMintime = flag.Duration("peer.mintime", 200*time.Millisecond, "TestPeerTimes: least wall time of each timed loop")
	peerCases   = flag.String("peer.cases", "", "TestPeerTimes: run only the cases whose name contains this")
)

// peerCase is one configuration timed on both sides. With isolate, the
// case also times, on both sides, a noshuffle frame of the bytes the
// bitshuffle leaves (the same compressor input), so that the difference of
// the two is the cost of the shuffle and unshuffle alone.
type peerCase struct {
	name                 string
	cname                string
	clevel, ts, bsize    int
	shuffle              Shuffle
	isolate              bool
	dataType             numeric.DataType
	frame, ours, shuffld []byte
	intData              bool   // makeInput's "smooth" integers of ts bytes, not the float chunk
	data                 []byte // the chunk cut to whole elements
	dataPath             string // where the peer reads data
}

// TestPeerTimes times encode and decode of 1 MiB of smooth float32 data
// (benchdata.Chunk) through this package and through c-blosc (numcodecs' Blosc,
// testdata/peer_blosc.py, run by /usr/bin/python3), in interleaved rounds:
// each round times every case on our side, then on the peer's. Both decode
// c-blosc's frame. It reports the best process CPU time per call of each
// side over the rounds and their ratio (peer / ours: above 1 is faster
// than c-blosc). It runs only when ZCODEC_BLOSC_PEER is set:
//
//	ZCODEC_BLOSC_PEER=1 go test -run TestPeerTimes -v ./codecs/blosc
//
// GODEBUG=cpu.avx512f=off times the AVX2 kernels on an AVX-512 machine.
func TestPeerTimes(t *testing.T) {
	if os.Getenv("ZCODEC_BLOSC_PEER") == "" {
		t.Skip("ZCODEC_BLOSC_PEER is not set")
	}
	data, err := benchdata.Chunk(numeric.Float32, benchdata.Smooth, benchdata.ChunkBytes, benchdata.Seed)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	dataPath := filepath.Join(dir, "data.bin")
	if err := os.WriteFile(dataPath, data, 0o644); err != nil {
		t.Fatal(err)
	}
	cases := []*peerCase{
		{name: "lz4-5-bitshuffle", cname: "lz4", clevel: 5, ts: 4, shuffle: BitShuffle},
		{name: "blosclz-5-bitshuffle", cname: "blosclz", clevel: 5, ts: 4, shuffle: BitShuffle},
		{name: "lz4-1-bitshuffle", cname: "lz4", clevel: 1, ts: 4, shuffle: BitShuffle, isolate: true},
		{name: "lz4-1-bitshuffle-ts2", cname: "lz4", clevel: 1, ts: 2, shuffle: BitShuffle, isolate: true},
		{name: "lz4-1-bitshuffle-ts8", cname: "lz4", clevel: 1, ts: 8, shuffle: BitShuffle, isolate: true},
		{name: "lz4-1-bitshuffle-ts16", cname: "lz4", clevel: 1, ts: 16, shuffle: BitShuffle, isolate: true},
		{name: "lz4-1-bitshuffle-ts3-int", cname: "lz4", clevel: 1, ts: 3, shuffle: BitShuffle, intData: true},
		{name: "lz4-1-bitshuffle-ts6-int", cname: "lz4", clevel: 1, ts: 6, shuffle: BitShuffle, intData: true},
		{name: "lz4-1-bitshuffle-ts7-int", cname: "lz4", clevel: 1, ts: 7, shuffle: BitShuffle, intData: true},
		{name: "lz4-1-bitshuffle-ts12", cname: "lz4", clevel: 1, ts: 12, shuffle: BitShuffle},
		{name: "lz4-0-bitshuffle", cname: "lz4", clevel: 0, ts: 4, shuffle: BitShuffle},
		{name: "zstd-5-shuffle", cname: "zstd", clevel: 5, ts: 4, shuffle: ByteShuffle},
		{name: "zstd-5-shuffle-b1m", cname: "zstd", clevel: 5, ts: 4, bsize: 1 << 20, shuffle: ByteShuffle},
		{name: "zstd-5-shuffle-b64k", cname: "zstd", clevel: 5, ts: 4, bsize: 1 << 16, shuffle: ByteShuffle},
		{name: "zstd-5-bitshuffle", cname: "zstd", clevel: 5, ts: 4, shuffle: BitShuffle, isolate: true},
	}
	var sel []*peerCase
	for _, c := range cases {
		if strings.Contains(c.name, *peerCases) {
			sel = append(sel, c)
		}
	}
	cmd := exec.Command("/usr/bin/python3", filepath.Join("testdata", "peer_blosc.py"))
	cmd.Stderr = os.Stderr
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	outPipe, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Skipf("cannot run the peer: %v", err)
	}
	defer func() { in.Close(); cmd.Wait() }()
	out := bufio.NewScanner(outPipe)
	ask := func(job map[string]any) map[string]float64 {
		b, _ := json.Marshal(job)
		if _, err := in.Write(append(b, '\n')); err != nil {
			t.Fatal(err)
		}
		if !out.Scan() {
			t.Fatalf("peer: no answer to %s", b)
		}
		var res map[string]float64
		if err := json.Unmarshal(out.Bytes(), &res); err != nil {
			t.Fatal(err)
		}
		return res
	}
	if !out.Scan() {
		t.Fatal("peer: no version line")
	}
	t.Logf("peer %s; ours: %s; kernels %s", out.Text(), bench.CPU(), cpufeat.Describe())

	type side struct{ enc, dec, encNo, decNo time.Duration }
	best := map[string]*[2]side{}
	job := func(c *peerCase, op, path string, sh Shuffle) map[string]any {
		return map[string]any{"op": op, "data": path, "cname": c.cname, "clevel": c.clevel,
			"shuffle": sh.String(), "typesize": c.ts, "blocksize": c.bsize, "mintime": peerMintime.Seconds()}
	}
	binders := map[*peerCase][2]codec.BoundBytesToBytes{}
	for _, c := range sel {
		c.dataType = map[int]numeric.DataType{1: numeric.Uint8, 2: numeric.Uint16, 4: numeric.Float32, 8: numeric.Float64, 16: numeric.Complex128}[c.ts]
		c.data, c.dataPath = data[:len(data)/c.ts*c.ts], dataPath
		if c.intData {
			c.data = makeInput("smooth", len(data)/c.ts*c.ts, c.ts, 1)
		}
		if len(c.data) != len(data) || c.intData {
			c.dataPath = filepath.Join(dir, c.name+".data")
			if err := os.WriteFile(c.dataPath, c.data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		data := c.data
		bd := c.bind(t, c.shuffle, len(data))
		framePath := filepath.Join(dir, c.name+".frame")
		j := job(c, "frame", c.dataPath, c.shuffle)
		j["out"] = framePath
		ask(j)
		if c.frame, err = os.ReadFile(framePath); err != nil {
			t.Fatal(err)
		}
		if c.ours, err = bd.AppendEncode(nil, data); err != nil {
			t.Fatal(err)
		}
		if dec, err := bd.AppendDecode(nil, c.frame); err != nil || string(dec) != string(data) {
			t.Fatalf("%s: c-blosc's frame does not decode to the data: %v", c.name, err)
		}
		t.Logf("%s: frame %d bytes (c-blosc), %d (ours), same bytes %v, flags %#x", c.name, len(c.frame), len(c.ours), string(c.frame) == string(c.ours), c.frame[2])
		var bn codec.BoundBytesToBytes
		if c.isolate {
			// The bytes c-blosc compresses: every block bit-shuffled.
			// The bytes c-blosc compresses: every block (of the size
			// its frame says) bit-shuffled.
			bs := int(binary.LittleEndian.Uint32(c.frame[8:]))
			c.shuffld = make([]byte, len(data))
			q := bs / c.ts / 8 * 8 * c.ts
			scratch := make([]byte, bs)
			if len(data)%bs != 0 {
				t.Fatalf("%s: block size %d does not divide the data", c.name, bs)
			}
			for o := 0; o < len(data); o += bs {
				bitshuffle.Shuffle(c.shuffld[o:o+q], data[o:o+q], scratch, c.ts)
				copy(c.shuffld[o+q:o+bs], data[o+q:o+bs])
			}
			shPath := filepath.Join(dir, c.name+".shuffled")
			if err := os.WriteFile(shPath, c.shuffld, 0o644); err != nil {
				t.Fatal(err)
			}
			j := job(c, "frame", shPath, NoShuffle)
			j["out"] = framePath + ".no"
			ask(j)
			fno, err := os.ReadFile(framePath + ".no")
			if err != nil {
				t.Fatal(err)
			}
			same := len(fno) == len(c.frame) && string(fno[:2]) == string(c.frame[:2]) && string(fno[3:]) == string(c.frame[3:])
			t.Logf("%s: c-blosc's noshuffle frame of the shuffled bytes equals its bitshuffle frame but the flags: %v", c.name, same)
			if !same {
				d := 0
				for d < min(len(fno), len(c.frame)) && (d == 2 || fno[d] == c.frame[d]) {
					d++
				}
				t.Logf("lengths %d %d, first difference at %d: % x / % x", len(fno), len(c.frame), d, fno[:32], c.frame[:32])
				t.Fatalf("%s: the shuffled bytes are not what c-blosc compresses", c.name)
			}
			bn = c.bind(t, NoShuffle, len(data))
		}
		best[c.name] = &[2]side{}
		binders[c] = [2]codec.BoundBytesToBytes{bd, bn}
	}
	minD := func(d *time.Duration, v time.Duration) {
		if *d == 0 || v < *d {
			*d = v
		}
	}
	peerDur := func(r map[string]float64) time.Duration { return time.Duration(r["cpu"] * 1e9) }
	encBuf, decBuf := make([]byte, 0, 2*len(data)), make([]byte, 0, len(data))
	for range *peerRounds {
		for _, c := range sel {
			data := c.data
			bd, bn := binders[c][0], binders[c][1]
			b := best[c.name]
			minD(&b[0].enc, ours(t, func() { bd.AppendEncode(encBuf, data) }))
			minD(&b[0].dec, ours(t, func() { bd.AppendDecode(decBuf, c.frame) }))
			minD(&b[1].enc, peerDur(ask(job(c, "encode", c.dataPath, c.shuffle))))
			j := map[string]any{"op": "decode", "frame": filepath.Join(dir, c.name+".frame"), "size": len(data), "mintime": peerMintime.Seconds()}
			minD(&b[1].dec, peerDur(ask(j)))
			if c.isolate {
				fno, _ := os.ReadFile(filepath.Join(dir, c.name+".frame.no"))
				minD(&b[0].encNo, ours(t, func() { bn.AppendEncode(encBuf, c.shuffld) }))
				minD(&b[0].decNo, ours(t, func() { bn.AppendDecode(decBuf, fno) }))
				minD(&b[1].encNo, peerDur(ask(job(c, "encode", filepath.Join(dir, c.name+".shuffled"), NoShuffle))))
				j["frame"] = filepath.Join(dir, c.name+".frame.no")
				minD(&b[1].decNo, peerDur(ask(j)))
			}
		}
	}
	var mbs func(d time.Duration) float64
	var sb strings.Builder
	fmt.Fprintf(&sb, "\nbest of %d interleaved rounds, CPU time, MB/s of the chunk's bytes (%d, cut to whole elements; ratio = c-blosc time / ours)\n", *peerRounds, len(data))
	fmt.Fprintf(&sb, "| case | encode ours | encode c-blosc | x | decode ours | decode c-blosc | x |\n|---|---|---|---|---|---|---|\n")
	for _, c := range sel {
		mbs = func(d time.Duration) float64 { return float64(len(c.data)) / d.Seconds() / 1e6 }
		b := best[c.name]
		fmt.Fprintf(&sb, "| %s | %.0f | %.0f | %.2f | %.0f | %.0f | %.2f |\n", c.name, mbs(b[0].enc), mbs(b[1].enc), b[1].enc.Seconds()/b[0].enc.Seconds(),
			mbs(b[0].dec), mbs(b[1].dec), b[1].dec.Seconds()/b[0].dec.Seconds())
		if c.isolate {
			oe, od := b[0].enc-b[0].encNo, b[0].dec-b[0].decNo
			pe, pd := b[1].enc-b[1].encNo, b[1].dec-b[1].decNo
			fmt.Fprintf(&sb, "| %s noshuffle of the shuffled bytes | %.0f | %.0f | | %.0f | %.0f | |\n", c.name, mbs(b[0].encNo), mbs(b[1].encNo), mbs(b[0].decNo), mbs(b[1].decNo))
			fmt.Fprintf(&sb, "| %s shuffle alone (difference) | %.0f | %.0f | %.2f | %.0f | %.0f | %.2f |\n", c.name, mbs(oe), mbs(pe), pe.Seconds()/oe.Seconds(), mbs(od), mbs(pd), pd.Seconds()/od.Seconds())
		}
	}
	t.Log(sb.String())
}

func (c *peerCase) bind(t *testing.T, sh Shuffle, n int) codec.BoundBytesToBytes {
	t.Helper()
	spec := codec.FixedBytes(n, codec.ChunkSpec{DataType: c.dataType, Shape: []int{n / c.ts}, FillValue: numeric.Zero(c.dataType)})
	bd, err := (&Codec{Config{Cname: c.cname, Clevel: c.clevel, Shuffle: sh, Typesize: c.ts, Blocksize: c.bsize}}).ResolveBytesToBytes(spec)
	if err != nil {
		t.Fatal(err)
	}
	return bd
}

// ours runs f in a loop lasting at least -peer.mintime and returns the
// process CPU time per call.
func ours(t *testing.T, f func()) time.Duration {
	n, w0, c0 := 0, time.Now(), cputime.Process()
	for {
		f()
		n++
		if time.Since(w0) >= *peerMintime {
			break
		}
	}
	return (cputime.Process() - c0) / time.Duration(n)
}
