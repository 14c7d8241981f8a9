package numeric

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

// TestByteTableMatchesKernel compares the table look-up that casts from
// int8 and uint8 use with the kernel it is built from, for every target,
// rounding mode and policy, with and without a scalar_map, on every byte
// value and on runs that fail part-way.
func TestByteTableMatchesKernel(t *testing.T) {
	for _, to := range []DataType{Int8, Uint8, Int16, Uint16, Int32, Uint32, Int64, Uint64, Float16, BFloat16, Float32, Float64} {
		byteTableCompare[int8](t, to)
		byteTableCompare[uint8](t, to)
	}
}

func byteTableCompare[S int8 | uint8](t *testing.T, to DataType) {
	switch to {
	case Int8:
		byteTableTo[S, int8](t)
	case Uint8:
		byteTableTo[S, uint8](t)
	case Int16:
		byteTableTo[S, int16](t)
	case Uint16:
		byteTableTo[S, uint16](t)
	case Int32:
		byteTableTo[S, int32](t)
	case Uint32:
		byteTableTo[S, uint32](t)
	case Int64:
		byteTableTo[S, int64](t)
	case Uint64:
		byteTableTo[S, uint64](t)
	case Float16:
		byteTableTo[S, F16](t)
	case BFloat16:
		byteTableTo[S, BF16](t)
	case Float32:
		byteTableTo[S, float32](t)
	default:
		byteTableTo[S, float64](t)
	}
}

func byteTableTo[S int8 | uint8, D CastElement](t *testing.T) {
	from, to := DataTypeOf[S](), DataTypeOf[D]()
	if from == to {
		return
	}
	var maps [][]MapEntry
	maps = append(maps, nil)
	k, _ := IntScalar(from, 100)
	if v, err := ParseFillValue(to, []byte("7")); err == nil {
		maps = append(maps, []MapEntry{{From: k, To: v}})
	}
	all := make([]S, 256)
	for i := range all {
		all[i] = S(uint8(i))
	}
	r := rand.New(rand.NewPCG(uint64(from), uint64(to)))
	long := make([]S, 1000)
	for i := range long {
		long[i] = S(r.IntN(256))
	}
	for _, m := range RoundingModes {
		for _, oor := range []OutOfRange{OutOfRangeError, OutOfRangeClamp, OutOfRangeWrap} {
			if oor == OutOfRangeWrap && !to.IsInteger() {
				continue
			}
			for _, mp := range maps {
				spec := CastSpec{From: from, To: to, Rounding: m, OutOfRange: oor, Map: mp}
				scalar := fromInt[S, D](spec)
				if len(mp) != 0 {
					scalar = mapKernel(mp, scalar)
				}
				table := byteKernel(scalar)
				name := fmt.Sprintf("%v->%v/%v/%v/map=%d", from, to, m, oor, len(mp))
				for _, src := range [][]S{all, long, all[:0], all[5:6]} {
					// compare elementwise, restarting after failures
					for start := 0; start < len(src); {
						dt, ds := make([]D, len(src)-start), make([]D, len(src)-start)
						it, ft := table(dt, src[start:])
						is, fs := scalar(ds, src[start:])
						if it != is || ft != fs {
							t.Fatalf("%s: table (%d, %v), kernel (%d, %v)", name, it, ft, is, fs)
						}
						n := len(dt)
						if ft != CastOK {
							n = it
						}
						for i := range n {
							if !sameBits(dt[i], ds[i]) {
								t.Fatalf("%s: element %d (%v): table %v, kernel %v", name, start+i, src[start+i], dt[i], ds[i])
							}
						}
						if ft == CastOK {
							break
						}
						start += it + 1
					}
				}
			}
		}
	}
}

func sameBits[D CastElement](a, b D) bool {
	switch x := any(a).(type) {
	case float32:
		return math.Float32bits(x) == math.Float32bits(any(b).(float32))
	case float64:
		return math.Float64bits(x) == math.Float64bits(any(b).(float64))
	}
	return a == b
}
