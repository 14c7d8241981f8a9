package codec

import (
	"encoding/binary"
	"fmt"
	"slices"
)

// Variable-length chunks
//
// A chunk of a variable-length data type (numeric.String, numeric.Bytes)
// has no fixed decoded size. Its decoded form, what AppendEncode takes and
// AppendDecode gives, is the vlen form of the zarr-extensions codecs
// vlen-utf8 and vlen-bytes: the number of elements as a u32le, then for
// each element in C order its length in bytes as a u32le and its bytes
// (UTF-8 for string). VlenHeader and VlenElements read it.
//
// Such a chain's array->array codecs are those that move elements without
// looking at them (VariableArrayToArray: transpose), and its array->bytes
// codec is a VariableLengthCodec. Every decoded size is bounded by
// Options.MaxChunkBytes, whatever the stored bytes claim.

// VariableLengthCodec is a bound array->bytes codec for a variable-length
// data type. AppendEncodeBytes takes a chunk in the vlen form; DecodeBytes
// is not used.
type VariableLengthCodec interface {
	BoundArrayToBytes
	// AppendDecodeVariable appends the vlen form of the encoded chunk src
	// to dst and returns the extended slice. It appends at most max bytes,
	// failing (with a *CorruptError or a *SizeError) rather than
	// allocating more, and the chunk it appends holds exactly the spec's
	// number of elements.
	AppendDecodeVariable(dst, src []byte, max int) ([]byte, error)
}

// VariableArrayToArray is an optional interface of a BoundArrayToArray
// that also takes chunks of a variable-length data type, in the vlen form:
// a codec that moves elements without looking at them (transpose). A
// chain of such a type may hold these array->array codecs and no other.
type VariableArrayToArray interface {
	BoundArrayToArray
	// AppendEncodeVlen appends the encoding of the vlen-form chunk src
	// (of the decoded spec) to dst, in the vlen form of the encoded spec.
	AppendEncodeVlen(dst, src []byte) ([]byte, error)
	// AppendDecodeVlen is the inverse of AppendEncodeVlen.
	AppendDecodeVlen(dst, src []byte) ([]byte, error)
}

// encodeVariableArrays runs the array->array codecs of a variable-length
// chain over src.
func (p *Pipeline) encodeVariableArrays(src []byte) ([]byte, error) {
	if len(src) > p.maxVariable {
		return nil, &SizeError{What: "decoded chunk", Got: len(src), Want: p.maxVariable}
	}
	for i, b := range p.varA2A {
		out, err := b.AppendEncodeVlen(nil, src)
		if err != nil {
			return nil, p.stepErr(i, err)
		}
		src = out
	}
	return src, nil
}

// minVlenElementBytes is the least room an element takes in the vlen form:
// its length.
const minVlenElementBytes = 4

// VlenHeader checks the vlen-form chunk b: a u32le count equal to n, then
// n elements, each a u32le length and that many bytes, and nothing after
// them. It returns the offset of the first element. codecName names the
// codec in the error, a *CorruptError.
func VlenHeader(codecName string, b []byte, n int) (int, error) {
	if len(b) < 4 {
		return 0, &CorruptError{Codec: codecName, Reason: fmt.Sprintf("%d bytes hold no element count", len(b))}
	}
	if got := binary.LittleEndian.Uint32(b); int64(got) != int64(n) {
		return 0, &CorruptError{Codec: codecName, Reason: fmt.Sprintf("the chunk holds %d elements, want %d", got, n)}
	}
	if int64(len(b)-4)/minVlenElementBytes < int64(n) {
		return 0, &CorruptError{Codec: codecName, Reason: fmt.Sprintf("%d bytes cannot hold %d elements", len(b), n)}
	}
	return 4, nil
}

// VlenElements calls f with the offset and length of each element of the
// vlen-form chunk b of n elements, in order, and checks that they fill b
// exactly. It stops at the first error f returns. Errors of its own are
// *CorruptError values naming codecName.
func VlenElements(codecName string, b []byte, n int, f func(i, off, length int) error) error {
	pos, err := VlenHeader(codecName, b, n)
	if err != nil {
		return err
	}
	for i := range n {
		if len(b)-pos < 4 {
			return &CorruptError{Codec: codecName, Reason: fmt.Sprintf("element %d: data seem truncated", i)}
		}
		l := binary.LittleEndian.Uint32(b[pos:])
		pos += 4
		if uint64(l) > uint64(len(b)-pos) {
			return &CorruptError{Codec: codecName, Reason: fmt.Sprintf("element %d: length %d runs past the end of the chunk", i, l)}
		}
		if f != nil {
			if err := f(i, pos, int(l)); err != nil {
				return err
			}
		}
		pos += int(l)
	}
	if pos != len(b) {
		return &CorruptError{Codec: codecName, Reason: fmt.Sprintf("%d bytes after the last element", len(b)-pos)}
	}
	return nil
}

// VariableLength reports whether the pipeline's chunks hold a
// variable-length data type. Such a pipeline decodes with AppendDecode
// (Decode, DecodeBatch and DecodeRegion refuse it), encodes chunks in the
// vlen form, and its DecodedSize is 0.
func (p *Pipeline) VariableLength() bool { return p.variable }

// AppendDecode appends the decoding of src, one encoded chunk, to dst and
// returns the extended slice: DecodedSize() bytes for a fixed-size data
// type (as Decode), the vlen form of the chunk for a variable-length one,
// of at most Options.MaxChunkBytes bytes. On error it returns dst
// unchanged, though bytes past its length may have been written.
func (p *Pipeline) AppendDecode(dst, src []byte) ([]byte, error) {
	if !p.variable {
		n := len(dst)
		ext := slices.Grow(dst, p.arraySizes[0])[:n+p.arraySizes[0]]
		if err := p.Decode(ext[n:], src); err != nil {
			return dst, err
		}
		return ext, nil
	}
	if len(p.varA2A) == 0 {
		return p.appendDecodeVariable(dst, src)
	}
	buf, err := p.appendDecodeVariable(nil, src)
	if err != nil {
		return dst, err
	}
	for i := len(p.varA2A) - 1; i >= 0; i-- {
		if buf, err = p.varA2A[i].AppendDecodeVlen(nil, buf); err != nil {
			return dst, p.stepErr(i, err)
		}
	}
	return append(dst, buf...), nil
}

// appendDecodeVariable decodes src with the bytes codecs of a
// variable-length chain to the vlen form of the array->bytes codec's
// decoded spec.
func (p *Pipeline) appendDecodeVariable(dst, src []byte) ([]byte, error) {
	s := p.getScratch()
	defer p.putScratch(s)
	buf, held := src, -1
	bi := p.nA2A
	base := len(dst)
	var direct []byte // dst extended by the last decoder, whose output buf is
	for j := len(p.b2b) - 1; j >= 0; j-- {
		if id := p.b2bIdentity[j]; id != nil {
			if err := id.CheckIdentity(buf); err != nil {
				return dst, p.stepErr(bi+1+j, err)
			}
			continue
		}
		var out []byte
		var err error
		if j == p.firstActive && p.a2bIdentity != nil && !overlaps(dst[len(dst):cap(dst)], buf) {
			out, err = p.b2b[j].AppendDecode(dst, buf)
			if err == nil {
				direct, out = out, out[base:]
			}
		} else {
			k := (held + 1) % 2
			out, err = p.b2b[j].AppendDecode(s.bytes[k][:0], buf)
			s.bytes[k], held = out, k
		}
		if err != nil {
			return dst, p.stepErr(bi+1+j, err)
		}
		if err := p.steps[bi+1+j].DecodedBytes.CheckDecoded(p.steps[bi+1+j].Name, len(out)); err != nil {
			return dst, p.stepErr(bi+1+j, err)
		}
		buf = out
	}
	if p.a2bIdentity != nil {
		if len(buf) > p.maxVariable {
			return dst, p.stepErr(bi, &CorruptError{Codec: p.steps[bi].Name, Err: &LimitError{
				What: "decoded chunk", Size: int64(len(buf)), Limit: int64(p.maxVariable), Setting: SettingMaxChunkBytes}})
		}
		if err := p.a2bIdentity.CheckIdentity(buf); err != nil {
			return dst, p.stepErr(bi, err)
		}
		if direct != nil {
			return direct, nil
		}
		return append(dst, buf...), nil
	}
	out, err := p.a2bVar.AppendDecodeVariable(dst, buf, p.maxVariable)
	if err != nil {
		return dst, p.stepErr(bi, err)
	}
	return out, nil
}

// variableKindError refuses the array->array codec c at position i of a
// chain for the variable-length type dt.
func variableKindError(i int, c Codec, dt fmt.Stringer) error {
	return &StepError{Index: i, Codec: c.Name(), Err: &ConfigError{Codec: c.Name(), Reason: fmt.Sprintf(
		"an array->array codec cannot take the variable-length data type %v: its elements have no fixed size", dt)}}
}

// variableA2BError refuses the array->bytes codec c at position i of a
// chain for the variable-length type dt.
func variableA2BError(i int, c Codec, dt fmt.Stringer) error {
	return &StepError{Index: i, Codec: c.Name(), Err: &ConfigError{Codec: c.Name(), Reason: fmt.Sprintf(
		"the array->bytes codec %q does not encode the variable-length data type %v (vlen-utf8 encodes string, vlen-bytes bytes)", c.Name(), dt)}}
}

// checkVariable checks src, a chunk in the vlen form given to AppendEncode.
func (p *Pipeline) checkVariable(src []byte) error {
	if len(src) > p.maxVariable {
		return &SizeError{What: "decoded chunk", Got: len(src), Want: p.maxVariable}
	}
	if p.a2bIdentity != nil {
		if err := p.a2bIdentity.CheckIdentity(src); err != nil {
			return p.stepErr(p.nA2A, err)
		}
	}
	return nil
}
