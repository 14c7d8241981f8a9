package scaleoffset

import (
	"fmt"
	"math/big"
	"math/bits"

	"github.com/zcodec/zcodec/internal/elements"
	"github.com/zcodec/zcodec/numeric"
)

// Integer arithmetic is exact (docs/decisions.md#d11): every intermediate and every
// result must lie in the range of the data type, unsigned intermediates must
// not be negative, and decoding needs an exact division. Types of up to 32
// bits compute in 64-bit integers, where no operation can overflow once its
// operands are in range; int64 and uint64 check each operation.

// signedKernel handles int8, int16 and int32.
type signedKernel[T int8 | int16 | int32] struct {
	off, scale int64
	lo, hi     int64
}

func (k *signedKernel[T]) encode(dst, src []byte) int {
	s := elements.Load[T](src)
	d, direct := elements.Output[T](dst)
	d = d[:len(s)]
	bad := -1
	off, scale, lo, hi := k.off, k.scale, k.lo, k.hi
	for i, x := range s {
		v := int64(x) - off
		if v < lo || v > hi {
			bad = i
			break
		}
		v *= scale // |v|, |scale| <= 2^31: no overflow
		if v < lo || v > hi {
			bad = i
			break
		}
		d[i] = T(v)
	}
	elements.Store(dst, d, direct)
	return bad
}

func (k *signedKernel[T]) decode(dst, src []byte) int {
	s := elements.Load[T](src)
	d, direct := elements.Output[T](dst)
	d = d[:len(s)]
	bad := -1
	off, scale, lo, hi := k.off, k.scale, k.lo, k.hi
	for i, x := range s {
		v := int64(x)
		q := v / scale
		if q*scale != v || q < lo || q > hi {
			bad = i
			break
		}
		q += off
		if q < lo || q > hi {
			bad = i
			break
		}
		d[i] = T(q)
	}
	elements.Store(dst, d, direct)
	return bad
}

// unsignedKernel handles uint8, uint16 and uint32.
type unsignedKernel[T uint8 | uint16 | uint32] struct {
	off, scale uint64
	hi         uint64
}

func (k *unsignedKernel[T]) encode(dst, src []byte) int {
	s := elements.Load[T](src)
	d, direct := elements.Output[T](dst)
	d = d[:len(s)]
	bad := -1
	off, scale, hi := k.off, k.scale, k.hi
	for i, x := range s {
		v := uint64(x)
		if v < off {
			bad = i
			break
		}
		v = (v - off) * scale // both < 2^32: no overflow
		if v > hi {
			bad = i
			break
		}
		d[i] = T(v)
	}
	elements.Store(dst, d, direct)
	return bad
}

func (k *unsignedKernel[T]) decode(dst, src []byte) int {
	s := elements.Load[T](src)
	d, direct := elements.Output[T](dst)
	d = d[:len(s)]
	bad := -1
	off, scale, hi := k.off, k.scale, k.hi
	for i, x := range s {
		v := uint64(x)
		q := v / scale
		if q*scale != v {
			bad = i
			break
		}
		q += off // both < 2^32: no overflow
		if q > hi {
			bad = i
			break
		}
		d[i] = T(q)
	}
	elements.Store(dst, d, direct)
	return bad
}

// int64Kernel handles int64 with checked 64-bit operations.
type int64Kernel struct {
	off, scale int64
}

func (k *int64Kernel) encode(dst, src []byte) int {
	s := elements.Load[int64](src)
	d, direct := elements.Output[int64](dst)
	d = d[:len(s)]
	bad := -1
	for i, x := range s {
		v, ok := subInt64(x, k.off)
		if ok {
			v, ok = mulInt64(v, k.scale)
		}
		if !ok {
			bad = i
			break
		}
		d[i] = v
	}
	elements.Store(dst, d, direct)
	return bad
}

func (k *int64Kernel) decode(dst, src []byte) int {
	s := elements.Load[int64](src)
	d, direct := elements.Output[int64](dst)
	d = d[:len(s)]
	bad := -1
	for i, x := range s {
		if k.scale == -1 && x == -1<<63 {
			bad = i
			break
		}
		q := x / k.scale
		v, ok := addInt64(q, k.off)
		if q*k.scale != x || !ok {
			bad = i
			break
		}
		d[i] = v
	}
	elements.Store(dst, d, direct)
	return bad
}

func subInt64(a, b int64) (int64, bool) {
	c := a - b
	return c, (a^b)&(a^c) >= 0
}

func addInt64(a, b int64) (int64, bool) {
	c := a + b
	return c, (a^c)&(b^c) >= 0
}

func mulInt64(a, b int64) (int64, bool) {
	neg := (a < 0) != (b < 0)
	ua, ub := uint64(a), uint64(b)
	if a < 0 {
		ua = -ua
	}
	if b < 0 {
		ub = -ub
	}
	hi, lo := bits.Mul64(ua, ub)
	if hi != 0 {
		return 0, false
	}
	if neg {
		if lo > 1<<63 {
			return 0, false
		}
		return int64(-lo), true
	}
	if lo >= 1<<63 {
		return 0, false
	}
	return int64(lo), true
}

// uint64Kernel handles uint64 with checked 64-bit operations.
type uint64Kernel struct {
	off, scale uint64
}

func (k *uint64Kernel) encode(dst, src []byte) int {
	s := elements.Load[uint64](src)
	d, direct := elements.Output[uint64](dst)
	d = d[:len(s)]
	bad := -1
	for i, x := range s {
		if x < k.off {
			bad = i
			break
		}
		hi, lo := bits.Mul64(x-k.off, k.scale)
		if hi != 0 {
			bad = i
			break
		}
		d[i] = lo
	}
	elements.Store(dst, d, direct)
	return bad
}

func (k *uint64Kernel) decode(dst, src []byte) int {
	s := elements.Load[uint64](src)
	d, direct := elements.Output[uint64](dst)
	d = d[:len(s)]
	bad := -1
	for i, x := range s {
		q := x / k.scale
		v, carry := bits.Add64(q, k.off, 0)
		if q*k.scale != x || carry != 0 {
			bad = i
			break
		}
		d[i] = v
	}
	elements.Store(dst, d, direct)
	return bad
}

// intReason explains, with exact arithmetic, why the integer x fails.
func intReason(dt numeric.DataType, x, off, scale numeric.Scalar, decode bool) string {
	lo, hi, _ := dt.IntRange()
	blo, bhi := big.NewInt(lo), new(big.Int).SetUint64(hi)
	in := func(v *big.Int) bool { return v.Cmp(blo) >= 0 && v.Cmp(bhi) <= 0 }
	rng := fmt.Sprintf("out of range for %v [%d, %d]", dt, lo, hi)
	bx, bo, bs := scalarInt(x), scalarInt(off), scalarInt(scale)
	if decode {
		q, r := new(big.Int).QuoRem(bx, bs, new(big.Int))
		if r.Sign() != 0 {
			return fmt.Sprintf("%v / %v is not exact (remainder %v)", bx, bs, r)
		}
		if !in(q) {
			return fmt.Sprintf("%v / %v = %v is %s", bx, bs, q, rng)
		}
		return fmt.Sprintf("%v / %v + %v = %v is %s", bx, bs, bo, new(big.Int).Add(q, bo), rng)
	}
	d := new(big.Int).Sub(bx, bo)
	if !in(d) {
		return fmt.Sprintf("%v - %v = %v is %s", bx, bo, d, rng)
	}
	return fmt.Sprintf("(%v - %v) * %v = %v is %s", bx, bo, bs, new(big.Int).Mul(d, bs), rng)
}

func scalarInt(s numeric.Scalar) *big.Int {
	if v, ok := s.Int64(); ok {
		return big.NewInt(v)
	}
	u, _ := s.Uint64()
	return new(big.Int).SetUint64(u)
}
