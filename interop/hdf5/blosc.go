package hdf5

import (
	"fmt"
	"github.com/zcodec/zcodec/interop/hdf5/h5file"
	"math"
	"strings"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/codecs/blosc"
)

// The cd_values of HDF5's blosc filter (32001), as its set-local callback
// records them when a dataset is created: the filter revision, the Blosc
// frame format version, the element size and the chunk size in bytes, then
// the three settings a writer may give, each with a default when absent.
const (
	bloscRevision  = 2 // the filter's revision since it has a choice of compressors
	bloscFormat    = 2 // the frame format version of c-blosc 1.x
	bloscMinValues = 4 // the slots the filter always fills in
	bloscMaxValues = 7 // the slots it reads

	bloscDefaultClevel     = 5
	bloscDefaultShuffle    = blosc.ByteShuffle
	bloscDefaultCompressor = 0 // blosclz

	bloscMaxTypesize = 255 // c-blosc shuffles larger elements as bytes
)

type bloscConfig struct {
	Cname     string `json:"cname"`
	Clevel    int    `json:"clevel"`
	Shuffle   string `json:"shuffle"`
	Typesize  int    `json:"typesize"`
	Blocksize int    `json:"blocksize"`
}

// bloscMapping maps the cd_values of a blosc filter to the blosc codec
// with the same settings. The filter revision, the format version and the
// chunk size (slots 0, 1 and 3) play no part in decoding: every frame
// records its own version and sizes.
func bloscMapping(cd []uint32, fail func(string, ...any) (mapping, error)) (mapping, error) {
	if len(cd) < bloscMinValues || len(cd) > bloscMaxValues {
		return fail("want cd_values [filter revision, Blosc format version, type size, chunk bytes] followed by at most clevel, shuffle and compressor code (%d to %d values), got %s",
			bloscMinValues, bloscMaxValues, cdText(cd))
	}
	typesize := cd[2]
	clevel, shuffle, code := uint32(bloscDefaultClevel), uint32(bloscDefaultShuffle), uint32(bloscDefaultCompressor)
	if len(cd) > 4 {
		clevel = cd[4]
	}
	if len(cd) > 5 {
		shuffle = cd[5]
	}
	if len(cd) > 6 {
		code = cd[6]
	}
	switch {
	case typesize < 1 || typesize > math.MaxInt32:
		return fail("type size %d (cd_values[2]) is out of range [1, %d]", typesize, math.MaxInt32)
	case clevel > blosc.MaxClevel:
		return fail("clevel %d (cd_values[4]) is not 0 to %d", clevel, blosc.MaxClevel)
	case shuffle > uint32(blosc.BitShuffle):
		return fail("shuffle %d (cd_values[5]) is not 0 (none), 1 (byte) or 2 (bit)", shuffle)
	}
	cname, ok := blosc.CompressorName(int(code))
	if !ok {
		return fail("compressor code %d (cd_values[6]) is not one of c-blosc's 0 (blosclz) to 5 (zstd)", code)
	}
	return mapping{name: blosc.Name, config: bloscConfig{
		Cname:    cname,
		Clevel:   int(clevel),
		Shuffle:  blosc.Shuffle(shuffle).String(),
		Typesize: int(typesize),
	}}, nil
}

// resolvedBlosc is what a bound blosc codec tells about itself: the codec
// with the settings it took from the array filled in.
type resolvedBlosc interface{ ResolvedCodec() codec.Codec }

// bloscFilter maps a blosc or numcodecs.blosc step to the blosc filter
// with the cd_values HDF5 records for it: the filter's revision and format
// version, the element size and chunk size in bytes that HDF5 computes
// from the dataset (the filter overwrites whatever a writer puts there),
// then clevel, shuffle and the compressor code as the codec resolved them
// for this chain.
func bloscFilter(c codec.BytesToBytes, st codec.Step) (*h5file.Filter, string, error) {
	b, err := c.ResolveBytesToBytes(st.DecodedBytes)
	if err != nil {
		return nil, "", err
	}
	r, ok := b.(resolvedBlosc)
	if !ok {
		return nil, "", reason("the resolved blosc codec does not report its settings")
	}
	var cfg blosc.Config
	switch rc := r.ResolvedCodec().(type) {
	case *blosc.Codec:
		cfg = rc.Config
	case *blosc.NumcodecsCodec:
		cfg = rc.Config
	default:
		return nil, "", reason("the resolved blosc codec does not report its settings")
	}
	if cfg.Clevel == 0 {
		return nil, "", reason("clevel 0 stores every chunk as it is in a frame 16 bytes longer, and HDF5's blosc filter gives c-blosc no more room than the chunk itself, so HDF5 could write no chunk")
	}
	chunk := st.DecodedBytes.Array
	chunkBytes := chunk.Size()
	if uint64(chunkBytes) > math.MaxUint32 {
		return nil, "", reason(fmt.Sprintf("chunk of %d bytes: HDF5's blosc filter records the chunk size in 32 bits", chunkBytes))
	}
	code, ok := blosc.CompressorCode(cfg.Cname)
	if !ok {
		return nil, "", reason(fmt.Sprintf("compressor %q has no c-blosc code", cfg.Cname))
	}
	typesize := hdf5BloscTypesize(chunk.DataType.Size())
	var notes []string
	if hdf5BloscTypesize(cfg.Typesize) != typesize {
		notes = append(notes, fmt.Sprintf(
			"typesize %d: HDF5's blosc filter shuffles with the dataset's element size, %d, so HDF5 writes other frames than the chain; each reads the other's",
			cfg.Typesize, typesize))
	}
	if cfg.Blocksize != 0 {
		notes = append(notes, fmt.Sprintf(
			"blocksize %d: HDF5's blosc filter lets c-blosc choose the block size, so HDF5 writes other frames than the chain; each reads the other's",
			cfg.Blocksize))
	}
	return &h5file.Filter{ID: FilterBlosc, Name: "blosc", CDValues: []uint32{
		bloscRevision, bloscFormat, uint32(typesize), uint32(chunkBytes),
		uint32(cfg.Clevel), uint32(cfg.Shuffle), uint32(code),
	}}, strings.Join(notes, "; "), nil
}

// hdf5BloscTypesize is the element size HDF5's blosc filter records for
// elements of size n: n, or 1 above c-blosc's largest type size (which
// c-blosc itself would also shuffle as bytes).
func hdf5BloscTypesize(n int) int {
	if n > bloscMaxTypesize {
		return 1
	}
	return n
}
