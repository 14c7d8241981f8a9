package allocs

import (
	"bytes"
	"errors"
	"testing"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/internal/benchdata"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/registry"
)

// pipelineCases are whole chains as zarr.json writes them: the pipeline
// adds fusion, intermediate buffers and fill checks to the codecs'
// own work, and must not allocate for them either.
var pipelineCases = []struct {
	name   string
	dtype  numeric.DataType
	kind   benchdata.Kind
	fill   string
	codecs string
	lossy  bool
}{
	{"demo chain f64->u8+zstd(3)", numeric.Float64, benchdata.Kelvin10, `"NaN"`,
		`[{"name":"scale_offset","configuration":{"offset":243.15,"scale":4}},{"name":"cast_value","configuration":{"data_type":"uint8","out_of_range":"clamp","scalar_map":{"encode":[["NaN",255]],"decode":[[255,"NaN"]]}}},"bytes",{"name":"zstd","configuration":{"level":3,"checksum":false}}]`, true},
	{"shuffle(4)+zstd(3)", numeric.Float32, benchdata.Smooth, "0",
		`[{"name":"bytes","configuration":{"endian":"little"}},{"name":"numcodecs.shuffle","configuration":{"elementsize":4}},{"name":"zstd","configuration":{"level":3,"checksum":false}}]`, false},
	{"delta i32+zlib(1)", numeric.Int32, benchdata.Counts, "0",
		`[{"name":"numcodecs.delta","configuration":{"dtype":"<i4"}},{"name":"bytes","configuration":{"endian":"little"}},{"name":"numcodecs.zlib","configuration":{"level":1}}]`, false},
	{"bitround f32+blosc lz4 bitshuffle", numeric.Float32, benchdata.Smooth, "0",
		`[{"name":"numcodecs.bitround","configuration":{"keepbits":10}},{"name":"bytes","configuration":{"endian":"little"}},{"name":"blosc","configuration":{"cname":"lz4","clevel":5,"shuffle":"bitshuffle","typesize":4,"blocksize":0}}]`, true},
	{"big-endian f64+crc32c", numeric.Float64, benchdata.Noisy, "0",
		`[{"name":"bytes","configuration":{"endian":"big"}},"crc32c"]`, false},
}

// TestPipelineAllocs checks that whole resolved pipelines encode and
// decode a warm chunk without allocating.
func TestPipelineAllocs(t *testing.T) {
	skipUnderRace(t)
	for _, tc := range pipelineCases {
		t.Run(tc.name, func(t *testing.T) {
			src, err := benchdata.Chunk(tc.dtype, tc.kind, chunkBytes, benchdata.Seed)
			if err != nil {
				t.Fatal(err)
			}
			chain, err := registry.Default().ParseCodecs([]byte(tc.codecs), "/codecs")
			if err != nil {
				t.Fatal(err)
			}
			fill, err := numeric.ParseFillValue(tc.dtype, []byte(tc.fill))
			if err != nil {
				t.Fatal(err)
			}
			spec := codec.ChunkSpec{DataType: tc.dtype, Shape: []int{len(src) / tc.dtype.Size()}, FillValue: fill}
			p, err := codec.NewPipeline(spec, chain.Codecs, nil)
			if err != nil {
				t.Fatal(err)
			}
			var enc []byte
			dec := make([]byte, len(src))
			rt := &roundTrip{
				encode: func() (err error) { enc, err = p.AppendEncode(enc[:0], src); return err },
				decode: func() error { return p.Decode(dec, enc) },
				check: func() error {
					if !tc.lossy && !bytes.Equal(dec, src) {
						return errors.New("the round trip changed the chunk")
					}
					return nil
				},
			}
			e, d, err := allocsPerCall(rt)
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("allocations per call: encode %v, decode %v", e, d)
			if e != 0 || d != 0 {
				t.Errorf("allocates in steady state: encode %v, decode %v per call", e, d)
			}
		})
	}
}
