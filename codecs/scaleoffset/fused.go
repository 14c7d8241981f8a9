package scaleoffset

import (
	"errors"
	"sync"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/numeric"
)

// fuseBlock is the number of elements a fused pass computes before casting
// them: the intermediate block (at most 16 KiB) stays in the L1 cache.
const fuseBlock = 2048

// FuseNext returns the pass that runs b followed by next over a chunk
// once, when next converts elements one by one (a codec.ElementCaster such
// as cast_value) from b's data type; ok is false otherwise. Each block of
// elements is scaled into a small buffer that stays in cache and cast from
// there. Encoded(), the fill value, the results and the errors (an
// *codec.ElementError from scale_offset or next's own error, with indices in the
// whole chunk) are those of the two codecs run one after the other: when
// the fused pass meets an element it cannot map, it runs the two codecs in
// turn to report the same error as the chain.
func (b *bound) FuseNext(next codec.BoundArrayToArray) (f codec.Fused, ok bool) {
	caster, isCaster := next.(codec.ElementCaster)
	if !isCaster {
		return nil, false
	}
	enc, dec := caster.ElementCasts()
	if enc == nil || dec == nil {
		return nil, false
	}
	es, ds := enc.Spec(), dec.Spec()
	mid := b.dt
	if es.From != mid || ds.To != mid || ds.From != es.To || next.Encoded().DataType != es.To {
		return nil, false
	}
	fu := &fused{so: b, cast: next, enc: enc, dec: dec, n: b.enc.NumElements(), mid: mid, out: es.To}
	fu.encDirect, fu.decDirect = fu.directKernels(es, ds)
	fu.pool.New = func() any { s := make([]byte, fuseBlock*mid.Size()); return &s }
	return fu, true
}

// fused is scale_offset and an element cast run block by block.
type fused struct {
	so       *bound                  // scale_offset, resolved for the chunk
	cast     codec.BoundArrayToArray // the element cast after it (spec, fill, errors)
	enc, dec *numeric.Cast           // the cast's conversions
	n        int
	mid, out numeric.DataType // scale_offset's type; the cast's encoded type
	pool     sync.Pool        // *[]byte, one intermediate block
	// one-loop kernels for common chains (fuseddirect.go), or nil
	encDirect, decDirect func(dst, src []byte) (failure, bool)
}

// Encoded returns the spec of the encoded chunks, fill value included.
func (f *fused) Encoded() codec.ChunkSpec { return f.cast.Encoded() }

// DecodeFill decodes one value through cast_value, then scale_offset.
func (f *fused) DecodeFill(encoded numeric.Scalar) (numeric.Scalar, error) {
	v, err := f.cast.DecodeFill(encoded)
	if err != nil {
		return v, err
	}
	return f.so.DecodeFill(v)
}

// EncodeArray encodes src, one whole chunk, into dst.
func (f *fused) EncodeArray(dst, src []byte) error {
	ms, os := f.mid.Size(), f.out.Size()
	if len(src) != f.n*ms {
		return &codec.SizeError{What: "decoded chunk", Got: len(src), Want: f.n * ms}
	}
	if len(dst) != f.n*os {
		return &codec.SizeError{What: "destination", Got: len(dst), Want: f.n * os}
	}
	if f.encDirect != nil {
		if _, ok := f.encDirect(dst, src); ok {
			return nil
		}
		return f.chainEncode(dst, src)
	}
	bp := f.pool.Get().(*[]byte)
	defer f.pool.Put(bp)
	for base := 0; base < f.n; base += fuseBlock {
		m := min(fuseBlock, f.n-base)
		s, t := src[base*ms:(base+m)*ms], (*bp)[:m*ms]
		if f.so.identity {
			t = s
		} else if bad := f.so.k.encode(t, s); bad >= 0 {
			return f.chainEncode(dst, src)
		}
		if _, rule := f.enc.Bytes(dst[base*os:(base+m)*os], t); rule != numeric.CastOK {
			return f.chainEncode(dst, src)
		}
	}
	return nil
}

// DecodeArray decodes src, one whole encoded chunk, into dst.
func (f *fused) DecodeArray(dst, src []byte) error {
	ms, os := f.mid.Size(), f.out.Size()
	if len(src) != f.n*os {
		return &codec.SizeError{What: "encoded chunk", Got: len(src), Want: f.n * os}
	}
	if len(dst) != f.n*ms {
		return &codec.SizeError{What: "destination", Got: len(dst), Want: f.n * ms}
	}
	if f.decDirect != nil {
		if _, ok := f.decDirect(dst, src); ok {
			return nil
		}
		return f.chainDecode(dst, src)
	}
	bp := f.pool.Get().(*[]byte)
	defer f.pool.Put(bp)
	for base := 0; base < f.n; base += fuseBlock {
		m := min(fuseBlock, f.n-base)
		s, d, t := src[base*os:(base+m)*os], dst[base*ms:(base+m)*ms], (*bp)[:m*ms]
		if f.so.identity {
			t = d
		}
		if _, rule := f.dec.Bytes(t, s); rule != numeric.CastOK {
			return f.chainDecode(dst, src)
		}
		if f.so.identity {
			continue
		}
		if bad := f.so.k.decode(d, t); bad >= 0 {
			return f.chainDecode(dst, src)
		}
	}
	return nil
}

// chainEncode runs the two codecs one after the other over the whole
// chunk. A fused pass that meets an element it cannot map calls it, so
// that the error is the one the unfused chain reports (scale_offset's
// first failing element before any of cast_value's).
func (f *fused) chainEncode(dst, src []byte) error {
	mid := make([]byte, f.n*f.mid.Size())
	if err := f.so.EncodeArray(mid, src); err != nil {
		return err
	}
	return f.cast.EncodeArray(dst, mid)
}

// chainDecode is chainEncode for decoding.
func (f *fused) chainDecode(dst, src []byte) error {
	mid := make([]byte, f.n*f.mid.Size())
	if err := f.cast.DecodeArray(mid, src); err != nil {
		return err
	}
	return f.so.DecodeArray(dst, mid)
}

// StepOf says which of the two fused codecs an error from EncodeArray or
// DecodeArray belongs to: 0 for scale_offset, 1 for the cast after it. A
// pipeline that runs the fused codec uses it to name the failing step.
func (f *fused) StepOf(err error) int {
	var ee *codec.ElementError
	if errors.As(err, &ee) && ee.Codec == Name {
		return 0
	}
	var se *codec.SizeError
	if errors.As(err, &se) {
		return 0
	}
	return 1
}
