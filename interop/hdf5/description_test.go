package hdf5_test

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	bytescodec "github.com/zcodec/zcodec/codecs/bytes"
	"github.com/zcodec/zcodec/interop/hdf5"
	"github.com/zcodec/zcodec/numeric"
)

func TestParseDescription(t *testing.T) {
	d, err := hdf5.ParseDescription([]byte(`{"data_type": ">c8", "shape": [3, 0], "chunks": [2, 2],
		"filters": [{"id": 1, "cd_values": [5]}], "fill_value": "3fc00000c0000000"}`))
	if err != nil {
		t.Fatal(err)
	}
	if d.DataType != numeric.Complex64 || d.Endian != bytescodec.BigEndian || d.Filters[0].Flags != 0 {
		t.Fatalf("%+v", d)
	}
	if got := numeric.FormatFillValue(d.FillValue); got != "[1.5, -2]" {
		t.Fatalf("big-endian complex fill = %s, want [1.5, -2]", got)
	}
	d, err = hdf5.ParseDescription([]byte(`{"data_type": "uint8", "shape": [3], "chunks": [2], "filters": [], "fill_value": null, "attributes": null}`))
	if err != nil || d.Endian != bytescodec.EndianUnset || d.FillValue.Valid() {
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
		{`{` + ok + `, "attributes": []}`, "/attributes", "JSON object"},
		{`{` + ok + `, "attributes": {"_FillValue": NaN}}`, "", `"NaN"`},
		{`{"data_type": "<f4", "shape": [4], "chunks": [2], "filters": [], "shape": [5]}`, "/shape", "duplicate"},
		{`{"data_type": "<U4", "shape": [4], "chunks": [2], "filters": []}`, "/data_type", "NumPy"},
		{`{"data_type": "string", "shape": [4], "chunks": [2], "filters": []}`, "/data_type", "neither"},
		{`{"data_type": "<f4", "shape": [4, 4], "chunks": [2], "filters": []}`, "/chunks", "rank-2"},
		{`{"data_type": "<f4", "shape": [], "chunks": [], "filters": []}`, "/shape", "rank 0"},
		{`{"data_type": "<f4", "shape": [-1], "chunks": [2], "filters": []}`, "/shape/0", "integer"},
		{`{"data_type": "<f4", "shape": [4], "chunks": [0], "filters": []}`, "/chunks/0", "integer"},
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
		{`[{"id": 307, "cd_values": []}, {"id": 3, "cd_values": []}]`, numeric.Float32, `[{"configuration":{"level":9},"name":"numcodecs.bz2"},{"name":"zcodec.hdf5_fletcher32"}]`},
		{`[{"id": 32015, "cd_values": [4294967295]}]`, numeric.Float32, `[{"configuration":{"checksum":false,"level":-1},"name":"zstd"}]`},
		{`[{"id": 32004, "cd_values": [0]}]`, numeric.Float32, `[{"name":"zcodec.hdf5_lz4"}]`},
		{`[{"id": 32004, "cd_values": [4096]}]`, numeric.Float32, `[{"configuration":{"blocksize":4096},"name":"zcodec.hdf5_lz4"}]`},
		{`[{"id": 3, "cd_values": []}, {"id": 2, "cd_values": [2]}]`, numeric.Int16, `[{"name":"zcodec.hdf5_fletcher32"},{"configuration":{"elementsize":2},"name":"numcodecs.shuffle"}]`},
		{`[{"id": 3, "cd_values": []}, {"id": 2, "cd_values": [8]}]`, numeric.Float64, "error:2"},
		{`[{"id": 1, "cd_values": [6]}, {"id": 2, "cd_values": [4]}]`, numeric.Float32, "error:2"},
		{`[{"id": 1, "cd_values": [6]}, {"id": 2, "cd_values": [1]}]`, numeric.Uint8, `[{"configuration":{"level":6},"name":"numcodecs.zlib"},{"configuration":{"elementsize":1},"name":"numcodecs.shuffle"}]`},
		{`[{"id": 1, "cd_values": []}]`, numeric.Float32, "error:1"},
		{`[{"id": 1, "cd_values": [10]}]`, numeric.Float32, "error:1"},
		{`[{"id": 307, "cd_values": [0]}]`, numeric.Float32, "error:307"},
		{`[{"id": 4, "cd_values": [4, 32]}]`, numeric.Float32, "error:4"},
		{`[{"id": 5, "cd_values": []}]`, numeric.Float32, "error:5"},
		{`[{"id": 6, "cd_values": []}]`, numeric.Float32, "error:6"},
		{`[{"id": 32001, "cd_values": [2, 2, 4, 0, 5, 1, 0]}]`, numeric.Float32, "error:32001"},
		{`[{"id": 32000, "cd_values": []}]`, numeric.Float32, "error:32000"},
		{`[{"id": 40000, "cd_values": []}]`, numeric.Float32, "error:40000"},
	} {
		var filters []hdf5.Filter
		if err := json.Unmarshal([]byte(c.filters), &filters); err != nil {
			t.Fatal(err)
		}
		codecs, err := hdf5.Codecs(c.dt, bytescodec.LittleEndian, filters, 0)
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
		if string(got) != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.filters, got, c.want)
		}
	}
}

func itoa(n uint32) string {
	b, _ := json.Marshal(n)
	return string(b)
}

func TestCodecsMask(t *testing.T) {
	filters := []hdf5.Filter{{ID: 2, Flags: 1, CDValues: []uint32{4}}, {ID: 1, Flags: 1, CDValues: []uint32{5}}}
	codecs, err := hdf5.Codecs(numeric.Float32, bytescodec.BigEndian, filters, 0b10)
	if err != nil {
		t.Fatal(err)
	}
	got, _ := json.Marshal(codecs)
	if want := `[{"configuration":{"endian":"big"},"name":"bytes"},{"configuration":{"elementsize":4},"name":"numcodecs.shuffle"}]`; string(got) != want {
		t.Fatalf("mask 0b10: %s", got)
	}
}

func TestFiltersFromZarr(t *testing.T) {
	for _, c := range []struct {
		codecs, dt, want string
	}{
		{`[{"name": "bytes", "configuration": {"endian": "big"}}, {"name": "numcodecs.shuffle", "configuration": {"elementsize": 4}}, {"name": "numcodecs.zlib", "configuration": {"level": 4}}]`, "float32",
			`[{"id":2,"flags":0,"cd_values":[4],"name":"shuffle"},{"id":1,"flags":0,"cd_values":[4],"name":"deflate"}]`},
		{`["bytes", "zcodec.hdf5_fletcher32", {"name": "numcodecs.bz2", "configuration": {"level": 3}}, {"name": "zstd", "configuration": {"level": -2, "checksum": false}}]`, "int16",
			`[{"id":3,"flags":0,"cd_values":[],"name":"fletcher32"},{"id":307,"flags":0,"cd_values":[3],"name":"bzip2"},{"id":32015,"flags":0,"cd_values":[4294967294],"name":"zstd"}]`},
		{`[{"name": "bytes"}, {"name": "zcodec.hdf5_lz4", "configuration": {"blocksize": 512}}, {"name": "numcodecs.zlib", "configuration": {"level": -1}}]`, "uint8",
			`[{"id":32004,"flags":0,"cd_values":[512],"name":"lz4"},{"id":1,"flags":0,"cd_values":[6],"name":"deflate"}]`},
		{`[{"name": "scale_offset", "configuration": {"offset": 1}}, {"name": "bytes"}]`, "float32", "scale_offset"},
		{`[{"name": "cast_value", "configuration": {"data_type": "uint8"}}, {"name": "bytes"}]`, "float32", "cast_value"},
		{`[{"name": "bytes"}, {"name": "gzip", "configuration": {"level": 1}}]`, "float32", "gzip"},
		{`[{"name": "bytes"}, {"name": "numcodecs.lz4"}]`, "float32", "numcodecs.lz4"},
		{`[{"name": "bytes"}, {"name": "crc32c"}]`, "float32", "crc32c"},
		{`[{"name": "bytes"}, {"name": "numcodecs.shuffle", "configuration": {"elementsize": 2}}]`, "float32", "numcodecs.shuffle"},
		{`[{"name": "bytes"}, {"name": "numcodecs.zlib"}, {"name": "numcodecs.shuffle"}]`, "float32", "numcodecs.shuffle"},
		{`[{"name": "bytes"}, {"name": "frobnicate"}]`, "float32", "frobnicate"},
		{`[{"name": "numcodecs.zlib"}]`, "float32", "numcodecs.zlib"},
	} {
		doc := `{"zarr_format": 3, "data_type": "` + c.dt + `", "codecs": ` + c.codecs + `}`
		filters, _, err := hdf5.FiltersFromZarr([]byte(doc))
		if !strings.HasPrefix(c.want, "[") {
			var fe *hdf5.FilterError
			if !errors.As(err, &fe) || fe.Name != c.want {
				t.Errorf("%s: %v, want a *FilterError naming %s", c.codecs, err, c.want)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", c.codecs, err)
			continue
		}
		got, _ := json.Marshal(filters)
		if string(got) != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.codecs, got, c.want)
		}
	}
}

// TestReverseRoundTrip maps every vector's pipeline to Zarr and back: the
// ids and cd_values come back (flags become 0).
func TestReverseRoundTrip(t *testing.T) {
	for _, vc := range loadVectors(t) {
		d, err := hdf5.ParseDescription(vc.Description)
		if err != nil {
			t.Fatal(err)
		}
		tr, err := hdf5.Translate(d)
		if err != nil {
			continue
		}
		back, endian, err := hdf5.FiltersFromZarr(tr.ZarrJSON)
		if err != nil {
			t.Fatalf("%s: %v", vc.Name, err)
		}
		if endian != d.Endian && d.DataType.Size() > 1 {
			t.Errorf("%s: endian %v, want %v", vc.Name, endian, d.Endian)
		}
		if len(back) != len(d.Filters) {
			t.Fatalf("%s: %+v, want %+v", vc.Name, back, d.Filters)
		}
		for i, f := range back {
			w := d.Filters[i]
			if f.ID != w.ID || f.Flags != 0 {
				t.Errorf("%s filter %d: %+v, want id %d", vc.Name, i, f, w.ID)
			}
			if len(w.CDValues) > 0 && (len(f.CDValues) == 0 || f.CDValues[0] != w.CDValues[0]) {
				t.Errorf("%s filter %d: cd_values %v, want %v", vc.Name, i, f.CDValues, w.CDValues)
			}
		}
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
		if !json.Valid(tr.ZarrJSON) {
			t.Fatalf("invalid zarr.json %s", tr.ZarrJSON)
		}
		if _, _, err := hdf5.FiltersFromZarr(tr.ZarrJSON); err != nil && !errors.Is(err, hdf5.ErrUnsupported) {
			t.Fatalf("FiltersFromZarr(Translate(...)): untyped error %T: %v", err, err)
		}
	})
}

func FuzzFiltersFromZarr(f *testing.F) {
	for _, vc := range loadVectors(f) {
		d, err := hdf5.ParseDescription(vc.Description)
		if err != nil {
			f.Fatal(err)
		}
		if tr, err := hdf5.Translate(d); err == nil {
			f.Add(tr.ZarrJSON)
		}
	}
	f.Add([]byte(`{"data_type": "float32", "codecs": [{"name": "scale_offset"}, "bytes", {"name": "numcodecs.zlib", "configuration": {"level": "1"}}]}`))
	f.Fuzz(func(t *testing.T, doc []byte) {
		filters, _, err := hdf5.FiltersFromZarr(doc)
		if err != nil {
			if !errors.Is(err, hdf5.ErrUnsupported) && !errors.Is(err, hdf5.ErrDescription) {
				t.Fatalf("untyped error %T: %v", err, err)
			}
			return
		}
		for _, fl := range filters {
			if fl.Flags != 0 {
				t.Fatalf("optional filter %+v", fl)
			}
		}
	})
}
