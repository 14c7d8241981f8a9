package hdf5scaleoffset

import (
	"fmt"
	"github.com/zcodec/zcodec/codecs/internal/bitpack"
	"math"

	"github.com/zcodec/zcodec/numeric"
)

// D-scaling replays HDF5's float arithmetic operation by operation: float32
// data in float32 (but for the fill value's tolerance while the chunk's
// range is sought, which HDF5 computes in float64), float64 data in
// float64. Every product is converted explicitly so that no compiler fuses
// it into a multiply-add, which HDF5's x86-64 builds do not do either.

func (b *bound) scanFloats(src []byte) (header, error) {
	if b.size == 4 {
		return b.scan32(src)
	}
	return b.scan64(src)
}

func (b *bound) packFloats(p *bitpack.Packer, src []byte, h header) error {
	if b.size == 4 {
		return b.pack32(p, src, h)
	}
	return b.pack64(p, src, h)
}

func (b *bound) decodeFloats(out, data []byte, h header) {
	if b.size == 4 {
		b.decode32(out, data, h)
	} else {
		b.decode64(out, data, h)
	}
}

// nanError reports a NaN, which HDF5 stores as the chunk's minimum (or
// whose range it cannot compute, when the NaN comes first).
func (b *bound) nanError(i int, raw uint64) error {
	return &ValueError{Index: i, Value: numeric.ScalarFromBits(b.dataType(), raw, 0),
		Reason: "D-scaling cannot store NaN (HDF5 would write the chunk's minimum in its place)"}
}

// wrapError reports an element that lies outside the chunk's range as
// HDF5 computes it: one within 10^-D of the fill value by HDF5's float64
// tolerance but not by its float32 one, which HDF5 leaves out of the range
// and then stores as a value, in bits that cannot hold it.
func (b *bound) wrapError(i int, raw uint64, q int64, m uint) error {
	return &ValueError{Index: i, Value: numeric.ScalarFromBits(b.dataType(), raw, 0),
		Reason: fmt.Sprintf("it scales to %d, outside the %d bits of the chunk's range (HDF5 would store another value)", q, m)}
}

// rangeError reports a chunk whose scaled range is not a number (all
// infinities of one sign, or a power of ten that overflows or vanishes),
// for which HDF5 computes more bits than the type has.
func (b *bound) rangeError(lo, hi float64) error {
	return &ValueError{Index: -1, Reason: fmt.Sprintf("the chunk's range [%v, %v] scaled by 10^%v is not a number; HDF5's filter cannot store the chunk", lo, hi, b.pow64)}
}

func (b *bound) scan32(src []byte) (header, error) {
	fill := math.Float32frombits(uint32(b.fillRaw))
	var lo, hi float32
	found := false
	var blk [blockLen]uint64
	for i := 0; i < b.n; i += blockLen {
		vals := blk[:min(blockLen, b.n-i)]
		bitpack.LoadElems(vals, src[i*b.size:], b.size, b.big)
		for j, v := range vals {
			x := math.Float32frombits(uint32(v))
			if x != x {
				return header{}, b.nanError(i+j, v)
			}
			if b.fill && math.Abs(float64(x-fill)) < b.negPow {
				continue
			}
			if !found {
				lo, hi, found = x, x, true
			}
			if x > hi {
				hi = x
			}
			if x < lo {
				lo = x
			}
		}
	}
	p := b.pow
	d := float32(hi*p) - float32(lo*p)
	if float32(math.Round(float64(d))) > 1<<31 {
		return header{minBits: 32}, nil
	}
	span := uint64(lround(float64(d)) + 1)
	if b.fill {
		span++
	}
	m := log2(span)
	if m > 32 {
		return header{}, b.rangeError(float64(lo), float64(hi))
	}
	return header{minBits: m, minVal: uint64(math.Float32bits(lo))}, nil
}

func (b *bound) pack32(p *bitpack.Packer, src []byte, h header) error {
	fill := math.Float32frombits(uint32(b.fillRaw))
	pow := b.pow
	loP := float32(math.Float32frombits(uint32(h.minVal)) * pow)
	m := h.minBits
	marker, limit := b.limits(m)
	var blk [blockLen]uint64
	for i := 0; i < b.n; i += blockLen {
		vals := blk[:min(blockLen, b.n-i)]
		bitpack.LoadElems(vals, src[i*b.size:], b.size, b.big)
		for j, v := range vals {
			x := math.Float32frombits(uint32(v))
			d := marker
			if !b.fill || !(float32(math.Abs(float64(x-fill))) < b.negPow32) {
				q := int32(lround(float64(float32(x*pow) - loP)))
				if q < 0 || uint64(q) > limit {
					return b.wrapError(i+j, v, int64(q), m)
				}
				d = uint64(q)
			}
			vals[j] = d
		}
		p.PutBlock(vals, m)
	}
	return nil
}

// limits returns the fill value's marker in m bits and the largest value
// that is not the marker.
func (b *bound) limits(m uint) (marker, limit uint64) {
	marker = mask(m)
	if b.fill {
		return marker, marker - 1
	}
	return marker, marker
}

func (b *bound) decode32(out, data []byte, h header) {
	m := h.minBits
	marker := mask(m)
	lo := math.Float32frombits(uint32(h.minVal))
	pow := b.pow
	var blk [blockLen]uint64
	for i := 0; i < b.n; i += blockLen {
		vals := blk[:min(blockLen, b.n-i)]
		if m == 0 {
			clear(vals)
		} else {
			bitpack.Unpack(vals, data, i, m)
		}
		for j, v := range vals {
			if b.fill && v == marker {
				vals[j] = b.fillRaw
				continue
			}
			vals[j] = uint64(math.Float32bits(float32(int32(v))/pow + lo))
		}
		bitpack.StoreElems(out[i*4:], vals, 4, b.big)
	}
}

func (b *bound) scan64(src []byte) (header, error) {
	fill := math.Float64frombits(b.fillRaw)
	var lo, hi float64
	found := false
	var blk [blockLen]uint64
	for i := 0; i < b.n; i += blockLen {
		vals := blk[:min(blockLen, b.n-i)]
		bitpack.LoadElems(vals, src[i*b.size:], b.size, b.big)
		for j, v := range vals {
			x := math.Float64frombits(v)
			if x != x {
				return header{}, b.nanError(i+j, v)
			}
			if b.fill && math.Abs(x-fill) < b.negPow {
				continue
			}
			if !found {
				lo, hi, found = x, x, true
			}
			if x > hi {
				hi = x
			}
			if x < lo {
				lo = x
			}
		}
	}
	p := b.pow64
	d := float64(hi*p) - float64(lo*p)
	if math.Round(d) > 1<<63 {
		return header{minBits: 64}, nil
	}
	span := uint64(lround(d) + 1)
	if b.fill {
		span++
	}
	// at most 64 bits: lround gives at most 2^63-1, or -2^63 for 2^63 and
	// NaN, which HDF5 then stores whole
	return header{minBits: log2(span), minVal: math.Float64bits(lo)}, nil
}

func (b *bound) pack64(p *bitpack.Packer, src []byte, h header) error {
	fill := math.Float64frombits(b.fillRaw)
	pow := b.pow64
	loP := float64(math.Float64frombits(h.minVal) * pow)
	m := h.minBits
	marker, limit := b.limits(m)
	var blk [blockLen]uint64
	for i := 0; i < b.n; i += blockLen {
		vals := blk[:min(blockLen, b.n-i)]
		bitpack.LoadElems(vals, src[i*b.size:], b.size, b.big)
		for j, v := range vals {
			x := math.Float64frombits(v)
			d := marker
			if !b.fill || !(math.Abs(x-fill) < b.negPow) {
				q := lround(float64(x*pow) - loP)
				if q < 0 || uint64(q) > limit {
					return b.wrapError(i+j, v, q, m)
				}
				d = uint64(q)
			}
			vals[j] = d
		}
		p.PutBlock(vals, m)
	}
	return nil
}

func (b *bound) decode64(out, data []byte, h header) {
	m := h.minBits
	marker := mask(m)
	lo := math.Float64frombits(h.minVal)
	pow := b.pow64
	var blk [blockLen]uint64
	for i := 0; i < b.n; i += blockLen {
		vals := blk[:min(blockLen, b.n-i)]
		if m == 0 {
			clear(vals)
		} else {
			bitpack.Unpack(vals, data, i, m)
		}
		for j, v := range vals {
			if b.fill && v == marker {
				vals[j] = b.fillRaw
				continue
			}
			vals[j] = math.Float64bits(float64(int64(v))/pow + lo)
		}
		bitpack.StoreElems(out[i*8:], vals, 8, b.big)
	}
}
