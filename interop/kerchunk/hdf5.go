package kerchunk

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/zcodec/zcodec/interop/hdf5/h5store"
	"github.com/zcodec/zcodec/store"
)

// Defaults of Options.
const (
	// DefaultInlineThreshold: chunks smaller than this many bytes are
	// inlined (kerchunk's default).
	DefaultInlineThreshold = 500
	// DefaultMaxInlineBytes bounds the bytes one dataset may inline for
	// chunks that cannot be referenced.
	DefaultMaxInlineBytes = 16 << 20
	// DefaultContiguousChunkBytes is the target size of the chunks a
	// contiguous dataset is referenced in.
	DefaultContiguousChunkBytes = 4 << 20
	// DefaultMaxFillChunks is the default of Options.MaxFillChunks.
	DefaultMaxFillChunks = 10000
	// maxContiguousChunkBytes bounds Options.ContiguousChunkBytes.
	maxContiguousChunkBytes = 1 << 30
)

// Options control FromHDF5. A nil *Options gives the defaults, as does
// the zero value of each field.
type Options struct {
	// InlineThreshold: a chunk stored as it is and smaller than this many
	// bytes is inlined rather than referenced (0: DefaultInlineThreshold;
	// negative: none is).
	InlineThreshold int
	// MaxInlineBytes bounds, per dataset, the bytes of the chunks that
	// must be inlined because they cannot be referenced (filter-masked and
	// re-encoded chunks, variable-length strings, compact data, the padded
	// last chunk of a contiguous dataset, absent chunks filled to keep
	// _FillValue exact); a dataset that needs more is refused (0:
	// DefaultMaxInlineBytes; negative: no limit).
	MaxInlineBytes int64
	// InlineUnsupported lets a dataset whose codec chain has no numcodecs
	// equivalent be decoded and inlined, whole, as one chunk of raw
	// little-endian values with no filters, when its decoded size is at
	// most this many bytes (0: such datasets are refused).
	InlineUnsupported int64
	// ContiguousChunkBytes is the target size of the chunks a contiguous
	// dataset is referenced in (0: DefaultContiguousChunkBytes).
	ContiguousChunkBytes int64
	// MaxFillChunks bounds, per dataset, the absent chunks that are
	// added to the set filled with the header's fill value (so that
	// fill_value can be the CF mask and fsspec before 2023, which fails
	// on absent keys, reads the dataset); a dataset with more keeps them
	// absent (0: DefaultMaxFillChunks; negative: none is added).
	MaxFillChunks int64
	// Fletcher32Filter writes HDF5's fletcher32 checksum as numcodecs'
	// fletcher32 filter, which numcodecs has from version 0.12 on. Without
	// it a checksum that is the last filter (as h5py places it) is left
	// out of each reference, its 4 bytes not covered, so that numcodecs
	// 0.11 reads the chunks (unchecked), and any other is refused.
	Fletcher32Filter bool
}

func (o *Options) withDefaults() Options {
	var v Options
	if o != nil {
		v = *o
	}
	if v.InlineThreshold == 0 {
		v.InlineThreshold = DefaultInlineThreshold
	}
	if v.MaxInlineBytes == 0 {
		v.MaxInlineBytes = DefaultMaxInlineBytes
	}
	if v.MaxInlineBytes < 0 {
		v.MaxInlineBytes = maxInt64
	}
	if v.MaxFillChunks == 0 {
		v.MaxFillChunks = DefaultMaxFillChunks
	}
	if v.ContiguousChunkBytes <= 0 {
		v.ContiguousChunkBytes = DefaultContiguousChunkBytes
	}
	v.ContiguousChunkBytes = min(v.ContiguousChunkBytes, maxContiguousChunkBytes)
	return v
}

// RefusedError is a dataset (or group) that is not in the reference set,
// and why. It matches ErrRefused.
type RefusedError struct {
	// Path is the node's Zarr path ("" for the root).
	Path string `json:"path"`
	// Reason says why, for a person.
	Reason string `json:"reason"`
	// Err is the underlying error, if any.
	Err error `json:"-"`
}

func (e *RefusedError) Error() string {
	p := e.Path
	if p == "" {
		p = "/"
	}
	return fmt.Sprintf("%s: not referenced: %s", p, e.Reason)
}

// Is makes every RefusedError match ErrRefused.
func (e *RefusedError) Is(target error) bool { return target == ErrRefused }

// Unwrap returns Err.
func (e *RefusedError) Unwrap() error { return e.Err }

// Warning is a note on one node of the set.
type Warning struct {
	Path    string `json:"path"`
	Message string `json:"message"`
}

// Stats count what a set holds.
type Stats struct {
	Arrays        int   `json:"arrays"`
	Groups        int   `json:"groups"`
	Referenced    int64 `json:"referenced_chunks"`
	Inlined       int64 `json:"inlined_chunks"`
	InlinedBytes  int64 `json:"inlined_bytes"`
	ReferencedLen int64 `json:"referenced_bytes"`
}

// Result is what FromHDF5 made.
type Result struct {
	Set      *Set
	Refused  []*RefusedError
	Warnings []Warning
	Stats    Stats
}

// FromHDF5 makes the reference set of the HDF5 (netCDF-4) file that st
// presents: Zarr v2 metadata for every group and dataset, and for every
// chunk a reference to its bytes in the file at url, or its bytes inline
// (see the package documentation for which). A dataset that cannot be
// referenced is left out and listed in Result.Refused with its reason;
// the error is for what stops the whole set (the file's listing fails,
// ctx is done).
func FromHDF5(ctx context.Context, st *h5store.Store, url string, opts *Options) (*Result, error) {
	c := &converter{st: st, url: url, opts: opts.withDefaults(), res: &Result{Set: NewSet()}}
	var nodes []string
	err := st.List(ctx, "", func(e store.Entry) error {
		if e.Key == "zarr.json" {
			nodes = append(nodes, "")
		} else if p, ok := strings.CutSuffix(e.Key, "/zarr.json"); ok {
			nodes = append(nodes, p)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	for _, p := range nodes {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if err := c.node(ctx, p); err != nil {
			var r *RefusedError
			if errors.As(err, &r) && ctx.Err() == nil {
				c.res.Refused = append(c.res.Refused, r)
				continue
			}
			return nil, err
		}
	}
	return c.res, nil
}

type converter struct {
	st   *h5store.Store
	url  string
	opts Options
	res  *Result
}

func (c *converter) warn(p, format string, args ...any) {
	c.res.Warnings = append(c.res.Warnings, Warning{Path: p, Message: fmt.Sprintf(format, args...)})
}

// refuse makes the RefusedError of the node at p.
func refuse(p string, err error) *RefusedError {
	var u *store.UnsupportedNodeError
	if errors.As(err, &u) {
		return &RefusedError{Path: p, Reason: u.Reason, Err: err}
	}
	return &RefusedError{Path: p, Reason: err.Error(), Err: err}
}

// keyPrefix is the prefix of the Zarr v2 keys of the node at p.
func keyPrefix(p string) string {
	if p == "" {
		return ""
	}
	return p + "/"
}

// node adds the keys of the node at p.
func (c *converter) node(ctx context.Context, p string) error {
	doc, err := c.st.Get(ctx, keyPrefix(p)+"zarr.json", store.NoLimit)
	if err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		return refuse(p, err)
	}
	var head struct {
		NodeType   string          `json:"node_type"`
		Attributes json.RawMessage `json:"attributes"`
	}
	if err := json.Unmarshal(doc, &head); err != nil {
		return refuse(p, err)
	}
	if head.NodeType == "group" {
		c.res.Set.Put(keyPrefix(p)+".zgroup", inline([]byte(`{"zarr_format":2}`)))
		if a := strings.TrimSpace(string(head.Attributes)); a != "" && a != "null" && a != "{}" {
			c.res.Set.Put(keyPrefix(p)+".zattrs", inline(head.Attributes))
		}
		c.res.Stats.Groups++
		return nil
	}
	refs, err := c.array(ctx, p)
	if err != nil {
		return err
	}
	for k, r := range refs {
		c.res.Set.Put(k, r)
		if r.Inline {
			if !IsMetadataKey(k) {
				c.res.Stats.Inlined++
				c.res.Stats.InlinedBytes += int64(len(r.Data))
			}
		} else {
			c.res.Stats.Referenced++
			c.res.Stats.ReferencedLen += r.Length
		}
	}
	c.res.Stats.Arrays++
	return nil
}

func inline(b []byte) Ref { return Ref{Inline: true, Data: b} }
