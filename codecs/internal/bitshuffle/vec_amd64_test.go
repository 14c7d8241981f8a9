//go:build !noasm

package bitshuffle

import (
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
	"unsafe"

	"github.com/zcodec/zcodec/internal/cpufeat"
)

// kernels are the vector bit transposes of one-byte elements this CPU can
// run, each with its step in elements.
func kernels() []struct {
	name      string
	step      int
	fwd, back func(dst, src *byte, n int)
} {
	var ks []struct {
		name      string
		step      int
		fwd, back func(dst, src *byte, n int)
	}
	if cpufeat.AVX2 {
		ks = append(ks, struct {
			name      string
			step      int
			fwd, back func(dst, src *byte, n int)
		}{"AVX2", step256, bits1AVX2, unbits1AVX2})
	}
	if cpufeat.AVX512 {
		ks = append(ks, struct {
			name      string
			step      int
			fwd, back func(dst, src *byte, n int)
		}{"AVX-512", step512, bits1AVX512, unbits1AVX512})
	}
	return ks
}

// TestKernelsMatchGo runs each vector kernel directly on random bytes of
// every multiple of 8 up to 2112 elements (and 1 MiB): the steps it
// covers must equal the Go kernels' bytes, and it must write nothing else
// (the rest of dst keeps a marker).
func TestKernelsMatchGo(t *testing.T) {
	ks := kernels()
	if len(ks) == 0 {
		t.Skip("CPU has no AVX2: the Go kernels run")
	}
	sizes := []int{1 << 20}
	for n := 0; n <= 2112; n += 8 {
		sizes = append(sizes, n)
	}
	for _, k := range ks {
		for _, n := range sizes {
			src := random(n, uint64(n)+99)
			want := make([]byte, n)
			tailShuffle(want, src, n, 1, shuffleGroups(want, src, n, 1, 0))
			got := marked(n)
			done := n / k.step * k.step
			if n > 0 {
				k.fwd(unsafe.SliceData(got), unsafe.SliceData(src), n)
			}
			checkSteps(t, k.name+" shuffle", got, want, n, done)
			back := marked(n)
			if n > 0 {
				k.back(unsafe.SliceData(back), unsafe.SliceData(want), n)
			}
			for i := range n {
				if i < done && back[i] != src[i] || i >= done && back[i] != 0xA5 {
					t.Fatalf("%s unshuffle, %d elements: byte %d is %#x", k.name, n, i, back[i])
				}
			}
		}
	}
}

func marked(n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = 0xA5
	}
	return b
}

// checkSteps requires got to hold want's bytes for the first done elements
// of every plane and the marker after them.
func checkSteps(t *testing.T, what string, got, want []byte, n, done int) {
	t.Helper()
	pl := n / 8
	for p := range 8 {
		for r := range pl {
			i := p*pl + r
			if r < done/8 && got[i] != want[i] || r >= done/8 && got[i] != 0xA5 {
				t.Fatalf("%s, %d elements: plane %d byte %d is %#x, want %#x (kernel covers %d elements)", what, n, p, r, got[i], want[i], done)
			}
		}
	}
}

// TestVectorMatchesGo compares Shuffle and Unshuffle, which take the
// vector kernels on this CPU, with the Go twin (shuffleGo, unshuffleGo)
// for element sizes 1 to 17 and 255 on counts around the kernels' steps,
// each a multiple of 8 but not of 64 or 256 for most.
func TestVectorMatchesGo(t *testing.T) {
	if !cpufeat.AVX2 {
		t.Skip("CPU has no AVX2: the Go kernels run")
	}
	ess := []int{20, 24, 32, 40, 48, 64, 255}
	for es := 1; es <= 17; es++ {
		ess = append(ess, es)
	}
	counts := []int{8, 56, 64, 72, 248, 256, 264, 504, 512, 520, 1000, 4096 + 24, 4096 + 64, 8192 + 256 + 8, 32768}
	for _, es := range ess {
		for _, n := range counts {
			t.Run(fmt.Sprintf("es%d/n%d", es, n), func(t *testing.T) {
				src := random(n*es, uint64(n*7+es))
				want, got := make([]byte, len(src)), marked(len(src))
				scratch := make([]byte, len(src))
				shuffleGo(want, src, scratch, n, es)
				Shuffle(got, src, scratch, es)
				if i := firstDiff(got, want); i >= 0 {
					t.Fatalf("shuffle differs from the Go twin at byte %d", i)
				}
				back, wantBack := marked(len(src)), make([]byte, len(src))
				unshuffleGo(wantBack, want, scratch, n, es)
				Unshuffle(back, want, scratch, es)
				if i := firstDiff(back, wantBack); i >= 0 {
					t.Fatalf("unshuffle differs from the Go twin at byte %d", i)
				}
				if i := firstDiff(back, src); i >= 0 {
					t.Fatalf("unshuffle does not give the input back (byte %d)", i)
				}
			})
		}
	}
}

// TestAVX2PathOnAVX512 runs TestVectorMatchesGo again in a child process
// with GODEBUG=cpu.avx512f=off where the CPU has AVX-512, so that the AVX2
// dispatch (and the AVX2 unit gathers) is compared with the Go twin too.
func TestAVX2PathOnAVX512(t *testing.T) {
	if !cpufeat.AVX512 {
		t.Skip("no AVX-512: TestVectorMatchesGo already runs the AVX2 path")
	}
	if testing.Short() {
		t.Skip("runs a child process")
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestVectorMatchesGo$", "-test.v")
	cmd.Env = append(os.Environ(), "GODEBUG=cpu.avx512f=off")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("GODEBUG=cpu.avx512f=off: %v\n%s", err, out)
	}
	if !strings.Contains(string(out), "--- PASS: TestVectorMatchesGo") {
		t.Fatalf("GODEBUG=cpu.avx512f=off: TestVectorMatchesGo did not run:\n%s", out)
	}
}
