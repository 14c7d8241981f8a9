package main

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/zcodec/zcodec/store"
)

// memObjects are the stores behind memtest:// locations: an object-store
// scheme for tests, whose buckets are memory stores. A bucket named
// "failing" fails every Set after its 20th.
var memObjects = struct {
	sync.Mutex
	stores map[string]store.Store
}{stores: map[string]store.Store{}}

func init() {
	store.RegisterScheme("memtest", func(_ context.Context, loc store.Location, _ *store.OpenOptions) (store.Store, error) {
		memObjects.Lock()
		defer memObjects.Unlock()
		k := loc.Host + "/" + loc.Path
		s, ok := memObjects.stores[k]
		if !ok {
			s = store.NewMemory()
			if loc.Host == "failing" {
				s = &failingStore{Store: s, after: 20}
			}
			memObjects.stores[k] = s
		}
		return s, nil
	})
}

// failingStore fails every Set after the first few.
type failingStore struct {
	store.Store
	after int64
	sets  atomic.Int64
}

func (f *failingStore) Set(ctx context.Context, key string, v []byte) error {
	if f.sets.Add(1) > f.after {
		return errors.New("injected failure")
	}
	return f.Store.Set(ctx, key, v)
}

// memContents returns the keys and values of the memtest store at loc.
func memContents(t *testing.T, loc string) map[string][]byte {
	t.Helper()
	ctx := context.Background()
	s, err := store.Open(ctx, loc, &store.OpenOptions{Write: true})
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]byte{}
	err = s.List(ctx, "", func(e store.Entry) error {
		v, err := s.Get(ctx, e.Key, -1)
		out[e.Key] = v
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestConvertToObjectStore converts into an object store, in one process
// and in parts, with consolidated metadata, and compares both key by key
// with a conversion into a directory; a conversion that fails midway
// leaves the object store empty.
func TestConvertToObjectStore(t *testing.T) {
	dir := t.TempDir()
	src := partsSource(t, dir, "src.zarr", 1)
	want := filepath.Join(dir, "want")
	mustRun(t, 0, "convert", "--consolidate", src, want)

	mustRun(t, 0, "convert", "--consolidate", src, "memtest://bucket/one")
	sameFiles(t, "one process", memContents(t, "memtest://bucket/one"), storeFiles(t, want))
	if out := mustRun(t, 1, "convert", src, "memtest://bucket/one"); !strings.Contains(out, "not empty") {
		t.Errorf("convert into a non-empty object store: %s", out)
	}

	mustRun(t, 0, "convert", "--plan", "--consolidate", src, "memtest://bucket/parts")
	for _, p := range []string{"1/3", "0/3", "2/3"} {
		mustRun(t, 0, "convert", "--part", p, src, "memtest://bucket/parts")
	}
	mustRun(t, 0, "convert", "--finalize", "--parts", "3", "memtest://bucket/parts")
	sameFiles(t, "parts", memContents(t, "memtest://bucket/parts"), storeFiles(t, want))

	out := mustRun(t, 1, "convert", src, "memtest://failing/x")
	if !strings.Contains(out, "injected failure") {
		t.Errorf("the failure is not reported: %s", out)
	}
	if left := memContents(t, "memtest://failing/x"); len(left) != 0 {
		t.Errorf("a failed conversion left %d keys in the object store", len(left))
	}
}

// TestConvertObjectStoreOtherPlan: a conversion into an object store that
// holds the plan of another conversion (here other flags) writes nothing
// and says how to resume that one or start again.
func TestConvertObjectStoreOtherPlan(t *testing.T) {
	dir := t.TempDir()
	src := partsSource(t, dir, "src.zarr", 1)
	mustRun(t, 0, "convert", "--plan", "--consolidate", src, "memtest://bucket/other-plan")
	before := memContents(t, "memtest://bucket/other-plan")
	out := mustRun(t, 1, "convert", src, "memtest://bucket/other-plan")
	for _, want := range []string{"holds the plan of another conversion", "--part 0/1", "--finalize --parts 1", "delete every key"} {
		if !strings.Contains(out, want) {
			t.Errorf("the refusal does not say %q:\n%s", want, out)
		}
	}
	if after := memContents(t, "memtest://bucket/other-plan"); len(after) != len(before) {
		t.Errorf("the refused conversion changed DST: %d keys, then %d", len(before), len(after))
	}
	// The same flags resume that plan instead.
	out = mustRun(t, 0, "convert", "--consolidate", src, "memtest://bucket/other-plan")
	if !strings.Contains(out, "resuming the conversion left in DST") {
		t.Errorf("the same conversion does not resume the plan:\n%s", out)
	}
	want := filepath.Join(dir, "want")
	mustRun(t, 0, "convert", "--consolidate", src, want)
	sameFiles(t, "resumed", memContents(t, "memtest://bucket/other-plan"), storeFiles(t, want))
}

// TestConvertNotesKilledTemporary: a conversion into a directory beside
// the temporary directory of a convert that was killed names it, and
// converts.
func TestConvertNotesKilledTemporary(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	src := partsSource(t, dir, "src.zarr", 1)
	left := filepath.Join(dir, ".dst.zarr.zcodec-tmp-0badf00d")
	if err := os.MkdirAll(filepath.Join(left, "b", "c"), 0o777); err != nil {
		t.Fatal(err)
	}
	out := mustRun(t, 0, "convert", src, filepath.Join(dir, "dst.zarr"))
	if !strings.Contains(out, ".dst.zarr.zcodec-tmp-0badf00d is the temporary directory of a convert into DST that was killed") {
		t.Errorf("the leftover temporary directory is not named:\n%s", out)
	}
}
