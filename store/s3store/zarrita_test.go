package s3store

import (
	"context"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	_ "github.com/zcodec/zcodec/codecs"
	"github.com/zcodec/zcodec/metadata"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/region"
	"github.com/zcodec/zcodec/registry"
	"github.com/zcodec/zcodec/store"
	"github.com/zcodec/zcodec/zarr"
)

// TestZarritaReadsS3: zcodec writes a hierarchy through the S3 store, the
// objects are copied out of the bucket into a directory as they are, and
// zarrita.js reads the values zcodec was given. Skipped when node or
// zarrita is not installed (npm ci --prefix testdata/zarrita).
func TestZarritaReadsS3(t *testing.T) {
	zdir, _ := filepath.Abs("../../testdata/zarrita")
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node is not installed: zarrita.js comparison skipped")
	}
	if _, err := os.Stat(filepath.Join(zdir, "node_modules", "zarrita")); err != nil {
		t.Skip("zarrita.js is not installed: run npm ci --prefix testdata/zarrita")
	}
	ctx := context.Background()
	f := newFakeS3(t)
	s := open(t, f.URL, "archive/demo.zarr", nil)
	if _, err := zarr.CreateGroup(ctx, s, "", json.RawMessage(`{"written":"through s3"}`)); err != nil {
		t.Fatal(err)
	}
	define := func(shape []int64, chunks []int, dt numeric.DataType, fill, codecs string) *metadata.ArrayDefinition {
		chain, err := registry.Default().ParseCodecs(json.RawMessage(codecs), "/codecs")
		if err != nil {
			t.Fatal(err)
		}
		fv, err := numeric.ParseFillValue(dt, []byte(fill))
		if err != nil {
			t.Fatal(err)
		}
		return &metadata.ArrayDefinition{Shape: shape, DataType: dt, ChunkShape: chunks, FillValue: fv, Codecs: chain.Codecs}
	}
	// float32 with zstd, edge chunks, written whole.
	a, err := zarr.Create(ctx, s, "f4_zstd", define([]int64{10, 7}, []int{4, 4}, numeric.Float32, "-1",
		`[{"name":"bytes","configuration":{"endian":"little"}},{"name":"zstd","configuration":{"level":3,"checksum":false}}]`), nil)
	if err != nil {
		t.Fatal(err)
	}
	f4 := make([]float32, 70)
	for i := range f4 {
		f4[i] = float32(math.Sin(float64(i)/5) * 100)
	}
	if err := zarr.Write(ctx, a, region.Whole(a.Shape()), f4); err != nil {
		t.Fatal(err)
	}
	// uint16 sharded (index at the end), one region written: the rest is fill.
	b, err := zarr.Create(ctx, s, "g/u2_sharded", define([]int64{12, 9}, []int{6, 9}, numeric.Uint16, "7",
		`[{"name":"sharding_indexed","configuration":{"chunk_shape":[3,3],
		  "codecs":[{"name":"bytes","configuration":{"endian":"little"}},{"name":"zstd","configuration":{"level":1,"checksum":false}}],
		  "index_codecs":[{"name":"bytes","configuration":{"endian":"little"}},{"name":"crc32c"}],"index_location":"end"}}]`), nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := zarr.CreateGroup(ctx, s, "g", nil); err != nil {
		t.Fatal(err)
	}
	u2 := make([]uint16, 12*9)
	for i := range u2 {
		u2[i] = 7
	}
	part := make([]uint16, 5*9)
	for i := range part {
		part[i] = uint16(i * 1000)
		u2[2*9+i] = part[i]
	}
	if err := zarr.Write(ctx, b, region.FromShape([]int64{2, 0}, []int64{5, 9}), part); err != nil {
		t.Fatal(err)
	}

	// Copy the objects out, byte for byte, through List and Get.
	dir := t.TempDir()
	d, err := store.OpenDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	copied := 0
	if err := s.List(ctx, "", func(e store.Entry) error {
		if e.Err != nil {
			return e.Err
		}
		v, err := s.Get(ctx, e.Key, store.NoLimit)
		if err != nil {
			return err
		}
		if int64(len(v)) != e.Size {
			t.Errorf("%s: listed with %d bytes, read %d", e.Key, e.Size, len(v))
		}
		copied++
		return d.Set(ctx, e.Key, v)
	}); err != nil {
		t.Fatal(err)
	}
	if copied < 5 {
		t.Fatalf("copied %d objects", copied)
	}

	out, err := exec.Command("node", filepath.Join(zdir, "zarrita.mjs"), "read", dir, "f4_zstd", "g/u2_sharded").Output()
	if err != nil {
		var stderr []byte
		if ee, ok := err.(*exec.ExitError); ok {
			stderr = ee.Stderr
		}
		t.Fatalf("zarrita.mjs: %v\n%s", err, stderr)
	}
	var doc struct {
		Arrays []struct {
			Path, Hex string
			DataType  string `json:"data_type"`
		}
	}
	if err := json.Unmarshal(out, &doc); err != nil || len(doc.Arrays) != 2 {
		t.Fatalf("zarrita.mjs output %s: %v", out, err)
	}
	want := make([]string, 2) // the values given to zcodec, little-endian, in C order
	for _, v := range f4 {
		want[0] += hex.EncodeToString(binary.LittleEndian.AppendUint32(nil, math.Float32bits(v)))
	}
	for _, v := range u2 {
		want[1] += hex.EncodeToString(binary.LittleEndian.AppendUint16(nil, v))
	}
	for i, dt := range []string{"float32", "uint16"} {
		got := doc.Arrays[i]
		if got.DataType != dt || got.Hex != want[i] {
			t.Errorf("%s: zarrita reads %s %s\nwant %s %s", got.Path, got.DataType, got.Hex, dt, want[i])
		}
	}
}
