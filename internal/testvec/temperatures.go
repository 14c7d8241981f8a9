package testvec

import (
	"encoding/binary"
	"math"

	"github.com/zcodec/zcodec/numeric"
)

// Temperatures returns nbytes of float32 or float64 "temperatures" in
// [252.6, 293.7], little-endian: 273.15 + 20 sin(k/512) + 0.5 sin(0.7 k)
// for element k. testdata/numcodecs_fso/bench_numcodecs.py gives numcodecs
// the same data, so benchmarks of the two describe the same chunk.
func Temperatures(dt numeric.DataType, nbytes int) []byte {
	b := make([]byte, nbytes)
	for i := 0; i+dt.Size() <= nbytes; i += dt.Size() {
		k := float64(i / dt.Size())
		v := 273.15 + 20*math.Sin(k/512) + 0.5*math.Sin(0.7*k)
		if dt == numeric.Float32 {
			binary.LittleEndian.PutUint32(b[i:], math.Float32bits(float32(v)))
		} else {
			binary.LittleEndian.PutUint64(b[i:], math.Float64bits(v))
		}
	}
	return b
}
