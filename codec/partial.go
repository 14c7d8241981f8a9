package codec

import (
	"context"
	"errors"
	"fmt"

	"github.com/zcodec/zcodec/internal/ndcopy"
	"github.com/zcodec/zcodec/region"
	"github.com/zcodec/zcodec/store/byterange"
)

// ReadError reports a failed read of a byte range. It wraps the reader's
// error, so errors.Is and errors.As see through it (context.Canceled, a
// store's not-found error, ...).
type ReadError struct {
	Range byterange.Range
	Err   error
}

func (e *ReadError) Error() string { return fmt.Sprintf("reading bytes %v: %v", e.Range, e.Err) }

// Unwrap returns Err.
func (e *ReadError) Unwrap() error { return e.Err }

// ReadRange reads br with r, wraps a failure in a *ReadError, and checks
// that a range of known length came back whole: a short read of a bounded
// range or of a suffix is a *CorruptError naming codecName ("the value ends
// before ..."), and a longer one is an error of the reader.
func ReadRange(ctx context.Context, r byterange.Reader, br byterange.Range, codecName string) ([]byte, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	b, err := r.ReadRange(ctx, br)
	if err != nil {
		return nil, &ReadError{Range: br, Err: err}
	}
	want := br.Length
	if br.Offset < 0 {
		want = -br.Offset
	}
	switch {
	case want < 0:
	case int64(len(b)) < want:
		return nil, &CorruptError{Codec: codecName, Reason: fmt.Sprintf("stored value ends before bytes %v (got %d of %d bytes)", br, len(b), want)}
	case int64(len(b)) > want:
		return nil, &ReadError{Range: br, Err: fmt.Errorf("reader returned %d bytes for a range of %d", len(b), want)}
	}
	return b, nil
}

// PartialDecoder is an optional interface of a bound array->bytes codec
// that decodes a region of a chunk from byte ranges of its encoded value
// without reading all of it (sharding_indexed). DecodeRegion has the
// contract of Pipeline.DecodeRegion for a chain that is this codec alone;
// the region has been validated against the codec's decoded shape. opts
// (nil for the defaults) carries the goroutine budget of the call,
// Concurrency, which the decoder shares with the work it nests, and
// RangeGap, how far apart two byte ranges may be and still be read with
// one request.
type PartialDecoder interface {
	DecodeRegion(ctx context.Context, r byterange.Reader, box region.Box, dst []byte, opts *Options) error
}

// PartialDecoding reports whether DecodeRegion reads less than the whole
// value: the chain is an array->bytes codec that implements PartialDecoder,
// with no array->array codec before it and no bytes->bytes codec after it.
func (p *Pipeline) PartialDecoding() bool {
	_, ok := p.a2b.(PartialDecoder)
	return ok && len(p.a2a) == 0 && len(p.varA2A) == 0 && len(p.b2b) == 0
}

// DecodeRegion decodes the elements of box, a region of the chunk, into
// dst (C order over the region, decoded byte layout, len(dst) == region
// elements * element size).
// When the chain supports partial decoding (sharding as the array->bytes
// codec) it reads only the index and the inner chunks the region needs;
// otherwise it reads the whole value once and decodes it.
//
// An invalid region is a *region.Error, a dst of the wrong length a
// *SizeError; a reader's failure is a *ReadError wrapping it; a region with
// no elements reads nothing. On error the contents of dst are unspecified.
//
// opts (nil for the defaults) gives the goroutine budget of the call,
// Concurrency: a partial decoder reads and decodes inner chunks on at most
// that many goroutines, nested shards included, and merges the byte
// ranges of the inner chunks it needs when they are at most
// opts.RangeGap apart (see Options.RangeGap). Only opts.Concurrency and
// opts.RangeGap are read.
func (p *Pipeline) DecodeRegion(ctx context.Context, r byterange.Reader, box region.Box, dst []byte, opts *Options) error {
	if err := box.ValidateChunk(p.spec.Shape); err != nil {
		return err
	}
	n := box.Size()
	if want := int(n) * p.spec.DataType.Size(); len(dst) != want {
		return &SizeError{What: "region destination", Got: len(dst), Want: want}
	}
	if n == 0 {
		return nil
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	if pd, ok := p.a2b.(PartialDecoder); ok && p.PartialDecoding() {
		if err := pd.DecodeRegion(ctx, r, box, dst, opts); err != nil {
			return p.wrapPartial(err)
		}
		return nil
	}
	value, err := ReadRange(ctx, r, byterange.Whole, p.steps[p.nA2A].Name)
	if err != nil {
		return err
	}
	if box.CoversChunk(p.spec.Shape) {
		return p.Decode(dst, value)
	}
	whole := make([]byte, p.DecodedSize())
	if err := p.Decode(whole, value); err != nil {
		return err
	}
	shape := ints(box.Shape())
	ndcopy.Copy(dst, shape, make([]int, len(shape)), whole, p.spec.Shape, ints(box.Start), shape, p.spec.DataType.Size())
	return nil
}

// wrapPartial names the array->bytes codec in an error of its partial
// decoder, as Decode does, leaving reader errors and cancellation as they
// are so that callers can match them directly.
func (p *Pipeline) wrapPartial(err error) error {
	var re *ReadError
	if errors.As(err, &re) || errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return err
	}
	return p.stepErr(p.nA2A, err)
}

// ints returns s as int values; the caller knows they fit (a region
// validated against a chunk's shape).
func ints(s []int64) []int {
	out := make([]int, len(s))
	for i, v := range s {
		out[i] = int(v)
	}
	return out
}
