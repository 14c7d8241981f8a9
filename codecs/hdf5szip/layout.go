package hdf5szip

import "encoding/binary"

// The sample layout of a chunk: which bytes hold CCSDS sample s. Samples
// are 1, 2 or 4 bytes in the byte order of the options mask; with 32- and
// 64-bit pixels (p.word > 0) the chunk of m words is read as its byte
// planes, one after the other, so that sample s is byte j of word i, where
// j = s / m and i = s % m.

// gather reads the count samples from sample s on into out.
func (p *params) gather(out []uint32, chunk []byte, s int) {
	if p.word > 0 {
		m := len(chunk) / p.word
		for len(out) > 0 {
			j, i := s/m, s%m
			c := min(len(out), m-i)
			in := chunk[i*p.word+j:]
			for k := range out[:c] {
				out[k] = uint32(in[k*p.word])
			}
			out, s = out[c:], s+c
		}
		return
	}
	switch p.size {
	case 1:
		in := chunk[s : s+len(out)]
		for k, b := range in {
			out[k] = uint32(b)
		}
	case 2:
		in := chunk[2*s : 2*(s+len(out))]
		if p.msb {
			for k := range out {
				out[k] = uint32(binary.BigEndian.Uint16(in[2*k:]))
			}
		} else {
			for k := range out {
				out[k] = uint32(binary.LittleEndian.Uint16(in[2*k:]))
			}
		}
	default:
		in := chunk[4*s : 4*(s+len(out))]
		if p.msb {
			for k := range out {
				out[k] = binary.BigEndian.Uint32(in[4*k:])
			}
		} else {
			for k := range out {
				out[k] = binary.LittleEndian.Uint32(in[4*k:])
			}
		}
	}
}

// scatter writes the samples of vals, from sample s on, into chunk; each
// keeps the low bytes its width holds.
func (p *params) scatter(chunk []byte, vals []uint32, s int) {
	if p.word > 0 {
		m := len(chunk) / p.word
		for len(vals) > 0 {
			j, i := s/m, s%m
			c := min(len(vals), m-i)
			out := chunk[i*p.word+j:]
			for k, v := range vals[:c] {
				out[k*p.word] = byte(v)
			}
			vals, s = vals[c:], s+c
		}
		return
	}
	switch p.size {
	case 1:
		out := chunk[s : s+len(vals)]
		for k, v := range vals {
			out[k] = byte(v)
		}
	case 2:
		out := chunk[2*s : 2*(s+len(vals))]
		if p.msb {
			for k, v := range vals {
				binary.BigEndian.PutUint16(out[2*k:], uint16(v))
			}
		} else {
			for k, v := range vals {
				binary.LittleEndian.PutUint16(out[2*k:], uint16(v))
			}
		}
	default:
		out := chunk[4*s : 4*(s+len(vals))]
		if p.msb {
			for k, v := range vals {
				binary.BigEndian.PutUint32(out[4*k:], v)
			}
		} else {
			for k, v := range vals {
				binary.LittleEndian.PutUint32(out[4*k:], v)
			}
		}
	}
}
