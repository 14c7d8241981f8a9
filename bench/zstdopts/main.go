// Command zstdopts measures klauspost/compress zstd options and levels on
// two 128 KiB chunks of the demo chain's uint8 output, against libzstd
// through numcodecs in the same run:
//
//	go run ./bench/zstdopts [-rounds 5] [-mintime 0.2s] [-peer=false] [-only REGEXP]
//
// "match" is the project's bench data (benchdata.Field(benchdata.Smooth, 128 Ki,
// 1) quantised as the demo chain does: (x - 243.15) * 4, rounded, clamped
// to 0-255); "literal" is the same field with Gaussian noise of 1.4
// quantisation steps added before rounding, which leaves mostly literals.
// Every variant encodes each chunk in a loop lasting at least -mintime;
// the figure is MB/s of input bytes per second of process CPU time
// (getrusage), best of -rounds rounds, with wall time beside it. A round
// runs every variant and then the peer (bench/zstdopts_peer.py, one
// /usr/bin/python3 process per round), so that both run under the same
// load. Ratios are input/output bytes.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/klauspost/compress/zstd"
	"github.com/zcodec/zcodec/bench"
	"github.com/zcodec/zcodec/internal/benchdata"
	"github.com/zcodec/zcodec/internal/cputime"
)

// variant is one way of encoding a chunk.
type variant struct {
	name string
	opts []zstd.EOption
	pool bool // one encoder of concurrency 1 reused (false: shared default-concurrency encoder)
}

func main() {
	rounds := flag.Int("rounds", 5, "rounds (best of)")
	mintime := flag.Duration("mintime", 200*time.Millisecond, "minimum time per measurement")
	peer := flag.Bool("peer", true, "time numcodecs (libzstd) too, with /usr/bin/python3")
	only := flag.String("only", "", "time only the variants whose name matches this regular expression")
	flag.Parse()
	match, err := regexp.Compile(*only)
	check(err)

	chunks := map[string][]byte{"match": quantised(0), "literal": quantised(1.4)}
	names := []string{"match", "literal"}
	base := []zstd.EOption{zstd.WithZeroFrames(true), zstd.WithLowerEncoderMem(true)}
	with := func(o ...zstd.EOption) []zstd.EOption { return append(append([]zstd.EOption{}, base...), o...) }
	lit := zstd.WithAllLitEntropyCompression(true)
	variants := []variant{
		{"default lit shared (before)", with(lit, zstd.WithEncoderLevel(zstd.SpeedDefault)), false},
		{"default lit pooled (codec)", with(lit, zstd.WithEncoderLevel(zstd.SpeedDefault)), true},
		{"default nolit pooled", with(zstd.WithAllLitEntropyCompression(false), zstd.WithEncoderLevel(zstd.SpeedDefault)), true},
		{"default lit pooled highmem", []zstd.EOption{zstd.WithZeroFrames(true), lit, zstd.WithEncoderLevel(zstd.SpeedDefault)}, true},
		{"default lit pooled window128K", with(lit, zstd.WithEncoderLevel(zstd.SpeedDefault), zstd.WithWindowSize(128<<10)), true},
		{"default lit pooled window1M", with(lit, zstd.WithEncoderLevel(zstd.SpeedDefault), zstd.WithWindowSize(1<<20)), true},
		{"default lit highmem window128K", []zstd.EOption{zstd.WithZeroFrames(true), lit, zstd.WithEncoderLevel(zstd.SpeedDefault), zstd.WithWindowSize(128 << 10)}, true},
		{"fastest lit pooled", with(lit, zstd.WithEncoderLevel(zstd.SpeedFastest)), true},
		{"fastest nolit pooled", with(zstd.WithAllLitEntropyCompression(false), zstd.WithEncoderLevel(zstd.SpeedFastest)), true},
		{"better lit pooled", with(lit, zstd.WithEncoderLevel(zstd.SpeedBetterCompression)), true},
	}
	variants = slices.DeleteFunc(variants, func(v variant) bool { return !match.MatchString(v.name) })
	dir, err := os.MkdirTemp("", "zstdopts")
	check(err)
	defer os.RemoveAll(dir)
	for _, n := range names {
		check(os.WriteFile(filepath.Join(dir, n+".bin"), chunks[n], 0o644))
	}

	type key struct{ v, c string }
	best := map[key][2]float64{} // CPU MB/s, wall MB/s
	ratio := map[key]float64{}
	update := func(k key, cpu, wall float64) {
		b := best[k]
		best[k] = [2]float64{max(b[0], cpu), max(b[1], wall)}
	}
	for range *rounds {
		for _, v := range variants {
			for _, n := range names {
				cpu, wall, r := timeVariant(v, chunks[n], *mintime)
				update(key{v.name, n}, cpu, wall)
				ratio[key{v.name, n}] = r
			}
		}
		if *peer {
			out, err := exec.Command("/usr/bin/python3", "bench/zstdopts_peer.py", dir, strconv.FormatFloat(mintime.Seconds(), 'f', 3, 64)).Output()
			check(err)
			sc := bufio.NewScanner(strings.NewReader(string(out)))
			for sc.Scan() {
				var name, c string
				var cpu, wall, r float64
				if _, err := fmt.Sscan(sc.Text(), &name, &c, &cpu, &wall, &r); err != nil {
					check(fmt.Errorf("peer line %q: %w", sc.Text(), err))
				}
				update(key{name, c}, cpu, wall)
				ratio[key{name, c}] = r
			}
		}
	}
	fmt.Printf("%s; klauspost/compress zstd, 128 KiB chunks; best of %d interleaved rounds, MB/s of input per CPU second (wall)\n", bench.CPU(), *rounds)
	fmt.Printf("%-32s", "variant")
	for _, n := range names {
		fmt.Printf(" | %-26s", n+" ratio, MB/s cpu (wall)")
	}
	fmt.Println()
	all := []string{}
	for _, v := range variants {
		all = append(all, v.name)
	}
	if *peer {
		all = append(all, "numcodecs-Zstd(3)", "numcodecs-Zstd(1)")
	}
	for _, v := range all {
		fmt.Printf("%-32s", v)
		for _, n := range names {
			k := key{v, n}
			fmt.Printf(" | %6.3f %7.1f (%7.1f)    ", ratio[k], best[k][0], best[k][1])
		}
		fmt.Println()
	}
}

// quantised returns the demo chain's uint8 chunk of the Smooth field with
// Gaussian noise of sigma quantisation steps.
func quantised(sigma float64) []byte {
	f := benchdata.Field(benchdata.Smooth, 128<<10, benchdata.Seed)
	r := rand.New(rand.NewPCG(2, 2))
	out := make([]byte, len(f))
	for i, x := range f {
		q := (x-benchdata.DemoOffset)*benchdata.DemoScale + sigma*r.NormFloat64()
		out[i] = byte(min(max(math.RoundToEven(q), 0), 255))
	}
	return out
}

// timeVariant encodes src with v for at least d and returns MB/s per CPU
// second and per wall second, and the ratio.
func timeVariant(v variant, src []byte, d time.Duration) (cpu, wall, ratio float64) {
	opts := v.opts
	if v.pool {
		opts = append(opts, zstd.WithEncoderConcurrency(1))
	}
	enc, err := zstd.NewWriter(nil, opts...)
	check(err)
	defer enc.Close()
	dst := enc.EncodeAll(src, nil)
	ratio = float64(len(src)) / float64(len(dst))
	if ref, ok := reference[string(src[:64])+v.name[:4]]; ok && string(ref) != string(dst) {
		fmt.Fprintf(os.Stderr, "%s: bytes differ from the first variant of its level\n", v.name)
	} else if !ok {
		reference[string(src[:64])+v.name[:4]] = dst
	}
	n, c0, t0 := 0, cpuTime(), time.Now()
	for time.Since(t0) < d {
		dst = enc.EncodeAll(src, dst[:0])
		n++
	}
	c, w := cpuTime()-c0, time.Since(t0)
	mb := float64(n*len(src)) / 1e6
	return mb / c.Seconds(), mb / w.Seconds(), ratio
}

// reference holds the first variant's output per chunk and level, to say
// which variants write other bytes.
var reference = map[string][]byte{}

// cpuTime is the process's user plus system CPU time (0 where the
// system does not give it).
func cpuTime() time.Duration { return cputime.Process() }

func check(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, "zstdopts:", err)
		os.Exit(1)
	}
}
