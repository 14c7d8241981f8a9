package s3store

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"strconv"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"

	"github.com/zcodec/zcodec/internal/shorten"
	"github.com/zcodec/zcodec/store"
	"github.com/zcodec/zcodec/store/byterange"
	"github.com/zcodec/zcodec/store/internal/contentrange"
)

// GetHead returns the first min(n, size) bytes of key's object and the
// object's size, with one GetObject of the range "bytes=0-(n-1)"
// (store.HeadGetter). The size comes from the answer's Content-Range,
// which must start at 0, hold min(n, size) bytes and give the size; from
// its Content-Length when it holds the whole object (no Content-Range);
// and is 0 for an answer that refuses the range (InvalidRange: only an
// empty object has no first byte) or MinIO's Content-Range of an empty
// object. Any other answer is an error.
func (s *Store) GetHead(ctx context.Context, key string, n int64) ([]byte, int64, error) {
	if err := begin(ctx, "get head", key); err != nil {
		return nil, 0, err
	}
	if n <= 0 {
		return nil, 0, &store.KeyError{Op: "get head", Key: key, Err: &byterange.RangeError{Range: byterange.Range{Offset: 0, Length: n}, Size: -1, Reason: "GetHead needs n > 0"}}
	}
	rng := "bytes=0-" + strconv.FormatInt(n-1, 10)
	var (
		out  []byte
		size int64
	)
	err := s.do(ctx, "GetObject", func(ctx context.Context) error {
		resp, err := s.client.GetObject(ctx, &s3.GetObjectInput{Bucket: &s.bucket, Key: aws.String(s.objectKey(key)), Range: aws.String(rng)})
		if err != nil {
			status, code := answer(err)
			switch {
			case notFound(err):
				return stop(store.ErrNotFound)
			case status == http.StatusRequestedRangeNotSatisfiable || code == "InvalidRange":
				out, size = []byte{}, 0
				return nil
			}
			return err
		}
		defer resp.Body.Close()
		cl := int64(-1)
		if resp.ContentLength != nil && *resp.ContentLength >= 0 {
			cl = *resp.ContentLength
		}
		cr := aws.ToString(resp.ContentRange)
		bad := func(why string) error {
			return stop(&store.ResponseError{URL: s.String() + "/" + key, Status: status(resp.ResultMetadata), Reason: why})
		}
		switch {
		case cr == emptyValueRange:
			if cl > 0 {
				return bad(fmt.Sprintf("Content-Range %s with Content-Length %d", shorten.Quote(cr), cl))
			}
			out, size = []byte{}, 0
			return nil
		case cr == "":
			// The whole object, as a server that ignores Range sends it.
			if cl < 0 {
				return bad("neither Content-Range nor Content-Length: the size of the object is not known")
			}
			buf := make([]byte, min(n, cl))
			if k, err := io.ReadFull(progress(ctx, resp.Body), buf); err != nil {
				return fmt.Errorf("%w: %d of %d bytes: %v", errTruncated, k, len(buf), err)
			}
			out, size = buf, cl
			return nil
		}
		start, end, total, err := contentrange.Parse(cr)
		switch {
		case err != nil:
			return bad(fmt.Sprintf("Content-Range %s does not answer Range %q: %v", shorten.Quote(cr), rng, err))
		case total < 0:
			return bad(fmt.Sprintf("Content-Range %s does not answer Range %q: no size", shorten.Quote(cr), rng))
		case start != 0 || end != min(n, total):
			return bad(fmt.Sprintf("Content-Range %s does not answer Range %q", shorten.Quote(cr), rng))
		case cl >= 0 && cl != end:
			return bad(fmt.Sprintf("Content-Length %d with Content-Range %s", cl, shorten.Quote(cr)))
		}
		buf, err := readExactly(progress(ctx, resp.Body), end)
		if err != nil {
			return err
		}
		out, size = buf, total
		return nil
	})
	if err != nil {
		return nil, 0, &store.KeyError{Op: "get head", Key: key, Err: err}
	}
	return out, size, nil
}
