package numcodecs

import (
	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/internal/elements"
	"github.com/zcodec/zcodec/internal/npdtype"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/registry"
)

// parseCodec parses one codec entry with the default registry.
func parseCodec(name, configuration string) (codec.ArrayToArray, error) {
	entry := `{"name": "` + name + `"`
	if configuration != "" {
		entry += `, "configuration": ` + configuration
	}
	entry += "}"
	c, _, err := registry.Default().ParseCodec([]byte(entry), "/codecs/0")
	if err != nil {
		return nil, err
	}
	return c.(codec.ArrayToArray), nil
}

func scalarAt(dt numeric.DataType, b []byte, i int) numeric.Scalar {
	return elements.ScalarAt(dt, b, i)
}

// fuzzChunk cuts data to whole elements of dt (at most 1024, at least 1).
func fuzzChunk(dt numeric.DataType, data []byte) []byte {
	n := min(len(data)/dt.Size(), 1024)
	if n == 0 {
		return make([]byte, dt.Size())
	}
	return data[:n*dt.Size()]
}

func spec(dt numeric.DataType, n int, fill numeric.Scalar) codec.ChunkSpec {
	if !fill.Valid() {
		fill = numeric.Zero(dt)
	}
	return codec.ChunkSpec{DataType: dt, Shape: []int{n}, FillValue: fill}
}

// npType reads a NumPy type string of the vector files.
func npType(s string) (numeric.DataType, error) {
	dt, _, err := npdtype.Parse(s)
	return dt, err
}
