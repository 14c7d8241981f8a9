package numeric

// Caster converts slices of S into slices of D by the cast_value
// procedure, applied to each element in this order:
//
//  1. scalar_map: the first entry whose key equals the element by numeric
//     value gives the result (a "NaN" key matches every NaN, a 0 key both
//     zeros); a mapped value is final.
//  2. A value the target represents exactly is kept (integer <-> float
//     conversions are exact: 2^53+1 is not a float64).
//  3. Otherwise the exact value is rounded in the configured mode, then a
//     result beyond the target's range follows OutOfRange. Float targets
//     round as if their exponent were unbounded and are out of range iff
//     the rounded magnitude exceeds their largest finite value; clamp then
//     gives the signed infinity.
//  4. NaN and the infinities into an integer type fail whatever OutOfRange
//     says. Between float types NaN stays NaN and zeros keep their sign.
//
// The kernel is chosen once, when the Caster is made, from (S, D, rounding,
// out_of_range); its loop makes no interface call, map lookup or allocation
// per element. A Caster is immutable and safe for concurrent use.
//
// Caster is the typed entry point for passes that fuse another computation
// with the cast: such a pass computes a block of S values (a few KiB, in a
// buffer it reuses) and hands the block to Cast.
type Caster[S, D CastElement] struct {
	spec CastSpec
	k    kernel[S, D]
}

// NewCaster returns the Caster from S to D with the given rounding mode,
// out-of-range policy and scalar_map entries (From of S's data type, To of
// D's; see CastSpec.Map). It fails only for an invalid mode or policy or a
// map entry of the wrong types.
func NewCaster[S, D CastElement](rounding RoundingMode, oor OutOfRange, m []MapEntry) (*Caster[S, D], error) {
	spec := CastSpec{From: DataTypeOf[S](), To: DataTypeOf[D](), Rounding: rounding, OutOfRange: oor, Map: append([]MapEntry(nil), m...)}
	if err := spec.validate(); err != nil {
		return nil, err
	}
	return &Caster[S, D]{spec: spec, k: buildKernel[S, D](spec)}, nil
}

// Spec returns the conversion c performs.
func (c *Caster[S, D]) Spec() CastSpec { return c.spec }

// Cast converts src into dst, which must have the same length. It returns
// -1 and CastOK, or the index of the first element that cannot be
// converted and why; dst is then partly written and must not be used.
// Unequal lengths give index 0 and CastBadLength.
func (c *Caster[S, D]) Cast(dst []D, src []S) (int, CastFailure) {
	if len(dst) != len(src) {
		return 0, CastBadLength
	}
	return c.k(dst, src)
}

// One converts a single value. It is a convenience for scalars (fill
// values, tests); loops should call Cast on whole blocks.
func (c *Caster[S, D]) One(x S) (D, CastFailure) {
	s := [1]S{x}
	var d [1]D
	_, f := c.k(d[:], s[:])
	return d[0], f
}

// Cast is a conversion between two real data types over little-endian
// element bytes: the untyped form of Caster, chosen from a CastSpec at run
// time. It is immutable and safe for concurrent use.
type Cast struct {
	spec CastSpec
	run  func(dst, src []byte) (int, CastFailure)
}

// NewCast returns the conversion described by spec. Both types must be
// integer or real float types (bool and complex are errors); the error is a
// *CastSpecError.
func NewCast(spec CastSpec) (*Cast, error) {
	spec.Map = append([]MapEntry(nil), spec.Map...)
	if err := spec.validate(); err != nil {
		return nil, err
	}
	var run func(dst, src []byte) (int, CastFailure)
	switch {
	case isSmall(spec.From) || isSmall(spec.To):
		run = smallCast(spec)
	case spec.From == Int8:
		run = bytesFrom[int8](spec)
	case spec.From == Int16:
		run = bytesFrom[int16](spec)
	case spec.From == Int32:
		run = bytesFrom[int32](spec)
	case spec.From == Int64:
		run = bytesFrom[int64](spec)
	case spec.From == Uint8:
		run = bytesFrom[uint8](spec)
	case spec.From == Uint16:
		run = bytesFrom[uint16](spec)
	case spec.From == Uint32:
		run = bytesFrom[uint32](spec)
	case spec.From == Uint64:
		run = bytesFrom[uint64](spec)
	case spec.From == Float16:
		run = bytesFrom[F16](spec)
	case spec.From == BFloat16:
		run = bytesFrom[BF16](spec)
	case spec.From == Float32:
		run = bytesFrom[float32](spec)
	default:
		run = bytesFrom[float64](spec)
	}
	return &Cast{spec: spec, run: run}, nil
}

// Spec returns the conversion c performs.
func (c *Cast) Spec() CastSpec { return c.spec }

// Bytes converts src, little-endian elements of the source type, into dst,
// which must hold as many elements of the target type. It returns -1 and
// CastOK, or the index of the first element that cannot be converted and
// why (dst must not be used then). Lengths that are not whole and equal
// element counts give index 0 and CastBadLength. On a little-endian host
// with element-aligned buffers it converts in place of the typed slices;
// otherwise it goes through small aligned blocks.
func (c *Cast) Bytes(dst, src []byte) (int, CastFailure) { return c.run(dst, src) }

// Scalar converts one value of the source type.
func (c *Cast) Scalar(x Scalar) (Scalar, CastFailure) {
	if x.DataType() != c.spec.From {
		return Scalar{}, CastBadLength
	}
	var in, out [8]byte
	n := x.PutBytes(in[:])
	m := c.spec.To.Size()
	if _, f := c.run(out[:m], in[:n]); f != CastOK {
		return Scalar{}, f
	}
	s, _ := ScalarFromBytes(c.spec.To, out[:m])
	return s, CastOK
}
