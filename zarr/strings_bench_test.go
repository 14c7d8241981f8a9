package zarr

import (
	"context"
	"fmt"
	"testing"

	"github.com/zcodec/zcodec/internal/cputime"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/region"
	"github.com/zcodec/zcodec/store"
)

// shortStrings returns the elements of the 1 MiB benchmark chunk:
// "s<i>-<i*7919 mod 1000>" for i = 0, 1, ..., as many as fit in 1 MiB of the
// vlen form (codecs/vlen/testdata/bench_numcodecs.py builds the same).
func shortStrings() []string {
	var out []string
	size := 4
	for i := 0; ; i++ {
		s := fmt.Sprintf("s%d-%d", i, i*7919%1000)
		if size+4+len(s) > 1<<20 {
			return out
		}
		size += 4 + len(s)
		out = append(out, s)
	}
}

// BenchmarkReadStrings reads a 1 MiB vlen-utf8 chunk of short strings
// (about 80 000) into []string, from a memory store: the figure to compare
// with numcodecs' VLenUTF8.decode of the same chunk
// (codecs/vlen/testdata/bench_numcodecs.py, CPU time in both).
//
//	go test -run '^$' -bench ReadStrings -benchtime 200ms ./zarr
func BenchmarkReadStrings(b *testing.B) {
	ctx := context.Background()
	src := shortStrings()
	s := store.NewMemory()
	m := newMeta(b, []int64{int64(len(src))}, []int{len(src)}, numeric.String, `""`, `[{"name":"vlen-utf8"}]`, "")
	a := create(b, s, "a", m, 1)
	r := region.Whole(a.Shape())
	if err := WriteStrings(ctx, a, r, src); err != nil {
		b.Fatal(err)
	}
	b.SetBytes(1 << 20)
	b.ReportAllocs()
	cputime.Loop(b, 1<<20, func() {
		got, err := ReadStrings(ctx, a, r)
		if err != nil || len(got) != len(src) {
			b.Fatal(err)
		}
	})
}
