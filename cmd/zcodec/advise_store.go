package main

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"path/filepath"
	"runtime"
	"slices"

	"github.com/zcodec/zcodec/advisor"
	"github.com/zcodec/zcodec/internal/ndcopy"
	"github.com/zcodec/zcodec/region"
	"github.com/zcodec/zcodec/registry"
	"github.com/zcodec/zcodec/store"
	"github.com/zcodec/zcodec/zarr"
)

// Default sample of a store: chunks spread over the array, as many as make
// up defaultSampleBytes of decoded data, at least one and at most
// defaultSampleChunks.
const (
	defaultSampleBytes  = 16 << 20
	defaultSampleChunks = 16
)

// sampleChunks returns how many chunks of chunkBytes the default sample
// reads: as many as make up defaultSampleBytes, or limit when smaller
// (--max-sample-bytes).
func sampleChunks(chunkBytes int, limit int64) int {
	return int(max(1, min(defaultSampleChunks, min(defaultSampleBytes, limit)/int64(max(chunkBytes, 1)))))
}

// limitAdviseHeap sets a soft limit on the Go heap for the advisor, unless
// GOMEMLIMIT is set: the sample, a decoded and an encoded chunk per chain
// running at once, and adviseCodecHeap for the codecs' own state and the
// garbage between collections (klauspost/compress keeps each zstd encoder
// it has used, with an 8 MiB window, for the life of the process: about 36
// MB for the default settings on two cores, measured). Without it the
// garbage of the many chains run grows the process well beyond what it
// holds (measured on a 256 MiB float32 array with the default 16 MiB
// sample on two cores: 245 MB RSS without the limit, 96 to 101 MB with a
// limit of 64 MiB beside the sample and chunks, for 3.3 and 3.7 to 4.1 s
// of CPU).
func limitAdviseHeap(s *advisor.Sample, workers int) {
	setHeapLimit(adviseCodecHeap + s.Bytes() + 2*int64(workers)*int64(s.Spec.Size()))
}

// adviseCodecHeap is the heap limitAdviseHeap allows beyond the sample and
// the chunks at work. At 64 MiB the heap sits so near the limit that the
// collector runs all the time, and its assists, charged to the chain being
// timed, made the measured speeds vary several times over from run to run
// (on a 720 x 1440 float32 field, one 4 MiB chunk, abs 0.05, two cores
// shared with other work: zstd 9 decoding at 281 to 2524 MB/s over three
// runs); at 128 MiB they varied by 10-30% and the run took less CPU (2.7
// against 3.7 s), for 136 MB RSS against 85. On the 256 MiB array above:
// 145 to 147 MB RSS against 96 to 98, 3.7 s of CPU against 3.8.
const adviseCodecHeap = 128 << 20

// adviseWorkers returns how many chains advise runs at once: GOMAXPROCS,
// or fewer (at least one) so that their chunks hold no more than budget
// (--max-chunk-bytes) together, as verify does: each chain at work holds a
// decoded chunk and an encoded one (about as large, for a chain that does
// not compress), beside the sample.
func adviseWorkers(chunkBytes int, budget int64) int {
	n := runtime.GOMAXPROCS(0)
	per := 2 * int64(max(chunkBytes, 1))
	if budget <= 0 || int64(n)*per <= budget {
		return n
	}
	return int(max(1, budget/per))
}

// readStoreSample reads n chunks of a spread over its grid (advisor.SpreadChunks),
// or every chunk when n is negative. Each chunk is read whole, as its
// region of the array; an edge chunk's part beyond the array holds the
// fill value, as stored edge chunks do, and its extent tells the advisor
// to leave that part out of the statistics and errors.
func readStoreSample(ctx context.Context, a *zarr.Array, n int) (*advisor.Sample, error) {
	grid, chunk := a.GridShape(), a.ChunkShape()
	total := a.NumChunks()
	if n < 0 || int64(n) >= total {
		if total > math.MaxInt32 {
			return nil, fmt.Errorf("the array has %d chunks: too many to read every one", total)
		}
		n = int(total)
	}
	coords := advisor.SpreadChunks(grid, n)
	spec := a.Pipeline().Spec()
	es := a.DataType().Size()
	s := &advisor.Sample{Spec: spec, Complete: int64(len(coords)) == total, ArrayChunks: total}
	fill := a.FillValue().Bytes()
	zeros := make([]int, len(chunk))
	var part []byte
	for _, c := range coords {
		box, err := a.ChunkRegion(c)
		if err != nil {
			return nil, err
		}
		r := box
		extent := make([]int, len(c))
		edge := false
		for d := range c {
			extent[d] = int(box.Len(d))
			edge = edge || extent[d] != chunk[d]
		}
		buf := make([]byte, spec.Size())
		if !edge {
			if err := a.ReadRegion(ctx, r, buf); err != nil {
				return nil, err
			}
			s.Chunks = append(s.Chunks, buf)
			s.Extents = append(s.Extents, nil)
			continue
		}
		size := es
		for _, e := range extent {
			size *= e
		}
		if cap(part) < size {
			part = make([]byte, size)
		}
		if err := a.ReadRegion(ctx, r, part[:size]); err != nil {
			return nil, err
		}
		ndcopy.FillPattern(buf, fill)
		ndcopy.Copy(buf, chunk, zeros, part[:size], extent, zeros, extent, es)
		s.Chunks = append(s.Chunks, buf)
		s.Extents = append(s.Extents, extent)
	}
	return s, nil
}

// applied is what --apply wrote and measured.
type applied struct {
	Path        string `json:"path"`
	StoredBytes int64  `json:"stored_bytes"`
	Elements    int64  `json:"elements"`
	MaxAbsError any    `json:"max_abs_error"`
	MaxRelError any    `json:"max_rel_error"`
	Exceeding   int64  `json:"exceeding"`
	NaNLost     int64  `json:"nan_lost"`
	NaNMade     int64  `json:"nan_made"`
	Within      bool   `json:"within"`
	Error       string `json:"error,omitempty"`
	errs        advisor.ErrorStats
	ratio       float64 // the array's decoded bytes over StoredBytes
}

// boundError reports an applied chain that broke the tolerance somewhere in
// the array.
type boundError struct {
	tol  advisor.Tolerance
	errs advisor.ErrorStats
	// sampled is set when the chain was chosen on a sample, not every
	// chunk: --full may choose another.
	sampled bool
}

func (e *boundError) Error() string {
	msg := fmt.Sprintf("the chain breaks the tolerance (%v) on %d of %d elements of the array (the first at element %d in C order); max abs error %.6g, max rel error %.6g",
		e.tol, e.errs.Exceeding, e.errs.Elements, e.errs.FirstExceeding, e.errs.MaxAbs, e.errs.MaxRel)
	if e.errs.NaNLost > 0 || e.errs.NaNMade > 0 {
		msg += fmt.Sprintf("; %d NaN lost, %d values decoded as NaN (a code reserved for NaN, an infinity or the fill value)", e.errs.NaNLost, e.errs.NaNMade)
	}
	if e.sampled {
		msg += "; advise with --full to measure every chunk"
	}
	return msg
}

// applyChain converts src into a new array at dst with the chain codecs
// (as convert does: into a temporary directory renamed at the end), then,
// before the rename, reads the new array back and compares every element
// with src under tol. A broken bound is a *boundError and leaves nothing
// at dst. complete tells whether the chain was chosen on every chunk.
func applyChain(ctx context.Context, env *environment, src *zarr.Array, dst string, codecsJSON []byte, tol advisor.Tolerance, complete bool) (*applied, error) {
	chain, err := registry.Default().ParseCodecs(codecsJSON, "/codecs")
	if err != nil {
		return nil, err
	}
	res := &applied{Path: dst}
	check := func(ctx context.Context, d store.Store) error {
		out, err := zarr.Open(ctx, d, src.Path(), nil)
		if err != nil {
			return err
		}
		if res.errs, err = compareArrays(ctx, src, out, tol); err != nil {
			return err
		}
		if !res.errs.Within() {
			return &boundError{tol: tol, errs: res.errs, sampled: !complete}
		}
		return nil
	}
	if err := convertInto(ctx, env, &target{array: src}, dst, convertPlan{codecs: chain.Codecs, check: check}); err != nil {
		return res, err
	}
	e := res.errs
	res.Elements, res.MaxAbsError, res.MaxRelError = e.Elements, jsonNumber(e.MaxAbs), jsonNumber(e.MaxRel)
	res.Exceeding, res.NaNLost, res.NaNMade, res.Within = e.Exceeding, e.NaNLost, e.NaNMade, e.Within()
	res.StoredBytes = storedChunkBytes(dst)
	if res.StoredBytes > 0 {
		res.ratio = float64(e.Elements) * float64(src.DataType().Size()) / float64(res.StoredBytes)
	}
	return res, nil
}

// compareArrays reads a and b, of one shape and data type, slab by slab and
// measures b's elements against a's.
func compareArrays(ctx context.Context, a, b *zarr.Array, tol advisor.Tolerance) (advisor.ErrorStats, error) {
	m, err := advisor.NewMeter(a.DataType(), tol)
	if err != nil {
		return advisor.ErrorStats{}, err
	}
	if !slices.Equal(a.Shape(), b.Shape()) || a.DataType() != b.DataType() {
		return advisor.ErrorStats{}, fmt.Errorf("cannot compare a %v %v array with a %v %v array", a.Shape(), a.DataType(), b.Shape(), b.DataType())
	}
	var buf []byte
	err = a.ReadSlabs(ctx, region.Whole(a.Shape()), catSlabBytes, func(slab region.Box, data []byte) error {
		if cap(buf) < len(data) {
			buf = make([]byte, len(data))
		}
		if err := b.ReadRegion(ctx, slab, buf[:len(data)]); err != nil {
			return err
		}
		return m.Add(data, buf[:len(data)])
	})
	return m.Errors(), err
}

// storedChunkBytes returns the size of the files under dir other than
// metadata documents: the stored chunks.
func storedChunkBytes(dir string) int64 {
	var n int64
	filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return nil
		}
		switch d.Name() {
		case "zarr.json", ".zarray", ".zattrs", ".zgroup", ".zmetadata":
			return nil
		}
		if fi, err := d.Info(); err == nil {
			n += fi.Size()
		}
		return nil
	})
	return n
}

// isBoundError reports whether err is a broken bound.
func isBoundError(err error) bool {
	var be *boundError
	return errors.As(err, &be)
}
