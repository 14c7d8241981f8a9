package bench

import (
	"bufio"
	"fmt"
	"os"
	"runtime"
	"strings"

	"github.com/zcodec/zcodec/numeric"
)

// CPU describes the machine for benchmark reports: the CPU model (from
// /proc/cpuinfo where there is one), GOARCH, the number of CPUs and the
// vector instruction sets zcodec's kernels use on it, e.g.
// "AMD EPYC, amd64, 2 CPUs, kernels: AVX2 AVX-512(F,BW,DQ,VL)".
func CPU() string {
	model := "unknown CPU"
	if f, err := os.Open("/proc/cpuinfo"); err == nil {
		defer f.Close()
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			if k, v, ok := strings.Cut(sc.Text(), ":"); ok && strings.TrimSpace(k) == "model name" {
				model = strings.TrimSpace(v)
				break
			}
		}
	}
	return fmt.Sprintf("%s, %s, %d CPUs, kernels: %s", model, runtime.GOARCH, runtime.NumCPU(), numeric.CPUFeatures())
}
