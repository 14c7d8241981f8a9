package zarr

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/region"
	"github.com/zcodec/zcodec/store"
)

// TestHostileDirectoryStore: a chunk key that is a directory, a chunk
// larger than any chunk of its chain, a corrupt chunk and a link out of the
// store give errors naming the array and the key, never a panic.
func TestHostileDirectoryStore(t *testing.T) {
	ctx := context.Background()
	d, root := tempDirStore(t)
	a := create(t, d, "arr", newMeta(t, []int64{8}, []int{2}, numeric.Uint8, "0", `["bytes",{"name":"crc32c"}]`, ""), 2)
	Write(ctx, a, region.Whole([]int64{8}), []uint8{1, 2, 3, 4, 5, 6, 7, 8})
	dir := filepath.Join(root, "arr", "c")
	os.Remove(filepath.Join(dir, "0"))
	os.Mkdir(filepath.Join(dir, "0"), 0o777)                               // chunk 0 is a directory
	os.WriteFile(filepath.Join(dir, "1"), make([]byte, 1<<20), 0o666)      // far larger than 2 bytes + crc
	os.WriteFile(filepath.Join(dir, "2"), []byte{9, 9, 0, 0, 0, 0}, 0o666) // wrong checksum
	os.Remove(filepath.Join(dir, "3"))
	os.Symlink("../../../../etc/passwd", filepath.Join(dir, "3")) // leads out of the store
	for i, want := range []error{store.ErrIsDirectory, store.ErrTooLarge, codec.ErrCorrupt, nil} {
		_, err := Read[uint8](ctx, a, region.FromShape([]int64{int64(2 * i)}, []int64{1}))
		var ce *codec.ChunkError
		if !errors.As(err, &ce) || ce.Array != "arr" || ce.Key != a.ChunkKey([]int64{int64(i)}) {
			t.Errorf("chunk %d: %v", i, err)
			continue
		}
		if want != nil && !errors.Is(err, want) {
			t.Errorf("chunk %d: %v, want %v", i, err, want)
		}
	}
}
