package hdf5_test

import (
	"encoding/json"
	"errors"
	"github.com/zcodec/zcodec/interop/hdf5/h5file"
	"strings"
	"testing"

	"github.com/zcodec/zcodec/interop/hdf5"
	"github.com/zcodec/zcodec/metadata"
	"github.com/zcodec/zcodec/numeric"
)

func TestParseDescription(t *testing.T) {
	d, err := hdf5.ParseDescription([]byte(`{"data_type": ">c8", "shape": [3, 0], "chunks": [2, 2],
		"filters": [{"id": 1, "cd_values": [5]}], "fill_value": "3fc00000c0000000"}`))
	if err != nil {
		t.Fatal(err)
	}
	if d.DataType != numeric.Complex64 || d.Endian != numeric.BigEndian || d.Filters[0].Flags != 0 {
		t.Fatalf("%+v", d)
	}
	if got := numeric.FormatFillValue(d.FillValue); got != "[1.5, -2]" {
		t.Fatalf("big-endian complex fill = %s, want [1.5, -2]", got)
	}
	d, err = hdf5.ParseDescription([]byte(`{"data_type": "uint8", "shape": [3], "chunks": [2], "filters": [], "fill_value": null, "attributes": null}`))
	if err != nil || d.Endian != numeric.EndianUnset || d.FillValue.Valid() {
		t.Fatalf("%+v %v", d, err)
	}
}

func TestParseDescriptionErrors(t *testing.T) {
	ok := `"data_type": "<f4", "shape": [4], "chunks": [2], "filters": []`
	for _, c := range []struct {
		in, ptr, msg string
	}{
		{`[]`, "", "JSON object"},
		{`{` + ok + `, "fill_value": "0000"}`, "/fill_value", "4 hex digits"},
		{`{` + ok + `, "fill_value": "zzzzzzzz"}`, "/fill_value", "not hex"},
		{`{` + ok + `, "fill_value": 0}`, "/fill_value", "hex string"},
		{`{` + ok + `, "extra": 1}`, "/extra", "unknown key"},
		{`{` + ok + `, "attributes": []}`, "/attributes", "want an object"},
		{`{` + ok + `, "attributes": {"_FillValue": NaN}}`, "/attributes/_FillValue", `write the string "NaN" at line 1, column 95`},
		{`{` + ok + `,}`, "", "trailing comma"},
		{"\ufeff{" + ok + `}`, "", "byte-order mark"},
		{`{` + ok + `, "attributes": ` + strings.Repeat("[", 200) + strings.Repeat("]", 200) + `}`, "/attributes" + strings.Repeat("/0", 63), "deeper"},
		{`{"data_type": "<f4", "shape": [4], "chunks": [2], "filters": [], "shape": [5]}`, "/shape", "duplicate"},
		{`{"data_type": "<U4", "shape": [4], "chunks": [2], "filters": []}`, "/data_type", "NumPy"},
		{`{"data_type": "string", "shape": [4], "chunks": [2], "filters": []}`, "/data_type", "neither"},
		{`{"data_type": "<f4", "shape": [4, 4], "chunks": [2], "filters": []}`, "/chunks", "rank-2"},
		{`{"data_type": "<f4", "shape": [], "chunks": [], "filters": []}`, "/shape", "rank 0"},
		{`{"data_type": "<f4", "shape": [-1], "chunks": [2], "filters": []}`, "/shape/0", "out of range"},
		{`{"data_type": "<f4", "shape": [4], "chunks": [0], "filters": []}`, "/chunks/0", "out of range"},
		{`{"data_type": "<f8", "shape": [4], "chunks": [4294967295, 4294967295], "filters": []}`, "/chunks", ""},
		{`{"data_type": "<f4", "shape": [4], "chunks": [2]}`, "", "filters"},
		{`{"data_type": "<f4", "shape": [4], "chunks": [2], "filters": [{"id": 1}]}`, "/filters/0", "cd_values"},
		{`{"data_type": "<f4", "shape": [4], "chunks": [2], "filters": [{"id": -1, "cd_values": []}]}`, "/filters/0/id", ""},
		{`{"data_type": "<f4", "shape": [4], "chunks": [2], "filters": [{"id": 1, "cd_values": [4294967296]}]}`, "/filters/0/cd_values/0", ""},
		{`{"data_type": "<f4", "shape": [4], "chunks": [2], "filters": [{"id": 1, "cd_values": [], "level": 1}]}`, "/filters/0/level", "unknown key"},
		{`{"data_type": "<f4", "shape": [4], "chunks": [2], "filters": [{"id": 1, "cd_values": [], "name": 7}]}`, "/filters/0/name", "string"},
		{`{"data_type": "|b1", "shape": [4], "chunks": [2], "filters": [], "fill_value": "02"}`, "/fill_value", "bool"},
	} {
		_, err := hdf5.ParseDescription([]byte(c.in))
		var de *hdf5.DescriptionError
		if !errors.As(err, &de) || !errors.Is(err, hdf5.ErrDescription) {
			t.Errorf("%s: %v, want a *DescriptionError", c.in, err)
			continue
		}
		if de.Pointer != c.ptr || !strings.Contains(de.Error(), c.msg) {
			t.Errorf("%s: %v; want pointer %q and %q", c.in, err, c.ptr, c.msg)
		}
	}
}

func TestCodecsTable(t *testing.T) {
	for _, c := range []struct {
		filters string
		dt      numeric.DataType
		want    string // codecs after bytes, or "error:<id>"
	}{
		{`[{"id": 2, "cd_values": [4]}, {"id": 1, "cd_values": [6]}]`, numeric.Float32, `[{"configuration":{"elementsize":4},"name":"numcodecs.shuffle"},{"configuration":{"level":6},"name":"numcodecs.zlib"}]`},
		{`[{"id": 2, "cd_values": []}]`, numeric.Int16, `[{"configuration":{"elementsize":2},"name":"numcodecs.shuffle"}]`},
		{`[{"id": 307, "cd_values": []}, {"id": 3, "cd_values": []}]`, numeric.Float32, `[{"configuration":{"level":9},"name":"numcodecs.bz2"},{"name":"numcodecs.fletcher32"}]`},
		{`[{"id": 32015, "cd_values": [4294967295]}]`, numeric.Float32, `[{"configuration":{"checksum":false,"level":-1},"name":"zstd"}]`},
		{`[{"id": 32004, "cd_values": [0]}]`, numeric.Float32, `[{"name":"zcodec.hdf5_lz4"}]`},
		{`[{"id": 32004, "cd_values": [4096]}]`, numeric.Float32, `[{"configuration":{"blocksize":4096},"name":"zcodec.hdf5_lz4"}]`},
		{`[{"id": 3, "cd_values": []}, {"id": 2, "cd_values": [2]}]`, numeric.Int16, `[{"name":"numcodecs.fletcher32"},{"configuration":{"elementsize":2},"name":"numcodecs.shuffle"}]`},
		{`[{"id": 3, "cd_values": []}, {"id": 2, "cd_values": [8]}]`, numeric.Float64, "error:2"},
		{`[{"id": 1, "cd_values": [6]}, {"id": 2, "cd_values": [4]}]`, numeric.Float32, "error:2"},
		{`[{"id": 1, "cd_values": [6]}, {"id": 2, "cd_values": [1]}]`, numeric.Uint8, `[{"configuration":{"level":6},"name":"numcodecs.zlib"},{"configuration":{"elementsize":1},"name":"numcodecs.shuffle"}]`},
		{`[{"id": 1, "cd_values": []}]`, numeric.Float32, "error:1"},
		{`[{"id": 1, "cd_values": [10]}]`, numeric.Float32, "error:1"},
		{`[{"id": 307, "cd_values": [0]}]`, numeric.Float32, "error:307"},
		{`[{"id": 4, "cd_values": [4, 32]}]`, numeric.Float32, "error:4"},
		{`[{"id": 5, "cd_values": []}]`, numeric.Float32, "error:5"},
		{`[{"id": 6, "cd_values": []}]`, numeric.Float32, "error:6"},
		// blosc: cd_values [revision, format, typesize, chunk bytes, clevel, shuffle, compressor]
		{`[{"id": 32001, "cd_values": [2, 2, 4, 512, 7, 2, 1]}]`, numeric.Float32, `[{"configuration":{"blocksize":0,"clevel":7,"cname":"lz4","shuffle":"bitshuffle","typesize":4},"name":"blosc"}]`},
		{`[{"id": 32001, "cd_values": [2, 2, 8, 1024]}]`, numeric.Float64, `[{"configuration":{"blocksize":0,"clevel":5,"cname":"blosclz","shuffle":"shuffle","typesize":8},"name":"blosc"}]`},
		{`[{"id": 32001, "cd_values": [2, 2, 2, 64, 9]}]`, numeric.Int16, `[{"configuration":{"blocksize":0,"clevel":9,"cname":"blosclz","shuffle":"shuffle","typesize":2},"name":"blosc"}]`},
		{`[{"id": 32001, "cd_values": [2, 2, 1, 64, 0, 0]}]`, numeric.Uint8, `[{"configuration":{"blocksize":0,"clevel":0,"cname":"blosclz","shuffle":"noshuffle","typesize":1},"name":"blosc"}]`},
		{`[{"id": 3, "cd_values": []}, {"id": 32001, "cd_values": [1, 2, 8, 0, 1, 1, 5]}]`, numeric.Float64, `[{"name":"numcodecs.fletcher32"},{"configuration":{"blocksize":0,"clevel":1,"cname":"zstd","shuffle":"shuffle","typesize":8},"name":"blosc"}]`},
		{`[{"id": 32001, "cd_values": [2, 2, 4, 0, 4, 1, 2]}, {"id": 3, "cd_values": []}]`, numeric.Float32, `[{"configuration":{"blocksize":0,"clevel":4,"cname":"lz4hc","shuffle":"shuffle","typesize":4},"name":"blosc"},{"name":"numcodecs.fletcher32"}]`},
		{`[{"id": 32001, "cd_values": [2, 2, 300, 0, 3, 1, 3]}]`, numeric.Float32, `[{"configuration":{"blocksize":0,"clevel":3,"cname":"snappy","shuffle":"shuffle","typesize":300},"name":"blosc"}]`},
		{`[{"id": 32001, "cd_values": [2, 2, 4, 0, 3, 1, 4]}]`, numeric.Float32, `[{"configuration":{"blocksize":0,"clevel":3,"cname":"zlib","shuffle":"shuffle","typesize":4},"name":"blosc"}]`},
		{`[{"id": 32001, "cd_values": [2, 2, 4]}]`, numeric.Float32, "error:32001"},
		{`[{"id": 32001, "cd_values": [2, 2, 4, 0, 5, 1, 0, 0]}]`, numeric.Float32, "error:32001"},
		{`[{"id": 32001, "cd_values": [2, 2, 0, 0]}]`, numeric.Float32, "error:32001"},
		{`[{"id": 32001, "cd_values": [2, 2, 4294967295, 0]}]`, numeric.Float32, "error:32001"},
		{`[{"id": 32001, "cd_values": [2, 2, 4, 0, 10]}]`, numeric.Float32, "error:32001"},
		{`[{"id": 32001, "cd_values": [2, 2, 4, 0, 5, 3]}]`, numeric.Float32, "error:32001"},
		{`[{"id": 32001, "cd_values": [2, 2, 4, 0, 5, 1, 6]}]`, numeric.Float32, "error:32001"},
		// a byte shuffle after blosc sees lengths that are not whole elements
		{`[{"id": 32001, "cd_values": [2, 2, 4, 0, 5, 1, 1]}, {"id": 2, "cd_values": [4]}]`, numeric.Float32, "error:2"},
		{`[{"id": 32000, "cd_values": []}]`, numeric.Float32, `[{"name":"zcodec.hdf5_lzf"}]`},
		{`[{"id": 32013, "cd_values": []}]`, numeric.Float32, "error:32013"},
		{`[{"id": 40000, "cd_values": []}]`, numeric.Float32, "error:40000"},
	} {
		var filters []h5file.Filter
		if err := json.Unmarshal([]byte(c.filters), &filters); err != nil {
			t.Fatal(err)
		}
		codecs, err := hdf5.Codecs(c.dt, numeric.LittleEndian, filters, 0)
		if strings.HasPrefix(c.want, "error:") {
			var fe *hdf5.FilterError
			if !errors.As(err, &fe) || "error:"+itoa(fe.ID) != c.want || !strings.Contains(err.Error(), hdf5.FilterName(fe.ID)) {
				t.Errorf("%s: %v, want a *FilterError naming filter %s", c.filters, err, c.want)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", c.filters, err)
			continue
		}
		got, _ := json.Marshal(codecs[1:])
		if canonical(got) != canonical([]byte(c.want)) {
			t.Errorf("%s:\n got %s\nwant %s", c.filters, got, c.want)
		}
	}
}

// canonical re-encodes JSON with sorted keys, to compare documents.
func canonical(b []byte) string {
	var v any
	if err := json.Unmarshal(b, &v); err != nil {
		return "invalid JSON: " + string(b)
	}
	out, _ := json.Marshal(v)
	return string(out)
}

func itoa(n uint32) string {
	b, _ := json.Marshal(n)
	return string(b)
}

func TestCodecsMask(t *testing.T) {
	filters := []h5file.Filter{{ID: 2, Flags: 1, CDValues: []uint32{4}}, {ID: 1, Flags: 1, CDValues: []uint32{5}}}
	codecs, err := hdf5.Codecs(numeric.Float32, numeric.BigEndian, filters, 0b10)
	if err != nil {
		t.Fatal(err)
	}
	got, _ := json.Marshal(codecs)
	if want := `[{"name":"bytes","configuration":{"endian":"big"}},{"name":"numcodecs.shuffle","configuration":{"elementsize":4}}]`; string(got) != want {
		t.Fatalf("mask 0b10: %s", got)
	}
}

func FuzzParseDescription(f *testing.F) {
	for _, vc := range loadVectors(f) {
		f.Add([]byte(vc.Description))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		d, err := hdf5.ParseDescription(data)
		if err != nil {
			if !errors.Is(err, hdf5.ErrDescription) {
				t.Fatalf("untyped error %T: %v", err, err)
			}
			return
		}
		tr, err := hdf5.Translate(d)
		if err != nil {
			if !errors.Is(err, hdf5.ErrUnsupported) {
				t.Fatalf("Translate: untyped error %T: %v", err, err)
			}
			return
		}
		j, err := tr.Array.MarshalJSON()
		if err != nil {
			t.Fatal(err)
		}
		a, err := metadata.Parse(j, nil)
		if err != nil {
			t.Fatalf("the translated zarr.json does not parse: %v\n%s", err, j)
		}
		if _, err := hdf5.FiltersFromPipeline(a.Pipeline); err != nil && !errors.Is(err, hdf5.ErrUnsupported) {
			t.Fatalf("FiltersFromPipeline(Translate(...)): untyped error %T: %v", err, err)
		}
	})
}

func FuzzFiltersFromPipeline(f *testing.F) {
	for _, vc := range loadVectors(f) {
		d, err := hdf5.ParseDescription(vc.Description)
		if err != nil {
			f.Fatal(err)
		}
		if tr, err := hdf5.Translate(d); err == nil {
			j, _ := tr.Array.MarshalJSON()
			f.Add(j)
		}
	}
	f.Add(zarrJSON("float32", `[{"name": "scale_offset"}, "bytes", {"name": "numcodecs.zlib", "configuration": {"level": 1}}]`))
	f.Add(zarrJSON("float64", `[{"name": "bytes", "configuration": {"endian": "little"}}, {"name": "numcodecs.shuffle", "configuration": {"elementsize": 0}}]`))
	f.Add(zarrJSON("int16", `[{"name": "bytes", "configuration": {"endian": "little"}}, {"name": "numcodecs.blosc", "configuration": {"cname": "zstd", "clevel": 3, "shuffle": 2, "blocksize": 16, "typesize": 4}}]`))
	f.Add(zarrJSON("float32", `[{"name": "bytes", "configuration": {"endian": "big"}}, {"name": "zstd", "configuration": {"level": 1, "checksum": true}}]`))
	f.Fuzz(func(t *testing.T, doc []byte) {
		a, err := metadata.Parse(doc, nil)
		if err != nil {
			return
		}
		fp, err := hdf5.FiltersFromPipeline(a.Pipeline)
		if err != nil {
			if !errors.Is(err, hdf5.ErrUnsupported) {
				t.Fatalf("untyped error %T: %v", err, err)
			}
			return
		}
		for _, fl := range fp.Filters {
			if fl.Flags != 0 {
				t.Fatalf("optional filter %+v", fl)
			}
		}
		// the filters written back as a chain encode a chunk as the
		// original chain does, or, where a note says how they differ,
		// read what it writes and write what it reads (for chunks small
		// enough to try quickly)
		if a.Pipeline.DecodedSize() <= 1<<16 {
			if len(fp.Notes) == 0 {
				sameEncoding(t, a.Pipeline, fp)
			} else {
				readEachOther(t, a.Pipeline, fp)
			}
		}
	})
}

// TestLongValuesAreShortened: a huge member name or value is not echoed
// whole.
func TestLongValuesAreShortened(t *testing.T) {
	huge := strings.Repeat("k", 10<<20)
	ok := `"data_type": "<f4", "shape": [4], "chunks": [2], "filters": []`
	for _, in := range []string{
		`{` + ok + `, "` + huge + `": 1}`,
		`{"data_type": "` + huge + `", "shape": [4], "chunks": [2], "filters": []}`,
		`{` + ok + `, "fill_value": "` + huge + `"}`,
		`{"data_type": "<f4", "shape": [4], "chunks": [2], "filters": [{"id": 1, "cd_values": [], "` + huge + `": 2}]}`,
		`{"data_type": "<f4", "shape": [` + strings.Repeat("9", 1<<20) + `], "chunks": [2], "filters": []}`,
	} {
		_, err := hdf5.ParseDescription([]byte(in))
		if err == nil || len(err.Error()) > 400 {
			t.Errorf("error of %d bytes: %.200v", len(err.Error()), err)
		}
	}
}
