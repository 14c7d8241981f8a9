package hdf5scaleoffset

import (
	"fmt"
	"github.com/zcodec/zcodec/codecs/internal/bitpack"
	"math/bits"

	"github.com/zcodec/zcodec/numeric"
)

// Integers are handled as keys: their bits, with the sign bit flipped for
// signed types, so that unsigned comparison orders them and the difference
// of two keys is the difference of the values.

// keyFlip returns the bit to flip to turn elements into keys.
func (b *bound) keyFlip() uint64 {
	if b.signed {
		return 1 << (b.bits - 1)
	}
	return 0
}

// value returns the element of key k, sign-extended to 64 bits for signed
// types: the filter's minimum as it writes it.
func (b *bound) value(k uint64) uint64 {
	v := k ^ b.keyFlip()
	if b.signed {
		sh := 64 - b.bits
		v = uint64(int64(v<<sh) >> sh)
	}
	return v
}

// log2 returns the bits that hold the values 0 to n-1: the smallest m
// with 2^m >= n, as H5Z__scaleoffset_log2 computes it (0 for n <= 1).
func log2(n uint64) uint {
	if n <= 1 {
		return 0
	}
	return uint(bits.Len64(n - 1))
}

// scanInts finds the chunk's minimum and the bits of its values, as the
// filter's precompression does.
func (b *bound) scanInts(src []byte) (header, error) {
	flip := b.keyFlip()
	fillKey := b.fillRaw ^ flip
	lo, hi := ^uint64(0), uint64(0)
	found := false
	var blk [blockLen]uint64
	for i := 0; i < b.n; i += blockLen {
		vals := blk[:min(blockLen, b.n-i)]
		bitpack.LoadElems(vals, src[i*b.size:], b.size, b.big)
		for _, v := range vals {
			k := v ^ flip
			if b.fill && k == fillKey {
				continue
			}
			found = true
			lo = min(lo, k)
			hi = max(hi, k)
		}
	}
	if !found {
		// every element is the fill value: the filter's minimum and
		// maximum stay 0
		lo, hi = flip, flip
	}
	if b.given > 0 {
		return b.checkGiven(src, lo)
	}
	full := mask(b.bits)
	if hi-lo > full-2 {
		// the filter stores such chunks whole, with a minimum of 0, but
		// for int8 without a fill value, where it writes the minimum
		var minVal uint64
		if b.size == 1 && b.signed && !b.fill {
			minVal = b.value(lo)
		}
		return header{minBits: b.bits, minVal: minVal}, nil
	}
	span := hi - lo + 1
	if b.fill {
		span++ // the largest value of the bits marks the fill value
	}
	return header{minBits: log2(span), minVal: b.value(lo)}, nil
}

// checkGiven returns the header of a chunk packed to the configured bits,
// whose minimum key is lo, after checking that every element survives.
func (b *bound) checkGiven(src []byte, lo uint64) (header, error) {
	m := b.given
	limit := mask(m)
	if b.fill {
		limit-- // the largest value marks the fill value
	}
	flip := b.keyFlip()
	fillKey := b.fillRaw ^ flip
	var blk [blockLen]uint64
	for i := 0; i < b.n; i += blockLen {
		vals := blk[:min(blockLen, b.n-i)]
		bitpack.LoadElems(vals, src[i*b.size:], b.size, b.big)
		for j, v := range vals {
			k := v ^ flip
			if (b.fill && k == fillKey) || k-lo <= limit {
				continue
			}
			dt := b.dataType()
			why := fmt.Sprintf("it is %d above the chunk's minimum %v; %d bits hold differences up to %d", k-lo, numeric.ScalarFromBits(dt, b.value(lo), 0), m, limit)
			if b.fill {
				why += " (the largest marks the fill value)"
			}
			return header{}, &ValueError{Index: i + j, Value: numeric.ScalarFromBits(dt, v, 0), Reason: why}
		}
	}
	return header{minBits: m, minVal: b.value(lo)}, nil
}

// dataType returns the element type.
func (b *bound) dataType() numeric.DataType {
	dt, _ := dataTypeOf(b.float, b.size, b.signed)
	return dt
}

// packInts appends the elements of src less the minimum, and the fill
// value's marker, in h.minBits bits each.
func (b *bound) packInts(p *bitpack.Packer, src []byte, h header) {
	m := h.minBits
	flip := b.keyFlip()
	fillKey := b.fillRaw ^ flip
	lo := (h.minVal ^ flip) & mask(b.bits)
	marker, msk := mask(m), mask(m)
	var blk [blockLen]uint64
	for i := 0; i < b.n; i += blockLen {
		vals := blk[:min(blockLen, b.n-i)]
		bitpack.LoadElems(vals, src[i*b.size:], b.size, b.big)
		if b.fill {
			for j, v := range vals {
				k := v ^ flip
				d := (k - lo) & msk
				if k == fillKey {
					d = marker
				}
				vals[j] = d
			}
		} else {
			for j, v := range vals {
				vals[j] = (v ^ flip - lo) & msk
			}
		}
		p.PutBlock(vals, m)
	}
}

// decodeInts writes the elements of the packed values of data (h.minBits
// from 0 to bits-1) to out.
func (b *bound) decodeInts(out, data []byte, h header) {
	m := h.minBits
	marker := mask(m)
	var blk [blockLen]uint64
	for i := 0; i < b.n; i += blockLen {
		vals := blk[:min(blockLen, b.n-i)]
		if m == 0 {
			clear(vals)
		} else {
			bitpack.Unpack(vals, data, i, m)
		}
		if b.fill {
			for j, v := range vals {
				if v == marker {
					vals[j] = b.fillRaw
				} else {
					vals[j] = v + h.minVal
				}
			}
		} else {
			for j, v := range vals {
				vals[j] = v + h.minVal
			}
		}
		bitpack.StoreElems(out[i*b.size:], vals, b.size, b.big)
	}
}
