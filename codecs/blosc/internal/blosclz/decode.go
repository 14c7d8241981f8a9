package blosclz

// Decompress decodes the stream src into dst and returns the number of
// bytes written. It fails with ErrCorrupt, having written at most
// len(dst) bytes, for a malformed stream or one that would decode to more
// than len(dst) bytes; a stream that decodes to fewer returns their count
// without error (the caller knows how many it expects). An empty stream
// decodes to nothing.
func Decompress(dst, src []byte) (int, error) {
	if len(src) == 0 {
		return 0, nil
	}
	ip, op := 1, 0
	ctrl := int(src[0] & 31)
	for {
		if ctrl >= 32 {
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
			out := dst[op : op+length]
			switch {
			case d == 0:
				// a run of one byte
				out[0] = dst[ref]
				for i := 1; i < len(out); i *= 2 {
					copy(out[i:], out[:i])
				}
			case d >= length:
				copy(out, dst[ref:ref+length])
			default:
				// the copy overlaps its output: repeat the d+1 bytes
				// before it, doubling what is copied each time
				for i := 0; i < len(out); {
					i += copy(out[i:], dst[ref:op+i])
				}
			}
			op += length
			continue
		}
		n := ctrl + 1
		if n > len(dst)-op || n > len(src)-ip {
			return op, ErrCorrupt
		}
		copy(dst[op:op+n], src[ip:ip+n])
		op += n
		ip += n
		if ip >= len(src) {
			return op, nil
		}
		ctrl = int(src[ip])
		ip++
	}
}
