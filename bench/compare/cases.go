package main

import (
	"math"

	"github.com/zcodec/zcodec/internal/benchdata"
	"github.com/zcodec/zcodec/numeric"
)

// benchCase is one row: a zcodec chain and the peer's equivalent, timed on
// the same chunk.
type benchCase struct {
	name   string
	dtype  numeric.DataType
	kind   benchdata.Kind
	codecs string // the zcodec chain, as zarr.json "codecs"
	peer   string // what the peer runs, for the table
	recipe string // the peer's recipe: a key of RECIPES in compare.py
	fill   string // the fill value JSON; "" means 0 (false)
	shape  []int  // the chunk shape; nil means one dimension
	// codes, when set, makes the chunk the demo chain's uint8 codes of
	// one float64 chunk of kind (benchdata.ChunkBytes/8 values of
	// benchdata.Field(kind)), what its zstd step compresses, instead of
	// benchdata.Chunk(dtype, kind).
	codes bool
}

const (
	castU8    = `[{"name":"cast_value","configuration":{"data_type":"uint8","out_of_range":"clamp"}},"bytes"]`
	fused     = `[{"name":"scale_offset","configuration":{"offset":243.15,"scale":4}},{"name":"cast_value","configuration":{"data_type":"uint8","out_of_range":"clamp"}},"bytes"]`
	demo      = `[{"name":"scale_offset","configuration":{"offset":243.15,"scale":4}},{"name":"cast_value","configuration":{"data_type":"uint8","out_of_range":"clamp","scalar_map":{"encode":[["NaN",255]],"decode":[[255,"NaN"]]}}},"bytes",{"name":"zstd","configuration":{"level":3,"checksum":false}}]`
	le        = `{"name":"bytes","configuration":{"endian":"little"}}`
	zstd3     = `{"name":"zstd","configuration":{"level":3,"checksum":false}}`
	fsoPeer   = "numcodecs FixedScaleOffset(243.15, 4, f8, u1)"
	castPeer  = "numpy clip(rint(x), 0, 255).astype(u1)"
	returnsIn = " (decode returns its input)"
)

// kernelCases are the rows of -set kernels: the array->array kernels,
// shuffle, shuffle with a compressor, and the demo chain on the project's
// data. "clamp 10%" and "clamp 50%" rows run on data of which that share
// clamps to 0 (benchdata.Units10/50 for casts, benchdata.Kelvin10/50 through the
// demo quantisation); the plain cast row's smooth kelvin data clamps to
// 255 almost everywhere.
var kernelCases = []benchCase{
	{name: "cast f64->u8 clamp", dtype: numeric.Float64, kind: benchdata.Smooth, codecs: castU8, peer: castPeer, recipe: "cast_f64_u8"},
	{name: "cast f64->u8 clamp 10%", dtype: numeric.Float64, kind: benchdata.Units10, codecs: castU8, peer: castPeer, recipe: "cast_f64_u8"},
	{name: "cast f64->u8 clamp 50%", dtype: numeric.Float64, kind: benchdata.Units50, codecs: castU8, peer: castPeer, recipe: "cast_f64_u8"},
	{name: "scale_offset f32", dtype: numeric.Float32, kind: benchdata.Smooth,
		codecs: `[{"name":"scale_offset","configuration":{"offset":273.15,"scale":100}},` + le + `]`,
		peer:   "numpy (x - o) * s, float32", recipe: "scale_offset"},
	{name: "scale_offset f64", dtype: numeric.Float64, kind: benchdata.Smooth,
		codecs: `[{"name":"scale_offset","configuration":{"offset":273.15,"scale":100}},` + le + `]`,
		peer:   "numpy (x - o) * s, float64", recipe: "scale_offset"},
	{name: "scale_offset+cast_value f64->u8", dtype: numeric.Float64, kind: benchdata.Smooth, codecs: fused, peer: fsoPeer, recipe: "fso", fill: "243.15"},
	{name: "scale_offset+cast_value f64->u8 clamp 10%", dtype: numeric.Float64, kind: benchdata.Kelvin10, codecs: fused, peer: fsoPeer, recipe: "fso", fill: "243.15"},
	{name: "scale_offset+cast_value f64->u8 clamp 50%", dtype: numeric.Float64, kind: benchdata.Kelvin50, codecs: fused, peer: fsoPeer, recipe: "fso", fill: "243.15"},
	{name: "shuffle(4)", dtype: numeric.Float32, kind: benchdata.Smooth,
		codecs: `[` + le + `,{"name":"numcodecs.shuffle","configuration":{"elementsize":4}}]`, peer: "numcodecs Shuffle(4)", recipe: "shuffle"},
	{name: "shuffle(8)", dtype: numeric.Float64, kind: benchdata.Smooth,
		codecs: `[` + le + `,{"name":"numcodecs.shuffle","configuration":{"elementsize":8}}]`, peer: "numcodecs Shuffle(8)", recipe: "shuffle"},
	{name: "shuffle(4)+zlib(1)", dtype: numeric.Float32, kind: benchdata.Smooth,
		codecs: `[` + le + `,{"name":"numcodecs.shuffle","configuration":{"elementsize":4}},{"name":"numcodecs.zlib","configuration":{"level":1}}]`,
		peer:   "numcodecs Shuffle(4), Zlib(1)", recipe: "shuffle+zlib1"},
	{name: "shuffle(4)+lz4", dtype: numeric.Float32, kind: benchdata.Smooth,
		codecs: `[` + le + `,{"name":"numcodecs.shuffle","configuration":{"elementsize":4}},{"name":"numcodecs.lz4","configuration":{"acceleration":1}}]`,
		peer:   "numcodecs Shuffle(4), LZ4(1)", recipe: "shuffle+lz4"},
	{name: "shuffle(4)+zstd(3)", dtype: numeric.Float32, kind: benchdata.Smooth,
		codecs: `[` + le + `,{"name":"numcodecs.shuffle","configuration":{"elementsize":4}},` + zstd3 + `]`,
		peer:   "numcodecs Shuffle(4), Zstd(3)", recipe: "shuffle+zstd3"},
	{name: "demo chain f64->u8+zstd(3)", dtype: numeric.Float64, kind: benchdata.Smooth, codecs: demo, peer: fsoPeer + ", Zstd(3)", recipe: "fso+zstd3", fill: `"NaN"`},
	{name: "demo chain f64->u8+zstd(3) clamp 10%", dtype: numeric.Float64, kind: benchdata.Kelvin10, codecs: demo, peer: fsoPeer + ", Zstd(3)", recipe: "fso+zstd3", fill: `"NaN"`},
}

// zstdCases are the rows of -set zstd: zstd level 3 on literal-heavy
// data beside the project's data, in the demo chain and alone on the
// 128 KiB of uint8 codes the chain's zstd step compresses.
// benchdata.NoisyKelvin is the project's field with noise of
// benchdata.NoisySteps quantisation steps.
var zstdCases = []benchCase{
	{name: "demo chain f64->u8+zstd(3) noisy field", dtype: numeric.Float64, kind: benchdata.NoisyKelvin, codecs: demo, peer: fsoPeer + ", Zstd(3)", recipe: "fso+zstd3", fill: `"NaN"`},
	{name: "zstd(3) demo codes 128 KiB, project data", dtype: numeric.Uint8, kind: benchdata.Smooth, codes: true,
		codecs: `["bytes",` + zstd3 + `]`, peer: "numcodecs Zstd(3)", recipe: "zstd3"},
	{name: "zstd(3) demo codes 128 KiB, literal-heavy", dtype: numeric.Uint8, kind: benchdata.NoisyKelvin, codes: true,
		codecs: `["bytes",` + zstd3 + `]`, peer: "numcodecs Zstd(3)", recipe: "zstd3"},
}

// bloscCase is a blosc row: float32, type size 4, clevel 5, on one
// thread both sides.
func bloscCase(cname, shuffle string) benchCase {
	peerShuffle := map[string]string{"shuffle": "SHUFFLE", "bitshuffle": "BITSHUFFLE"}[shuffle]
	return benchCase{
		name: "blosc " + cname + " " + shuffle, dtype: numeric.Float32, kind: benchdata.Smooth,
		codecs: `[` + le + `,{"name":"blosc","configuration":{"cname":"` + cname + `","clevel":5,"shuffle":"` + shuffle + `","typesize":4,"blocksize":0}}]`,
		peer:   "numcodecs Blosc(" + cname + ", 5, " + peerShuffle + ")", recipe: "blosc:" + cname + ":" + peerShuffle,
	}
}

// codecCases are the rows of -set codecs: blosc against c-blosc (through
// numcodecs, one thread), numcodecs' filters, and transpose against the
// NumPy copy that Zarr v2's order "F" amounts to.
var codecCases = []benchCase{
	bloscCase("lz4", "shuffle"),
	bloscCase("lz4", "bitshuffle"),
	bloscCase("blosclz", "shuffle"),
	bloscCase("blosclz", "bitshuffle"),
	bloscCase("zstd", "shuffle"),
	bloscCase("zstd", "bitshuffle"),
	{name: "fixedscaleoffset f64->u1", dtype: numeric.Float64, kind: benchdata.Smooth,
		codecs: `[{"name":"numcodecs.fixedscaleoffset","configuration":{"offset":243.15,"scale":4,"dtype":"<f8","astype":"|u1"}},` + le + `]`,
		peer:   fsoPeer, recipe: "fso", fill: "243.15"},
	{name: "astype f64->f32", dtype: numeric.Float64, kind: benchdata.Smooth,
		codecs: `[{"name":"numcodecs.astype","configuration":{"encode_dtype":"<f4","decode_dtype":"<f8"}},` + le + `]`,
		peer:   "numcodecs AsType(f4, f8)", recipe: "astype_f4"},
	{name: "delta i32", dtype: numeric.Int32, kind: benchdata.Counts,
		codecs: `[{"name":"numcodecs.delta","configuration":{"dtype":"<i4"}},` + le + `]`,
		peer:   "numcodecs Delta(i4)", recipe: "delta"},
	{name: "bitround f32 keepbits 10", dtype: numeric.Float32, kind: benchdata.Smooth,
		codecs: `[{"name":"numcodecs.bitround","configuration":{"keepbits":10}},` + le + `]`,
		peer:   "numcodecs BitRound(10)" + returnsIn, recipe: "bitround10"},
	{name: "quantize f64 digits 3", dtype: numeric.Float64, kind: benchdata.Smooth,
		codecs: `[{"name":"numcodecs.quantize","configuration":{"digits":3,"dtype":"<f8"}},` + le + `]`,
		peer:   "numcodecs Quantize(3, f8)" + returnsIn, recipe: "quantize3"},
	{name: "packbits bool", dtype: numeric.Bool, kind: benchdata.Noisy,
		codecs: `[{"name":"numcodecs.packbits","configuration":{}},` + le + `]`,
		peer:   "numcodecs PackBits()", recipe: "packbits"},
	{name: "transpose 2-D f32 1024x256", dtype: numeric.Float32, kind: benchdata.Smooth,
		codecs: `[{"name":"transpose","configuration":{"order":[1,0]}},` + le + `]`,
		peer:   "numpy ascontiguousarray(x.reshape(1024, 256).T)", recipe: "transpose_1024x256", shape: []int{1024, 256}},
}

// sets are the values of -set.
var sets = map[string][]benchCase{
	"kernels": kernelCases,
	"zstd":    zstdCases,
	"codecs":  codecCases,
	"all":     append(append(append([]benchCase{}, kernelCases...), zstdCases...), codecCases...),
}

// chunk returns the case's decoded chunk: benchdata.ChunkBytes bytes, or the
// demo chain's codes of that many bytes of float64.
func (c benchCase) chunk() ([]byte, error) {
	if !c.codes {
		return benchdata.Chunk(c.dtype, c.kind, benchdata.ChunkBytes, benchdata.Seed)
	}
	return demoCodes(benchdata.Field(c.kind, benchdata.ChunkBytes/8, benchdata.Seed)), nil
}

// demoCodes quantises kelvin as the demo chain does: (x - DemoOffset) *
// DemoScale rounded to nearest even and clamped to 0-255.
func demoCodes(f []float64) []byte {
	out := make([]byte, len(f))
	for i, x := range f {
		out[i] = byte(min(max(math.RoundToEven((x-benchdata.DemoOffset)*benchdata.DemoScale), 0), 255))
	}
	return out
}

// fileName is the name of the case's chunk in the directory the peer
// reads.
func (c benchCase) fileName() string {
	if c.codes {
		return "codes-" + c.kind.String() + ".bin"
	}
	return c.kind.String() + "-" + c.dtype.String() + ".bin"
}
