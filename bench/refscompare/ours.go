package main

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"slices"

	_ "github.com/zcodec/zcodec/codecs" // the standard codec set
	"github.com/zcodec/zcodec/internal/hostorder"
	"github.com/zcodec/zcodec/internal/workpool"
	"github.com/zcodec/zcodec/interop/hdf5/h5store"
	"github.com/zcodec/zcodec/interop/kerchunk"
	"github.com/zcodec/zcodec/interop/kerchunk/combine"
	"github.com/zcodec/zcodec/interop/kerchunk/refstore"
	"github.com/zcodec/zcodec/region"
	"github.com/zcodec/zcodec/store"
	"github.com/zcodec/zcodec/zarr"
)

// found is what a scan of some files found, which the peer's walk of the
// same files must find too: arrays, stored chunks (referenced or inlined)
// and their bytes.
type found struct {
	Arrays int   `json:"arrays"`
	Chunks int64 `json:"chunks"`
	Bytes  int64 `json:"bytes"`
}

func (f *found) add(s kerchunk.Stats) {
	f.Arrays += s.Arrays
	f.Chunks += s.Referenced + s.Inlined
	f.Bytes += s.ReferencedLen + s.InlinedBytes
}

// scanOne makes the reference set of one file: a local path, opened with
// h5store.OpenFile, or an http:// URL, opened with store.Open (which
// recognises the HDF5 file), its references naming url.
func scanOne(ctx context.Context, loc, url string) (*kerchunk.Result, error) {
	var h *h5store.Store
	if filepath.IsAbs(loc) {
		var err error
		if h, err = h5store.OpenFile(ctx, loc, nil); err != nil {
			return nil, err
		}
	} else {
		st, err := store.Open(ctx, loc, nil)
		if err != nil {
			return nil, err
		}
		var ok bool
		if h, ok = st.(*h5store.Store); !ok {
			closeStore(st)
			return nil, fmt.Errorf("%s: store.Open gave a %T, not an HDF5 store", loc, st)
		}
	}
	defer h.Close()
	res, err := kerchunk.FromHDF5(ctx, h, url, nil)
	if err == nil && len(res.Refused) > 0 {
		err = fmt.Errorf("%s: %v", loc, res.Refused[0])
	}
	return res, err
}

// scanAll scans every location, workers at a time (1: one after the
// other, on this goroutine), naming each by itself, and adds up what the
// sets hold.
func scanAll(ctx context.Context, locs []string, workers int) (found, error) {
	stats := make([]kerchunk.Stats, len(locs))
	err := workpool.Run(ctx, len(locs), workers, func(i int) error {
		res, err := scanOne(ctx, locs[i], locs[i])
		if err == nil {
			stats[i] = res.Stats
		}
		return err
	})
	var f found
	for _, s := range stats {
		f.add(s)
	}
	return f, err
}

// combined writes the reference sets of the first n of sets, combined
// along "time", as dir/combined-N.json, and returns its path and its
// number of references.
func combined(ctx context.Context, sets []*kerchunk.Set, n int, dir string) (string, int, error) {
	in := make([]combine.Input, n)
	for i := range in {
		in[i] = combine.Input{Name: fmt.Sprintf("t%04d.nc", i), Refs: sets[i]}
	}
	res, err := combine.Combine(ctx, in, &combine.Options{ConcatDim: "time"})
	if err != nil {
		return "", 0, err
	}
	path := filepath.Join(dir, fmt.Sprintf("combined-%d.json", n))
	f, err := os.Create(path)
	if err != nil {
		return "", 0, err
	}
	err = res.Set.WriteJSON(f)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return path, res.Set.Len(), err
}

// openRead opens the reference set at path with store.Open, the array v
// with zarr.Open, and reads its chunk at index (a chunk of (1, lat, lon))
// into buf; it returns the SHA-256 of the values, little-endian.
func openRead(ctx context.Context, path, v string, index int64, buf []byte) (string, error) {
	st, err := store.Open(ctx, path, nil)
	if err != nil {
		return "", err
	}
	defer closeStore(st)
	if _, ok := st.(*refstore.Store); !ok {
		return "", fmt.Errorf("%s: store.Open gave a %T, not a reference set", path, st)
	}
	a, err := zarr.Open(ctx, st, v, nil)
	if err != nil {
		return "", err
	}
	shape := a.Shape()
	r := region.FromShape([]int64{index, 0, 0}, []int64{1, shape[1], shape[2]})
	if err := a.ReadRegion(ctx, r, buf); err != nil {
		return "", err
	}
	return digestFloats(buf), nil
}

// digestFloats is the hex SHA-256 of float32 values held in native byte
// order, taken little-endian as the peer takes them.
func digestFloats(b []byte) string {
	if !hostorder.LittleEndian {
		b = slices.Clone(b)
		hostorder.SwapUnits(b, 4)
	}
	s := sha256.Sum256(b)
	return hex.EncodeToString(s[:])
}

// parseSet reads the JSON reference set at path and parses it, as
// store.Open does before it opens anything; it returns its references.
func parseSet(path string) (int, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return 0, err
	}
	s, err := kerchunk.ReadJSON(b)
	if err != nil {
		return 0, err
	}
	return s.Len(), nil
}

// closeStore closes st when it holds something open.
func closeStore(st store.Store) {
	if c, ok := st.(interface{ Close() error }); ok {
		c.Close()
	}
}
