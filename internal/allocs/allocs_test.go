package allocs

import (
	"encoding/binary"
	"encoding/json"
	"slices"
	"testing"

	_ "github.com/zcodec/zcodec/codecs"
	"github.com/zcodec/zcodec/internal/benchdata"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/registry"
)

// chunkBytes is the decoded size of every test chunk: large enough that
// every codec takes its bulk path (blosc splits it into blocks), small
// enough that bz2 and lzma run in a few milliseconds.
const chunkBytes = 128 << 10

// allocCase is one codec configuration and the chunk it runs on.
type allocCase struct {
	// name is the row's name; the codec's registered name comes from json.
	name string
	json string // the codec's metadata object
	// dtype and kind make the decoded chunk (benchdata.Chunk); shape nil is one
	// dimension.
	dtype numeric.DataType
	kind  benchdata.Kind
	shape []int
	// data, when set, makes the decoded chunk instead of benchdata.Chunk (for
	// data types the generator does not make); fill is its fill value
	// JSON, "" for 0 (false for bool).
	data func() []byte
	fill string
	// lossy says the round trip need not give the chunk back exactly.
	lossy bool
	// known is why the codec still allocates per call in steady state, for
	// a codec whose allocations are tracked elsewhere; "" means it must not
	// allocate. A known case that stops allocating fails, so that the entry
	// is removed.
	known string
}

// Reasons of the known cases: allocations inside a dependency that
// has no way to reuse its state, measured with -memprofilerate 1.
const (
	knownBzip2 = "github.com/dsnet/compress/bzip2 allocates per block (suffix array, prefix codes, move-to-front) and per Read; zcodec's side is pooled"
	knownLZMA  = "github.com/ulikunitz/xz/lzma allocates one value per LZMA operation (hashTable.NextOp, decoder.readOp) and has no Reset"
)

// knownObject is why the Zarr v2 object codecs allocate.
const knownObject = "the object codecs of Zarr v2 (numcodecs JSON, MsgPack) parse a chunk into Go values ([]any, one per element) before writing the vlen form; they serve old stores, not a hot path"

// vlenChunkElements is the number of elements of a vlen case's chunk.
const vlenChunkElements = 4096

// vlenCase is a case of a variable-length data type: a chunk of
// vlenChunkElements short ASCII elements in the vlen form, each a
// multiple of unit bytes long.
func vlenCase(name, js string, dt numeric.DataType, unit int) allocCase {
	return allocCase{name: name, json: js, dtype: dt, shape: []int{vlenChunkElements}, fill: `""`,
		data: func() []byte {
			b := binary.LittleEndian.AppendUint32(nil, vlenChunkElements)
			for i := range vlenChunkElements {
				n := unit * (1 + i%8)
				b = binary.LittleEndian.AppendUint32(b, uint32(n))
				for j := range n {
					b = append(b, 'a'+byte((i+j)%26))
				}
			}
			return b
		}}
}

// categorizeLabels are the labels of the numcodecs.categorize case, and the
// values of its chunk.
var categorizeLabels = []string{"ice", "water", "cloud", "clear sky"}

// categorizeCase is numcodecs.categorize on a chunk of vlenChunkElements
// strings, each one of categorizeLabels or "" (which has no code and
// decodes as the fill value "").
func categorizeCase() allocCase {
	labels, _ := json.Marshal(categorizeLabels)
	return allocCase{name: "numcodecs.categorize |u1", dtype: numeric.String, shape: []int{vlenChunkElements}, fill: `""`,
		json: `{"name":"numcodecs.categorize","configuration":{"labels":` + string(labels) + `,"dtype":"|O","astype":"|u1"}}`,
		data: func() []byte {
			b := binary.LittleEndian.AppendUint32(nil, vlenChunkElements)
			for i := range vlenChunkElements {
				s := ""
				if k := i % (len(categorizeLabels) + 1); k < len(categorizeLabels) {
					s = categorizeLabels[k]
				}
				b = binary.LittleEndian.AppendUint32(b, uint32(len(s)))
				b = append(b, s...)
			}
			return b
		}}
}

func f32(name, js string) allocCase {
	return allocCase{name: name, json: js, dtype: numeric.Float32, kind: benchdata.Smooth}
}

// known returns tc marked as known to allocate, for reason.
func known(tc allocCase, reason string) allocCase {
	tc.known = reason
	return tc
}

// cases covers every codec of the default registry (TestEveryCodecCovered
// checks it), with the configurations real arrays use.
var cases = []allocCase{
	// bytes->bytes compressors, on little-endian float32 bytes
	f32("blosc lz4 shuffle", `{"name":"blosc","configuration":{"cname":"lz4","clevel":5,"shuffle":"shuffle","typesize":4,"blocksize":0}}`),
	f32("blosc lz4 bitshuffle", `{"name":"blosc","configuration":{"cname":"lz4","clevel":5,"shuffle":"bitshuffle","typesize":4,"blocksize":0}}`),
	f32("blosc blosclz shuffle", `{"name":"blosc","configuration":{"cname":"blosclz","clevel":5,"shuffle":"shuffle","typesize":4,"blocksize":0}}`),
	f32("blosc zstd shuffle", `{"name":"blosc","configuration":{"cname":"zstd","clevel":5,"shuffle":"shuffle","typesize":4,"blocksize":0}}`),
	f32("blosc zlib noshuffle", `{"name":"blosc","configuration":{"cname":"zlib","clevel":5,"shuffle":"noshuffle","typesize":4,"blocksize":0}}`),
	f32("numcodecs.blosc lz4", `{"name":"numcodecs.blosc","configuration":{"cname":"lz4","clevel":5,"shuffle":1,"blocksize":0}}`),
	f32("gzip 5", `{"name":"gzip","configuration":{"level":5}}`),
	f32("numcodecs.gzip 1", `{"name":"numcodecs.gzip","configuration":{"level":1}}`),
	f32("numcodecs.zlib 1", `{"name":"numcodecs.zlib","configuration":{"level":1}}`),
	known(f32("numcodecs.bz2 9", `{"name":"numcodecs.bz2","configuration":{"level":9}}`), knownBzip2),
	known(f32("numcodecs.lzma", `{"name":"numcodecs.lzma","configuration":{"format":1,"check":-1,"preset":null,"filters":null}}`), knownLZMA),
	f32("numcodecs.lz4", `{"name":"numcodecs.lz4","configuration":{"acceleration":1}}`),
	f32("zstd 3", `{"name":"zstd","configuration":{"level":3,"checksum":false}}`),
	f32("zstd 1 checksum", `{"name":"zstd","configuration":{"level":1,"checksum":true}}`),
	f32("numcodecs.zstd 3", `{"name":"numcodecs.zstd","configuration":{"level":3}}`),
	f32("zcodec.hdf5_lz4", `{"name":"zcodec.hdf5_lz4","configuration":{"blocksize":0}}`),
	f32("zcodec.hdf5_szip ec 32", `{"name":"zcodec.hdf5_szip","configuration":{"options_mask":141,"pixels_per_block":32,"bits_per_pixel":32,"pixels_per_scanline":2048}}`),
	f32("zcodec.hdf5_lzf", `{"name":"zcodec.hdf5_lzf"}`),
	f32("zcodec.hdf5_bitshuffle lz4", `{"name":"zcodec.hdf5_bitshuffle","configuration":{"elementsize":4,"compression":"lz4"}}`),
	f32("zcodec.hdf5_bitshuffle zstd", `{"name":"zcodec.hdf5_bitshuffle","configuration":{"elementsize":4,"compression":"zstd","level":3}}`),
	{name: "zcodec.hdf5_scaleoffset int16", dtype: numeric.Int16, kind: benchdata.Smooth,
		json: `{"name":"zcodec.hdf5_scaleoffset","configuration":{"scale_type":"int","scale_factor":0,"elements":65536,"class":"integer","size":2,"sign":"signed","order":"little","fill_value":0}}`},
	{name: "zcodec.hdf5_scaleoffset float32 2", lossy: true, dtype: numeric.Float32, kind: benchdata.Smooth,
		json: `{"name":"zcodec.hdf5_scaleoffset","configuration":{"scale_type":"float_dscale","scale_factor":2,"elements":32768,"class":"float","size":4,"order":"little","fill_value":0}}`},
	{name: "zcodec.hdf5_nbit int32 12", dtype: numeric.Int32, kind: benchdata.Smooth,
		json: `{"name":"zcodec.hdf5_nbit","configuration":{"elements":32768,"datatype":{"class":"atomic","size":4,"order":"little","precision":12,"offset":4}}}`},
	// bytes->bytes filters and checksums
	f32("numcodecs.shuffle 4", `{"name":"numcodecs.shuffle","configuration":{"elementsize":4}}`),
	f32("numcodecs.base64", `{"name":"numcodecs.base64"}`),
	f32("crc32c", `{"name":"crc32c"}`),
	f32("numcodecs.crc32", `{"name":"numcodecs.crc32"}`),
	f32("numcodecs.crc32c", `{"name":"numcodecs.crc32c"}`),
	f32("numcodecs.adler32", `{"name":"numcodecs.adler32"}`),
	f32("numcodecs.fletcher32", `{"name":"numcodecs.fletcher32"}`),
	f32("zcodec.hdf5_fletcher32", `{"name":"zcodec.hdf5_fletcher32"}`),
	// array->bytes
	f32("bytes little", `{"name":"bytes","configuration":{"endian":"little"}}`),
	f32("bytes big", `{"name":"bytes","configuration":{"endian":"big"}}`),
	{name: "sharding_indexed 4x2 inner zstd", dtype: numeric.Float32, kind: benchdata.Smooth, shape: []int{256, 128},
		json: `{"name":"sharding_indexed","configuration":{"chunk_shape":[64,64],"codecs":[{"name":"bytes","configuration":{"endian":"little"}},{"name":"zstd","configuration":{"level":1,"checksum":false}}],"index_codecs":[{"name":"bytes","configuration":{"endian":"little"}},"crc32c"],"index_location":"end"}}`},
	// array->array
	{name: "cast_value f64->u8 clamp", lossy: true, dtype: numeric.Float64, kind: benchdata.Units10,
		json: `{"name":"cast_value","configuration":{"data_type":"uint8","out_of_range":"clamp"}}`},
	{name: "scale_offset f64", lossy: true, dtype: numeric.Float64, kind: benchdata.Smooth,
		json: `{"name":"scale_offset","configuration":{"offset":273.15,"scale":100}}`},
	{name: "transpose 2-D f32", dtype: numeric.Float32, kind: benchdata.Smooth, shape: []int{256, 128},
		json: `{"name":"transpose","configuration":{"order":[1,0]}}`},
	{name: "numcodecs.astype f8->f4", lossy: true, dtype: numeric.Float64, kind: benchdata.Smooth,
		json: `{"name":"numcodecs.astype","configuration":{"encode_dtype":"<f4","decode_dtype":"<f8"}}`},
	{name: "numcodecs.bitround f32 10", lossy: true, dtype: numeric.Float32, kind: benchdata.Smooth,
		json: `{"name":"numcodecs.bitround","configuration":{"keepbits":10}}`},
	{name: "numcodecs.delta i32", dtype: numeric.Int32, kind: benchdata.Counts,
		json: `{"name":"numcodecs.delta","configuration":{"dtype":"<i4"}}`},
	{name: "numcodecs.fixedscaleoffset f8->u1", lossy: true, dtype: numeric.Float64, kind: benchdata.Smooth,
		json: `{"name":"numcodecs.fixedscaleoffset","configuration":{"offset":243.15,"scale":4,"dtype":"<f8","astype":"|u1"}}`},
	{name: "numcodecs.packbits bool", dtype: numeric.Bool, kind: benchdata.Noisy,
		json: `{"name":"numcodecs.packbits","configuration":{}}`},
	// array->bytes of the variable-length types, on a chunk of short strings
	vlenCase("vlen-utf8", `{"name":"vlen-utf8"}`, numeric.String, 1),
	vlenCase("vlen-bytes", `{"name":"vlen-bytes"}`, numeric.Bytes, 1),
	vlenCase("numcodecs.vlen-array <i4", `{"name":"numcodecs.vlen-array","configuration":{"dtype":"<i4"}}`, numeric.Bytes, 4),
	categorizeCase(),
	known(vlenCase("numcodecs.json2", `{"name":"numcodecs.json2"}`, numeric.String, 1), knownObject),
	known(vlenCase("numcodecs.msgpack2", `{"name":"numcodecs.msgpack2"}`, numeric.String, 1), knownObject),
	{name: "numcodecs.quantize f64 3", lossy: true, dtype: numeric.Float64, kind: benchdata.Smooth,
		json: `{"name":"numcodecs.quantize","configuration":{"digits":3,"dtype":"<f8"}}`},
}

// TestAllocs checks that every case encodes and decodes without
// allocating once warm, and that a known case still allocates.
func TestAllocs(t *testing.T) {
	skipUnderRace(t)
	runCases(t, cases)
}

// runCases runs each case as a subtest of t.
func runCases(t *testing.T, cases []allocCase) {
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			rt, err := prepare(tc)
			if err != nil {
				t.Fatal(err)
			}
			enc, dec, err := allocsPerCall(rt)
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("allocations per call: encode %v, decode %v", enc, dec)
			switch {
			case tc.known == "" && (enc != 0 || dec != 0):
				t.Errorf("allocates in steady state: encode %v, decode %v per call", enc, dec)
			case tc.known != "" && enc == 0 && dec == 0:
				t.Errorf("no longer allocates (known: %s): remove the known reason", tc.known)
			case tc.known != "":
				t.Logf("known: %s", tc.known)
			}
		})
	}
}

// fallbacks are the chunks tried, in order, for a registered codec that
// has no case: its bare name must resolve on one of them.
var fallbacks = []struct {
	dtype numeric.DataType
	kind  benchdata.Kind
}{{numeric.Float32, benchdata.Smooth}, {numeric.Bool, benchdata.Noisy}, {numeric.Uint8, benchdata.Counts}, {numeric.Int32, benchdata.Counts}}

// TestEveryCodecCovered runs every codec of the default registry that
// has no case with its default configuration on the first fallback chunk
// it accepts, and fails if it allocates or accepts none.
func TestEveryCodecCovered(t *testing.T) {
	skipUnderRace(t)
	var covered []string
	for _, tc := range cases {
		var head struct{ Name string }
		if err := json.Unmarshal([]byte(tc.json), &head); err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		covered = append(covered, head.Name)
	}
	for _, reg := range registry.Default().Codecs() {
		if slices.Contains(covered, reg.Name) {
			continue
		}
		t.Run(reg.Name, func(t *testing.T) {
			js, _ := json.Marshal(map[string]string{"name": reg.Name})
			for _, fb := range fallbacks {
				rt, err := prepare(allocCase{name: reg.Name, json: string(js), dtype: fb.dtype, kind: fb.kind})
				if err != nil {
					continue
				}
				enc, dec, err := allocsPerCall(rt)
				if err != nil {
					t.Fatalf("%v chunk: %v", fb.dtype, err)
				}
				if enc != 0 || dec != 0 {
					t.Errorf("%v chunk: allocates in steady state: encode %v, decode %v per call", fb.dtype, enc, dec)
					return
				}
				t.Logf("no case: its default configuration ran on a %v chunk without allocating; add a case with a representative configuration", fb.dtype)
				return
			}
			t.Errorf("no case, and %s resolves on none of the fallback chunks: add it to cases", reg.Name)
		})
	}
}
