package convert_test

import (
	"context"
	"errors"
	"testing"

	"github.com/zcodec/zcodec/convert"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/store"
	"github.com/zcodec/zcodec/zarr"
)

// TestOptionErrors: an option that cannot apply to the source is an
// *OptionError naming the field of Options, before anything is written.
func TestOptionErrors(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	one := store.NewMemory()
	writeArray(t, one, "", []int64{17, 5, 3}, []int{4, 5, 2}, numeric.Uint8, 1)
	array := openSource(t, one)
	group := openSource(t, hierarchy(t, 2))
	sharded := chain(t, `[{"name":"sharding_indexed","configuration":{"chunk_shape":[4,5,2],"codecs":[{"name":"bytes","configuration":{"endian":"little"}}],"index_codecs":[{"name":"bytes","configuration":{"endian":"little"}}]}}]`)
	for _, c := range []struct {
		name    string
		src     *convert.Source
		opts    convert.Options
		option  string
		message string
		cause   error
	}{
		{"chunks rank", array, convert.Options{Chunks: []int{4, 5}}, "Chunks", "Options.Chunks: 2 dimensions, the array 3", nil},
		{"shards rank", array, convert.Options{Shards: []int{4}}, "Shards", "Options.Shards: 1 dimensions, the array 3", nil},
		{"shards multiple", array, convert.Options{Shards: []int{6, 5, 2}}, "Shards", "Options.Shards: [6 5 2] is not a multiple of the chunks [4 5 2] in dimension 0", nil},
		{"shards sharded", array, convert.Options{Codecs: sharded, Shards: []int{8, 5, 2}}, "Shards", "Options.Shards: the chain is already sharded: give an unsharded chain of codecs", nil},
		{"consolidate array", array, convert.Options{Consolidate: true}, "Consolidate", "Options.Consolidate: the source is an array; consolidated metadata is written into a group: " + zarr.ErrNotGroup.Error(), zarr.ErrNotGroup},
		{"chunks group", group, convert.Options{Chunks: []int{4}}, "Chunks", "Options.Chunks: applies to one array, and the source is a group", nil},
		{"shards group", group, convert.Options{Shards: []int{4}}, "Shards", "Options.Shards: applies to one array, and the source is a group", nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			for _, run := range []struct {
				how string
				do  func(store.Store) error
			}{
				{"Convert", func(dst store.Store) error { _, err := convert.Convert(ctx, c.src, dst, &c.opts); return err }},
				{"WritePlan", func(dst store.Store) error { _, err := convert.WritePlan(ctx, c.src, dst, &c.opts); return err }},
			} {
				dst := store.NewMemory()
				err := run.do(dst)
				var oe *convert.OptionError
				if !errors.As(err, &oe) || oe.Option != c.option {
					t.Fatalf("%s: %v, want an *OptionError for %s", run.how, err, c.option)
				}
				if oe.Error() != c.message {
					t.Errorf("%s: %q, want %q", run.how, oe.Error(), c.message)
				}
				if c.cause != nil && !errors.Is(err, c.cause) {
					t.Errorf("%s: %v does not match %v", run.how, err, c.cause)
				}
				if keys := contents(t, dst); len(keys) != 0 {
					t.Errorf("%s wrote %d keys", run.how, len(keys))
				}
			}
		})
	}
}
