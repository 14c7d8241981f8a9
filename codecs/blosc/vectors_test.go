package blosc

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/zcodec/zcodec/internal/b2btest"
	"github.com/zcodec/zcodec/numeric"
)

// vector is one frame written by c-blosc 1.21.3 (testdata/gen_vectors.py).
type vector struct {
	Name      string
	Via       string
	Cname     string
	Clevel    int
	Shuffle   int
	Typesize  int
	Blocksize int
	Input     struct {
		Kind   string
		Nbytes int
		Seed   uint32
	}
	InputSHA256   string `json:"input_sha256"`
	Frame         struct{ Offset, Length int }
	Zarr          json.RawMessage
	NumcodecsZarr json.RawMessage `json:"numcodecs_zarr"`
	SplitMode     string          `json:"blosc_splitmode"`

	// DecodedLen and Why describe rejects.
	DecodedLen       int `json:"decoded_len"`
	Why              string
	NumcodecsRefuses bool `json:"numcodecs_refuses"`

	input, frame []byte
}

type manifest struct {
	Vectors []vector
	Rejects []vector
}

// loadVectors reads testdata/vectors.json and frames.bin and recomputes
// every input, checking it against the generator's hash.
func loadVectors(t testing.TB) manifest {
	t.Helper()
	js, err := os.ReadFile(filepath.Join("testdata", "vectors.json"))
	if err != nil {
		t.Fatal(err)
	}
	frames, err := os.ReadFile(filepath.Join("testdata", "frames.bin"))
	if err != nil {
		t.Fatal(err)
	}
	var m manifest
	if err := json.Unmarshal(js, &m); err != nil {
		t.Fatal(err)
	}
	for i := range m.Vectors {
		v := &m.Vectors[i]
		v.frame = frames[v.Frame.Offset : v.Frame.Offset+v.Frame.Length]
		v.input = makeInput(v.Input.Kind, v.Input.Nbytes, v.Typesize, v.Input.Seed)
		if sum := sha256.Sum256(v.input); hex.EncodeToString(sum[:]) != v.InputSHA256 {
			t.Fatalf("%s: recomputed input differs from the generator's", v.Name)
		}
	}
	for i := range m.Rejects {
		r := &m.Rejects[i]
		r.frame = frames[r.Frame.Offset : r.Frame.Offset+r.Frame.Length]
	}
	if len(m.Vectors) < 300 || len(m.Rejects) < 20 {
		t.Fatalf("%d vectors and %d rejects; the manifest is incomplete", len(m.Vectors), len(m.Rejects))
	}
	return m
}

// lcg is gen_vectors.py's generator.
type lcg uint32

func (r *lcg) next() uint32 {
	*r = lcg((1103515245*uint32(*r) + 12345) & 0x7fffffff)
	return uint32(*r) >> 16
}

// makeInput is gen_vectors.py's make_input.
func makeInput(kind string, nbytes, ts int, seed uint32) []byte {
	r := lcg(seed & 0x7fffffff)
	out := make([]byte, nbytes)
	switch kind {
	case "smooth", "slow":
		n := nbytes / ts
		for i := range n {
			v := uint64(3*i) + uint64(r.next()%8)
			if kind == "slow" {
				v = uint64(i / 8)
			}
			for b := range ts {
				if b < 8 {
					out[i*ts+b] = byte(v >> (8 * b))
				} else {
					out[i*ts+b] = byte((b + i/64) % 256)
				}
			}
		}
		for j := n * ts; j < nbytes; j++ {
			out[j] = byte(r.next() % 256)
		}
	case "f32":
		for i := range nbytes / 4 {
			v := 100 + float64(i%1024)/16 + float64(i/1024) + float64(r.next()%4)/(1<<14)
			binary.LittleEndian.PutUint32(out[4*i:], math.Float32bits(float32(v)))
		}
	case "random":
		for j := range out {
			out[j] = byte(r.next() % 256)
		}
	case "zeros":
	case "mixed":
		for j := nbytes / 2; j < nbytes; j++ {
			out[j] = byte(r.next() % 256)
		}
	default:
		panic("unknown input kind " + kind)
	}
	return out
}

// TestVectorsDecode decodes every c-blosc frame under both codec names
// and compares with the input numcodecs compressed.
func TestVectorsDecode(t *testing.T) {
	m := loadVectors(t)
	for _, v := range m.Vectors {
		t.Run(v.Name, func(t *testing.T) {
			for _, js := range []json.RawMessage{v.Zarr, v.NumcodecsZarr} {
				b := b2btest.Bind(t, b2btest.Parse(t, string(js)), numeric.Uint8, len(v.input))
				out, err := b.AppendDecode([]byte("prefix"), v.frame)
				if err != nil {
					t.Fatalf("%s: %v", js, err)
				}
				b2btest.Equal(t, "decode", out, append([]byte("prefix"), v.input...))
			}
		})
	}
}

// TestVectorsTrailingBytes: bytes after a frame's cbytes are ignored, as
// c-blosc ignores them.
func TestVectorsTrailingBytes(t *testing.T) {
	m := loadVectors(t)
	for _, v := range m.Vectors[:40] {
		b := b2btest.Bind(t, b2btest.Parse(t, string(v.Zarr)), numeric.Uint8, len(v.input))
		out, err := b.AppendDecode(nil, append(append([]byte{}, v.frame...), "trailing"...))
		if err != nil {
			t.Fatalf("%s: %v", v.Name, err)
		}
		b2btest.Equal(t, v.Name, out, v.input)
	}
}

// TestVectorsVersion1 reads every frame again with its header's format
// version set to 1, that of pre-1.0 Blosc, which has the same layout.
func TestVectorsVersion1(t *testing.T) {
	m := loadVectors(t)
	for _, v := range m.Vectors {
		f := append([]byte{}, v.frame...)
		f[0] = 1
		b := b2btest.Bind(t, b2btest.Parse(t, string(v.Zarr)), numeric.Uint8, len(v.input))
		out, err := b.AppendDecode(nil, f)
		if err != nil {
			t.Fatalf("%s: %v", v.Name, err)
		}
		b2btest.Equal(t, v.Name, out, v.input)
	}
}

// TestVectorsRejects: every forged frame is a *codec.CorruptError.
func TestVectorsRejects(t *testing.T) {
	m := loadVectors(t)
	for _, r := range m.Rejects {
		t.Run(r.Name, func(t *testing.T) {
			for _, name := range []string{`"numcodecs.blosc"`, `{"name":"blosc","configuration":{"cname":"lz4","clevel":5}}`} {
				b := b2btest.Bind(t, b2btest.Parse(t, name), numeric.Uint8, r.DecodedLen)
				out, err := b.AppendDecode(nil, r.frame)
				if !b2btest.IsCorrupt(err) {
					t.Fatalf("%s (%s): %d bytes, error %v; want a *codec.CorruptError", r.Name, r.Why, len(out), err)
				}
			}
		})
	}
}

// TestVectorsEncode encodes every vector's input with the vector's settings
// and checks that the frame is laid out as c-blosc laid out its own (same
// header but for the stream sizes (byte for byte with lz4): block size, type size, shuffle and
// split flags, compressor), decodes back, and that the compression ratio
// of each compressor, over the vectors of noisy data (kinds smooth and
// f32, where the ratio depends on the entropy coder more than on the match
// finder), stays near c-blosc's.
func TestVectorsEncode(t *testing.T) {
	m := loadVectors(t)
	ours, theirs := map[string]int{}, map[string]int{}
	for _, v := range m.Vectors {
		if v.SplitMode != "" {
			continue // c-blosc was told to split otherwise than by default
		}
		t.Run(v.Name, func(t *testing.T) {
			for _, js := range []json.RawMessage{v.Zarr, v.NumcodecsZarr} {
				b := b2btest.Bind(t, b2btest.Parse(t, string(js)), numeric.Uint8, len(v.input))
				enc, err := b.AppendEncode([]byte("prefix"), v.input)
				if err != nil {
					t.Fatal(err)
				}
				if string(enc[:6]) != "prefix" {
					t.Fatal("encode changed dst's prefix")
				}
				enc = enc[6:]
				checkLayout(t, enc, v.frame)
				// pierrec/lz4's CompressorCCompat writes LZ4_compress_fast's
				// bytes, so with the same layout the frames are identical
				if v.Cname == "lz4" {
					b2btest.Equal(t, "lz4 frame against c-blosc's", enc, v.frame)
				}
				out, err := b.AppendDecode(nil, enc)
				if err != nil {
					t.Fatalf("decode own frame: %v", err)
				}
				b2btest.Equal(t, "round trip", out, v.input)
				if string(js) == string(v.Zarr) && (v.Input.Kind == "smooth" || v.Input.Kind == "f32") {
					ours[v.Cname] += len(enc)
					theirs[v.Cname] += len(v.frame)
				}
			}
		})
	}
	for _, cname := range compressorNames {
		ratio := float64(ours[cname]) / float64(theirs[cname])
		t.Logf("%-8s zcodec %8d bytes, c-blosc %8d bytes: %.3f", cname, ours[cname], theirs[cname], ratio)
		if ratio > 1.15 {
			t.Errorf("%s frames are %.0f%% larger than c-blosc's", cname, 100*(ratio-1))
		}
	}
}

// checkLayout compares the header of our frame with c-blosc's.
func checkLayout(t *testing.T, ours, theirs []byte) {
	t.Helper()
	ho, msg := parseHeader(ours)
	if msg != "" {
		t.Fatalf("our header: %s", msg)
	}
	ht, _ := parseHeader(theirs)
	const layout = ^byte(flagMemcpy)
	switch {
	case ho.version != 2 || ho.versionLZ != 1:
		t.Fatalf("versions %d/%d, want 2/1", ho.version, ho.versionLZ)
	case ho.nbytes != ht.nbytes || ho.typesize != ht.typesize || ho.blocksize != ht.blocksize:
		t.Fatalf("nbytes/typesize/blocksize %d/%d/%d, c-blosc %d/%d/%d", ho.nbytes, ho.typesize, ho.blocksize, ht.nbytes, ht.typesize, ht.blocksize)
	case ho.flags&layout != ht.flags&layout:
		t.Fatalf("flags %#02x, c-blosc %#02x", ho.flags, ht.flags)
	case ho.cbytes > ho.nbytes+headerSize:
		t.Fatalf("frame of %d bytes for %d bytes of data", ho.cbytes, ho.nbytes)
	}
	// Small chunks and clevel 0 are always stored; otherwise storing is a
	// matter of how well the streams compress, which may differ.
	if ht.nbytes < minBuffer && ho.flags&flagMemcpy == 0 {
		t.Fatalf("flags %#02x: a chunk of %d bytes must be stored", ho.flags, ho.nbytes)
	}
}
