package zarr

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/region"
	"github.com/zcodec/zcodec/store"
)

// racingStore wraps a store and runs before[key][n] just before the n-th
// Get of key (from 0): a writer acting between the listing and the reads.
type racingStore struct {
	store.Store
	mu     sync.Mutex
	gets   map[string]int
	before map[string][]func()
}

func (r *racingStore) Get(ctx context.Context, key string, limit int64) ([]byte, error) {
	r.mu.Lock()
	n := r.gets[key]
	r.gets[key]++
	var act func()
	if n < len(r.before[key]) {
		act = r.before[key][n]
	}
	r.mu.Unlock()
	if act != nil {
		act()
	}
	return r.Store.Get(ctx, key, limit)
}

// verifyAll runs Verify and returns its checks sorted by key and inner
// chunk.
func verifyAll(t *testing.T, a *Array) []Check {
	t.Helper()
	var checks []Check
	if err := a.Verify(context.Background(), func(c Check) error {
		checks = append(checks, c)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	sort.Slice(checks, func(i, j int) bool {
		if checks[i].Key != checks[j].Key {
			return checks[i].Key < checks[j].Key
		}
		return slices.Compare(checks[i].Inner, checks[j].Inner) < 0
	})
	return checks
}

// TestVerifyVanishedChunk: a chunk deleted between the listing and the
// read is reported vanished, not corrupt; one rewritten in that window
// (half-written at the first read) is judged by its second read; one that
// is corrupt both times is reported corrupt.
func TestVerifyVanishedChunk(t *testing.T) {
	ctx := context.Background()
	for _, chain := range []string{`[{"name":"bytes","configuration":{"endian":"little"}},{"name":"crc32c"}]`, shardedChain} {
		mem := store.NewMemory()
		chunks := []int{2, 3}
		if chain == shardedChain {
			chunks = []int{8, 9}
		}
		a := create(t, mem, "a", newMeta(t, []int64{16, 18}, chunks, numeric.Uint16, "0", chain, ""), 2)
		all := make([]uint16, 16*18)
		for i := range all {
			all[i] = uint16(i + 1)
		}
		if err := Write(ctx, a, region.Whole([]int64{16, 18}), all); err != nil {
			t.Fatal(err)
		}
		deleted, rewritten, corrupt := a.ChunkKey([]int64{0, 0}), a.ChunkKey([]int64{1, 0}), a.ChunkKey([]int64{1, 1})
		good, _ := mem.Get(ctx, rewritten, store.NoLimit)
		bad, _ := mem.Get(ctx, corrupt, store.NoLimit)
		bad = slices.Clone(bad)
		bad[len(bad)-1] ^= 0xff
		mem.Set(ctx, corrupt, bad)
		rs := &racingStore{Store: mem, gets: map[string]int{}, before: map[string][]func(){
			deleted: {func() { mem.Delete(ctx, deleted) }},
			rewritten: {
				func() { mem.Set(ctx, rewritten, good[:len(good)/2]) }, // the first read sees half of it
				func() { mem.Set(ctx, rewritten, good) },               // the second the whole
			},
		}}
		a2, err := Open(ctx, rs, "a", &Options{Options: codec.Options{Concurrency: 2}})
		if err != nil {
			t.Fatal(err)
		}
		var vanished, failures []string
		for _, c := range verifyAll(t, a2) {
			switch {
			case c.Vanished:
				vanished = append(vanished, c.Key)
				if c.Err != nil {
					t.Errorf("%s: vanished with error %v", c.Key, c.Err)
				}
			case c.Err != nil:
				failures = append(failures, c.Key)
				if !errors.Is(c.Err, codec.ErrCorrupt) {
					t.Errorf("%s: %v, want corrupt", c.Key, c.Err)
				}
			}
		}
		if !slices.Equal(vanished, []string{deleted}) || !slices.Equal(slices.Compact(failures), []string{corrupt}) {
			t.Errorf("%s: vanished %v, failed %v; want vanished [%s], failed [%s]", chain[:12], vanished, failures, deleted, corrupt)
		}
	}
}

// serveDir serves the directory root over HTTP on the loopback address
// and returns an HTTP store of it.
func serveDir(t *testing.T, root string) store.Store {
	t.Helper()
	srv := httptest.NewServer(http.FileServer(http.Dir(root)))
	t.Cleanup(srv.Close)
	h, err := store.NewHTTP(srv.URL, nil)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

// summary describes checks as "key inner: ok|error" lines.
func summary(checks []Check) []string {
	var out []string
	for _, c := range checks {
		s := "ok"
		switch {
		case !c.InGrid:
			continue // a store that cannot list cannot see strays
		case c.Vanished:
			s = "vanished"
		case c.Err != nil:
			s = "fail"
		}
		out = append(out, fmt.Sprintf("%s %v: %s", c.Key, c.Inner, s))
	}
	return out
}

// TestVerifyHTTP: over an HTTP store, which cannot list keys, Verify finds
// the chunks by walking the grid and reports what it reports over the
// same directory: every stored chunk (and inner chunk) decoded, corrupt
// ones failing, absent ones not reported.
func TestVerifyHTTP(t *testing.T) {
	ctx := context.Background()
	d, root := tempDirStore(t)
	for name, chain := range map[string]string{"plain": `[{"name":"bytes","configuration":{"endian":"little"}},{"name":"crc32c"}]`, "sharded": shardedChain} {
		chunks := []int{4, 6}
		if name == "sharded" {
			chunks = []int{8, 9}
		}
		a := create(t, d, name, newMeta(t, []int64{16, 18}, chunks, numeric.Uint16, "0", chain, `{"name":"v2","configuration":{"separator":"."}}`), 2)
		part := make([]uint16, 16*9)
		for i := range part {
			part[i] = uint16(i + 1)
		}
		if err := Write(ctx, a, region.FromShape([]int64{0, 0}, []int64{16, 9}), part); err != nil {
			t.Fatal(err)
		}
		key := a.ChunkKey([]int64{0, 0})
		v, _ := d.Get(ctx, key, store.NoLimit)
		v[len(v)-1] ^= 0xff
		d.Set(ctx, key, v)
	}
	h := serveDir(t, root)
	for _, name := range []string{"plain", "sharded"} {
		local, err := Open(ctx, d, name, nil)
		if err != nil {
			t.Fatal(err)
		}
		remote, err := Open(ctx, h, name, nil)
		if err != nil {
			t.Fatal(err)
		}
		want, got := summary(verifyAll(t, local)), summary(verifyAll(t, remote))
		if len(want) < 2 || !slices.Equal(got, want) {
			t.Errorf("%s over HTTP:\n%s\nover the directory:\n%s", name, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
		if !strings.Contains(strings.Join(got, "\n"), "fail") {
			t.Errorf("%s: the corrupt chunk is not reported over HTTP", name)
		}
	}
}

// TestVerifyHTTPConsolidated verifies every array of the zarr 2.13
// hierarchy over HTTP, found through its consolidated metadata, and gets
// the results Verify gives over the directory.
func TestVerifyHTTPConsolidated(t *testing.T) {
	ctx := context.Background()
	d, err := store.OpenDir(storesDir + "zarr213")
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	h := serveDir(t, storesDir+"zarr213")
	g, err := OpenGroup(ctx, h, "")
	if err != nil {
		t.Fatal(err)
	}
	nodes, err := g.Members(ctx)
	if err != nil {
		t.Fatal(err)
	}
	verified := 0
	for _, n := range nodes {
		if n.Kind != "array" {
			continue
		}
		remote, err := n.OpenArray(ctx, nil)
		if err != nil {
			continue // a codec this build lacks
		}
		local, err := Open(ctx, d, n.Path, nil)
		if err != nil {
			t.Fatal(err)
		}
		want, got := summary(verifyAll(t, local)), summary(verifyAll(t, remote))
		if !slices.Equal(got, want) {
			t.Errorf("%s over HTTP:\n%s\nover the directory:\n%s", n.Path, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
		verified++
	}
	if verified < 5 {
		t.Errorf("only %d arrays verified", verified)
	}
}
