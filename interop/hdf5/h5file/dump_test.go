package h5file

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"
)

// dump writes a description of every object reachable from the root.
func dump(t testing.TB, f *File, w *strings.Builder) {
	ctx := context.Background()
	seen := map[uint64]bool{}
	var walk func(path string, addr uint64, depth int)
	walk = func(path string, addr uint64, depth int) {
		if seen[addr] || depth > 32 {
			fmt.Fprintf(w, "%s -> (seen)\n", path)
			return
		}
		seen[addr] = true
		o, err := f.Object(ctx, addr)
		if err != nil {
			fmt.Fprintf(w, "%s: error %v\n", path, err)
			return
		}
		attrs, err := o.Attributes(ctx)
		if err != nil {
			fmt.Fprintf(w, "%s: attributes error %v\n", path, err)
		}
		fmt.Fprintf(w, "%s: %s, %d attributes", path, o.Kind, len(attrs))
		for _, a := range attrs {
			fmt.Fprintf(w, " %s(%s %v)", a.Name, a.Type, a.Space.Dims)
		}
		fmt.Fprintln(w)
		switch o.Kind {
		case KindGroup:
			links, err := o.Links(ctx)
			if err != nil {
				fmt.Fprintf(w, "%s: links error %v\n", path, err)
				return
			}
			for _, l := range links {
				p := strings.TrimSuffix(path, "/") + "/" + l.Name
				if l.Kind != LinkHard {
					fmt.Fprintf(w, "%s: %s link to %s %s\n", p, l.Kind, l.File, l.Target)
					continue
				}
				walk(p, l.Addr, depth+1)
			}
		case KindDataset:
			d, err := o.Dataset(ctx)
			if err != nil {
				fmt.Fprintf(w, "  dataset error %v\n", err)
				return
			}
			fmt.Fprintf(w, "  type %s space %s %v max %v layout %s v%d", d.Type, d.Space.Kind, d.Space.Dims, d.Space.MaxDims, d.Layout.Class, d.Layout.Version)
			if d.Layout.Class == LayoutChunked {
				fmt.Fprintf(w, " chunk %v index %s", d.Layout.Chunk, d.Layout.Index)
			}
			fmt.Fprintf(w, " filters %v fill %s %x\n", d.Filters, d.Fill.Status, d.Fill.Value)
			if d.Layout.Class == LayoutChunked {
				n, bytes := 0, uint64(0)
				err := d.Chunks(ctx, func(c Chunk) error {
					n++
					bytes += c.Size
					if n <= 3 {
						fmt.Fprintf(w, "    chunk %v at %d size %d mask %d\n", c.Coords, c.Offset, c.Size, c.FilterMask)
					}
					return nil
				})
				fmt.Fprintf(w, "    %d chunks, %d bytes, err %v\n", n, bytes, err)
			}
		}
	}
	walk("/", f.super.Root, 0)
}

// TestDumpFile prints the tree of the file named by H5FILE (a debugging
// aid; skipped without it).
func TestDumpFile(t *testing.T) {
	name := os.Getenv("H5FILE")
	if name == "" {
		t.Skip("H5FILE not set")
	}
	fh, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer fh.Close()
	st, _ := fh.Stat()
	f, err := OpenReaderAt(fh, st.Size(), nil)
	if err != nil {
		t.Fatal(err)
	}
	var w strings.Builder
	dump(t, f, &w)
	t.Log(f.Superblock())
	t.Log("\n" + w.String())
}
