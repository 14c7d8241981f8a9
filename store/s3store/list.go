package s3store

import (
	"context"
	"crypto/sha256"
	"fmt"
	"net/url"
	"strconv"
	"strings"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/aws/aws-sdk-go-v2/service/s3/types"

	"github.com/zcodec/zcodec/internal/shorten"
	"github.com/zcodec/zcodec/store"
)

// List calls fn for every key under prefix, in the order of the keys'
// UTF-8 bytes (ListObjectsV2 pages, each fetched with the store's retries;
// fn runs between pages, outside the store's in-flight slots). Sizes and
// ETags are the objects'. An object whose name under the store's prefix is not a
// valid key comes as an Entry whose Err matches store.ErrInvalidKey;
// folder markers (empty objects whose name ends in "/", which consoles
// create) are skipped. A page is read to MaxListPage at most, and a
// continuation token the listing has seen before is an error.
func (s *Store) List(ctx context.Context, prefix string, fn func(store.Entry) error) error {
	if err := store.ValidPrefix(prefix); err != nil {
		return &store.KeyError{Op: "list", Key: prefix, Err: err}
	}
	fail := func(err error) error { return &store.KeyError{Op: "list", Key: prefix, Err: err} }
	in := &s3.ListObjectsV2Input{Bucket: &s.bucket, Prefix: aws.String(s.prefix + prefix), EncodingType: types.EncodingTypeUrl}
	if s.pageSize > 0 {
		in.MaxKeys = aws.Int32(s.pageSize)
	}
	// The tokens of the pages so far (their hashes: a token may be long):
	// a server that hands one out again would send the same pages forever.
	seen := map[[sha256.Size]byte]bool{}
	for {
		if err := ctx.Err(); err != nil {
			return fail(err)
		}
		var page *s3.ListObjectsV2Output
		err := s.do(ctx, "ListObjectsV2", func(ctx context.Context) error {
			var err error
			page, err = s.client.ListObjectsV2(ctx, in)
			return err
		})
		if err != nil {
			return fail(err)
		}
		encoded := page.EncodingType == types.EncodingTypeUrl
		for _, o := range page.Contents {
			e, ok := s.entry(aws.ToString(o.Key), encoded, o.Size)
			if !ok {
				continue
			}
			if e.Err == nil {
				e.ETag = aws.ToString(o.ETag)
			}
			if err := fn(e); err != nil {
				return err
			}
		}
		if !aws.ToBool(page.IsTruncated) {
			return nil
		}
		next := aws.ToString(page.NextContinuationToken)
		if next == "" {
			return fail(fmt.Errorf("ListObjectsV2 %s: a truncated page without a continuation token", s))
		}
		h := sha256.Sum256([]byte(next))
		if seen[h] {
			return fail(fmt.Errorf("ListObjectsV2 %s: the continuation token %s came before in this listing: it would never end", s, shorten.Quote(next)))
		}
		seen[h] = true
		in.ContinuationToken = aws.String(next)
	}
}

// entry maps the name of a listed object (URL-encoded when encoded) to
// the Entry List reports, and false for a folder marker or a name outside
// the store's prefix.
func (s *Store) entry(name string, encoded bool, size *int64) (store.Entry, bool) {
	if encoded {
		dec, err := url.QueryUnescape(name)
		if err != nil {
			return store.Entry{Key: escape(name), Size: -1, Err: &store.InvalidKeyError{Key: name,
				Reason: "the server's URL encoding of the object name does not decode"}}, true
		}
		name = dec
	}
	rel, ok := strings.CutPrefix(name, s.prefix)
	if !ok {
		return store.Entry{}, false // not asked for: the server ignored the prefix
	}
	return keyEntry(rel, size)
}

// keyEntry maps an object name relative to the store's prefix to an
// Entry: the key with its size when the name is a valid key; nothing for
// a folder marker ("" or a valid key followed by "/", empty); else an
// entry whose Err is the *store.InvalidKeyError and whose Key is the name
// escaped (never a valid key).
func keyEntry(rel string, size *int64) (store.Entry, bool) {
	if err := store.ValidKey(rel); err != nil {
		if aws.ToInt64(size) == 0 && (rel == "" || store.ValidPrefix(rel) == nil) {
			return store.Entry{}, false
		}
		return store.Entry{Key: escape(rel), Size: -1, Err: err}, true
	}
	n := int64(-1)
	if size != nil && *size >= 0 {
		n = *size
	}
	return store.Entry{Key: rel, Size: n}, true
}

// escape returns name as strconv.Quote does, without the quotes, as the
// stores of package store report invalid names.
func escape(name string) string {
	q := strconv.Quote(name)
	return q[1 : len(q)-1]
}
