package main

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/zcodec/zcodec/codec"
	_ "github.com/zcodec/zcodec/codecs" // the standard codec set
	"github.com/zcodec/zcodec/interop/hdf5/h5file"
	_ "github.com/zcodec/zcodec/interop/hdf5/h5store" // HDF5 files in store.Open
	"github.com/zcodec/zcodec/region"
	"github.com/zcodec/zcodec/store"
	"github.com/zcodec/zcodec/zarr"
)

// closeStore closes st when it holds a file open.
func closeStore(st store.Store) {
	if c, ok := st.(io.Closer); ok {
		c.Close()
	}
}

// readWhole opens the file with store.Open, its dataset ds with
// zarr.Open and reads it whole into dst; it returns the bytes read.
func readWhole(ctx context.Context, path, ds string, opts *zarr.Options, dst []byte) (float64, error) {
	st, err := store.Open(ctx, path, nil)
	if err != nil {
		return 0, err
	}
	defer closeStore(st)
	a, err := zarr.Open(ctx, st, ds, opts)
	if err != nil {
		return 0, err
	}
	if err := a.ReadRegion(ctx, region.Whole(a.Shape()), dst); err != nil {
		return 0, err
	}
	return float64(len(dst)), nil
}

// digest returns the hex SHA-256 of b, as the peer's check of a read.
func digest(b []byte) string {
	s := sha256.Sum256(b)
	return hex.EncodeToString(s[:])
}

// scanResult is what a scan found: the chunks listed and the sums of
// their sizes and offsets, which the peer's check compares.
type scanResult struct {
	Chunks    int64  `json:"chunks"`
	Partial   bool   `json:"partial"`
	SumSize   uint64 `json:"sum_size"`
	SumOffset int64  `json:"sum_offset"`
}

var errEnough = errors.New("enough chunks")

// scan opens the file with h5file.Open (through an *os.File), finds the
// dataset at path ds and lists every chunk's offset and size with
// Dataset.Chunks. With limit > 0 it stops after that many chunks.
func scan(ctx context.Context, path, ds string, limit int64) (scanResult, error) {
	var res scanResult
	fh, err := os.Open(path)
	if err != nil {
		return res, err
	}
	defer fh.Close()
	st, err := fh.Stat()
	if err != nil {
		return res, err
	}
	f, err := h5file.OpenReaderAt(fh, st.Size(), nil)
	if err != nil {
		return res, err
	}
	o, err := f.Root(ctx)
	if err != nil {
		return res, err
	}
	for _, name := range strings.Split(strings.Trim(ds, "/"), "/") {
		links, err := o.Links(ctx)
		if err != nil {
			return res, err
		}
		next := -1
		for i, l := range links {
			if l.Name == name && l.Kind == h5file.LinkHard {
				next = i
			}
		}
		if next < 0 {
			return res, fmt.Errorf("%s: no object %q on the path %q", path, name, ds)
		}
		if o, err = f.Object(ctx, links[next].Addr); err != nil {
			return res, err
		}
	}
	d, err := o.Dataset(ctx)
	if err != nil {
		return res, err
	}
	err = d.Chunks(ctx, func(c h5file.Chunk) error {
		if limit > 0 && res.Chunks == limit {
			res.Partial = true
			return errEnough
		}
		res.Chunks++
		res.SumSize += c.Size
		res.SumOffset += c.Offset
		return nil
	})
	if errors.Is(err, errEnough) {
		err = nil
	}
	return res, err
}

// openAll opens the file with store.Open and lists its hierarchy
// (zarr.OpenGroup of the root and Group.Members, which reads every node's
// zarr.json with its attributes); it returns the nodes below the root.
func openAll(ctx context.Context, path string) (int, error) {
	st, err := store.Open(ctx, path, nil)
	if err != nil {
		return 0, err
	}
	defer closeStore(st)
	g, err := zarr.OpenGroup(ctx, st, "")
	if err != nil {
		return 0, err
	}
	nodes, err := g.Members(ctx)
	return len(nodes), err
}

// convert does what `zcodec convert FILE DIR` does for a file whose
// chains map, in this process: it opens the file with store.Open, creates
// a new directory store in a new directory under out, writes every group
// and every array's metadata as the file presents it, and copies every
// array with zarr.Copy, which copies the stored chunks verbatim when the
// destination encodes as the source does. It returns the file's size.
func convert(ctx context.Context, path, out string, size int64) (float64, error) {
	st, err := store.Open(ctx, path, nil)
	if err != nil {
		return 0, err
	}
	defer closeStore(st)
	dir, err := os.MkdirTemp(out, "zcodec-")
	if err != nil {
		return 0, err
	}
	d, err := store.CreateDir(dir)
	if err != nil {
		return 0, err
	}
	defer d.Close()
	g, err := zarr.OpenGroup(ctx, st, "")
	if err != nil {
		return 0, err
	}
	if _, err := zarr.CreateGroup(ctx, d, "", g.Attributes()); err != nil {
		return 0, err
	}
	nodes, err := g.Members(ctx)
	if err != nil {
		return 0, err
	}
	for _, n := range nodes {
		if n.Kind == "group" {
			if _, err := zarr.CreateGroup(ctx, d, n.Path, n.Attributes); err != nil {
				return 0, err
			}
			continue
		}
		src, err := n.OpenArray(ctx, nil)
		if err != nil {
			return 0, err
		}
		def := src.Metadata().Definition()
		def.Codecs = codec.AsWritten(def.Codecs)
		dst, err := zarr.Create(ctx, d, n.Path, def, nil)
		if err != nil {
			return 0, err
		}
		if err := zarr.Copy(ctx, dst, src, nil); err != nil {
			return 0, err
		}
	}
	return float64(size), nil
}

// copyFile copies the file's bytes into a new file under out with
// io.Copy: the floor of any conversion that writes what it reads.
func copyFile(path, out string) (float64, error) {
	src, err := os.Open(path)
	if err != nil {
		return 0, err
	}
	defer src.Close()
	dst, err := os.CreateTemp(out, "copy-")
	if err != nil {
		return 0, err
	}
	n, err := io.Copy(dst, src)
	if cerr := dst.Close(); err == nil {
		err = cerr
	}
	return float64(n), err
}
