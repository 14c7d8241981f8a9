package h5file

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"
)

// walkAll reads everything a reader of f can ask for: every object,
// link, attribute (with its variable-length values), dataset description
// and chunk index.
func walkAll(f *File) {
	ctx := context.Background()
	seen := map[uint64]bool{}
	var walk func(addr uint64, depth int)
	walk = func(addr uint64, depth int) {
		if seen[addr] || depth > 16 || len(seen) > 1000 {
			return
		}
		seen[addr] = true
		o, err := f.Object(ctx, addr)
		if err != nil {
			return
		}
		o.TracksLinkOrder(ctx)
		if attrs, err := o.Attributes(ctx); err == nil {
			for _, a := range attrs {
				if a.Type.Class == ClassVlen && len(a.Data) >= f.VlenSize() {
					f.ReadVlen(ctx, a.Data[:f.VlenSize()])
				}
			}
		}
		switch o.Kind {
		case KindGroup:
			links, err := o.Links(ctx)
			if err != nil {
				return
			}
			for _, l := range links {
				if l.Kind == LinkHard {
					walk(l.Addr, depth+1)
				}
			}
		case KindDataset:
			d, err := o.Dataset(ctx)
			if err != nil || d.Layout.Class != LayoutChunked {
				return
			}
			n := 0
			d.Chunks(ctx, func(c Chunk) error {
				n++
				d.IsPartialEdge(c.Coords)
				if n > 100000 {
					return context.Canceled
				}
				return nil
			})
		}
	}
	walk(f.super.Root, 0)
}

// seedFiles adds the committed test files (the small ones) as seeds.
func seedFiles(f *testing.F) {
	names, _ := filepath.Glob("../../../testdata/hdf5files/*.h5")
	nc, _ := filepath.Glob("../../../testdata/hdf5files/*.nc")
	for _, n := range append(names, nc...) {
		b, err := os.ReadFile(n)
		if err == nil && len(b) <= 64<<10 {
			f.Add(b)
		}
	}
}

// FuzzFile opens arbitrary bytes as an HDF5 file and reads everything:
// nothing may panic, hang or allocate past the metadata budget.
func FuzzFile(f *testing.F) {
	seedFiles(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		file, err := OpenReaderAt(bytes.NewReader(data), int64(len(data)), &Options{MaxMetadataBytes: 32 << 20, BlockSize: 4096})
		if err != nil {
			return
		}
		walkAll(file)
	})
}

// FuzzMessages parses arbitrary bytes as each kind of header message
// body: datatype, dataspace, layout, filter pipeline, fill value (both
// messages) and link.
func FuzzMessages(f *testing.F) {
	f.Add(byte(0), []byte{0x10, 0x08, 0, 0, 4, 0, 0, 0, 0, 0, 32, 0})
	f.Add(byte(1), []byte{2, 1, 1, 1, 10, 0, 0, 0, 0, 0, 0, 0, 20, 0, 0, 0, 0, 0, 0, 0})
	f.Add(byte(2), []byte{4, 2, 0, 3, 1, 10, 0, 4, 0, 3, 10, 0, 0, 0, 0, 0, 0, 0, 0})
	f.Add(byte(3), []byte{2, 2, 2, 0, 1, 0, 1, 0, 4, 0, 0, 0, 1, 0, 1, 0, 1, 0, 6, 0, 0, 0})
	f.Add(byte(4), []byte{3, 0x2a, 4, 0, 0, 0, 1, 2, 3, 4})
	f.Add(byte(6), []byte{1, 0x08, 0, 3, 'a', 'b', 'c', 8, 0, 0, 0, 0, 0, 0, 0})
	f.Fuzz(func(t *testing.T, kind byte, data []byte) {
		c := newCursor(data, 0, "message", 8, 8)
		switch kind % 7 {
		case 0:
			if dt := parseDatatype(c, 0); dt != nil && c.err == nil {
				_ = dt.String()
			}
		case 1:
			s := parseDataspace(c)
			s.NumElements()
		case 2:
			parseLayout(c)
		case 3:
			parseFilters(c)
		case 4:
			parseFill(c)
		case 5:
			parseFillOld(c)
		case 6:
			parseLink(c)
		}
	})
}
