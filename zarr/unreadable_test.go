package zarr

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/region"
	"github.com/zcodec/zcodec/store"
)

// unreadableStore lists the keys of bad as a directory store lists a FIFO
// or a link out of it, and fails every read of them with their error.
type unreadableStore struct {
	store.Store
	bad map[string]error
}

func (u unreadableStore) Get(ctx context.Context, key string, limit int64) ([]byte, error) {
	if err, ok := u.bad[key]; ok {
		return nil, &store.KeyError{Op: "get", Key: key, Err: err}
	}
	return u.Store.Get(ctx, key, limit)
}

func (u unreadableStore) List(ctx context.Context, prefix string, fn func(store.Entry) error) error {
	if err := u.Store.List(ctx, prefix, fn); err != nil {
		return err
	}
	for k := range u.bad {
		if strings.HasPrefix(k, prefix) {
			if err := fn(store.Entry{Key: k, Size: 0}); err != nil {
				return err
			}
		}
	}
	return nil
}

// TestVerifyUnreadableKeys: keys that are listed but cannot be read are
// failures with the store's reason, read twice, never vanished or ok.
func TestVerifyUnreadableKeys(t *testing.T) {
	ctx := context.Background()
	mem := store.NewMemory()
	a := create(t, mem, "a", newMeta(t, []int64{8}, []int{2}, numeric.Uint8, "0", `["bytes"]`, ""), 2)
	Write(ctx, a, region.Whole([]int64{8}), []uint8{1, 2, 3, 4, 5, 6, 7, 8})
	mem.Delete(ctx, "a/c/1")
	mem.Delete(ctx, "a/c/2")
	s := unreadableStore{mem, map[string]error{
		"a/c/1": errors.New("not a regular file (p---------)"),
		"a/c/2": errors.New("openat a/c/2: path escapes from parent"),
	}}
	a, err := Open(ctx, s, "a", nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range verifyAll(t, a) {
		want := "ok"
		if s.bad[c.Key] != nil {
			want = s.bad[c.Key].Error()
		}
		switch {
		case c.Vanished:
			t.Errorf("%s: vanished", c.Key)
		case c.Err == nil && want != "ok":
			t.Errorf("%s: ok, want %s", c.Key, want)
		case c.Err != nil && !strings.Contains(c.Err.Error(), want):
			t.Errorf("%s: %v, want %s", c.Key, c.Err, want)
		}
	}
}

// TestUnreadableKeysInDirectory: in a directory store, a chunk that is a
// FIFO and one that is a link out of the store are unreadable to Stats
// and failures to Verify, once the store lists them (a store that does
// not list them leaves them absent to both, which the test skips).
func TestUnreadableKeysInDirectory(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no FIFOs")
	}
	ctx := context.Background()
	d, root := tempDirStore(t)
	a := create(t, d, "a", newMeta(t, []int64{8}, []int{2}, numeric.Uint8, "0", `["bytes"]`, ""), 2)
	Write(ctx, a, region.Whole([]int64{8}), []uint8{1, 2, 3, 4, 5, 6, 7, 8})
	dir := filepath.Join(root, "a", "c")
	os.Remove(filepath.Join(dir, "1"))
	if err := syscall.Mkfifo(filepath.Join(dir, "1"), 0o666); err != nil {
		t.Skip(err)
	}
	os.Remove(filepath.Join(dir, "2"))
	os.Symlink("../../../../etc/passwd", filepath.Join(dir, "2"))
	listed := 0
	d.List(ctx, "a/", func(e store.Entry) error {
		if e.Key == "a/c/1" || e.Key == "a/c/2" {
			listed++
		}
		return nil
	})
	if listed == 0 {
		t.Skip("the directory store does not list keys it cannot read")
	}
	st, err := a.Stats(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var ce *codec.ChunkError
	if st.Present != 2 || st.Unreadable != 2 || !errors.As(st.FirstUnreadable, &ce) {
		t.Errorf("stats %+v, want 2 present and 2 unreadable", st)
	}
	failed := map[string]bool{}
	for _, c := range verifyAll(t, a) {
		if c.Vanished {
			t.Errorf("%s: vanished", c.Key)
		}
		failed[c.Key] = c.Err != nil
	}
	if !failed["a/c/1"] || !failed["a/c/2"] || failed["a/c/0"] || failed["a/c/3"] {
		t.Errorf("verify failures %v, want a/c/1 and a/c/2", failed)
	}
}

// TestUnreadableChunkDirectory: a directory of chunk keys that the
// directory store lists but does not read (a link to a directory outside
// it) hides chunks: Stats counts it unreadable and Verify fails it, once
// the store lists it (a store that does not is skipped).
func TestUnreadableChunkDirectory(t *testing.T) {
	ctx := context.Background()
	d, root := tempDirStore(t)
	a := create(t, d, "a", newMeta(t, []int64{4, 4}, []int{2, 2}, numeric.Uint8, "0", `["bytes"]`, ""), 2)
	all := make([]uint8, 16)
	for i := range all {
		all[i] = uint8(i + 1)
	}
	Write(ctx, a, region.Whole([]int64{4, 4}), all)
	outside := t.TempDir()
	dir := filepath.Join(root, "a", "c", "1")
	os.Rename(dir, filepath.Join(outside, "1"))
	if err := os.Symlink(filepath.Join(outside, "1"), dir); err != nil {
		t.Skip(err)
	}
	listed := false
	d.List(ctx, "a/", func(e store.Entry) error {
		listed = listed || e.Key == "a/c/1"
		return nil
	})
	if !listed {
		t.Skip("the directory store does not list directories it cannot read")
	}
	st, err := a.Stats(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if st.Present != 2 || st.Unreadable != 1 {
		t.Errorf("stats %+v, want 2 present and 1 unreadable", st)
	}
	failed := map[string]bool{}
	for _, c := range verifyAll(t, a) {
		failed[c.Key] = c.Err != nil
	}
	if !failed["a/c/1"] || len(failed) != 3 {
		t.Errorf("verify %v, want a/c/1 failed and the two chunks of a/c/0 ok", failed)
	}
}

func TestHoldsChunks(t *testing.T) {
	def, v2, dot := keyEncoding{sep: "/"}, keyEncoding{v2: true, sep: "/"}, keyEncoding{sep: "."}
	for _, c := range []struct {
		k    keyEncoding
		key  string
		rank int
		want bool
	}{
		{def, "c", 2, true}, {def, "c/1", 2, true}, {def, "c/1/2", 3, true},
		{def, "c/1/2", 2, false}, {def, "c/x", 2, false}, {def, "c/01", 2, false}, {def, "d", 2, false},
		{def, "c", 0, false}, {v2, "1", 2, true}, {v2, "1/2", 2, false}, {v2, "", 2, false},
		{dot, "c", 2, false},
	} {
		if got := c.k.holdsChunks(c.key, c.rank); got != c.want {
			t.Errorf("%+v.holdsChunks(%q, %d) = %v", c.k, c.key, c.rank, got)
		}
	}
}
