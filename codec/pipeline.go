package codec

import (
	"errors"
	"fmt"
	"slices"
	"sync"
	"unsafe"

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
	// a2bIdentity is the array->bytes codec when it passes bytes through
	// (see Identity), else nil; b2bIdentity[j] likewise for b2b[j].
	a2bIdentity Identity
	b2bIdentity []Identity
	// lastActive and firstActive are the indexes in b2b of the last and
	// the first bytes->bytes codec that is not the identity, or -1.
	lastActive, firstActive int
	// arraySizes[i] is the byte size of the array after pass a2a[i-1]
	// (index 0 is the decoded chunk).
	arraySizes []int
	scratch    sync.Pool // *scratch
	fillMode   FillMode
	warnings   []Warning
	// variable is set for a variable-length data type (variable.go):
	// a2bVar is then the array->bytes codec and maxVariable the largest
	// decoded chunk.
	variable    bool
	a2bVar      VariableLengthCodec
	varA2A      []VariableArrayToArray // the array->array codecs of a variable-length chain
	maxVariable int
}

// decodeSlack is the room past its size that a scratch buffer receiving a
// decompressor's output has: with 16 bytes of it, klauspost/compress's
// zstd decoder copies matches and literals in whole 16-byte blocks
// (measured 15% faster on a quantised chunk than its bounds-exact copies).
const decodeSlack = 64

type scratch struct {
	arrays [][]byte // one per array->array codec output
	bytes  [2][]byte
}

// maxPooledBuffer is the largest scratch buffer a pipeline keeps for reuse
// between calls: a larger one (a chunk of more than 32 MiB) is left to the
// garbage collector after each call, so that one huge chunk does not pin
// its memory for the life of the pipeline.
const maxPooledBuffer = 32 << 20

func (p *Pipeline) getScratch() *scratch { return p.scratch.Get().(*scratch) }

func (p *Pipeline) putScratch(s *scratch) {
	for i := range s.arrays {
		if cap(s.arrays[i]) > maxPooledBuffer {
			s.arrays[i] = nil
		}
	}
	for i := range s.bytes {
		if cap(s.bytes[i]) > maxPooledBuffer {
			s.bytes[i] = nil
		}
	}
	p.scratch.Put(s)
}

// NewPipeline resolves codecs, in chain order, for chunks described by
// spec. It checks the order (array->array*, exactly one array->bytes,
// bytes->bytes*), resolves every codec against the spec the previous one
// produced, and checks that the fill value survives each array->array codec
// (encode then decode gives a numerically equal value;
// docs/decisions.md#d1). Errors are a *ChainOrderError or a *StepError
// wrapping the codec's error (a *ConfigError, or a *FillRoundTripError).
//
// The fill round trip is always computed. What a failure is depends on the
// FillMode (Options.FillMode; FillStrict by default) and on the codec: under
// FillStrict it is an error, under FillWarn a Warning
// (Warnings) and resolution goes on; for a codec whose unbound form is a
// FillRoundTripAdvisor reporting true it is a warning in both modes. When a
// codec cannot encode the fill value at all (its ResolveArray fails with a
// *FillRoundTripError whose EncodeErr is set) and the failure is only a
// warning, the codec is resolved against a stand-in fill value (the one the
// error offers, or the zero of the data type), which is what the codecs
// after it see. A reader fills missing chunks with the array's own fill
// value and never needs the encoded one (docs/decisions.md#d17).
//
// A nil opts gives the defaults (see Options). A codec that holds chains
// of its own (ChainHolder) is resolved with opts, so its nested chains
// follow the same FillMode and MaxChunkBytes; their warnings
// (NestedWarner) join the pipeline's at the codec's position.
//
// Under FillWarn a codec that is a ReadingCodec is resolved as its
// ForReading: configurations another writer accepted and zcodec does not
// write (a bytes codec without endian, zstd level 100) resolve, with a
// Warning whose Err is a *StepError wrapping ErrReadOnlyConfig; under
// FillStrict they are errors matching ErrReadOnlyConfig
// (docs/decisions.md#d23).
func NewPipeline(spec ChunkSpec, codecs []Codec, opts *Options) (*Pipeline, error) {
	if err := spec.Validate(); err != nil {
		return nil, &ConfigError{Reason: "chunk spec: " + err.Error()}
	}
	spec = spec.Clone()
	if err := checkOrder(codecs); err != nil {
		return nil, err
	}
	p := &Pipeline{spec: spec, fillMode: opts.fillMode(), lastActive: -1, firstActive: -1}
	p.variable = spec.DataType.IsVariableLength()
	p.maxVariable = int(min(opts.MaxChunkBytesOrDefault(), MaxChunkBytes))
	cur := spec
	var bound []BoundArrayToArray
	var curBytes BytesSpec
	for i, c := range codecs {
		st := Step{Index: i, Name: c.Name(), Kind: KindOf(c), Codec: c, Decoded: cur}
		c, err := withOptions(forMode(c, p.fillMode), opts)
		if err != nil {
			return nil, &StepError{Index: i, Codec: st.Name, Err: err}
		}
		var nested any // the bound codec, for its nested warnings
		switch c := c.(type) {
		case ArrayToArray:
			b, err := p.resolveArray(i, c, cur)
			if err != nil {
				return nil, err
			}
			if p.variable {
				vb, ok := b.(VariableArrayToArray)
				if !ok {
					return nil, variableKindError(i, c, cur.DataType)
				}
				st.Encoded = b.Encoded().Clone()
				cur = st.Encoded
				p.varA2A = append(p.varA2A, vb)
				nested = b
				break
			}
			st.Encoded = b.Encoded().Clone()
			cur = st.Encoded
			bound = append(bound, b)
			nested = b
		case ArrayToBytes:
			b, err := c.ResolveBytes(cur.Clone())
			if err != nil {
				return nil, &StepError{Index: i, Codec: st.Name, Err: err}
			}
			st.Encoded = cur
			st.EncodedBytes = b.Encoded()
			if p.variable {
				vc, ok := b.(VariableLengthCodec)
				if !ok {
					return nil, variableA2BError(i, c, cur.DataType)
				}
				p.a2bVar = vc
				if !st.EncodedBytes.Fixed() {
					st.EncodedBytes.MaxSize = min(st.EncodedBytes.MaxSize, p.maxVariable)
				}
			}
			curBytes = st.EncodedBytes
			p.a2b = b
			p.a2bIdentity = identityOf(b)
			nested = b
		case BytesToBytes:
			b, err := c.ResolveBytesToBytes(curBytes)
			if err != nil {
				return nil, &StepError{Index: i, Codec: st.Name, Err: err}
			}
			st.Decoded = ChunkSpec{}
			st.DecodedBytes = curBytes
			st.EncodedBytes = b.Encoded()
			curBytes = st.EncodedBytes
			id := identityOf(b)
			if id == nil {
				p.lastActive = len(p.b2b)
				if p.firstActive < 0 {
					p.firstActive = len(p.b2b)
				}
			}
			p.b2b = append(p.b2b, b)
			p.b2bIdentity = append(p.b2bIdentity, id)
			nested = b
		}
		p.warnings = append(p.warnings, stepWarnings(nested, i, st.Name)...)
		if nw, ok := nested.(NestedWarner); ok {
			for _, w := range nw.NestedWarnings() {
				if e, ok := w.Err.(*FillRoundTripError); ok {
					n := *e
					n.Index, n.Codec = i, st.Name
					w = fillWarning(&n, w.Pointer)
				}
				p.warnings = append(p.warnings, w)
			}
		}
		p.steps = append(p.steps, st)
	}
	p.nA2A = len(bound) + len(p.varA2A)
	p.planArrayPasses(bound)
	p.scratch.New = func() any { return &scratch{arrays: make([][]byte, len(p.a2a))} }
	return p, nil
}

// withOptions returns c.WithOptions(opts) when c is a ChainHolder, else c.
// A ChainHolder that changes kind is a configuration error.
func withOptions(c Codec, opts *Options) (Codec, error) {
	h, ok := c.(ChainHolder)
	if !ok {
		return c, nil
	}
	withOpts := h.WithOptions(opts)
	if withOpts == nil || KindOf(withOpts) != KindOf(c) {
		return nil, &ConfigError{Codec: c.Name(), Reason: "WithOptions returned a codec of another kind"}
	}
	return withOpts, nil
}

// resolveArray resolves the array->array codec c, at chain position i,
// against cur, and checks its fill round trip.
func (p *Pipeline) resolveArray(i int, c ArrayToArray, cur ChunkSpec) (BoundArrayToArray, error) {
	stepErr := func(err error) error { return &StepError{Index: i, Codec: c.Name(), Err: err} }
	advisory := isAdvisory(c)
	lenient := advisory || p.fillMode == FillWarn
	b, err := c.ResolveArray(cur.Clone())
	var rt *FillRoundTripError
	if err != nil {
		if !lenient || !errors.As(err, &rt) || rt.EncodeErr == nil {
			return nil, stepErr(err)
		}
		// The fill value does not encode: resolve against a stand-in.
		fill := rt.StandIn
		if fill.DataType() != cur.DataType {
			fill = numeric.Zero(cur.DataType)
		}
		if b, err = c.ResolveArray(cur.WithDataType(cur.DataType, fill)); err != nil {
			return nil, stepErr(err)
		}
	}
	enc := b.Encoded()
	if err := enc.Validate(); err != nil {
		return nil, stepErr(&ConfigError{Codec: c.Name(), Reason: "encoded spec: " + err.Error()})
	}
	if rt == nil {
		rt = checkFillRoundTrip(b, cur.FillValue, enc.FillValue)
	}
	if rt == nil {
		return b, nil
	}
	if !lenient {
		return nil, stepErr(rt)
	}
	w := *rt
	w.Index, w.Codec, w.Nested, w.Advisory = i, c.Name(), nil, advisory
	p.warnings = append(p.warnings, fillWarning(&w, ""))
	return b, nil
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

// checkFillRoundTrip decodes enc, the encoding of orig, with b and returns
// the failure if the result is not numerically equal to orig, or nil.
func checkFillRoundTrip(b BoundArrayToArray, orig, enc numeric.Scalar) *FillRoundTripError {
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
func (p *Pipeline) Spec() ChunkSpec { return p.spec.Clone() }

// FillMode returns the fill round trip mode the pipeline was resolved with.
func (p *Pipeline) FillMode() FillMode { return p.fillMode }

// Warnings returns, in chain order, the configurations accepted only
// because the pipeline reads (FillWarn and a ReadingCodec: a Warning whose
// Err is a *StepError wrapping ErrReadOnlyConfig) and the fill round trips
// that failed without failing resolution (FillWarn, or an advisory codec),
// each a Warning whose Err is a *FillRoundTripError saying where the failing codec
// is and whose Pointer is the failing codec's entry when a codec holding
// it knows it ("" for a codec of the pipeline's own chain: the caller
// locates it from the error's Index); those of
// nested chains (see ChainHolder) at the position of the codec holding
// them. The result is a copy.
func (p *Pipeline) Warnings() []Warning {
	out := slices.Clone(p.warnings)
	for i, w := range out {
		if e, ok := w.Err.(*FillRoundTripError); ok {
			out[i] = fillWarning(e, w.Pointer)
		}
	}
	return out
}

// ArrayToBytes returns the chain's array->bytes codec, bound. Through it a
// host reaches what a codec offers beyond encoding and decoding (the index
// of a shard: sharding.FromPipeline).
func (p *Pipeline) ArrayToBytes() BoundArrayToBytes { return p.a2b }

// IsIdentity reports whether the chain's encoding of every chunk is the
// chunk's decoded bytes themselves: no array->array codec, and every other
// codec passes bytes through (see Identity). With CheckIdentity, a Pipeline
// is an Identity, so that a codec holding a chain (sharding_indexed's inner
// chain) can move chunks without calling AppendEncode or Decode.
func (p *Pipeline) IsIdentity() bool {
	return len(p.a2a) == 0 && len(p.varA2A) == 0 && p.a2bIdentity != nil && p.lastActive < 0
}

// CheckIdentity reports whether Decode accepts encoded, with the error
// Decode would return, for a pipeline that IsIdentity: Decode would only
// check it and copy it. For any other pipeline it returns a *ConfigError.
func (p *Pipeline) CheckIdentity(encoded []byte) error {
	if !p.IsIdentity() {
		return &ConfigError{Reason: "CheckIdentity on a chain that is not the identity: " + p.String()}
	}
	bi := p.nA2A
	for j := len(p.b2b) - 1; j >= 0; j-- {
		if err := p.b2bIdentity[j].CheckIdentity(encoded); err != nil {
			return p.stepErr(bi+1+j, err)
		}
	}
	if err := p.a2bIdentity.CheckIdentity(encoded); err != nil {
		return p.stepErr(bi, err)
	}
	return nil
}

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
	return p.steps[p.nA2A].EncodedBytes // a2b.Encoded(), bounded for variable-length types
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

// AppendEncode appends the encoding of src, one whole decoded chunk, to dst
// and returns the extended slice. len(src) must be DecodedSize(). On error
// it returns dst unchanged. src may overlap the spare capacity of dst.
//
// Codecs that pass bytes through unchanged (see Identity) are skipped:
// with the bytes codec in little-endian order, the last array pass (or src
// itself) feeds the first compressor directly, or, when nothing follows,
// the last array pass writes into dst.
func (p *Pipeline) AppendEncode(dst, src []byte) ([]byte, error) {
	if p.variable {
		if len(p.varA2A) > 0 {
			var err error
			if src, err = p.encodeVariableArrays(src); err != nil {
				return dst, err
			}
		}
		if err := p.checkVariable(src); err != nil {
			return dst, err
		}
	} else if len(src) != p.arraySizes[0] {
		return dst, &SizeError{What: "decoded chunk", Got: len(src), Want: p.arraySizes[0]}
	}
	s := p.getScratch()
	defer p.putScratch(s)
	cur := src
	// When no bytes step changes the bytes, the last array pass writes
	// straight into dst.
	last := len(p.a2a) - 1
	direct := p.a2bIdentity != nil && p.lastActive < 0
	for i, pass := range p.a2a {
		if i == last && direct {
			size := p.arraySizes[i+1]
			ext := slices.Grow(dst, size)
			if out := ext[len(dst) : len(dst)+size]; !overlaps(out, cur) {
				if err := pass.b.EncodeArray(out, cur); err != nil {
					return dst, p.passError(pass, err)
				}
				return ext[:len(dst)+size], nil
			}
		}
		out := grow(&s.arrays[i], p.arraySizes[i+1])
		if err := pass.b.EncodeArray(out, cur); err != nil {
			return dst, p.passError(pass, err)
		}
		cur = out
	}
	bi := p.nA2A
	buf, held := cur, -1 // held: which s.bytes buf is, or -1
	if p.a2bIdentity == nil {
		if p.lastActive < 0 {
			out, err := p.a2b.AppendEncodeBytes(dst, cur)
			if err != nil {
				return dst, p.stepErr(bi, err)
			}
			return out, nil
		}
		out, err := p.a2b.AppendEncodeBytes(s.bytes[0][:0], cur)
		if err != nil {
			return dst, p.stepErr(bi, err)
		}
		s.bytes[0], buf, held = out, out, 0
	}
	if p.lastActive < 0 { // every bytes step is the identity
		return append(dst, buf...), nil
	}
	for j, b := range p.b2b[:p.lastActive] {
		if p.b2bIdentity[j] != nil {
			continue
		}
		k := (held + 1) % 2 // the scratch buffer buf is not in
		out, err := b.AppendEncode(s.bytes[k][:0], buf)
		if err != nil {
			return dst, p.stepErr(bi+1+j, err)
		}
		s.bytes[k], buf, held = out, out, k
	}
	if held < 0 && overlaps(dst[len(dst):cap(dst)], buf) {
		// The encoder would write over its own input: give it a copy.
		buf = append(s.bytes[0][:0], buf...)
		s.bytes[0] = buf
	}
	out, err := p.b2b[p.lastActive].AppendEncode(dst, buf)
	if err != nil {
		return dst, p.stepErr(bi+1+p.lastActive, err)
	}
	return out, nil
}

// Decode decodes src, one encoded chunk, into dst, which must have exactly
// DecodedSize() bytes. On error the contents of dst are unspecified and must
// not be used. When the chain has a bytes->bytes codec, src may overlap dst.
//
// Decoding writes into dst as early as the chain allows: when the bytes
// codec passes bytes through (see Identity) and no array->array codec
// follows, the last bytes->bytes decoder (a decompressor, say) writes
// straight into dst, so the memory a call needs is dst and src.
func (p *Pipeline) Decode(dst, src []byte) error {
	if p.variable {
		return &ConfigError{Reason: fmt.Sprintf("chunks of the variable-length type %v have no fixed decoded size: decode them with AppendDecode", p.spec.DataType)}
	}
	if len(dst) != p.arraySizes[0] {
		return &SizeError{What: "destination", Got: len(dst), Want: p.arraySizes[0]}
	}
	s := p.getScratch()
	defer p.putScratch(s)
	n := len(p.a2a)
	// target receives the encoded array: the input of the last array pass,
	// or dst itself.
	target, room := dst, len(dst)
	if n > 0 {
		room = p.arraySizes[n] + decodeSlack
		target = grow(&s.arrays[n-1], room)[:p.arraySizes[n]]
	}
	buf, held := src, -1 // held: which s.bytes buf is, or -1
	bi := p.nA2A
	for j := len(p.b2b) - 1; j >= 0; j-- {
		if id := p.b2bIdentity[j]; id != nil {
			if err := id.CheckIdentity(buf); err != nil {
				return p.stepErr(bi+1+j, err)
			}
			continue
		}
		var out []byte
		var err error
		if j == p.firstActive && p.a2bIdentity != nil && !overlaps(target, buf) {
			// Capped, so that a decoder writing more than it may cannot
			// reach the caller's memory beyond dst; a scratch target has
			// decodeSlack bytes of room past its size.
			out, err = p.b2b[j].AppendDecode(target[:0:room], buf)
		} else {
			k := (held + 1) % 2
			out, err = p.b2b[j].AppendDecode(s.bytes[k][:0], buf)
			s.bytes[k], held = out, k
		}
		if err != nil {
			return p.stepErr(bi+1+j, err)
		}
		if err := p.steps[bi+1+j].DecodedBytes.CheckDecoded(p.steps[bi+1+j].Name, len(out)); err != nil {
			return p.stepErr(bi+1+j, err)
		}
		buf = out
	}
	arr := target
	if p.a2bIdentity != nil {
		if err := p.a2bIdentity.CheckIdentity(buf); err != nil {
			return p.stepErr(bi, err)
		}
		arr = buf
		if n == 0 && !sameStart(buf, dst) {
			copy(dst, buf)
		}
	} else if err := p.a2b.DecodeBytes(target, buf); err != nil {
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

// overlaps reports whether a and b share any byte of memory.
func overlaps(a, b []byte) bool {
	if len(a) == 0 || len(b) == 0 {
		return false
	}
	a0, b0 := uintptr(unsafe.Pointer(&a[0])), uintptr(unsafe.Pointer(&b[0]))
	return a0 < b0+uintptr(len(b)) && b0 < a0+uintptr(len(a))
}

// sameStart reports whether a and b start at the same byte of memory.
func sameStart(a, b []byte) bool {
	return len(a) > 0 && len(b) > 0 && &a[0] == &b[0]
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
