package codec

import "github.com/zcodec/zcodec/numeric"

// Fusion: two adjacent array->array codecs of a chain may run as one pass
// over the chunk, with the results and errors of the two run in turn. The
// pipeline resolves every codec on its own first (so resolution errors and
// the fill round trip are checked per codec), then offers each adjacent
// pair of bound codecs to the first one's FuseNext, and if it declines, to
// the second one's FusePrev. Neither codec needs to know the other's type:
// a codec that converts elements one by one describes its conversion as an
// ElementCaster, and its neighbours fuse with that description.

// Fuser is an optional interface of a bound array->array codec that can
// run together with the codec after it in one pass over the chunk
// (scale_offset followed by cast_value, for instance).
type Fuser interface {
	// FuseNext returns a pass equivalent to the receiver followed by next,
	// the next codec of the chain bound to the receiver's encoded spec:
	// same encoded spec, same fill value, same results and same errors.
	// ok false means no fusion; the pipeline then runs the two codecs one
	// after the other.
	FuseNext(next BoundArrayToArray) (fused Fused, ok bool)
}

// PrevFuser is an optional interface of a bound array->array codec that
// can run together with the codec before it in one pass (cast_value
// followed by transpose, for instance). The pipeline asks it when the
// codec before does not fuse forward.
type PrevFuser interface {
	// FusePrev returns a pass equivalent to prev followed by the receiver,
	// with the guarantees of Fuser.FuseNext; ok false means no fusion.
	FusePrev(prev BoundArrayToArray) (fused Fused, ok bool)
}

// Fused is two adjacent bound array->array codecs run as one pass.
type Fused interface {
	BoundArrayToArray
	// StepOf says which of the two codecs an error returned by EncodeArray
	// or DecodeArray comes from: 0 for the first in chain order, 1 for the
	// second. The pipeline's *StepError names that codec.
	StepOf(err error) int
}

// ElementCaster is implemented by a bound array->array codec that converts
// each element on its own, from the decoded to the encoded data type, with
// a numeric.Cast (cast_value). A neighbouring codec can apply the casts
// inside its own pass: encode converts decoded elements to encoded ones,
// decode the reverse. Errors in the fused pass must still be the codec's
// own, so a fused pass that meets an element a cast rejects reruns the
// codec's EncodeArray or DecodeArray to report it.
type ElementCaster interface {
	BoundArrayToArray
	ElementCasts() (encode, decode *numeric.Cast)
}

// arrayPass is one pass of the array side: a bound codec, or a fused pair,
// and the chain position and name its errors are reported with.
type arrayPass struct {
	b     BoundArrayToArray
	index int
	name  string
	fused Fused // b, when it runs codecs index and index+1
}

// planArrayPasses fuses adjacent array->array codecs that offer it and
// records the byte size after every pass.
func (p *Pipeline) planArrayPasses(bound []BoundArrayToArray) {
	p.arraySizes = append(p.arraySizes, p.spec.Size())
	for i := 0; i < len(bound); i++ {
		pass := arrayPass{b: bound[i], index: i, name: p.steps[i].Name}
		if i+1 < len(bound) {
			if f, ok := fusePair(bound[i], bound[i+1]); ok {
				pass.b, pass.fused = f, f
				pass.name += "+" + p.steps[i+1].Name
				i++
			}
		}
		p.a2a = append(p.a2a, pass)
		p.arraySizes = append(p.arraySizes, p.steps[i].Encoded.Size())
	}
}

// fusePair offers a and b, adjacent in that order, to a's FuseNext, then
// to b's FusePrev.
func fusePair(a, b BoundArrayToArray) (Fused, bool) {
	if f, ok := a.(Fuser); ok {
		if fused, ok := f.FuseNext(b); ok && fused != nil {
			return fused, true
		}
	}
	if f, ok := b.(PrevFuser); ok {
		if fused, ok := f.FusePrev(a); ok && fused != nil {
			return fused, true
		}
	}
	return nil, false
}

// passError wraps an error of an array pass in a *StepError naming the
// codec it comes from.
func (p *Pipeline) passError(pass arrayPass, err error) error {
	i := pass.index
	if pass.fused != nil && pass.fused.StepOf(err) == 1 {
		i++
	}
	return &StepError{Index: i, Codec: p.steps[i].Name, Err: err}
}
