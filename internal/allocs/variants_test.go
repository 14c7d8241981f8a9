package allocs

import (
	"testing"

	"github.com/zcodec/zcodec/internal/benchdata"
	"github.com/zcodec/zcodec/numeric"
)

// variantCases are further configurations of the same codecs: other data
// types, byte orders, element sizes, rounding modes and policies, which
// take other kernels and code paths than the representative cases.
var variantCases = []allocCase{
	{name: "bytes big i16", dtype: numeric.Int16, kind: benchdata.Counts, json: `{"name":"bytes","configuration":{"endian":"big"}}`},
	{name: "bytes big f64", dtype: numeric.Float64, kind: benchdata.Noisy, json: `{"name":"bytes","configuration":{"endian":"big"}}`},
	{name: "bytes u8", dtype: numeric.Uint8, kind: benchdata.Counts, json: `"bytes"`},
	{name: "shuffle 2", dtype: numeric.Int16, kind: benchdata.Counts, json: `{"name":"numcodecs.shuffle","configuration":{"elementsize":2}}`},
	{name: "shuffle 8", dtype: numeric.Float64, kind: benchdata.Smooth, json: `{"name":"numcodecs.shuffle","configuration":{"elementsize":8}}`},
	{name: "shuffle 16", dtype: numeric.Float64, kind: benchdata.Noisy, json: `{"name":"numcodecs.shuffle","configuration":{"elementsize":16}}`},
	{name: "blosc lz4hc bitshuffle typesize 8", dtype: numeric.Float64, kind: benchdata.Smooth,
		json: `{"name":"blosc","configuration":{"cname":"lz4hc","clevel":9,"shuffle":"bitshuffle","typesize":8,"blocksize":0}}`},
	{name: "blosc zstd noshuffle blocksize 16K", dtype: numeric.Float32, kind: benchdata.Noisy,
		json: `{"name":"blosc","configuration":{"cname":"zstd","clevel":1,"shuffle":"noshuffle","typesize":4,"blocksize":16384}}`},
	{name: "zstd 19 noisy", dtype: numeric.Float32, kind: benchdata.Noisy, json: `{"name":"zstd","configuration":{"level":19,"checksum":false}}`},
	{name: "zstd -5", dtype: numeric.Float32, kind: benchdata.Smooth, json: `{"name":"zstd","configuration":{"level":-5,"checksum":false}}`},
	{name: "gzip 9 counts", dtype: numeric.Int16, kind: benchdata.Counts, json: `{"name":"gzip","configuration":{"level":9}}`},
	{name: "cast_value f32->i16 towards-zero wrap", dtype: numeric.Float32, kind: benchdata.Units50,
		json: `{"name":"cast_value","configuration":{"data_type":"int16","rounding":"towards-zero","out_of_range":"wrap"}}`, lossy: true},
	{name: "cast_value i32->f32", dtype: numeric.Int32, kind: benchdata.Counts,
		json: `{"name":"cast_value","configuration":{"data_type":"float32"}}`},
	{name: "cast_value f64->f32", dtype: numeric.Float64, kind: benchdata.Smooth,
		json: `{"name":"cast_value","configuration":{"data_type":"float32"}}`, lossy: true},
	{name: "scale_offset f32", dtype: numeric.Float32, kind: benchdata.Smooth,
		json: `{"name":"scale_offset","configuration":{"offset":273.15,"scale":100}}`, lossy: true},
	{name: "scale_offset i32", dtype: numeric.Int32, kind: benchdata.Counts,
		json: `{"name":"scale_offset","configuration":{"offset":1,"scale":2}}`},
	{name: "transpose 3-D u16", dtype: numeric.Uint16, kind: benchdata.Counts, shape: []int{16, 64, 64},
		json: `{"name":"transpose","configuration":{"order":[2,0,1]}}`},
	{name: "transpose 2-D f64", dtype: numeric.Float64, kind: benchdata.Smooth, shape: []int{128, 128},
		json: `{"name":"transpose","configuration":{"order":[1,0]}}`},
	{name: "numcodecs.delta i16", dtype: numeric.Int16, kind: benchdata.Counts, json: `{"name":"numcodecs.delta","configuration":{"dtype":"<i2"}}`},
	{name: "numcodecs.delta f64", dtype: numeric.Float64, kind: benchdata.Smooth, json: `{"name":"numcodecs.delta","configuration":{"dtype":"<f8"}}`, lossy: true},
	{name: "numcodecs.delta i32 astype i16", dtype: numeric.Int32, kind: benchdata.Counts,
		json: `{"name":"numcodecs.delta","configuration":{"dtype":"<i4","astype":"<i2"}}`},
	{name: "numcodecs.bitround f64 20", dtype: numeric.Float64, kind: benchdata.Smooth,
		json: `{"name":"numcodecs.bitround","configuration":{"keepbits":20}}`, lossy: true},
	{name: "numcodecs.quantize f32 2", dtype: numeric.Float32, kind: benchdata.Smooth,
		json: `{"name":"numcodecs.quantize","configuration":{"digits":2,"dtype":"<f4"}}`, lossy: true},
	{name: "numcodecs.fixedscaleoffset f4->i2", dtype: numeric.Float32, kind: benchdata.Smooth,
		json: `{"name":"numcodecs.fixedscaleoffset","configuration":{"offset":273,"scale":100,"dtype":"<f4","astype":"<i2"}}`, lossy: true},
	{name: "numcodecs.astype i16->i32", dtype: numeric.Int32, kind: benchdata.Counts,
		json: `{"name":"numcodecs.astype","configuration":{"encode_dtype":"<i2","decode_dtype":"<i4"}}`},
	{name: "numcodecs.lzma .lzma format", dtype: numeric.Float32, kind: benchdata.Smooth,
		json: `{"name":"numcodecs.lzma","configuration":{"format":2,"check":-1,"preset":1,"filters":null}}`, known: knownLZMA},
}

// TestVariantAllocs is TestAllocs over variantCases.
func TestVariantAllocs(t *testing.T) {
	skipUnderRace(t)
	runCases(t, variantCases)
}
