package refstore

import (
	"context"
	"fmt"

	"github.com/zcodec/zcodec/interop/kerchunk"
	"github.com/zcodec/zcodec/store"
	"github.com/zcodec/zcodec/store/byterange"
)

// MaxJSONBytes bounds the JSON reference sets that store.Open reads: a
// larger file is refused, from its size, before it is read (a set of a
// million chunks takes about 100 MB).
const MaxJSONBytes = 256 << 20

func init() {
	store.RegisterFormat(store.Format{
		Name:     "kerchunk",
		HeadSize: HeadSize,
		Match:    MatchJSON,
		Open:     openJSON,
	})
	store.RegisterDirFormat(store.DirFormat{
		Name:     "kerchunk-parquet",
		Key:      ".zmetadata",
		HeadSize: ParquetHeadSize,
		TailSize: ParquetTailSize,
		Match:    MatchParquet,
		Open:     openParquet,
	})
}

// openJSON opens a file store.Open recognised as a JSON reference set.
func openJSON(ctx context.Context, f *store.File, inner string, opts *store.OpenOptions) (store.Store, error) {
	size, err := f.Size(ctx)
	if err != nil {
		return nil, err
	}
	if size > MaxJSONBytes {
		return nil, fmt.Errorf("a JSON reference set of %d bytes is larger than zcodec reads: %w", size, &store.TooLargeError{Size: size, Limit: MaxJSONBytes})
	}
	data := f.Head()
	if int64(len(data)) < size {
		if data, err = f.ReadRange(ctx, byterange.Whole); err != nil {
			return nil, err
		}
	}
	set, err := kerchunk.ReadJSON(data)
	if err != nil {
		return nil, err
	}
	s, err := New(ctx, set, &Options{Location: f.Location(), Path: inner, Open: opts, Closer: f})
	if err != nil {
		return nil, err
	}
	s.floor = f.PreferredConcurrency()
	return s, nil
}

// openParquet opens a directory store.Open recognised as a Parquet
// reference set.
func openParquet(ctx context.Context, d *store.Directory, inner string, opts *store.OpenOptions) (store.Store, error) {
	refs, err := kerchunk.OpenParquet(ctx, d.Store())
	if err != nil {
		return nil, err
	}
	s, err := New(ctx, refs, &Options{Location: d.Location(), Path: inner, Open: opts, Closer: d})
	if err != nil {
		return nil, err
	}
	s.floor = d.PreferredConcurrency()
	return s, nil
}
