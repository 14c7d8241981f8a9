package hdf5_test

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"github.com/zcodec/zcodec/interop/hdf5/h5file"
	"slices"
	"strings"
	"testing"

	"github.com/zcodec/zcodec/internal/testvec"
	"github.com/zcodec/zcodec/interop/hdf5"
	"github.com/zcodec/zcodec/metadata"
	"github.com/zcodec/zcodec/registry"
)

// bloscIndex is the position of the blosc filter in fs, or -1.
func bloscIndex(fs []h5file.Filter) int {
	return slices.IndexFunc(fs, func(f h5file.Filter) bool { return f.ID == hdf5.FilterBlosc })
}

// bloscFrame cuts the Blosc frame out of a stored chunk: the chunk less the
// 4-byte checksum of each fletcher32 after the blosc filter (the only
// filter the vectors put there).
func bloscFrame(t *testing.T, fs []h5file.Filter, bi int, chunk []byte) []byte {
	t.Helper()
	for _, f := range fs[bi+1:] {
		if f.ID != hdf5.FilterFletcher32 {
			t.Fatalf("filter %d after blosc: the test knows only fletcher32 there", f.ID)
		}
		chunk = chunk[:len(chunk)-4]
	}
	if len(chunk) < 16 {
		t.Fatalf("a frame of %d bytes", len(chunk))
	}
	return chunk
}

// TestBloscSettingsMatchHDF5Frames checks the settings Translate gives the
// blosc codec against the frames HDF5's blosc filter wrote with the
// original cd_values: each stored chunk that ran the filter is decoded,
// encoded again through the translated chain, and the frame zcodec writes
// must have the header c-blosc wrote: format versions, flags (compressor
// format, byte or bit shuffle, split blocks), type size, decoded size and
// block size (which follows from clevel, the compressor and the type
// size); lz4 frames, which zcodec writes as c-blosc does, must be equal
// byte for byte. A wrong compressor code, shuffle, type size or clevel
// shows here, although every frame decodes whatever the configuration
// says.
func TestBloscSettingsMatchHDF5Frames(t *testing.T) {
	compared, skipped := 0, 0
	for _, vc := range loadVectors(t) {
		d, err := hdf5.ParseDescription(vc.Description)
		if err != nil {
			t.Fatal(err)
		}
		bi := bloscIndex(d.Filters)
		if bi < 0 {
			continue
		}
		t.Run(vc.Name, func(t *testing.T) {
			tr, err := hdf5.Translate(d)
			if err != nil {
				t.Fatal(err)
			}
			for _, ch := range vc.Chunks {
				if ch.FilterMask&(1<<bi) != 0 {
					skipped++ // HDF5 stored the chunk without running blosc
					continue
				}
				p := tr.Array.Pipeline
				if ch.FilterMask != 0 {
					p = pipelineFor(t, d, tr.Array.FillValue, ch.FilterMask)
				}
				stored := testvec.Hex(ch.Data)
				chunk := make([]byte, p.DecodedSize())
				if err := p.Decode(chunk, stored); err != nil {
					t.Fatalf("chunk %v: %v", ch.Offset, err)
				}
				ours, err := p.AppendEncode(nil, chunk)
				if err != nil {
					t.Fatalf("chunk %v: encode: %v", ch.Offset, err)
				}
				want := bloscFrame(t, d.Filters, bi, stored)
				got := bloscFrame(t, d.Filters, bi, ours)
				if !bytes.Equal(got[:8], want[:8]) || !bytes.Equal(got[8:12], want[8:12]) {
					t.Errorf("chunk %v: zcodec's frame header %x (block size %d), c-blosc's %x (block size %d)",
						ch.Offset, got[:8], binary.LittleEndian.Uint32(got[8:]), want[:8], binary.LittleEndian.Uint32(want[8:]))
				}
				// zcodec's lz4 frames are c-blosc's, byte for byte (lz4's
				// acceleration follows clevel)
				if cd := d.Filters[bi].CDValues; len(cd) == 7 && cd[6] == 1 && !bytes.Equal(got, want) {
					t.Errorf("chunk %v: lz4 frames differ at byte %d", ch.Offset, testvec.FirstDiff(got, want))
				}
				compared++
			}
		})
	}
	t.Logf("%d frames compared, %d chunks stored without blosc", compared, skipped)
	if compared < 20 || skipped < 4 {
		t.Fatalf("compared %d frames and skipped %d chunks stored without blosc; the vectors hold more", compared, skipped)
	}
}

// TestBloscFiltersFromRealPipelines maps each real blosc pipeline to a
// zarr.json and back: the cd_values that come back are those HDF5 recorded
// (the chunk size and type size as its blosc filter computed them from the
// dataset), with the defaults of clevel, shuffle and compressor written
// out where h5py left them to the filter.
func TestBloscFiltersFromRealPipelines(t *testing.T) {
	checked := 0
	for _, vc := range loadVectors(t) {
		d, err := hdf5.ParseDescription(vc.Description)
		if err != nil {
			t.Fatal(err)
		}
		if bloscIndex(d.Filters) < 0 {
			continue
		}
		tr, err := hdf5.Translate(d)
		if err != nil {
			t.Fatalf("%s: %v", vc.Name, err)
		}
		j, err := tr.Array.MarshalJSON()
		if err != nil {
			t.Fatal(err)
		}
		a, err := metadata.Parse(j, &metadata.Options{Registry: registry.Default()})
		if err != nil {
			t.Fatalf("%s: %v", vc.Name, err)
		}
		fp, err := hdf5.FiltersFromPipeline(a.Pipeline)
		if cd := d.Filters[bloscIndex(d.Filters)].CDValues; len(cd) > 4 && cd[4] == 0 {
			// HDF5 stored every chunk of this dataset without blosc
			var fe *hdf5.FilterError
			if !errors.As(err, &fe) || fe.Name != "blosc" || !strings.Contains(err.Error(), "clevel 0") {
				t.Errorf("%s: %v, want a *FilterError: HDF5's blosc filter writes no chunk at clevel 0", vc.Name, err)
			}
			checked++
			continue
		}
		if err != nil {
			t.Fatalf("%s: %v", vc.Name, err)
		}
		if len(fp.Filters) != len(d.Filters) || len(fp.Notes) != 0 {
			t.Fatalf("%s: %+v (notes %q), want %+v", vc.Name, fp.Filters, fp.Notes, d.Filters)
		}
		for k, f := range fp.Filters {
			want := d.Filters[k].CDValues
			if f.ID == hdf5.FilterBlosc && len(want) == 4 {
				want = append(slices.Clone(want), 5, 1, 0) // the filter's defaults
			}
			if f.ID != d.Filters[k].ID || fmt.Sprint(f.CDValues) != fmt.Sprint(want) {
				t.Errorf("%s filter %d: %d %v, want %d %v", vc.Name, k, f.ID, f.CDValues, d.Filters[k].ID, want)
			}
		}
		checked++
	}
	if checked < 8 {
		t.Fatalf("%d blosc vectors", checked)
	}
}
