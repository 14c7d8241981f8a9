package s3store

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"slices"

	"github.com/aws/aws-sdk-go-v2/aws"
	awsmiddleware "github.com/aws/aws-sdk-go-v2/aws/middleware"
	awshttp "github.com/aws/aws-sdk-go-v2/aws/transport/http"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/aws/smithy-go"
	"github.com/aws/smithy-go/middleware"
	smithyhttp "github.com/aws/smithy-go/transport/http"

	"github.com/zcodec/zcodec/store"
	"github.com/zcodec/zcodec/store/byterange"
)

// begin checks the context and the key at the start of an operation.
func begin(ctx context.Context, op, key string) error {
	if err := ctx.Err(); err != nil {
		return &store.KeyError{Op: op, Key: key, Err: err}
	}
	if err := store.ValidKey(key); err != nil {
		return &store.KeyError{Op: op, Key: key, Err: err}
	}
	return nil
}

// answer returns the HTTP status and the S3 error code of a failed SDK
// call (0 and "" when there was no answer).
func answer(err error) (status int, code string) {
	var re *awshttp.ResponseError
	if errors.As(err, &re) && re.Response != nil {
		status = re.HTTPStatusCode()
	}
	var api smithy.APIError
	if errors.As(err, &api) {
		code = api.ErrorCode()
	}
	return status, code
}

// status returns the HTTP status of the answer of a call that succeeded
// (0 when the SDK kept no answer).
func status(md middleware.Metadata) int {
	if r, ok := awsmiddleware.GetRawResponse(md).(*smithyhttp.Response); ok && r.Response != nil {
		return r.StatusCode
	}
	return 0
}

// notFound reports whether a failed call says that the object does not
// exist (not that the bucket does not).
func notFound(err error) bool {
	status, code := answer(err)
	switch code {
	case "NoSuchKey", "NotFound":
		return true
	case "NoSuchBucket":
		return false
	}
	return status == http.StatusNotFound && code == ""
}

// Get returns key's value. A value longer than limit is a
// *store.TooLargeError found from the Content-Length the server announces,
// before any of the body is read.
func (s *Store) Get(ctx context.Context, key string, limit int64) ([]byte, error) {
	if err := begin(ctx, "get", key); err != nil {
		return nil, err
	}
	var out []byte
	err := s.do(ctx, "GetObject", func(ctx context.Context) error {
		resp, err := s.client.GetObject(ctx, &s3.GetObjectInput{Bucket: &s.bucket, Key: aws.String(s.objectKey(key))})
		if err != nil {
			if notFound(err) {
				return stop(store.ErrNotFound)
			}
			return err
		}
		defer resp.Body.Close()
		size := int64(-1)
		if resp.ContentLength != nil && *resp.ContentLength >= 0 {
			size = *resp.ContentLength
			if limit >= 0 && size > limit {
				return stop(&store.TooLargeError{Size: size, Limit: limit})
			}
			out, err = readExactly(progress(ctx, resp.Body), size)
			return err
		}
		out, err = readLimited(progress(ctx, resp.Body), limit)
		return err
	})
	if err != nil {
		return nil, &store.KeyError{Op: "get", Key: key, Err: err}
	}
	return out, nil
}

// maxPrealloc is the most a read allocates ahead on the strength of a
// length the server announced; beyond it the buffer grows with the bytes
// that arrive (doubling, so a large body costs about one more copy of
// itself). With MaxInFlight requests, a server that announces lengths it
// never sends makes the store hold MaxInFlight times this much.
const maxPrealloc = 1 << 20

// readExactly reads the n bytes the server announced. A shorter body is
// errTruncated (retried); a longer one is a final error.
func readExactly(body io.Reader, n int64) ([]byte, error) {
	buf := make([]byte, 0, min(n, maxPrealloc))
	for int64(len(buf)) < n {
		if len(buf) == cap(buf) {
			buf = slices.Grow(buf, int(min(int64(len(buf)), n-int64(len(buf)))))
		}
		k, err := body.Read(buf[len(buf):min(int64(cap(buf)), n)])
		buf = buf[:len(buf)+k]
		if err == io.EOF {
			if int64(len(buf)) < n {
				return nil, fmt.Errorf("%w: %d of %d bytes", errTruncated, len(buf), n)
			}
			break
		}
		if err != nil {
			return nil, fmt.Errorf("the body broke off after %d of %d bytes: %w", len(buf), n, err)
		}
	}
	var one [1]byte
	if k, _ := body.Read(one[:]); k > 0 {
		return nil, stop(fmt.Errorf("the body is longer than the %d bytes announced", n))
	}
	return buf, nil
}

// readLimited reads a body of unknown length, failing with a
// *store.TooLargeError past limit (< 0: no limit).
func readLimited(body io.Reader, limit int64) ([]byte, error) {
	r := body
	if limit >= 0 {
		r = io.LimitReader(body, limit+1)
	}
	buf, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	if limit >= 0 && int64(len(buf)) > limit {
		return nil, stop(&store.TooLargeError{Size: -1, Limit: limit})
	}
	return buf, nil
}

// GetRange returns the bytes of key's value that r selects. The answer
// must be a 206 whose Content-Range is the range asked for and whose body
// is that long: anything else is an error, never fewer bytes.
func (s *Store) GetRange(ctx context.Context, key string, r byterange.Range) ([]byte, error) {
	if err := begin(ctx, "get range", key); err != nil {
		return nil, err
	}
	if !r.Valid() {
		return nil, &store.KeyError{Op: "get range", Key: key, Err: &byterange.RangeError{Range: r, Size: -1, Reason: "not a valid range"}}
	}
	out, err := s.getRange(ctx, key, r)
	if err != nil {
		return nil, &store.KeyError{Op: "get range", Key: key, Err: err}
	}
	return out, nil
}

func (s *Store) getRange(ctx context.Context, key string, r byterange.Range) ([]byte, error) {
	if r.Offset >= 0 && r.Length == 0 {
		return s.emptyRange(ctx, key, r, nil)
	}
	var out []byte
	unsatisfiable := false
	err := s.do(ctx, "GetObject", func(ctx context.Context) error {
		resp, err := s.client.GetObject(ctx, &s3.GetObjectInput{Bucket: &s.bucket, Key: aws.String(s.objectKey(key)),
			Range: aws.String("bytes=" + r.String())})
		if err != nil {
			status, code := answer(err)
			switch {
			case notFound(err):
				return stop(store.ErrNotFound)
			case status == http.StatusRequestedRangeNotSatisfiable || code == "InvalidRange":
				unsatisfiable = true
				return stop(&byterange.RangeError{Range: r, Size: -1, Reason: "the server says the range lies outside the value"})
			}
			return err
		}
		defer resp.Body.Close()
		n, err := checkContentRange(aws.ToString(resp.ContentRange), resp.ContentLength, r)
		if err != nil {
			var re *byterange.RangeError
			if errors.As(err, &re) {
				return stop(err)
			}
			return stop(&store.ResponseError{URL: s.String() + "/" + key, Status: status(resp.ResultMetadata), Reason: err.Error()})
		}
		out, err = readExactly(progress(ctx, resp.Body), n)
		return err
	})
	if unsatisfiable {
		// 416 alone does not tell an empty range at the end of the value
		// (which S3 refuses) from a range past it: the size does.
		var re *byterange.RangeError
		if errors.As(err, &re) {
			return s.emptyRange(ctx, key, r, re)
		}
	}
	return out, err
}

// emptyRange answers a range that may be empty at the end of the value
// from the value's size (a HEAD request): an empty slice when r selects
// nothing inside it, else a *byterange.RangeError (serverSaid, when given).
func (s *Store) emptyRange(ctx context.Context, key string, r byterange.Range, serverSaid *byterange.RangeError) ([]byte, error) {
	size, err := s.size(ctx, key)
	if err != nil {
		return nil, err
	}
	start, end, err := byterange.Bounds(r, size)
	switch {
	case err != nil:
		return nil, err
	case start == end:
		return []byte{}, nil
	case serverSaid != nil:
		serverSaid.Size = size
		return nil, serverSaid
	}
	return nil, fmt.Errorf("internal error: %v is not empty", r) // not reached: callers pass empty ranges or a 416
}

// size returns the length of key's object (a HEAD request).
func (s *Store) size(ctx context.Context, key string) (int64, error) {
	var size int64
	err := s.do(ctx, "HeadObject", func(ctx context.Context) error {
		resp, err := s.client.HeadObject(ctx, &s3.HeadObjectInput{Bucket: &s.bucket, Key: aws.String(s.objectKey(key))})
		if err != nil {
			if notFound(err) {
				return stop(store.ErrNotFound)
			}
			return err
		}
		if resp.ContentLength == nil || *resp.ContentLength < 0 {
			return stop(fmt.Errorf("HeadObject %s/%s: no Content-Length", s, key))
		}
		size = *resp.ContentLength
		return nil
	})
	return size, err
}

// Set stores value under key (PutObject). The object replaces any other
// at once: S3 has no partial writes.
func (s *Store) Set(ctx context.Context, key string, value []byte) error {
	if err := begin(ctx, "set", key); err != nil {
		return err
	}
	err := s.do(ctx, "PutObject", func(ctx context.Context) error {
		_, err := s.client.PutObject(ctx, &s3.PutObjectInput{Bucket: &s.bucket, Key: aws.String(s.objectKey(key)),
			Body: bytes.NewReader(value), ContentLength: aws.Int64(int64(len(value)))})
		return err
	})
	if err != nil {
		return &store.KeyError{Op: "set", Key: key, Err: err}
	}
	return nil
}

// Delete removes key's object; deleting one that does not exist succeeds.
func (s *Store) Delete(ctx context.Context, key string) error {
	if err := begin(ctx, "delete", key); err != nil {
		return err
	}
	err := s.do(ctx, "DeleteObject", func(ctx context.Context) error {
		_, err := s.client.DeleteObject(ctx, &s3.DeleteObjectInput{Bucket: &s.bucket, Key: aws.String(s.objectKey(key))})
		if err != nil && notFound(err) {
			return nil
		}
		return err
	})
	if err != nil {
		return &store.KeyError{Op: "delete", Key: key, Err: err}
	}
	return nil
}
