package bench_test

import (
	"fmt"
	"os"
	"testing"

	"github.com/zcodec/zcodec/bench"
)

// TestMain prints the CPU line before the benchmarks, so that figures can
// be read per machine.
func TestMain(m *testing.M) {
	fmt.Println("cpu:", bench.CPU())
	os.Exit(m.Run())
}
