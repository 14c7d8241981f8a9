package numeric

// kernel converts src into dst, which has the same length, element by
// element. It returns -1 and CastOK, or the index of the first element that
// cannot be converted and why; dst[:index] is then converted and the rest
// is unspecified.
type kernel[S, D any] func(dst []D, src []S) (int, CastFailure)

// intToInt returns the integer -> integer kernel. Rounding never applies;
// out-of-range values follow oor (wrap keeps the low bits, which is Go's
// integer conversion).
func intToInt[S, D Integer](oor OutOfRange) kernel[S, D] {
	if intFits[S, D]() {
		return func(dst []D, src []S) (int, CastFailure) {
			dst = dst[:len(src)]
			for i, x := range src {
				dst[i] = D(x)
			}
			return -1, CastOK
		}
	}
	lo, hi := intBounds[D]()
	return func(dst []D, src []S) (int, CastFailure) {
		dst = dst[:len(src)]
		for i, x := range src {
			d := D(x)
			// d holds x exactly iff converting back gives x and the sign
			// survived (uint8 200 -> int8 -56 -> uint8 200).
			if S(d) != x || (x < 0) != (d < 0) {
				switch oor {
				case OutOfRangeClamp:
					d = hi
					if x < 0 {
						d = lo
					}
				case OutOfRangeWrap:
				default:
					return i, CastOutOfRange
				}
			}
			dst[i] = d
		}
		return -1, CastOK
	}
}
