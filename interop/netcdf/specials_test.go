package netcdf_test

import (
	"encoding/json"
	"errors"
	"github.com/zcodec/zcodec/interop/hdf5/h5file"
	"os"
	"testing"

	"github.com/zcodec/zcodec/internal/npdtype"
	"github.com/zcodec/zcodec/internal/testvec"
	"github.com/zcodec/zcodec/interop/hdf5"
	"github.com/zcodec/zcodec/interop/netcdf"
	"github.com/zcodec/zcodec/metadata"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/registry"

	_ "github.com/zcodec/zcodec/codecs"
)

type specialsVar struct {
	Variable string            `json:"variable"`
	DataType string            `json:"data_type"`
	Shape    []int64           `json:"shape"`
	Specials map[string]string `json:"specials"`
	Pipeline []h5file.Filter   `json:"pipeline"`
	Chunks   []struct {
		Offset     []int  `json:"offset"`
		FilterMask uint32 `json:"filter_mask"`
		Data       string `json:"data"`
		Extent     []int  `json:"extent"`
		Expected   string `json:"expected"`
	} `json:"chunks"`
}

// TestSpecialsDecodeNetCDFChunks maps the `ncdump -s` special attributes of
// variables written by ncgen to a pipeline, checks it against the pipeline
// HDF5 stored, translates it and decodes every stored chunk.
func TestSpecialsDecodeNetCDFChunks(t *testing.T) {
	b, err := os.ReadFile("../../testdata/netcdf/specials.json")
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Variables []specialsVar `json:"variables"`
	}
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Variables) == 0 {
		t.Fatal("no variables")
	}
	for _, v := range doc.Variables {
		t.Run(v.Variable, func(t *testing.T) {
			dt, endian, err := npdtype.Parse(v.DataType)
			if err != nil {
				t.Fatal(err)
			}
			sp, err := netcdf.ParseSpecials(v.Specials, dt)
			if err != nil {
				t.Fatal(err)
			}
			if sp.Endian != endian {
				t.Fatalf("endian %v, file has %v", sp.Endian, endian)
			}
			if len(sp.Filters) != len(v.Pipeline) {
				t.Fatalf("pipeline %+v, file has %+v", sp.Filters, v.Pipeline)
			}
			for i, f := range sp.Filters {
				w := v.Pipeline[i]
				if f.ID != w.ID || f.Flags != w.Flags || len(f.CDValues) != len(w.CDValues) {
					t.Fatalf("filter %d: %+v, file has %+v", i, f, w)
				}
				for j := range f.CDValues {
					if f.CDValues[j] != w.CDValues[j] {
						t.Fatalf("filter %d: %+v, file has %+v", i, f, w)
					}
				}
			}
			d, err := sp.Description(dt, v.Shape)
			if err != nil {
				t.Fatal(err)
			}
			tr, err := hdf5.Translate(d)
			if err != nil {
				t.Fatal(err)
			}
			zarrJSON, err := tr.Array.MarshalJSON()
			if err != nil {
				t.Fatal(err)
			}
			a, err := metadata.Parse(zarrJSON, &metadata.Options{Registry: registry.Default()})
			if err != nil {
				t.Fatalf("metadata.Parse(%s): %v", zarrJSON, err)
			}
			p := a.Pipeline
			for _, ch := range v.Chunks {
				out := make([]byte, p.DecodedSize())
				if err := p.Decode(out, testvec.Hex(ch.Data)); err != nil {
					t.Fatalf("chunk %v: %v", ch.Offset, err)
				}
				got := testvec.Extent(out, d.Chunks, ch.Extent, dt.Size())
				if i := testvec.FirstDiff(got, testvec.Hex(ch.Expected)); i >= 0 {
					t.Fatalf("chunk %v: first difference at byte %d", ch.Offset, i)
				}
			}
		})
	}
}

func TestSpecialsErrors(t *testing.T) {
	for _, c := range []struct {
		attrs map[string]string
		attr  string
	}{
		{map[string]string{"_DeflateLevel": "5", "_Filter": `"307,9"`}, "_DeflateLevel"},
		{map[string]string{"_DeflateLevel": "10"}, "_DeflateLevel"},
		{map[string]string{"_Shuffle": `"yes"`}, "_Shuffle"},
		{map[string]string{"_Filter": `"307,,9"`}, "_Filter"},
		{map[string]string{"_Endianness": `"middle"`}, "_Endianness"},
		{map[string]string{"_ChunkSizes": "4, x"}, "_ChunkSizes"},
		{map[string]string{"_Storage": `"contiguous"`, "_DeflateLevel": "1"}, "_Storage"},
	} {
		_, err := netcdf.ParseSpecials(c.attrs, numeric.Float32)
		var se *netcdf.SpecialError
		if !errors.As(err, &se) || se.Attribute != c.attr || !errors.Is(err, netcdf.ErrSpecial) {
			t.Errorf("ParseSpecials(%v) = %v, want a *SpecialError about %s", c.attrs, err, c.attr)
		}
	}
}

// TestSpecialsShuffleAfterFletcherOn8ByteType: netCDF puts fletcher32
// before shuffle; with 8-byte elements HDF5's shuffle then leaves 4 bytes
// unshuffled, which numcodecs.shuffle cannot read, so the mapping refuses.
func TestSpecialsShuffleAfterFletcherOn8ByteType(t *testing.T) {
	sp, err := netcdf.ParseSpecials(map[string]string{"_Fletcher32": `"true"`, "_Shuffle": `"true"`, "_ChunkSizes": "4"}, numeric.Float64)
	if err != nil {
		t.Fatal(err)
	}
	_, err = hdf5.Codecs(numeric.Float64, numeric.LittleEndian, sp.Filters, 0)
	var fe *hdf5.FilterError
	if !errors.As(err, &fe) || fe.ID != hdf5.FilterShuffle {
		t.Fatalf("Codecs = %v, want a *FilterError for shuffle", err)
	}
	// with 4-byte elements the 4 checksum bytes are one more element
	sp32, _ := netcdf.ParseSpecials(map[string]string{"_Fletcher32": `"true"`, "_Shuffle": `"true"`}, numeric.Float32)
	if _, err := hdf5.Codecs(numeric.Float32, numeric.LittleEndian, sp32.Filters, 0); err != nil {
		t.Fatalf("float32 fletcher32+shuffle: %v", err)
	}
}
