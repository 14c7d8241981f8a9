package transpose

import (
	"bytes"
	"errors"
	"slices"
	"testing"

	"github.com/zcodec/zcodec/codec"
	_ "github.com/zcodec/zcodec/codecs/castvalue"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/registry"
)

// In a pipeline a transpose and the cast_value next to it run as two
// passes (fusing them measured slower overall; see the package
// documentation), in either order, and an error names the cast.
func TestPipelineFusedPass(t *testing.T) {
	for _, tc := range []struct {
		codecs string
		passes []string
		index  int
	}{
		{`[{"name": "transpose", "configuration": {"order": [1, 0]}}, {"name": "cast_value", "configuration": {"data_type": "int8"}}, "bytes"]`, []string{"transpose", "cast_value"}, 1},
		{`[{"name": "cast_value", "configuration": {"data_type": "int8"}}, {"name": "transpose", "configuration": {"order": [1, 0]}}, "bytes"]`, []string{"cast_value", "transpose"}, 0},
	} {
		chain, err := registry.Default().ParseCodecs([]byte(tc.codecs), "/codecs")
		if err != nil {
			t.Fatal(err)
		}
		p, err := codec.NewPipeline(codec.ChunkSpec{DataType: numeric.Float32, Shape: []int{2, 3}, FillValue: numeric.Zero(numeric.Float32)}, chain.Codecs, nil)
		if err != nil {
			t.Fatal(err)
		}
		if got := p.ArrayPasses(); !slices.Equal(got, tc.passes) {
			t.Errorf("ArrayPasses = %q, want %q", got, tc.passes)
		}
		enc, err := codec.AppendEncodeSlice(p, nil, []float32{1, 2, 3, 4, 5, 6})
		if err != nil || !bytes.Equal(enc, []byte{1, 4, 2, 5, 3, 6}) {
			t.Errorf("encoded %v, %v", enc, err)
		}
		_, err = codec.AppendEncodeSlice(p, nil, []float32{1, 2, 3, 4, 500, 6})
		var se *codec.StepError
		var ce *codec.ElementError
		if !errors.As(err, &se) || se.Index != tc.index || se.Codec != "cast_value" || !errors.As(err, &ce) {
			t.Errorf("error %v, want cast_value's at codec %d", err, tc.index)
		}
	}
}
