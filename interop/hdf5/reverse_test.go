package hdf5_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/zcodec/zcodec/interop/hdf5/h5file"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/interop/hdf5"
	"github.com/zcodec/zcodec/metadata"
	"github.com/zcodec/zcodec/numeric"
)

// zarrJSON is a complete zarr.json of an 8x4 array of dt, one chunk, with
// the given codecs.
func zarrJSON(dt, codecs string) []byte {
	fill := "0"
	switch {
	case strings.HasPrefix(dt, "complex"):
		fill = "[0, 0]"
	case dt == "bool":
		fill = "false"
	}
	return []byte(`{"zarr_format": 3, "node_type": "array", "shape": [8, 4], "data_type": "` + dt + `",
		"chunk_grid": {"name": "regular", "configuration": {"chunk_shape": [8, 4]}},
		"chunk_key_encoding": {"name": "default"}, "fill_value": ` + fill + `, "codecs": ` + codecs + `}`)
}

// filtersOf parses a zarr.json with the codecs and maps its chain.
func filtersOf(t *testing.T, dt, codecs string) (*metadata.Array, *hdf5.FilterPipeline, error) {
	t.Helper()
	a, err := metadata.Parse(zarrJSON(dt, codecs), nil)
	if err != nil {
		return nil, nil, err
	}
	fp, err := hdf5.FiltersFromPipeline(a.Pipeline)
	return a, fp, err
}

// sameEncoding checks that the chain HDF5 runs with the filters of fp
// (read back through Codecs) writes every chunk exactly as the original
// pipeline does, and that each decodes what the other writes.
func sameEncoding(t *testing.T, p *codec.Pipeline, fp *hdf5.FilterPipeline) {
	t.Helper()
	if a, b := readEachOther(t, p, fp); !bytes.Equal(a, b) {
		t.Fatalf("the HDF5 filters %+v write other bytes than the chain %v", fp.Filters, p)
	}
}

// readEachOther checks that the chain HDF5 runs with the filters of fp
// (read back through Codecs) and the original pipeline each decode the
// chunk the other encodes, and returns both encodings. It is the whole
// promise where fp has notes: the bytes may then differ.
func readEachOther(t *testing.T, p *codec.Pipeline, fp *hdf5.FilterPipeline) (original, filters []byte) {
	t.Helper()
	spec := p.Spec()
	codecs, err := hdf5.Codecs(fp.DataType, fp.Endian, fp.Filters, 0)
	if err != nil {
		t.Fatalf("Codecs(%+v): %v", fp.Filters, err)
	}
	back, err := codec.NewPipeline(spec, codecs, nil)
	if err != nil {
		t.Fatalf("NewPipeline(Codecs(filters)): %v", err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	chunk := make([]byte, p.DecodedSize())
	for i := range chunk {
		chunk[i] = byte(rng.IntN(4)) // compressible, valid for bool too
	}
	if spec.DataType == numeric.Bool {
		for i := range chunk {
			chunk[i] &= 1
		}
	}
	a, errA := p.AppendEncode(nil, chunk)
	b, errB := back.AppendEncode(nil, chunk)
	if errA != nil || errB != nil {
		t.Fatalf("encode: %v / %v", errA, errB)
	}
	out := make([]byte, len(chunk))
	if err := back.Decode(out, a); err != nil || !bytes.Equal(out, chunk) {
		t.Fatalf("the filters' chain does not read the original chain's chunk: %v", err)
	}
	if err := p.Decode(out, b); err != nil || !bytes.Equal(out, chunk) {
		t.Fatalf("the original chain does not read the filters' chain's chunk: %v", err)
	}
	return a, b
}

// TestBloscNotes: settings of a blosc codec that HDF5's blosc filter does
// not take (a type size other than the dataset's, a block size) give the
// filter HDF5 records and a note; the chunks differ but each side reads
// the other's. A type size above 255 is c-blosc's byte shuffle, which the
// filter records as 1: no note, the same bytes.
func TestBloscNotes(t *testing.T) {
	for _, c := range []struct {
		dt, config, cd, note string
	}{
		{"float64", `"cname": "lz4", "clevel": 5, "shuffle": "shuffle", "typesize": 2`, "[2 2 8 256 5 1 1]", "typesize 2: "},
		{"int32", `"cname": "zstd", "clevel": 3, "shuffle": "bitshuffle", "blocksize": 64`, "[2 2 4 128 3 2 5]", "blocksize 64: "},
		{"uint16", `"cname": "blosclz", "clevel": 9, "typesize": 4, "blocksize": 32`, "[2 2 2 64 9 1 0]", "typesize 4: HDF5's blosc filter shuffles with the dataset's element size, 2, so HDF5 writes other frames than the chain; each reads the other's; blocksize 32: "},
		{"uint8", `"cname": "lz4", "clevel": 1, "shuffle": "shuffle", "typesize": 300`, "[2 2 1 32 1 1 1]", ""},
	} {
		codecs := `[{"name": "bytes", "configuration": {"endian": "little"}}, {"name": "blosc", "configuration": {` + c.config + `}}]`
		a, fp, err := filtersOf(t, c.dt, codecs)
		if err != nil {
			t.Fatalf("%s: %v", c.config, err)
		}
		if len(fp.Filters) != 1 || fmt.Sprint(fp.Filters[0].CDValues) != c.cd {
			t.Errorf("%s: %+v, want cd_values %s", c.config, fp.Filters, c.cd)
		}
		if c.note == "" {
			if len(fp.Notes) != 0 {
				t.Errorf("%s: notes %q", c.config, fp.Notes)
			}
			sameEncoding(t, a.Pipeline, fp)
			continue
		}
		if len(fp.Notes) != 1 || !strings.HasPrefix(fp.Notes[0], "codec 1 (blosc): "+c.note) {
			t.Errorf("%s: notes %q, want one starting %q", c.config, fp.Notes, c.note)
		}
		readEachOther(t, a.Pipeline, fp)
	}
}

func TestFiltersFromPipeline(t *testing.T) {
	for _, c := range []struct {
		codecs, dt, want string
	}{
		{`[{"name": "bytes", "configuration": {"endian": "big"}}, {"name": "numcodecs.shuffle", "configuration": {"elementsize": 4}}, {"name": "numcodecs.zlib", "configuration": {"level": 4}}]`, "float32",
			`[{"id":2,"flags":0,"cd_values":[4],"name":"shuffle"},{"id":1,"flags":0,"cd_values":[4],"name":"deflate"}]`},
		{`[{"name": "bytes", "configuration": {"endian": "little"}}, "zcodec.hdf5_fletcher32", {"name": "numcodecs.bz2", "configuration": {"level": 3}}, {"name": "zstd", "configuration": {"level": -2, "checksum": false}}]`, "int16",
			`[{"id":3,"flags":0,"cd_values":[],"name":"fletcher32"},{"id":307,"flags":0,"cd_values":[3],"name":"bzip2"},{"id":32015,"flags":0,"cd_values":[4294967294],"name":"zstd"}]`},
		{`[{"name": "bytes"}, {"name": "zcodec.hdf5_lz4", "configuration": {"blocksize": 512}}, {"name": "numcodecs.zlib", "configuration": {"level": -1}}]`, "uint8",
			`[{"id":32004,"flags":0,"cd_values":[512],"name":"lz4"},{"id":1,"flags":0,"cd_values":[6],"name":"deflate"}]`},
		// the codec's own default level (1), not bzip2's 9
		{`[{"name": "bytes"}, {"name": "numcodecs.bz2"}]`, "uint8", `[{"id":307,"flags":0,"cd_values":[1],"name":"bzip2"}]`},
		// shuffle without elementsize takes the dtype's size
		{`[{"name": "bytes", "configuration": {"endian": "little"}}, {"name": "numcodecs.shuffle"}]`, "float64", `[{"id":2,"flags":0,"cd_values":[8],"name":"shuffle"}]`},
		// a one-byte shuffle of a one-byte type is HDF5's shuffle too
		{`[{"name": "bytes"}, {"name": "numcodecs.shuffle", "configuration": {"elementsize": 1}}]`, "uint8", `[{"id":2,"flags":0,"cd_values":[1],"name":"shuffle"}]`},
		// blosc: [revision 2, format 2, element size, chunk bytes (8x4 elements), clevel, shuffle, compressor code]
		{`[{"name": "bytes", "configuration": {"endian": "little"}}, {"name": "blosc", "configuration": {"cname": "lz4", "clevel": 5, "shuffle": "shuffle", "typesize": 4, "blocksize": 0}}]`, "float32",
			`[{"id":32001,"flags":0,"cd_values":[2,2,4,128,5,1,1],"name":"blosc"}]`},
		// shuffle and typesize left to the array: byte shuffle with the element size, bit shuffle for one byte
		{`[{"name": "bytes", "configuration": {"endian": "big"}}, {"name": "blosc", "configuration": {"cname": "zstd", "clevel": 9}}]`, "float64",
			`[{"id":32001,"flags":0,"cd_values":[2,2,8,256,9,1,5],"name":"blosc"}]`},
		{`[{"name": "bytes"}, {"name": "blosc", "configuration": {"cname": "blosclz", "clevel": 1}}]`, "uint8",
			`[{"id":32001,"flags":0,"cd_values":[2,2,1,32,1,2,0],"name":"blosc"}]`},
		// numcodecs.blosc with numcodecs' defaults (lz4, 5, byte shuffle), and with its auto shuffle (-1)
		{`[{"name": "bytes", "configuration": {"endian": "little"}}, {"name": "numcodecs.blosc"}]`, "int16",
			`[{"id":32001,"flags":0,"cd_values":[2,2,2,64,5,1,1],"name":"blosc"}]`},
		{`[{"name": "bytes"}, {"name": "numcodecs.blosc", "configuration": {"cname": "snappy", "clevel": 3, "shuffle": -1}}]`, "bool",
			`[{"id":32001,"flags":0,"cd_values":[2,2,1,32,3,2,3],"name":"blosc"}]`},
		{`[{"name": "bytes", "configuration": {"endian": "little"}}, "zcodec.hdf5_fletcher32", {"name": "numcodecs.blosc", "configuration": {"cname": "lz4hc", "clevel": 7, "shuffle": 0}}, "zcodec.hdf5_fletcher32"]`, "complex128",
			`[{"id":3,"flags":0,"cd_values":[],"name":"fletcher32"},{"id":32001,"flags":0,"cd_values":[2,2,16,512,7,0,2],"name":"blosc"},{"id":3,"flags":0,"cd_values":[],"name":"fletcher32"}]`},
		{`[{"name": "bytes", "configuration": {"endian": "little"}}, {"name": "numcodecs.zlib", "configuration": {"level": 1}}, {"name": "blosc", "configuration": {"cname": "zlib", "clevel": 2, "shuffle": "bitshuffle", "typesize": 4}}]`, "int32",
			`[{"id":1,"flags":0,"cd_values":[1],"name":"deflate"},{"id":32001,"flags":0,"cd_values":[2,2,4,128,2,2,4],"name":"blosc"}]`},
		// clevel 0: HDF5's blosc filter cannot store a chunk uncompressed
		{`[{"name": "bytes", "configuration": {"endian": "little"}}, {"name": "blosc", "configuration": {"cname": "lz4", "clevel": 0}}]`, "float32", "blosc"},
		{`[{"name": "bytes", "configuration": {"endian": "little"}}, {"name": "numcodecs.blosc", "configuration": {"clevel": 0}}]`, "float32", "numcodecs.blosc"},
		{`[{"name": "scale_offset", "configuration": {"offset": 1}}, {"name": "bytes", "configuration": {"endian": "little"}}]`, "float32", "scale_offset"},
		{`[{"name": "cast_value", "configuration": {"data_type": "uint8"}}, {"name": "bytes"}]`, "float32", "cast_value"},
		{`[{"name": "bytes", "configuration": {"endian": "little"}}, {"name": "gzip", "configuration": {"level": 1}}]`, "float32", "gzip"},
		{`[{"name": "bytes", "configuration": {"endian": "little"}}, {"name": "numcodecs.lz4"}]`, "float32", "numcodecs.lz4"},
		{`[{"name": "bytes", "configuration": {"endian": "little"}}, {"name": "crc32c"}]`, "float32", "crc32c"},
		{`[{"name": "bytes", "configuration": {"endian": "little"}}, {"name": "numcodecs.shuffle", "configuration": {"elementsize": 2}}]`, "float32", "numcodecs.shuffle"},
		{`[{"name": "bytes", "configuration": {"endian": "little"}}, {"name": "numcodecs.zlib"}, {"name": "numcodecs.shuffle"}]`, "float32", "numcodecs.shuffle"},
		{`[{"name": "sharding_indexed", "configuration": {"chunk_shape": [4, 2], "codecs": [{"name": "bytes", "configuration": {"endian": "little"}}], "index_codecs": [{"name": "bytes", "configuration": {"endian": "little"}}]}}]`, "float32", "sharding_indexed"},
	} {
		a, fp, err := filtersOf(t, c.dt, c.codecs)
		if !strings.HasPrefix(c.want, "[") {
			var fe *hdf5.FilterError
			if !errors.As(err, &fe) || fe.Name != c.want || !errors.Is(err, hdf5.ErrUnsupported) {
				t.Errorf("%s: %v, want a *FilterError naming %s", c.codecs, err, c.want)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", c.codecs, err)
			continue
		}
		got, _ := json.Marshal(fp.Filters)
		if string(got) != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.codecs, got, c.want)
			continue
		}
		sameEncoding(t, a.Pipeline, fp)
	}
}

// TestNoOpShuffleHasNoFilter: numcodecs.shuffle with elementsize 0 on a
// float64 array copies the bytes; an 8-byte HDF5 shuffle would store
// shuffled chunks that the chain reads back unshuffled. The pipeline has
// no shuffle filter, and says why.
func TestNoOpShuffleHasNoFilter(t *testing.T) {
	for _, es := range []int{0, 1} {
		codecs := fmt.Sprintf(`[{"name": "bytes", "configuration": {"endian": "little"}}, {"name": "numcodecs.shuffle", "configuration": {"elementsize": %d}}, {"name": "numcodecs.zlib", "configuration": {"level": 1}}]`, es)
		a, fp, err := filtersOf(t, "float64", codecs)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range fp.Filters {
			if f.ID == hdf5.FilterShuffle {
				t.Fatalf("elementsize %d: filters %+v include a shuffle, which would shuffle what the chain does not", es, fp.Filters)
			}
		}
		if len(fp.Notes) != 1 || !strings.Contains(fp.Notes[0], "copies the bytes unchanged") {
			t.Errorf("notes %q", fp.Notes)
		}
		sameEncoding(t, a.Pipeline, fp)
	}
}

// TestUnknownNamesAreRegistryErrors: names the registry does not know
// ("zlib", which numcodecs spells numcodecs.zlib, or a typo) never become
// a filter; the registry refuses them while the zarr.json is read.
func TestUnknownNamesAreRegistryErrors(t *testing.T) {
	for _, name := range []string{"zlib", "numcodecs.zlibb", "frobnicate"} {
		_, _, err := filtersOf(t, "float32", `[{"name": "bytes", "configuration": {"endian": "little"}}, {"name": "`+name+`"}]`)
		if !errors.Is(err, codec.ErrUnknownCodec) {
			t.Errorf("%s: %v, want the registry's unknown-codec error", name, err)
		}
	}
}

// propertyChunkElements is the number of elements of the 8x4 chunk the
// property tests use.
const propertyChunkElements = 8 * 4

// mappedTypes are the element types the property tests use.
var mappedTypes = []numeric.DataType{numeric.Uint8, numeric.Int16, numeric.Float32, numeric.Float64, numeric.Complex128}

// randomHDF5Pipeline returns a valid pipeline of mapped filters as HDF5
// reports them (cd_values filled in), with random flags.
func randomHDF5Pipeline(rng *rand.Rand, dt numeric.DataType) []h5file.Filter {
	var fs []h5file.Filter
	flags := func() uint32 { return uint32(rng.IntN(2)) }
	extra := 0
	if rng.IntN(3) == 0 {
		fs = append(fs, h5file.Filter{ID: hdf5.FilterFletcher32, Flags: flags(), CDValues: []uint32{}})
		extra = 4
	}
	if es := dt.Size(); rng.IntN(2) == 0 && extra%es == 0 {
		fs = append(fs, h5file.Filter{ID: hdf5.FilterShuffle, Flags: flags(), CDValues: []uint32{uint32(es)}})
	}
	for range rng.IntN(3) {
		switch rng.IntN(6) {
		case 5:
			// as HDF5's blosc filter records them: revision 2, format 2,
			// the element size, the chunk bytes, then clevel 1-9 (HDF5
			// writes no chunk at 0), shuffle and compressor code
			fs = append(fs, h5file.Filter{ID: hdf5.FilterBlosc, Flags: flags(), CDValues: []uint32{
				2, 2, uint32(dt.Size()), uint32(propertyChunkElements * dt.Size()),
				uint32(1 + rng.IntN(9)), uint32(rng.IntN(3)), uint32(rng.IntN(6))}})
		case 0:
			fs = append(fs, h5file.Filter{ID: hdf5.FilterDeflate, Flags: flags(), CDValues: []uint32{uint32(rng.IntN(10))}})
		case 1:
			fs = append(fs, h5file.Filter{ID: hdf5.FilterBzip2, Flags: flags(), CDValues: []uint32{uint32(1 + rng.IntN(9))}})
		case 2:
			fs = append(fs, h5file.Filter{ID: hdf5.FilterZstd, Flags: flags(), CDValues: []uint32{uint32(int32(rng.IntN(30) - 7))}})
		case 3:
			fs = append(fs, h5file.Filter{ID: hdf5.FilterLZ4, Flags: flags(), CDValues: []uint32{uint32([]int{0, 16, 1 << 10, 1 << 20}[rng.IntN(4)])}})
		case 4:
			fs = append(fs, h5file.Filter{ID: hdf5.FilterFletcher32, Flags: flags(), CDValues: []uint32{}})
		}
	}
	return fs
}

// TestHDF5ToZarrToHDF5 maps random pipelines of every filter id zcodec
// maps to a zarr.json and back: the same filters with the same cd_values
// come back, every one mandatory.
func TestHDF5ToZarrToHDF5(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	seen := map[uint32]int{}
	for i := range 600 {
		dt := mappedTypes[rng.IntN(len(mappedTypes))]
		e := numeric.LittleEndian
		if rng.IntN(2) == 0 {
			e = numeric.BigEndian
		}
		if dt.Size() == 1 {
			e = numeric.EndianUnset
		}
		orig := randomHDF5Pipeline(rng, dt)
		d := &hdf5.Description{DataType: dt, Endian: e, Shape: []int64{8, 4}, Chunks: []int{8, 4}, Filters: orig}
		tr, err := hdf5.Translate(d)
		if err != nil {
			t.Fatalf("case %d %v %+v: Translate: %v", i, dt, orig, err)
		}
		j, err := tr.Array.MarshalJSON()
		if err != nil {
			t.Fatal(err)
		}
		a, err := metadata.Parse(j, nil)
		if err != nil {
			t.Fatalf("case %d: the zarr.json does not parse: %v\n%s", i, err, j)
		}
		fp, err := hdf5.FiltersFromPipeline(a.Pipeline)
		if err != nil {
			t.Fatalf("case %d %+v: FiltersFromPipeline: %v", i, orig, err)
		}
		if fp.Endian != e || fp.DataType != dt {
			t.Errorf("case %d: %v %v, want %v %v", i, fp.DataType, fp.Endian, dt, e)
		}
		if len(fp.Filters) != len(orig) {
			t.Fatalf("case %d: %+v, want %+v", i, fp.Filters, orig)
		}
		for k, f := range fp.Filters {
			w := orig[k]
			if f.ID != w.ID || f.Flags != 0 || fmt.Sprint(f.CDValues) != fmt.Sprint(w.CDValues) {
				t.Fatalf("case %d filter %d: %+v, want %+v (mandatory)", i, k, f, w)
			}
			seen[f.ID]++
		}
	}
	for _, id := range []uint32{hdf5.FilterDeflate, hdf5.FilterShuffle, hdf5.FilterFletcher32, hdf5.FilterBzip2, hdf5.FilterLZ4, hdf5.FilterZstd, hdf5.FilterBlosc} {
		if seen[id] < 20 {
			t.Errorf("filter %d seen %d times", id, seen[id])
		}
	}
}

// randomZarrCodecs returns the bytes-side codec JSON of a random chain of
// codecs that have an HDF5 filter, for dt.
func randomZarrCodecs(rng *rand.Rand, dt numeric.DataType, e numeric.Endian) string {
	parts := []string{`{"name": "bytes"}`}
	if dt.Size() > 1 {
		parts[0] = `{"name": "bytes", "configuration": {"endian": "` + e.String() + `"}}`
	}
	extra := 0
	if rng.IntN(3) == 0 {
		parts = append(parts, `{"name": "numcodecs.fletcher32"}`)
		extra = 4
	}
	if es := dt.Size(); rng.IntN(2) == 0 && extra%es == 0 {
		parts = append(parts, fmt.Sprintf(`{"name": "numcodecs.shuffle", "configuration": {"elementsize": %d}}`, es))
	}
	for range rng.IntN(3) {
		switch rng.IntN(6) {
		case 5:
			parts = append(parts, fmt.Sprintf(`{"name": "blosc", "configuration": {"cname": %q, "clevel": %d, "shuffle": %q, "typesize": %d, "blocksize": 0}}`,
				[]string{"blosclz", "lz4", "lz4hc", "snappy", "zlib", "zstd"}[rng.IntN(6)], 1+rng.IntN(9),
				[]string{"noshuffle", "shuffle", "bitshuffle"}[rng.IntN(3)], dt.Size()))
		case 0:
			parts = append(parts, fmt.Sprintf(`{"name": "numcodecs.zlib", "configuration": {"level": %d}}`, rng.IntN(10)))
		case 1:
			parts = append(parts, fmt.Sprintf(`{"name": "numcodecs.bz2", "configuration": {"level": %d}}`, 1+rng.IntN(9)))
		case 2:
			parts = append(parts, fmt.Sprintf(`{"name": "zstd", "configuration": {"level": %d, "checksum": false}}`, rng.IntN(30)-7))
		case 3:
			parts = append(parts, fmt.Sprintf(`{"name": "zcodec.hdf5_lz4", "configuration": {"blocksize": %d}}`, []int{16, 1 << 10, 1 << 20}[rng.IntN(3)]))
		case 4:
			parts = append(parts, `{"name": "numcodecs.fletcher32"}`)
		}
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

// TestZarrToHDF5ToZarr maps random chains to HDF5 filters and back: the
// chain that comes back is equal, codec for codec.
func TestZarrToHDF5ToZarr(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	seen := map[uint32]int{}
	for i := range 600 {
		dt := mappedTypes[rng.IntN(len(mappedTypes))]
		e := []numeric.Endian{numeric.LittleEndian, numeric.BigEndian}[rng.IntN(2)]
		codecs := randomZarrCodecs(rng, dt, e)
		a, fp, err := filtersOf(t, dt.String(), codecs)
		if err != nil {
			t.Fatalf("case %d %s: %v", i, codecs, err)
		}
		back, err := hdf5.Codecs(fp.DataType, fp.Endian, fp.Filters, 0)
		if err != nil {
			t.Fatalf("case %d: Codecs(%+v): %v", i, fp.Filters, err)
		}
		if len(back) != len(a.Codecs) {
			t.Fatalf("case %d: %d codecs back, want %d (%s)", i, len(back), len(a.Codecs), codecs)
		}
		for k := range back {
			got, _ := back[k].MarshalJSON()
			want, _ := a.Codecs[k].MarshalJSON()
			if !bytes.Equal(got, want) {
				t.Fatalf("case %d codec %d: %s, want %s", i, k, got, want)
			}
		}
		if len(fp.Notes) != 0 {
			t.Fatalf("case %d: notes %q", i, fp.Notes)
		}
		for _, f := range fp.Filters {
			seen[f.ID]++
		}
	}
	for _, id := range []uint32{hdf5.FilterDeflate, hdf5.FilterShuffle, hdf5.FilterFletcher32, hdf5.FilterBzip2, hdf5.FilterLZ4, hdf5.FilterZstd, hdf5.FilterBlosc} {
		if seen[id] < 20 {
			t.Errorf("filter %d seen %d times", id, seen[id])
		}
	}
}
