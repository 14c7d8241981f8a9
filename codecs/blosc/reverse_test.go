package blosc

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/internal/b2btest"
	"github.com/zcodec/zcodec/numeric"
)

// exportEntry is one frame zcodec wrote, for testdata/check_zcodec.py.
type exportEntry struct {
	Name    string `json:"name"`
	Config  string `json:"config"`
	Frame   string `json:"frame"`
	Decoded string `json:"decoded"`
}

// exportFrames writes zcodec's frames to dir with export.json: every
// vector's input with the vector's settings, and every compressor x
// shuffle x level x block size on smooth float data, noise and short
// chunks. It returns the number of frames.
func exportFrames(t testing.TB, dir string) int {
	var entries []exportEntry
	write := func(name string, c Config, in []byte) {
		spec := codec.FixedBytes(len(in), b2btest.ArraySpec(numeric.Uint8, max(len(in), 1)))
		b, err := (&NumcodecsCodec{c}).ResolveBytesToBytes(spec)
		if err != nil {
			t.Fatal(err)
		}
		frame, err := b.AppendEncode(nil, in)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		js, _ := (&NumcodecsCodec{c}).MarshalJSON()
		e := exportEntry{Name: name, Config: string(js), Frame: name + ".blosc", Decoded: name + ".raw"}
		for file, data := range map[string][]byte{e.Frame: frame, e.Decoded: in} {
			if err := os.WriteFile(filepath.Join(dir, file), data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		entries = append(entries, e)
	}
	for _, v := range loadVectors(t).Vectors {
		write("vector-"+v.Name, Config{Cname: v.Cname, Clevel: v.Clevel, Shuffle: Shuffle(v.Shuffle), Typesize: v.Typesize, Blocksize: v.Blocksize}, v.input)
	}
	inputs := map[string]struct {
		data []byte
		ts   int
	}{
		"f32":    {b2btest.Smooth(50000, 11), 4},
		"f64":    {b2btest.Smooth(30000, 12)[:100000], 8},
		"u8":     {makeInput("smooth", 70001, 1, 13), 1},
		"ts3":    {makeInput("smooth", 30001, 3, 14), 3},
		"noise":  {b2btest.Random(20000, 15), 4},
		"short":  {makeInput("smooth", 200, 2, 16), 2},
		"ts255":  {makeInput("smooth", 255*40, 255, 17), 255},
		"ts1000": {makeInput("smooth", 20000, 1000, 18), 1000},
	}
	for iname, in := range inputs {
		for _, cname := range compressorNames {
			for sh := AutoShuffle; sh <= BitShuffle; sh++ {
				for _, clevel := range []int{1, 5, 9} {
					for _, bs := range []int{0, 300, 4096} {
						if iname != "f32" && (clevel != 5 || bs == 300) {
							continue
						}
						write(fmt.Sprintf("%s-%s-s%d-c%d-b%d", iname, cname, sh, clevel, bs),
							Config{Cname: cname, Clevel: clevel, Shuffle: sh, Typesize: in.ts, Blocksize: bs}, in.data)
					}
				}
			}
		}
	}
	js, _ := json.MarshalIndent(entries, "", " ")
	if err := os.WriteFile(filepath.Join(dir, "export.json"), js, 0o644); err != nil {
		t.Fatal(err)
	}
	return len(entries)
}

// TestExportForNumcodecs writes the frames for check_zcodec.py run by hand
// (it sets ZCODEC_BLOSC_EXPORT_DIR); skipped otherwise.
func TestExportForNumcodecs(t *testing.T) {
	dir := os.Getenv("ZCODEC_BLOSC_EXPORT_DIR")
	if dir == "" {
		t.Skip("ZCODEC_BLOSC_EXPORT_DIR is not set")
	}
	t.Logf("%d frames written to %s", exportFrames(t, dir), dir)
}

// TestNumcodecsReadsZcodec has Debian's numcodecs (c-blosc 1.21.3) decode
// every frame exportFrames writes. It is skipped, saying why, where
// /usr/bin/python3 or its numcodecs is missing, and in -short mode.
func TestNumcodecsReadsZcodec(t *testing.T) {
	if testing.Short() {
		t.Skip("-short")
	}
	const python = "/usr/bin/python3"
	if out, err := exec.Command(python, "-c", "import numcodecs.blosc").CombinedOutput(); err != nil {
		t.Skipf("%s cannot import numcodecs: %v %s", python, err, strings.TrimSpace(string(out)))
	}
	dir := t.TempDir()
	n := exportFrames(t, dir)
	out, err := exec.Command(python, filepath.Join("testdata", "check_zcodec.py"), "--dir", dir).CombinedOutput()
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	if err != nil {
		t.Fatalf("check_zcodec.py: %v\n%s", err, out)
	}
	t.Logf("%d frames; %s", n, lines[len(lines)-1])
}
