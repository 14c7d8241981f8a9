package hdf5lzf

// Decoding fails for one of these reasons.
const (
	errNone      = iota
	errTooLong   // the stream decodes to more than the output holds
	errTruncated // an item needs more input than there is
	errBadRef    // a back reference reaches before the start of the output
)

// decompress decodes src into out and returns the number of bytes written
// and errNone, or the position in src of the item that failed and its
// reason. It writes only within out.
func decompress(out, src []byte) (n, at, reason int) {
	op, ip := 0, 0
	for ip < len(src) {
		at = ip
		ctrl := int(src[ip])
		ip++
		if ctrl < maxLiteral {
			run := ctrl + 1
			if run > len(out)-op {
				return op, at, errTooLong
			}
			if run > len(src)-ip {
				return op, at, errTruncated
			}
			copy(out[op:op+run], src[ip:ip+run])
			op += run
			ip += run
			continue
		}
		length := ctrl >> 5
		if ip >= len(src) {
			return op, at, errTruncated
		}
		if length == refLenMask {
			length += int(src[ip])
			ip++
			if ip >= len(src) {
				return op, at, errTruncated
			}
		}
		off := (ctrl&refOffHigh)<<8 + int(src[ip]) + 1
		ip++
		length += 2
		if length > len(out)-op {
			return op, at, errTooLong
		}
		if off > op {
			return op, at, errBadRef
		}
		copyBack(out[op-off:op+length], off)
		op += length
	}
	return op, 0, errNone
}

// copyBack fills r[off:] from the bytes off back, as a byte-by-byte copy
// would: r[i] = r[i-off] for every i >= off.
func copyBack(r []byte, off int) {
	if len(r) <= 2*off {
		copy(r[off:], r[:off])
		return
	}
	// r[:done] repeats with period off and done is a multiple of off, so
	// copying it forward keeps the period.
	for done := off; done < len(r); {
		done += copy(r[done:], r[:done])
	}
}

// decodedLen returns the length src decodes to, walking it without writing
// anything, or like decompress the failing item and its reason when the
// stream is invalid or decodes to more than limit bytes.
func decodedLen(src []byte, limit int) (n, at, reason int) {
	op, ip := 0, 0
	for ip < len(src) {
		at = ip
		ctrl := int(src[ip])
		ip++
		if ctrl < maxLiteral {
			run := ctrl + 1
			if run > limit-op {
				return op, at, errTooLong
			}
			if run > len(src)-ip {
				return op, at, errTruncated
			}
			op += run
			ip += run
			continue
		}
		length := ctrl >> 5
		if ip >= len(src) {
			return op, at, errTruncated
		}
		if length == refLenMask {
			length += int(src[ip])
			ip++
			if ip >= len(src) {
				return op, at, errTruncated
			}
		}
		off := (ctrl&refOffHigh)<<8 + int(src[ip]) + 1
		ip++
		length += 2
		if length > limit-op {
			return op, at, errTooLong
		}
		if off > op {
			return op, at, errBadRef
		}
		op += length
	}
	return op, 0, errNone
}
