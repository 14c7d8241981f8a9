package convert

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/zcodec/zcodec/store"
	"github.com/zcodec/zcodec/zarr"
)

// blockUnits is the number of units of a source array, consecutive in C
// order over its grid, that one digest of the plan's fingerprint covers.
const blockUnits = 1024

// maxListed bounds the keys the chunk listing document holds: past it the
// plan holds the digests alone, and a mismatch names the range of keys of
// the block that differs rather than the key.
const maxListed = 1 << 22

// maxListingBytes bounds the chunk listing document read back.
const maxListingBytes = 1 << 30

// maxPrefixes bounds the listings a part makes of the directories of the
// keys it checks; past it, it lists the array's keys at once.
const maxPrefixes = 256

// chunkPrint is the fingerprint of the stored units of a source array:
// one digest per block of blockUnits units (C order over its grid) of the
// keys stored there with their sizes and, where the store lists them,
// ETags.
type chunkPrint struct {
	Block   int64    `json:"block"`
	Digests []string `json:"digests"`
}

// listedChunk is one stored unit of a source array, as listed.
type listedChunk struct {
	Unit int64  `json:"i"`
	Key  string `json:"key"`
	Size int64  `json:"size"`
	ETag string `json:"etag,omitempty"`
	Bad  bool   `json:"unreadable,omitempty"` // listed, but not a readable value
}

// listingDoc is the document at ListingKey: the stored units of every
// array of the plan that has a fingerprint, each sorted by unit.
type listingDoc struct {
	Arrays map[string][]listedChunk `json:"arrays"`
}

// sum is the contribution of c to its block's digest: the blocks combine
// their chunks' sums by XOR, so that a listing in any order gives the
// same digest.
func (c listedChunk) sum() [sha256.Size]byte {
	return sha256.Sum256(fmt.Appendf(nil, "%d\x00%s\x00%d\x00%s\x00%t", c.Unit, c.Key, c.Size, c.ETag, c.Bad))
}

// blockSum accumulates the digest of one block.
type blockSum struct {
	acc [sha256.Size]byte
	n   int64
}

func (b *blockSum) add(c listedChunk) {
	s := c.sum()
	for i := range s {
		b.acc[i] ^= s[i]
	}
	b.n++
}

func (b *blockSum) digest() string {
	d := sha256.Sum256(fmt.Appendf(b.acc[:], "\x00%d", b.n))
	return hex.EncodeToString(d[:16])
}

// unitIndex returns the C-order index of the unit at coords of grid.
func unitIndex(coords, grid []int64) int64 {
	var i int64
	for d, c := range coords {
		i = i*grid[d] + c
	}
	return i
}

// fingerprint lists the stored units of the source array a and returns
// their fingerprint and the units, sorted; a store that cannot list (an
// HTTP store) gives nil and no error: the array is then known by its
// metadata alone.
func fingerprint(ctx context.Context, a *zarr.Array) (*chunkPrint, []listedChunk, error) {
	grid := a.GridShape()
	units := a.NumUnits()
	var listed []listedChunk
	found := false
	err := a.ListChunks(ctx, func(c zarr.StoredChunk) error {
		found = true
		if !c.InGrid || c.Coords == nil {
			return nil
		}
		listed = append(listed, listedChunk{Unit: unitIndex(c.Coords, grid), Key: c.Key, Size: c.Size, ETag: c.ETag, Bad: c.Err != nil})
		return nil
	})
	if !found && errors.Is(err, errors.ErrUnsupported) {
		return nil, nil, nil
	}
	if err != nil {
		return nil, nil, err
	}
	slices.SortFunc(listed, func(x, y listedChunk) int { return cmpInt(x.Unit, y.Unit) })
	sums := make([]blockSum, (units+blockUnits-1)/blockUnits)
	for _, c := range listed {
		sums[c.Unit/blockUnits].add(c)
	}
	p := &chunkPrint{Block: blockUnits, Digests: make([]string, len(sums))}
	for i := range sums {
		p.Digests[i] = sums[i].digest()
	}
	return p, listed, nil
}

func cmpInt(x, y int64) int {
	switch {
	case x < y:
		return -1
	case x > y:
		return 1
	}
	return 0
}

// sourceBlocks returns, sorted, the blocks of src's units that the units
// [from, to) of dst read: for each unit of dst, the units of src its
// region meets lie between the units at the corners of the region.
func sourceBlocks(dst, src *zarr.Array, from, to, block int64) []int64 {
	shape, dchunk, dgrid := dst.Shape(), dst.ChunkShape(), dst.GridShape()
	schunk, sgrid := src.ChunkShape(), src.GridShape()
	rank := len(shape)
	coords := make([]int64, rank)
	lo, hi := make([]int64, rank), make([]int64, rank)
	seen := map[int64]bool{}
	var out []int64
	for u := from; u < to; u++ {
		r := u
		for d := rank - 1; d >= 0; d-- {
			coords[d] = r % dgrid[d]
			r /= dgrid[d]
		}
		empty := false
		for d := range rank {
			a := coords[d] * int64(dchunk[d])
			b := min(a+int64(dchunk[d]), shape[d])
			if b <= a {
				empty = true
				break
			}
			lo[d], hi[d] = a/int64(schunk[d]), (b-1)/int64(schunk[d])
		}
		if empty {
			continue
		}
		for b := unitIndex(lo, sgrid) / block; b <= unitIndex(hi, sgrid)/block; b++ {
			if !seen[b] {
				seen[b] = true
				out = append(out, b)
			}
		}
	}
	slices.Sort(out)
	return out
}

// checkChunks lists the stored units of src in the blocks that units
// [from, to) of dst read, and compares their digests with the plan's: a
// block that differs is a *SourceError naming the first key that differs
// (from the listing document at ListingKey, when the plan holds one).
func (p *Plan) checkChunks(ctx context.Context, pa planArray, dst, src *zarr.Array, from, to int64, dstStore store.Store) error {
	fp := pa.Chunks
	if fp == nil {
		return nil
	}
	units := src.NumUnits()
	if fp.Block < 1 || int64(len(fp.Digests)) != (units+fp.Block-1)/fp.Block {
		return &PlanError{fmt.Sprintf("holds a fingerprint of array %q that does not fit its grid", "/"+pa.Path)}
	}
	blocks := sourceBlocks(dst, src, from, to, fp.Block)
	if len(blocks) == 0 {
		return nil
	}
	// The keys of the units of those blocks, and the directories that
	// hold them.
	unitOf := map[string]int64{}
	dirs := map[string]bool{}
	for _, b := range blocks {
		for i := b * fp.Block; i < min((b+1)*fp.Block, units); i++ {
			k := src.UnitKey(i)
			unitOf[k] = i
			dir := ""
			if j := strings.LastIndexByte(k, '/'); j >= 0 {
				dir = k[:j+1]
			}
			dirs[dir] = true
		}
	}
	prefixes := slices.Sorted(func(yield func(string) bool) {
		for d := range dirs {
			if !yield(d) {
				return
			}
		}
	})
	if len(prefixes) > maxPrefixes {
		prefixes = []string{""}
		if src.Path() != "" {
			prefixes[0] = src.Path() + "/"
		}
	}
	found := map[int64][]listedChunk{}
	for _, prefix := range prefixes {
		err := src.Store().List(ctx, prefix, func(e store.Entry) error {
			i, ok := unitOf[e.Key]
			if !ok {
				return nil
			}
			delete(unitOf, e.Key) // listed once
			b := i / fp.Block
			found[b] = append(found[b], listedChunk{Unit: i, Key: e.Key, Size: e.Size, ETag: e.ETag, Bad: e.Err != nil})
			return nil
		})
		if err != nil {
			return &zarr.NodeError{Kind: "array", Path: src.Path(), Err: err}
		}
	}
	for _, b := range blocks {
		var s blockSum
		for _, c := range found[b] {
			s.add(c)
		}
		if s.digest() == fp.Digests[b] {
			continue
		}
		now := found[b]
		slices.SortFunc(now, func(x, y listedChunk) int { return cmpInt(x.Unit, y.Unit) })
		return p.chunksChanged(ctx, pa, src, b*fp.Block, min((b+1)*fp.Block, units), now, dstStore)
	}
	return nil
}

// chunksChanged is the *SourceError of a block of units [lo, hi) of the
// source array whose listing now differs from the plan's: it names the
// first key that differs, found by comparing now with the listing
// document, or the block's first and last keys without one.
func (p *Plan) chunksChanged(ctx context.Context, pa planArray, src *zarr.Array, lo, hi int64, now []listedChunk, dstStore store.Store) error {
	e := &SourceError{Path: pa.Path, Mismatch: ChunksChanged, Location: pa.Location}
	planned, ok := p.plannedChunks(ctx, dstStore, pa.Path)
	if !ok {
		e.Key = src.UnitKey(lo)
		e.Detail = fmt.Sprintf("a key from %s to %s was added, removed or rewritten", src.UnitKey(lo), src.UnitKey(hi-1))
		return e
	}
	k0, _ := slices.BinarySearchFunc(planned, lo, func(c listedChunk, u int64) int { return cmpInt(c.Unit, u) })
	k1, _ := slices.BinarySearchFunc(planned, hi, func(c listedChunk, u int64) int { return cmpInt(c.Unit, u) })
	was := planned[k0:k1]
	for i, j := 0, 0; i < len(was) || j < len(now); {
		switch {
		case j == len(now) || i < len(was) && was[i].Unit < now[j].Unit:
			e.Key, e.Detail = was[i].Key, "listed when the plan was made, absent now"
		case i == len(was) || now[j].Unit < was[i].Unit:
			e.Key, e.Detail = now[j].Key, "absent when the plan was made, stored now"
		case was[i] != now[j]:
			e.Key, e.Detail = now[j].Key, describeChange(was[i], now[j])
		default:
			i++
			j++
			continue
		}
		return e
	}
	// The digests differ and the listings do not: the document does not
	// match the plan's digests.
	e.Key = src.UnitKey(lo)
	e.Detail = fmt.Sprintf("a key from %s to %s was added, removed or rewritten", src.UnitKey(lo), src.UnitKey(hi-1))
	return e
}

// describeChange says how a stored unit differs from the plan's listing.
func describeChange(was, now listedChunk) string {
	switch {
	case was.Size != now.Size:
		return fmt.Sprintf("%d bytes when the plan was made, %d now", was.Size, now.Size)
	case was.ETag != now.ETag:
		return fmt.Sprintf("rewritten since the plan was made (ETag %s, now %s)", was.ETag, now.ETag)
	case was.Bad != now.Bad:
		return "readable when the plan was made, not now, or the other way round"
	}
	return "listed differently"
}

// plannedChunks returns the units of the array at path that the listing
// document records, sorted by unit, when the plan holds one and it
// matches the plan's digest of it.
func (p *Plan) plannedChunks(ctx context.Context, d store.Store, path string) ([]listedChunk, bool) {
	if p.doc.Listing == "" {
		return nil, false
	}
	b, err := d.Get(ctx, ListingKey, maxListingBytes)
	if err != nil {
		return nil, false
	}
	sum := sha256.Sum256(b)
	if hex.EncodeToString(sum[:]) != p.doc.Listing {
		return nil, false
	}
	var doc listingDoc
	if json.Unmarshal(b, &doc) != nil {
		return nil, false
	}
	return doc.Arrays[path], true
}

// sourceLocation names where the array a of the source is: its store's
// location (when the store says it, as fmt.Stringer) joined with its
// path; "" when the store does not say.
func sourceLocation(a *zarr.Array) string {
	s, ok := a.Store().(fmt.Stringer)
	if !ok {
		return ""
	}
	loc := s.String()
	if loc == "" || a.Path() == "" {
		return loc
	}
	return strings.TrimSuffix(loc, "/") + "/" + a.Path()
}
