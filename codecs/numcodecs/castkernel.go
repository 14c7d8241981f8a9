package numcodecs

import (
	"github.com/zcodec/zcodec/numeric"
)

// npCastKernel is NumPy's astype from one integer or real float type to
// another as a whole-chunk loop: a numeric.Cast whose rules equal NumPy's
// for every value it converts without failure, with the element-by-element
// model for the values it refuses.
//
// The numeric conversion chosen for each kind of pair:
//
//   - integer to integer: wrap, which is NumPy's two's complement
//     truncation;
//   - to a float: nearest-even, with out-of-range values clamped, which is
//     the IEEE overflow to ±Infinity NumPy's compiled casts give;
//   - float to integer: towards-zero, with out-of-range values an error:
//     every value whose truncation fits the target converts as NumPy's
//     truncating cast does, and NaN, the infinities and values beyond the
//     target fail, so that NumPy's x86-64 results for them (see the package
//     documentation) come from the model.
//
// Between float types the two agree on every value but the signalling
// NaNs of float16 widened to float32, which numeric keeps signalling
// and the model quiets: those elements are redone by the model.
//
// Where the cast fails at an element, the elements from the last restart
// up to and including it are redone by the model and the cast resumes
// after it, so each element is converted by the kernel or by the model,
// never twice by the model, whatever the failures.
type npCastKernel struct {
	cast     *numeric.Cast
	from, to numeric.DataType
	ss, ds   int // element sizes
	// redo the signalling NaNs of the source (float16 -> float32)
	redoSignalling16 bool
}

// newNPCastKernel returns the kernel of astype from from to to, or nil
// when from or to is not an integer or real float type (bool, complex).
func newNPCastKernel(from, to numeric.DataType) *npCastKernel {
	if !npCastable(from) || !npCastable(to) {
		return nil
	}
	spec := numeric.CastSpec{From: from, To: to, Rounding: numeric.NearestEven, OutOfRange: numeric.OutOfRangeClamp}
	switch {
	case from.IsInteger() && to.IsInteger():
		spec.OutOfRange = numeric.OutOfRangeWrap
	case from.IsFloat() && to.IsInteger():
		spec.Rounding, spec.OutOfRange = numeric.TowardsZero, numeric.OutOfRangeError
	}
	c, err := numeric.NewCast(spec)
	if err != nil {
		return nil // not reached: both types are real
	}
	return &npCastKernel{cast: c, from: from, to: to, ss: from.Size(), ds: to.Size(),
		redoSignalling16: from == numeric.Float16 && to == numeric.Float32}
}

// npCastable reports whether dt is a type numeric.Cast converts exactly as
// NumPy does (integers, float16, float32, float64).
func npCastable(dt numeric.DataType) bool {
	return dt.IsInteger() || dt == numeric.Float16 || dt == numeric.Float32 || dt == numeric.Float64
}

// run converts src into dst, whole elements of the two types in equal
// numbers.
func (k *npCastKernel) run(dst, src []byte) {
	castOrRedo(k.cast, dst, src, k.ss, k.ds, func(j int) { k.model(dst, src, j) })
	if k.redoSignalling16 {
		for j := 0; j+1 < len(src); j += 2 {
			if h := uint16(src[j]) | uint16(src[j+1])<<8; h&0x7e00 == 0x7c00 && h&0x01ff != 0 {
				k.model(dst, src, j/2)
			}
		}
	}
}

// castOrRedo converts src, elements of ss bytes, into dst, elements of ds
// bytes, by c. Where c fails at an element, dst from the last restart on is
// not to be trusted: redo is called for each element from that restart up
// to and including the failing one (by index into src), and the cast
// resumes after it. Each element is converted once by c or by redo, never
// twice by redo, whatever the failures.
func castOrRedo(c *numeric.Cast, dst, src []byte, ss, ds int, redo func(j int)) {
	n := len(src) / ss
	for start := 0; start < n; {
		i, f := c.Bytes(dst[start*ds:n*ds], src[start*ss:n*ss])
		if f == numeric.CastOK {
			return
		}
		end := start + max(i, 0) + 1
		for j := start; j < end; j++ {
			redo(j)
		}
		start = end
	}
}

// model converts element j by the NumPy model.
func (k *npCastKernel) model(dst, src []byte, j int) {
	npStore(k.to, dst, j, npCast(npLoad(k.from, src, j), k.from, k.to))
}
