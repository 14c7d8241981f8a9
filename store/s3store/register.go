package s3store

import (
	"context"

	"github.com/zcodec/zcodec/store"
)

func init() {
	store.RegisterScheme("s3", opener("s3"))
	store.RegisterScheme("gs", opener("gs"))
}

// opener opens s3://bucket/prefix or gs://bucket/prefix for store.Open,
// which makes it read-only unless opts.Write (buckets are never created).
func opener(scheme string) store.Opener {
	return func(ctx context.Context, loc store.Location, opts *store.OpenOptions) (store.Store, error) {
		var oo *store.ObjectOptions
		if opts != nil {
			oo = opts.Object
		}
		s, err := newStore(ctx, scheme, loc.Host, loc.Path, oo)
		if err != nil {
			return nil, err
		}
		return s, nil
	}
}
