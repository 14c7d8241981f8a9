package codec

import (
	"fmt"
	"slices"
	"sync"

	"github.com/zcodec/zcodec/numeric"
)

// Step describes one codec of a resolved pipeline.
type Step struct {
	Index int    // position in the chain
	Name  string // canonical codec name
	Kind  Kind
	Codec Codec
	// Decoded and Encoded are the array specs before and after an
	// array->array codec; for the array->bytes codec Decoded is its input
	// and Encoded repeats it. For a bytes->bytes codec both are the zero
	// ChunkSpec (the array spec behind its bytes is DecodedBytes.Array).
	Decoded, Encoded ChunkSpec
	// DecodedBytes and EncodedBytes are the byte specs around a
	// bytes->bytes codec; for the array->bytes codec EncodedBytes is its
	// output.
	DecodedBytes, EncodedBytes BytesSpec
}

// Pipeline is a codec chain resolved for one ChunkSpec. It encodes and
// decodes whole chunks and is safe for concurrent use.
type Pipeline struct {
	spec  ChunkSpec
	steps []Step
	// a2a holds the passes over the array side: one per array->array codec,
	// or one for two adjacent codecs that fused (see Fuser).
	a2a []arrayPass
	// nA2A is the number of array->array codecs; the array->bytes codec is
	// step nA2A.
	nA2A int
	a2b  BoundArrayToBytes
	b2b  []BoundBytesToBytes
	// arraySizes[i] is the byte size of the array after pass a2a[i-1]
	// (index 0 is the decoded chunk).
	arraySizes []int
	scratch    sync.Pool // *scratch
}

type scratch struct {
	arrays [][]byte // one per array->array codec output
	bytes  [2][]byte
}

// NewPipeline resolves codecs, in chain order, for chunks described by
// spec. It checks the order (array->array*, exactly one array->bytes,
// bytes->bytes*), resolves every codec against the spec the previous one
// produced, and checks that the fill value survives each array->array codec
// (encode then decode gives a numerically equal value). Errors are a
// *ChainOrderError or a *StepError wrapping the codec's error (a
// *ConfigError, or a *FillRoundTripError).
func NewPipeline(spec ChunkSpec, codecs []Codec) (*Pipeline, error) {
	if err := spec.Validate(); err != nil {
		return nil, &ConfigError{Reason: "chunk spec: " + err.Error()}
	}
	spec = spec.WithDataType(spec.DataType, spec.FillValue)
	if err := checkOrder(codecs); err != nil {
		return nil, err
	}
	p := &Pipeline{spec: spec}
	cur := spec
	var bound []BoundArrayToArray
	var curBytes BytesSpec
	for i, c := range codecs {
		st := Step{Index: i, Name: c.Name(), Kind: KindOf(c), Codec: c, Decoded: cur}
		switch c := c.(type) {
		case ArrayToArray:
			b, err := c.ResolveArray(cur.WithDataType(cur.DataType, cur.FillValue))
			if err != nil {
				return nil, &StepError{Index: i, Codec: st.Name, Err: err}
			}
			enc := b.Encoded()
			if err := enc.Validate(); err != nil {
				return nil, &StepError{Index: i, Codec: st.Name, Err: &ConfigError{Codec: st.Name, Reason: "encoded spec: " + err.Error()}}
			}
			if err := checkFillRoundTrip(b, cur.FillValue, enc.FillValue); err != nil {
				return nil, &StepError{Index: i, Codec: st.Name, Err: err}
			}
			st.Encoded = enc.WithDataType(enc.DataType, enc.FillValue)
			cur = st.Encoded
			bound = append(bound, b)
		case ArrayToBytes:
			b, err := c.ResolveBytes(cur.WithDataType(cur.DataType, cur.FillValue))
			if err != nil {
				return nil, &StepError{Index: i, Codec: st.Name, Err: err}
			}
			st.Encoded = cur
			st.EncodedBytes = b.Encoded()
			curBytes = st.EncodedBytes
			p.a2b = b
		case BytesToBytes:
			b, err := c.ResolveBytesToBytes(curBytes)
			if err != nil {
				return nil, &StepError{Index: i, Codec: st.Name, Err: err}
			}
			st.Decoded = ChunkSpec{}
			st.DecodedBytes = curBytes
			st.EncodedBytes = b.Encoded()
			curBytes = st.EncodedBytes
			p.b2b = append(p.b2b, b)
		}
		p.steps = append(p.steps, st)
	}
	p.nA2A = len(bound)
	p.planArrayPasses(bound)
	p.scratch.New = func() any { return &scratch{arrays: make([][]byte, len(p.a2a))} }
	return p, nil
}

func checkOrder(codecs []Codec) error {
	seenBytes := false
	for i, c := range codecs {
		if c == nil {
			return &ChainOrderError{Index: i, Reason: "nil codec"}
		}
		switch KindOf(c) {
		case KindArrayToArray:
			if seenBytes {
				return &ChainOrderError{Index: i, Codec: c.Name(), Reason: "array->array codec after the array->bytes codec"}
			}
		case KindArrayToBytes:
			if seenBytes {
				return &ChainOrderError{Index: i, Codec: c.Name(), Reason: "second array->bytes codec; a chain has exactly one"}
			}
			seenBytes = true
		case KindBytesToBytes:
			if !seenBytes {
				return &ChainOrderError{Index: i, Codec: c.Name(), Reason: "bytes->bytes codec before the array->bytes codec"}
			}
		default:
			return &ChainOrderError{Index: i, Codec: c.Name(), Reason: "not an array->array, array->bytes or bytes->bytes codec"}
		}
	}
	if !seenBytes {
		return &ChainOrderError{Index: len(codecs), Reason: "no array->bytes codec (such as \"bytes\"); a chain needs exactly one"}
	}
	return nil
}

func checkFillRoundTrip(b BoundArrayToArray, orig, enc numeric.Scalar) error {
	dec, err := b.DecodeFill(enc)
	if err != nil {
		return &FillRoundTripError{Original: orig, Encoded: enc, DecodeErr: err}
	}
	if !dec.Equal(orig) {
		return &FillRoundTripError{Original: orig, Encoded: enc, Decoded: dec}
	}
	return nil
}

// Spec returns the decoded chunk spec the pipeline was resolved for.
func (p *Pipeline) Spec() ChunkSpec { return p.spec.WithDataType(p.spec.DataType, p.spec.FillValue) }

// DecodedSize returns the byte size of a decoded chunk.
func (p *Pipeline) DecodedSize() int { return p.arraySizes[0] }

// ArrayPasses names the passes the pipeline makes over the array side of a
// chunk, in encode order: one codec name per pass, or "a+b" for two codecs
// fused into one pass (see Fuser).
func (p *Pipeline) ArrayPasses() []string {
	names := make([]string, len(p.a2a))
	for i, pass := range p.a2a {
		names[i] = pass.name
	}
	return names
}

// Encoded returns the spec of the pipeline's output byte strings.
func (p *Pipeline) Encoded() BytesSpec {
	if len(p.b2b) > 0 {
		return p.b2b[len(p.b2b)-1].Encoded()
	}
	return p.a2b.Encoded()
}

// Steps describes every codec of the chain, in order. The result is a
// copy: changing it does not change the pipeline.
func (p *Pipeline) Steps() []Step {
	out := make([]Step, len(p.steps))
	for i, st := range p.steps {
		st.Decoded.Shape = slices.Clone(st.Decoded.Shape)
		st.Encoded.Shape = slices.Clone(st.Encoded.Shape)
		st.DecodedBytes.Array.Shape = slices.Clone(st.DecodedBytes.Array.Shape)
		st.EncodedBytes.Array.Shape = slices.Clone(st.EncodedBytes.Array.Shape)
		out[i] = st
	}
	return out
}

// Encode appends the encoding of src, one whole decoded chunk, to dst and
// returns the extended slice. len(src) must be DecodedSize(). On error it
// returns dst unchanged.
func (p *Pipeline) Encode(dst, src []byte) ([]byte, error) {
	if len(src) != p.arraySizes[0] {
		return dst, &SizeError{What: "decoded chunk", Got: len(src), Want: p.arraySizes[0]}
	}
	s := p.scratch.Get().(*scratch)
	defer p.scratch.Put(s)
	cur := src
	for i, pass := range p.a2a {
		out := grow(&s.arrays[i], p.arraySizes[i+1])
		if err := pass.b.EncodeArray(out, cur); err != nil {
			return dst, p.passError(pass, err)
		}
		cur = out
	}
	bi := p.nA2A
	if len(p.b2b) == 0 {
		out, err := p.a2b.EncodeBytes(dst, cur)
		if err != nil {
			return dst, p.stepErr(bi, err)
		}
		return out, nil
	}
	buf, err := p.a2b.EncodeBytes(s.bytes[0][:0], cur)
	if err != nil {
		return dst, p.stepErr(bi, err)
	}
	s.bytes[0] = buf
	for j, b := range p.b2b {
		if j == len(p.b2b)-1 {
			out, err := b.Encode(dst, buf)
			if err != nil {
				return dst, p.stepErr(bi+1+j, err)
			}
			return out, nil
		}
		next, err := b.Encode(s.bytes[(j+1)%2][:0], buf)
		if err != nil {
			return dst, p.stepErr(bi+1+j, err)
		}
		s.bytes[(j+1)%2] = next
		buf = next
	}
	panic("unreachable")
}

// Decode decodes src, one encoded chunk, into dst, which must have exactly
// DecodedSize() bytes. On error the contents of dst are unspecified and must
// not be used.
func (p *Pipeline) Decode(dst, src []byte) error {
	if len(dst) != p.arraySizes[0] {
		return &SizeError{What: "destination", Got: len(dst), Want: p.arraySizes[0]}
	}
	s := p.scratch.Get().(*scratch)
	defer p.scratch.Put(s)
	buf := src
	bi := p.nA2A
	for j := len(p.b2b) - 1; j >= 0; j-- {
		out, err := p.b2b[j].Decode(s.bytes[j%2][:0], buf)
		if err != nil {
			return p.stepErr(bi+1+j, err)
		}
		if err := p.steps[bi+1+j].DecodedBytes.CheckDecoded(p.steps[bi+1+j].Name, len(out)); err != nil {
			return p.stepErr(bi+1+j, err)
		}
		s.bytes[j%2] = out
		buf = out
	}
	n := len(p.a2a)
	arr := dst
	if n > 0 {
		arr = grow(&s.arrays[n-1], p.arraySizes[n])
	}
	if err := p.a2b.DecodeBytes(arr, buf); err != nil {
		return p.stepErr(bi, err)
	}
	for i := n - 1; i >= 0; i-- {
		out := dst
		if i > 0 {
			out = grow(&s.arrays[i-1], p.arraySizes[i])
		}
		if err := p.a2a[i].b.DecodeArray(out, arr); err != nil {
			return p.passError(p.a2a[i], err)
		}
		arr = out
	}
	return nil
}

func (p *Pipeline) stepErr(i int, err error) error {
	return &StepError{Index: p.steps[i].Index, Codec: p.steps[i].Name, Err: err}
}

// grow returns (*b)[:n], reallocating *b when it is too small.
func grow(b *[]byte, n int) []byte {
	if cap(*b) < n {
		*b = make([]byte, n)
	}
	return (*b)[:n]
}

// String describes the chain: "bytes(float64 [64 64]) -> gzip".
func (p *Pipeline) String() string {
	s := fmt.Sprint(p.spec)
	for _, st := range p.steps {
		s += " -> " + st.Name
	}
	return s
}
