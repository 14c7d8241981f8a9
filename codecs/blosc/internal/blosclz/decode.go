package blosclz

import "encoding/binary"

// Decompress decodes the stream src into dst and returns the number of
// bytes written. It fails with ErrCorrupt, having written at most
// len(dst) bytes, for a malformed stream or one that would decode to more
// than len(dst) bytes; a stream that decodes to fewer returns their count
// without error (the caller knows how many it expects). An empty stream
// decodes to nothing. dst's bytes past the returned count are unspecified.
//
// Away from the ends of src and dst, literal runs and matches are copied
// eight bytes at a time, possibly writing past their end into bytes that
// the next instructions overwrite.
func Decompress(dst, src []byte) (int, error) {
	if len(src) == 0 {
		return 0, nil
	}
	le := binary.LittleEndian
	ip, op := 1, 0
	ctrl := int(src[0] & 31)
	for {
		if ctrl < 32 {
			n := ctrl + 1
			if ip+maxLiteral <= len(src) && op+maxLiteral <= len(dst) {
				s, d := src[ip:ip+maxLiteral], dst[op:op+maxLiteral]
				le.PutUint64(d[0:], le.Uint64(s[0:]))
				le.PutUint64(d[8:], le.Uint64(s[8:]))
				le.PutUint64(d[16:], le.Uint64(s[16:]))
				le.PutUint64(d[24:], le.Uint64(s[24:]))
			} else {
				if n > len(dst)-op || n > len(src)-ip {
					return op, ErrCorrupt
				}
				copy(dst[op:op+n], src[ip:ip+n])
			}
			op += n
			ip += n
			if ip >= len(src) {
				return op, nil
			}
			ctrl = int(src[ip])
			ip++
			continue
		}
		length := ctrl>>5 - 1
		if length == 6 {
			for {
				if ip+1 >= len(src) {
					return op, ErrCorrupt
				}
				code := src[ip]
				ip++
				length += int(code)
				if code != 255 {
					break
				}
				if length > len(dst) {
					return op, ErrCorrupt // longer than any output
				}
			}
		} else if ip+1 >= len(src) {
			return op, ErrCorrupt
		}
		code := int(src[ip])
		ip++
		length += 3
		d := (ctrl&31)<<8 | code
		if d == nearLimit {
			// the far form: two more bytes of distance
			if ip+1 >= len(src) {
				return op, ErrCorrupt
			}
			d = nearLimit + (int(src[ip])<<8 | int(src[ip+1]))
			ip += 2
		}
		ref := op - d - 1
		if ref < 0 || length > len(dst)-op || ip >= len(src) {
			return op, ErrCorrupt
		}
		ctrl = int(src[ip])
		ip++
		switch {
		case d >= 7 && op+length+8 <= len(dst):
			// the source is at least 8 bytes back: whole words, in order
			// (a word may read what the one before it wrote)
			o, r := dst[op:op+length+8], dst[ref:ref+length+8]
			le.PutUint64(o, le.Uint64(r))
			for k := 8; k < length; k += 8 {
				le.PutUint64(o[k:], le.Uint64(r[k:]))
			}
		case d == 0 && op+length+8 <= len(dst):
			// a run of one byte
			w := uint64(dst[ref]) * 0x0101010101010101
			for k := 0; k < length; k += 8 {
				le.PutUint64(dst[op+k:], w)
			}
		case op+length+8 <= len(dst):
			// the source is 2 to 7 bytes back (d+1): the 8 bytes of the
			// repeating pattern from its start, written in whole words
			// every multiple of the period that fits in 8 bytes
			var w uint64
			switch d {
			case 1:
				w = uint64(le.Uint16(dst[ref:])) * 0x0001000100010001
			case 3:
				w = uint64(le.Uint32(dst[ref:])) * 0x0000000100000001
			default:
				for i := range 8 {
					w |= uint64(dst[ref+i%(d+1)]) << (8 * i)
				}
			}
			step := patternStep[d]
			for k := 0; k < length; k += step {
				le.PutUint64(dst[op+k:], w)
			}
		case d >= length:
			copy(dst[op:op+length], dst[ref:ref+length])
		default:
			// the copy overlaps its output: repeat the d+1 bytes before
			// it, doubling what is copied each time
			out := dst[op : op+length]
			for i := 0; i < len(out); {
				i += copy(out[i:], dst[ref:op+i])
			}
		}
		op += length
	}
}

// patternStep[d] is the largest multiple of the period d+1 (2 to 7) that
// is at most 8: how far apart words of a repeating pattern are written.
var patternStep = [7]int{8, 8, 6, 8, 5, 6, 7}
