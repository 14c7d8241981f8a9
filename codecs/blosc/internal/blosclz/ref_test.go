package blosclz

import (
	"bytes"
	"testing"
)

// refDecompress decodes src into dst one byte at a time, following the
// format as the package doc states it; it reports whether the stream is
// valid for an output of len(dst) bytes and how many bytes it decodes to.
func refDecompress(dst, src []byte) (int, bool) {
	if len(src) == 0 {
		return 0, true
	}
	ip, op := 0, 0
	first := true
	for ip < len(src) {
		c := int(src[ip])
		ip++
		if first {
			c &= 31
			first = false
		}
		if c < 32 {
			for range c + 1 {
				if ip >= len(src) || op >= len(dst) {
					return op, false
				}
				dst[op] = src[ip]
				op, ip = op+1, ip+1
			}
			continue
		}
		length := c>>5 + 2
		if c>>5 == 7 {
			length = 9
			for {
				if ip >= len(src) || length > len(dst) {
					return op, false
				}
				e := int(src[ip])
				ip++
				length += e
				if e != 255 {
					break
				}
			}
		}
		if ip >= len(src) {
			return op, false
		}
		d := (c&31)<<8 | int(src[ip])
		ip++
		if d == nearLimit {
			if ip+1 >= len(src) {
				return op, false
			}
			d = nearLimit + (int(src[ip])<<8 | int(src[ip+1]))
			ip += 2
		}
		if ip >= len(src) { // a stream never ends with a match
			return op, false
		}
		ref := op - d - 1
		if ref < 0 || length > len(dst)-op {
			return op, false
		}
		for k := range length {
			dst[op+k] = dst[ref+k]
		}
		op += length
	}
	return op, true
}

// FuzzReference: Decompress agrees with the byte-at-a-time reference on
// every input, valid or not. Streams that decode to less than size bytes
// run the word-copy paths, which need room after the copy.
func FuzzReference(f *testing.F) {
	seeds(f)
	f.Add([]byte{0x20 | 2, 'a', 'b', 'c', ctl(7, 0), 11, 2, 0, '.'}, uint16(64)) // period 3
	f.Add([]byte{0x20 | 5, 1, 2, 3, 4, 5, 6, ctl(7, 0), 9, 5, 0, 7}, uint16(64)) // period 6
	f.Fuzz(func(t *testing.T, src []byte, size uint16) {
		want := make([]byte, int(size))
		wn, ok := refDecompress(want, src)
		dst := make([]byte, int(size))
		n, err := Decompress(dst, src)
		if (err == nil) != ok {
			t.Fatalf("error %v, reference valid %v", err, ok)
		}
		if ok && (n != wn || !bytes.Equal(dst[:n], want[:wn])) {
			t.Fatalf("%d bytes %x, reference %d bytes %x", n, dst[:n], wn, want[:wn])
		}
	})
}
