package numcodecs

import (
	"math"
	"sync"

	"github.com/zcodec/zcodec/internal/elements"
	"github.com/zcodec/zcodec/numeric"
)

// fsoKernels returns whole-chunk kernels where they apply, nil otherwise
// (those directions go element by element through the NumPy model):
//
//   - encoding a float32 or float64 array whose arithmetic NumPy keeps in
//     that type, stored as integers: blocks of (x - offset) * scale are
//     computed and cast by numeric, nearest-even, out-of-range an error;
//     the elements the cast refuses (NaN, infinities, values beyond the
//     stored type, whose NumPy results are not a rounding) are redone by
//     the model;
//   - decoding 8-bit stored types (|u1, |i1): the model's result for each
//     of the 256 stored values, looked up;
//   - decoding other integers into float32 or float64 arrays when NumPy
//     computes in float64.
func fsoKernels(p *fsoPlan) (enc, dec func(dst, src []byte)) {
	if !p.astype.IsInteger() {
		return nil, nil
	}
	if p.t1 == p.dtype && p.t2 == p.dtype {
		switch p.dtype {
		case numeric.Float32:
			enc = newFSOBlockEncoder[float32](p, float32(p.encOff.f), float32(p.encSc.f)).run
		case numeric.Float64:
			enc = newFSOBlockEncoder[float64](p, p.encOff.f, p.encSc.f).run
		}
	}
	switch {
	case p.astype.Size() == 1:
		dec = fsoByteDecoder(p)
	case p.t3 == numeric.Float64 && p.t4 == numeric.Float64 && (p.dtype == numeric.Float32 || p.dtype == numeric.Float64):
		dec = fsoDecoder(p.astype, p.dtype, p.decSc.f, p.decOff.f)
	}
	return enc, dec
}

// fsoBlock is the number of elements the encoder computes before casting
// them: the block (at most 16 KiB) stays in the L1 cache.
const fsoBlock = 2048

// fsoBlockEncoder encodes float32 or float64 arrays block by block.
type fsoBlockEncoder[F float32 | float64] struct {
	p          *fsoPlan
	off, scale F
	cast       *numeric.Cast // F -> astype, nearest-even, out of range an error
	pool       sync.Pool     // *[]F, one block
}

func newFSOBlockEncoder[F float32 | float64](p *fsoPlan, off, scale F) *fsoBlockEncoder[F] {
	c, err := numeric.NewCast(numeric.CastSpec{From: p.dtype, To: p.astype, Rounding: numeric.NearestEven, OutOfRange: numeric.OutOfRangeError})
	if err != nil {
		panic(err) // not reached: both types are real
	}
	e := &fsoBlockEncoder[F]{p: p, off: off, scale: scale, cast: c}
	e.pool.New = func() any { b := make([]F, fsoBlock); return &b }
	return e
}

func (e *fsoBlockEncoder[F]) run(dst, src []byte) {
	s := elements.Load[F](src)
	bp := e.pool.Get().(*[]F)
	defer e.pool.Put(bp)
	buf := *bp
	bufBytes := elements.Bytes(buf)
	ss, ds := e.p.dtype.Size(), e.p.astype.Size()
	for off := 0; off < len(s); off += fsoBlock {
		blk := s[off:min(off+fsoBlock, len(s))]
		fsoScale(buf[:len(blk)], blk, e.off, e.scale)
		castOrRedo(e.cast, dst[off*ds:(off+len(blk))*ds], bufBytes[:len(blk)*ss], ss, ds, func(j int) {
			npStore(e.p.astype, dst, off+j, e.p.encodeOne(npLoad(e.p.dtype, src, off+j)))
		})
	}
}

// fsoScale computes (x - off) * scale in F, each operation rounded to F
// as NumPy's does.
func fsoScale[F float32 | float64](d, s []F, off, scale F) {
	d = d[:len(s)]
	i := 0
	for ; i+4 <= len(s); i += 4 {
		d[i] = F(s[i]-off) * scale
		d[i+1] = F(s[i+1]-off) * scale
		d[i+2] = F(s[i+2]-off) * scale
		d[i+3] = F(s[i+3]-off) * scale
	}
	for ; i < len(s); i++ {
		d[i] = F(s[i]-off) * scale
	}
}

// fsoByteDecoder returns the decoder of an 8-bit stored type: a table of
// the model's result for each stored value.
func fsoByteDecoder(p *fsoPlan) func(dst, src []byte) {
	switch p.dtype {
	case numeric.Int8:
		return byteTableDecoder[int8](p.astype, p.dtype, p.decodeOne)
	case numeric.Uint8:
		return byteTableDecoder[uint8](p.astype, p.dtype, p.decodeOne)
	case numeric.Int16:
		return byteTableDecoder[int16](p.astype, p.dtype, p.decodeOne)
	case numeric.Uint16:
		return byteTableDecoder[uint16](p.astype, p.dtype, p.decodeOne)
	case numeric.Int32:
		return byteTableDecoder[int32](p.astype, p.dtype, p.decodeOne)
	case numeric.Uint32:
		return byteTableDecoder[uint32](p.astype, p.dtype, p.decodeOne)
	case numeric.Int64:
		return byteTableDecoder[int64](p.astype, p.dtype, p.decodeOne)
	case numeric.Uint64:
		return byteTableDecoder[uint64](p.astype, p.dtype, p.decodeOne)
	case numeric.Float16:
		return byteTableDecoder[numeric.F16](p.astype, p.dtype, p.decodeOne)
	case numeric.Float32:
		return byteTableDecoder[float32](p.astype, p.dtype, p.decodeOne)
	}
	return byteTableDecoder[float64](p.astype, p.dtype, p.decodeOne)
}

// byteTableDecoder maps 8-bit elements of type from to elements D of type
// to through the table of one over the 256 values.
func byteTableDecoder[D elements.Elem](from, to numeric.DataType, one func(npVal) npVal) func(dst, src []byte) {
	t := numeric.NewByteTable(func(b uint8) (D, numeric.CastFailure) {
		var out [8]byte
		npStore(to, out[:], 0, one(npLoad(from, []byte{b}, 0)))
		return elements.Load[D](out[:to.Size()])[0], numeric.CastOK
	})
	return func(dst, src []byte) {
		d, direct := elements.Output[D](dst)
		t.Apply(d, src)
		elements.Store(dst, d, direct)
	}
}

func fsoDecoder(astype, dtype numeric.DataType, scale, off float64) func(dst, src []byte) {
	switch astype {
	case numeric.Int16:
		return fsoDec[int16](dtype, scale, off)
	case numeric.Uint16:
		return fsoDec[uint16](dtype, scale, off)
	case numeric.Int32:
		return fsoDec[int32](dtype, scale, off)
	case numeric.Uint32:
		return fsoDec[uint32](dtype, scale, off)
	case numeric.Int64:
		return fsoDec[int64](dtype, scale, off)
	}
	return fsoDec[uint64](dtype, scale, off)
}

func fsoDec[I int16 | uint16 | int32 | uint32 | int64 | uint64](dtype numeric.DataType, scale, off float64) func(dst, src []byte) {
	// a power-of-two scale divides by multiplying with its exact reciprocal
	recip, useRecip := 1/scale, elements.IsPow2(scale) && elements.IsPow2(1/scale)
	return func(dst, src []byte) {
		s := elements.Load[I](src)
		if dtype == numeric.Float64 {
			d, direct := elements.Output[float64](dst)
			s = s[:len(d)]
			if useRecip {
				for i, x := range s {
					d[i] = float64(float64(x)*recip) + off
				}
			} else {
				for i, x := range s {
					d[i] = float64(float64(x)/scale) + off
				}
			}
			elements.Store(dst, d, direct)
			return
		}
		d, direct := elements.Output[float32](dst)
		s = s[:len(d)]
		for i, x := range s {
			var v float64
			if useRecip {
				v = float64(float64(x)*recip) + off
			} else {
				v = float64(float64(x)/scale) + off
			}
			if math.Abs(v) <= math.MaxFloat32 {
				d[i] = float32(v)
			} else {
				d[i] = float32(roundFloat(v, numeric.Float32))
			}
		}
		elements.Store(dst, d, direct)
	}
}
