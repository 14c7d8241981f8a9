package cpufeat

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

// TestDescribe checks that Describe agrees with the flags.
func TestDescribe(t *testing.T) {
	d := Describe()
	switch {
	case AVX512 && d != "AVX2 AVX-512(F,BW,DQ,VL)",
		!AVX512 && AVX2 && d != "AVX2",
		!AVX2 && d != "none":
		t.Fatalf("Describe() = %q with AVX2 %v, AVX512 %v", d, AVX2, AVX512)
	}
	if AVX512 && !AVX2 {
		t.Fatal("AVX512 without AVX2")
	}
}

// TestGODEBUGOff runs this test binary again with GODEBUG switching the
// features off and checks that the kernels would see none of them.
func TestGODEBUGOff(t *testing.T) {
	if os.Getenv("CPUFEAT_CHILD") != "" {
		os.Stdout.WriteString("describe=" + Describe() + "\n")
		return
	}
	if testing.Short() {
		t.Skip("runs a child process")
	}
	for _, tc := range []struct{ godebug, want string }{
		{"cpu.avx2=off", "none"},
		{"cpu.avx512f=off", map[bool]string{true: "AVX2", false: "none"}[AVX2]},
	} {
		cmd := exec.Command(os.Args[0], "-test.run=^TestGODEBUGOff$")
		cmd.Env = append(os.Environ(), "CPUFEAT_CHILD=1", "GODEBUG="+tc.godebug)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("GODEBUG=%s: %v\n%s", tc.godebug, err, out)
		}
		if !strings.Contains(string(out), "describe="+tc.want+"\n") {
			t.Errorf("GODEBUG=%s: want describe=%s, got\n%s", tc.godebug, tc.want, out)
		}
	}
}
