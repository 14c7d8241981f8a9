package s3store

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"sync/atomic"
	"time"

	awshttp "github.com/aws/aws-sdk-go-v2/aws/transport/http"
	"github.com/aws/smithy-go"
	smithyhttp "github.com/aws/smithy-go/transport/http"

	"github.com/zcodec/zcodec/internal/shorten"
	"github.com/zcodec/zcodec/store"
	"github.com/zcodec/zcodec/store/internal/backoff"
)

// Error reports an S3 operation that failed: an answer of the server that
// is an error, or no usable answer at all (a connection that broke, a
// truncated body, an attempt that ran out of time) after every retry.
type Error struct {
	Op       string // the S3 operation: "GetObject", "HeadObject", "PutObject", "DeleteObject", "ListObjectsV2"
	Store    string // the store, as its String
	Status   int    // the HTTP status of the last answer; 0 when none arrived
	Code     string // the S3 error code ("AccessDenied", "SlowDown"), if any
	Message  string // the server's message, if any
	Attempts int    // the attempts made
	Err      error  // the error of the last attempt
}

func (e *Error) Error() string {
	msg := e.Op + " " + e.Store + ": "
	var (
		tl *AnswerTooLargeError
		pe *ParseError
		rd *store.RedirectError
	)
	switch {
	case errors.As(e.Err, &tl) || errors.As(e.Err, &pe):
		msg = e.Store + ": " + e.Err.Error() // names the operation
	case errors.As(e.Err, &rd):
		msg += fmt.Sprintf("redirect from %s to another origin, %s, refused", rd.From, rd.To)
	case e.Status != 0 && e.Code != "":
		msg += fmt.Sprintf("%d %s", e.Status, shorten.String(e.Code))
		if e.Message != "" {
			msg += ": " + shorten.QuoteName(e.Message)
		}
	case e.Status != 0:
		msg += fmt.Sprintf("%d %s", e.Status, http.StatusText(e.Status))
	default:
		msg += cause(e.Err).Error()
	}
	if e.Attempts > 1 {
		msg += fmt.Sprintf(" (gave up after %d attempts)", e.Attempts)
	}
	return msg
}

// Unwrap returns Err.
func (e *Error) Unwrap() error { return e.Err }

// Is makes an Error of status 403 (AccessDenied: what S3 answers for a
// missing key too, to a caller who may not list the bucket) match
// store.ErrForbidden.
func (e *Error) Is(target error) bool {
	return target == store.ErrForbidden && e.Status == http.StatusForbidden
}

// cause returns the error of a request that got no answer, or of a
// credentials chain that found none, without the SDK's wrapping (which
// names an empty status and request ID, or the middleware).
func cause(err error) error {
	var ce *credentialsError
	if errors.As(err, &ce) {
		return ce
	}
	var rd *store.RedirectError
	if errors.As(err, &rd) {
		return rd
	}
	var se *smithyhttp.RequestSendError
	if errors.As(err, &se) && se.Err != nil {
		return se.Err
	}
	return err
}

// final marks an error of an attempt that another attempt would meet
// again (a store error such as ErrNotFound or ErrRange, a lying answer).
type final struct{ err error }

func (f *final) Error() string { return f.err.Error() }
func (f *final) Unwrap() error { return f.err }

// stop marks err as final.
func stop(err error) error { return &final{err} }

// truncated is the cause of an attempt whose body ended before the length
// the server announced.
var errTruncated = errors.New("the body ended before the announced length")

// do runs attempt, up to 1+retries times, each in one of the store's
// in-flight slots and bounded by the attempt timeout, waiting with backoff
// (outside the slot) between attempts. It returns nil, a final error's
// cause, the caller's context error, or an *Error.
func (s *Store) do(ctx context.Context, op string, attempt func(ctx context.Context) error) error {
	ctx = context.WithValue(ctx, opKey{}, op)
	var last error
	for n := 1; ; n++ {
		err := s.inSlot(ctx, attempt)
		if err == nil {
			return nil
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
		var f *final
		if errors.As(err, &f) {
			return f.err
		}
		if errors.Is(err, ErrNoCredentials) {
			// Another attempt would find none either.
			return &Error{Op: op, Store: s.String(), Attempts: n, Err: err}
		}
		if e := s.refused(op, err); e != nil {
			e.Attempts = n
			return e // another attempt would meet the same answer
		}
		retry, e := s.classify(op, err)
		e.Attempts = n
		last = e
		if !retry || n > s.retries {
			return last
		}
		if err := backoff.Sleep(ctx, s.wait(n)); err != nil {
			return err
		}
	}
}

// inSlot runs one attempt in one of the store's in-flight slots, waiting
// for a slot as long as ctx allows. The slot is released however the
// attempt ends, a panic included.
func (s *Store) inSlot(ctx context.Context, attempt func(ctx context.Context) error) error {
	select {
	case s.sem <- struct{}{}:
	case <-ctx.Done():
		return ctx.Err()
	}
	defer func() { <-s.sem }()
	return s.attempt(ctx, attempt)
}

// attempt runs one attempt bounded by the store's timeout: the attempt
// ends when the timeout passes before the answer arrives, or, once a body
// is being read through progress, when no byte of it arrives for that
// long, or when it arrives slower than the store's minimum rate (after
// the timeout's worth of slack). A large body read at a slow but steady
// rate (many requests in flight sharing one link) is not cut off at a
// fixed time, and one that trickles in is not read for hours.
func (s *Store) attempt(ctx context.Context, attempt func(ctx context.Context) error) error {
	if s.timeout <= 0 {
		return attempt(ctx)
	}
	actx, cancel := context.WithCancel(ctx)
	defer cancel()
	var timedOut atomic.Bool
	timer := time.AfterFunc(s.timeout, func() {
		timedOut.Store(true)
		cancel()
	})
	defer timer.Stop()
	err := attempt(context.WithValue(actx, watchdogKey{}, &watchdog{timer: timer, timeout: s.timeout, minRate: s.minRate, now: s.now}))
	if err != nil && ctx.Err() == nil && timedOut.Load() {
		var f *final
		var te *store.TimeoutError
		if !errors.As(err, &f) && !errors.As(err, &te) {
			return &store.TimeoutError{Limit: "Timeout", Duration: s.timeout, Err: err}
		}
	}
	return err
}

// watchdog is the timer of an attempt, which a body read through
// progress pushes back with every byte that arrives, and the minimum rate
// of the body (bytes per second; <= 0: none), judged by now.
type watchdog struct {
	timer   *time.Timer
	timeout time.Duration
	minRate int64
	now     func() time.Time
}

type watchdogKey struct{}

// progress returns body, read so that every byte that arrives gives the
// attempt of ctx its timeout again, and so that a body that arrives, from
// the first read on, slower than the minimum rate once the timeout has
// passed fails with a *store.TimeoutError of "MinRate".
func progress(ctx context.Context, body io.Reader) io.Reader {
	w, _ := ctx.Value(watchdogKey{}).(*watchdog)
	if w == nil {
		return body
	}
	return &progressReader{r: body, w: w, start: w.now()}
}

type progressReader struct {
	r     io.Reader
	w     *watchdog
	start time.Time
	got   int64 // bytes read so far
}

func (p *progressReader) Read(b []byte) (int, error) {
	n, err := p.r.Read(b)
	if n > 0 {
		p.w.timer.Reset(p.w.timeout) // after it fired, the attempt is cancelled already
		p.got += int64(n)
		if p.w.minRate > 0 && err == nil {
			// Allowed: the timeout, and then 1/minRate s for every byte.
			elapsed := p.w.now().Sub(p.start)
			allowed := p.w.timeout + time.Duration(float64(p.got)/float64(p.w.minRate)*float64(time.Second))
			if elapsed > allowed {
				return n, &store.TimeoutError{Limit: "MinRate", Duration: elapsed.Round(time.Millisecond),
					Err: fmt.Errorf("%d bytes in %v, slower than %d bytes/s after the first %v", p.got, elapsed.Round(time.Millisecond), p.w.minRate, p.w.timeout)}
			}
		}
	}
	return n, err
}

// classify says whether a failed attempt may pass on a retry, and
// describes it. Retried: no answer at all (a connection refused or reset,
// a truncated or unreadable body, an attempt that timed out), 429, 5xx
// but 501, and the codes SlowDown and RequestTimeout (S3's "the socket
// was idle too long", sent with 400). Nothing else is: another 4xx would
// be answered alike.
func (s *Store) classify(op string, err error) (bool, *Error) {
	e := &Error{Op: op, Store: s.String(), Err: err}
	var re *awshttp.ResponseError
	if errors.As(err, &re) && re.Response != nil {
		e.Status = re.HTTPStatusCode()
	}
	var api smithy.APIError
	if errors.As(err, &api) {
		e.Code, e.Message = api.ErrorCode(), api.ErrorMessage()
	}
	switch {
	case e.Code == "SlowDown" || e.Code == "RequestTimeout":
		return true, e
	case e.Status == http.StatusTooManyRequests:
		return true, e
	case e.Status >= 500 && e.Status != http.StatusNotImplemented:
		return true, e
	case e.Status >= 300:
		return false, e
	}
	return true, e // no answer, or a success whose body could not be read
}

// refused returns the *Error of an attempt whose answer the store
// refuses, which is not retried: a body longer than the store reads for
// it, a redirect to another origin, a successful answer whose body does
// not parse. It returns nil for any other error.
func (s *Store) refused(op string, err error) *Error {
	e := &Error{Op: op, Store: s.String()}
	var re *awshttp.ResponseError
	if errors.As(err, &re) && re.Response != nil {
		e.Status = re.HTTPStatusCode()
	}
	var (
		tl *AnswerTooLargeError
		rd *store.RedirectError
	)
	switch {
	case errors.As(err, &tl):
		e.Err = tl
	case errors.As(err, &rd):
		e.Err = rd
	case e.Status >= 200 && e.Status <= 299 && !brokenOff(err):
		// The SDK fails a successful answer only for its body.
		why := re.Unwrap()
		var de *smithy.DeserializationError
		if errors.As(why, &de) && de.Err != nil {
			why = de.Err
		}
		e.Err = &ParseError{Op: op, Err: errors.New(shorten.Name(strings.TrimPrefix(why.Error(), "failed to decode response body, ")))}
	default:
		return nil
	}
	return e
}

// brokenOff reports whether err is a body that stopped arriving (cut
// short, reset, timed out), which another attempt may read whole.
func brokenOff(err error) bool {
	var ne net.Error
	return errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, errTruncated) || errors.As(err, &ne) ||
		errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) || errors.Is(err, net.ErrClosed)
}

// wait is the backoff before retry n (1, 2, ...): backoff0 doubling up to
// backoffHi, with jitter.
func (s *Store) wait(n int) time.Duration { return backoff.Wait(s.backoff0, s.backoffHi, n) }
