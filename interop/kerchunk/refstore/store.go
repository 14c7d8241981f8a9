package refstore

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"

	"github.com/zcodec/zcodec/interop/kerchunk"
	"github.com/zcodec/zcodec/store"
	"github.com/zcodec/zcodec/store/byterange"
)

// Options control New. A nil *Options gives the defaults, as does the zero
// value of each field.
type Options struct {
	// Location is the reference set's own location (a path, or a URL
	// without credentials): relative URLs resolve against the directory
	// that holds it, and messages name the set by it. With none, relative
	// URLs are refused.
	Location string
	// Path is the group or array of the set presented at the store's root:
	// "" for the set's root, "grp/var" for a node inside it (keys under
	// "grp/var/" then read without that prefix).
	Path string
	// Open are the options the stores of referenced files are opened with
	// (their HTTP and Object fields: --timeout, --endpoint, --anonymous and
	// the like apply to them as to the set); they are opened read-only,
	// recognising no file format (store.OpenOptions.NoFormats). HTTP
	// headers (HTTPOptions.Header) are sent only to the origin of a set
	// read over HTTP, never to another.
	Open *store.OpenOptions
	// MaxStores bounds the stores of referenced files kept open at once
	// (0: DefaultMaxStores).
	MaxStores int
	// AllowLocal lets a set that is not on this machine (read over HTTP or
	// from an object store) name local files; they are refused otherwise,
	// so that a set from elsewhere cannot read this machine's files.
	AllowLocal bool
	// Concurrency is what PreferredConcurrency reports (0: derived from
	// the URLs of the set, see the package documentation).
	Concurrency int
	// OpenStore opens the store of a root location ("/", an HTTP origin
	// "https://example.com", a bucket "s3://bucket") with opts. Nil means
	// store.Open. It lets a caller count or route what the store opens.
	OpenStore func(ctx context.Context, location string, opts *store.OpenOptions) (store.Store, error)
	// Closer, if set, is closed with the store (what the set was read
	// from).
	Closer io.Closer
}

// maxRefLength bounds the length of one reference (16 GiB, the largest
// chunk a codec accepts): a longer one is refused before any read.
const maxRefLength = 16 << 30

// Store presents a reference set as a read-only store: each key reads as
// its inline value, or as the bytes of the file range it refers to. It is
// safe for concurrent use.
type Store struct {
	refs   kerchunk.Refs
	path   string // the node presented at the root, "" for the set's root
	name   string
	base   base
	opts   Options
	pool   *pool
	closer io.Closer

	concOnce sync.Once
	conc     int
	floor    int // the concurrency the set's own store prefers

	cacheMu sync.Mutex
	cache   map[string]target // resolved URLs
}

// maxResolved bounds the resolved URLs a Store remembers; it forgets them
// all when it holds that many.
const maxResolved = 1 << 14

// New returns a Store over refs. It opens nothing and reads no referenced
// file: the store of a file's root (the local file system, an HTTP
// origin, a bucket) is opened when a key that refers to that file is first
// read.
func New(ctx context.Context, refs kerchunk.Refs, opts *Options) (*Store, error) {
	var o Options
	if opts != nil {
		o = *opts
	}
	if o.MaxStores <= 0 {
		o.MaxStores = DefaultMaxStores
	}
	s := &Store{refs: refs, name: o.Location, base: parseBase(o.Location), opts: o, closer: o.Closer, cache: map[string]target{}}
	if s.name == "" {
		s.name = "the reference set"
	}
	s.pool = newPool(o.MaxStores, s.openRoot)
	if p := strings.Trim(o.Path, "/"); p != "" {
		if err := store.ValidKey(p); err != nil {
			return nil, fmt.Errorf("the path %w", err)
		}
		found := false
		for _, k := range []string{".zgroup", ".zarray", "zarr.json"} {
			_, ok, err := refs.Ref(ctx, p+"/"+k)
			if err != nil {
				return nil, err
			}
			found = found || ok
		}
		if !found {
			return nil, fmt.Errorf("no group or array %s in the reference set: %w", strconv.Quote(p), store.ErrNotFound)
		}
		s.path = p
	}
	return s, nil
}

// openRoot opens the store of a root location.
func (s *Store) openRoot(ctx context.Context, root string) (store.Store, error) {
	o := store.OpenOptions{NoFormats: true}
	if s.opts.Open != nil {
		o.HTTP, o.Object = s.opts.Open.HTTP, s.opts.Open.Object
	}
	if o.HTTP != nil && len(o.HTTP.Header) > 0 && !strings.EqualFold(root, s.base.origin()) {
		h := *o.HTTP
		h.Header = nil
		o.HTTP = &h
	}
	if s.opts.OpenStore != nil {
		return s.opts.OpenStore(ctx, root, &o)
	}
	return store.Open(ctx, root, &o)
}

// full returns the key of the set for a key of the store.
func (s *Store) full(key string) string { return store.Join(s.path, key) }

// Get returns the value of key: its inline bytes, or the bytes of the
// file range it refers to, read with one request of the file's store. A
// value longer than limit is refused before anything is read, when the
// reference says its length.
func (s *Store) Get(ctx context.Context, key string, limit int64) ([]byte, error) {
	return s.get(ctx, "get", key, byterange.Whole, limit)
}

// GetRange returns the bytes of key's value that r selects: for a range
// reference, that part of the file, with one request.
func (s *Store) GetRange(ctx context.Context, key string, r byterange.Range) ([]byte, error) {
	return s.get(ctx, "get range", key, r, store.NoLimit)
}

func (s *Store) get(ctx context.Context, op, key string, r byterange.Range, limit int64) ([]byte, error) {
	fail := func(err error) ([]byte, error) { return nil, &store.KeyError{Op: op, Key: key, Err: err} }
	if err := store.ValidKey(key); err != nil {
		return fail(err)
	}
	if err := ctx.Err(); err != nil {
		return fail(err)
	}
	ref, ok, err := s.refs.Ref(ctx, s.full(key))
	switch {
	case err != nil:
		return fail(err)
	case !ok:
		return fail(store.ErrNotFound)
	}
	b, err := s.read(ctx, ref, r, limit)
	if err != nil {
		return fail(err)
	}
	return b, nil
}

// read returns the bytes of ref that r selects, at most limit of them.
func (s *Store) read(ctx context.Context, ref kerchunk.Ref, r byterange.Range, limit int64) ([]byte, error) {
	if ref.Inline {
		start, end, err := byterange.Bounds(r, int64(len(ref.Data)))
		if err != nil {
			return nil, err
		}
		if limit >= 0 && end-start > limit {
			return nil, &store.TooLargeError{Size: end - start, Limit: limit}
		}
		return append([]byte(nil), ref.Data[start:end]...), nil
	}
	bad := func(reason string) error {
		return &RefError{URL: showURL(ref.URL), Offset: ref.Offset, Length: ref.Length, Reason: reason}
	}
	if ref.Offset < 0 || ref.Length < -1 {
		return nil, bad("not a byte range (a negative offset or length)")
	}
	// The range read from the file, relative to its start (Length -1:
	// to its end), checked against limit, then against what a reference
	// may be, before anything is opened.
	var fr byterange.Range
	whole := false
	if ref.Length >= 0 {
		start, end, err := byterange.Bounds(r, ref.Length)
		if err != nil {
			return nil, err
		}
		if limit >= 0 && end-start > limit {
			return nil, &store.TooLargeError{Size: end - start, Limit: limit}
		}
		switch {
		case ref.Length > maxRefLength:
			return nil, bad(fmt.Sprintf("a range longer than %d bytes", int64(maxRefLength)))
		case ref.Offset > 1<<62-ref.Length:
			return nil, bad("a range that ends past the largest file offset")
		}
		fr = byterange.Range{Offset: ref.Offset + start, Length: end - start}
	} else {
		whole = true
	}
	t, err := s.resolve(ref.URL)
	if err != nil {
		var re *RefError
		if errors.As(err, &re) {
			re.Offset, re.Length = ref.Offset, ref.Length
		}
		return nil, err
	}
	e, err := s.pool.acquire(ctx, t.root)
	if err != nil {
		if errors.Is(err, errClosed) || ctx.Err() != nil {
			return nil, err
		}
		return nil, &RefError{URL: t.shown, Offset: ref.Offset, Length: ref.Length, Reason: "its store cannot be opened", Err: unwrapLocation(err)}
	}
	defer s.pool.release(e)
	var b []byte
	if whole {
		b, err = readWhole(ctx, e.s, t.key, ref.Offset, r, limit)
	} else {
		b, err = e.s.GetRange(ctx, t.key, fr)
	}
	if err != nil {
		return nil, readErr(t, ref.Offset, ref.Length, err)
	}
	return b, nil
}

// readWhole reads the part r selects of a reference to a whole file from
// offset off: the whole file with one bounded Get, or a range of it.
func readWhole(ctx context.Context, st store.Store, key string, off int64, r byterange.Range, limit int64) ([]byte, error) {
	switch {
	case off == 0 && r == byterange.Whole:
		return st.Get(ctx, key, limit)
	case r.Offset >= 0 && limit < 0:
		return st.GetRange(ctx, key, byterange.Range{Offset: off + r.Offset, Length: r.Length})
	}
	// A suffix, or a bounded read, of the part from off: the file's
	// first off bytes more than the limit, then the part cut out.
	lim := int64(store.NoLimit)
	if limit >= 0 {
		lim = off + limit
	}
	b, err := st.Get(ctx, key, lim)
	if err != nil {
		return nil, err
	}
	if off > int64(len(b)) {
		return nil, &byterange.RangeError{Range: byterange.Range{Offset: off, Length: -1}, Size: int64(len(b)), Reason: "starts after the end of the file"}
	}
	part := b[off:]
	start, end, err := byterange.Bounds(r, int64(len(part)))
	if err != nil {
		return nil, err
	}
	return part[start:end:end], nil
}

// unwrapLocation drops the *store.LocationError around an error of
// store.Open, which names the root rather than the file.
func unwrapLocation(err error) error {
	var le *store.LocationError
	if errors.As(err, &le) {
		return le.Err
	}
	return err
}

// resolve returns where a reference's URL leads, remembering it.
func (s *Store) resolve(raw string) (target, error) {
	s.cacheMu.Lock()
	t, ok := s.cache[raw]
	s.cacheMu.Unlock()
	if ok {
		return t, nil
	}
	t, err := resolve(raw, s.base, s.opts.AllowLocal)
	if err != nil {
		return target{}, err
	}
	s.cacheMu.Lock()
	if len(s.cache) >= maxResolved {
		clear(s.cache)
	}
	s.cache[raw] = t
	s.cacheMu.Unlock()
	return t, nil
}

// Set refuses: the store is read-only.
func (s *Store) Set(ctx context.Context, key string, value []byte) error {
	return &store.KeyError{Op: "set", Key: key, Err: fmt.Errorf("%w: %s is a reference set, presented read-only", store.ErrReadOnly, s.name)}
}

// Delete refuses: the store is read-only.
func (s *Store) Delete(ctx context.Context, key string) error {
	return &store.KeyError{Op: "delete", Key: key, Err: fmt.Errorf("%w: %s is a reference set, presented read-only", store.ErrReadOnly, s.name)}
}

// List calls fn for every key of the set under prefix, with the size its
// reference gives (the length of an inline value or of a range; -1 for a
// whole file), reading no referenced file. A key of the set that is not a
// valid store key is an Entry whose Err matches store.ErrInvalidKey.
func (s *Store) List(ctx context.Context, prefix string, fn func(store.Entry) error) error {
	if err := store.ValidPrefix(prefix); err != nil {
		return &store.KeyError{Op: "list", Key: prefix, Err: err}
	}
	full := prefix
	if s.path != "" {
		full = s.path + "/" + prefix
	}
	var fnErr error
	err := s.refs.Keys(ctx, full, func(k string, size int64) error {
		if err := ctx.Err(); err != nil {
			return err
		}
		k = k[len(full)-len(prefix):]
		e := store.Entry{Key: k, Size: size}
		if err := store.ValidKey(k); err != nil {
			q := strconv.Quote(k)
			e = store.Entry{Key: q[1 : len(q)-1], Size: -1, Err: err}
		}
		fnErr = fn(e)
		return fnErr
	})
	switch {
	case err == nil || fnErr != nil && err == fnErr:
		return err
	}
	return &store.KeyError{Op: "list", Key: prefix, Err: err}
}

// PreferredConcurrency reports how many reads the store serves well at
// once: Options.Concurrency when set, else the most that the stores of the
// set's files prefer (see the package documentation).
func (s *Store) PreferredConcurrency() int {
	if s.opts.Concurrency > 0 {
		return s.opts.Concurrency
	}
	s.concOnce.Do(func() { s.conc = s.sample() })
	return max(s.floor, s.conc, s.pool.preferred())
}

// sample returns the concurrency the scheme of the set's first range
// reference implies, for a set held in memory (one whose keys cost no
// read); 0 for another.
func (s *Store) sample() int {
	set, ok := s.refs.(*kerchunk.Set)
	if !ok {
		return 0
	}
	prefix := ""
	if s.path != "" {
		prefix = s.path + "/"
	}
	_, ref, ok := set.FirstRange(prefix)
	if !ok {
		return 0
	}
	t, err := s.resolve(ref.URL)
	if err != nil {
		return 0
	}
	return s.schemeConcurrency(t.scheme)
}

// schemeConcurrency returns the concurrency the store of a scheme prefers
// with the store's options, without opening one.
func (s *Store) schemeConcurrency(scheme string) int {
	var o store.OpenOptions
	if s.opts.Open != nil {
		o = *s.opts.Open
	}
	switch scheme {
	case "file":
		return 0
	case "http", "https":
		if o.HTTP != nil && o.HTTP.MaxInFlight > 0 {
			return o.HTTP.MaxInFlight
		}
		return defaultHTTPConns
	}
	if o.Object != nil && o.Object.MaxInFlight > 0 {
		return o.Object.MaxInFlight
	}
	return store.DefaultObjectInFlight
}

// defaultHTTPConns is store.HTTPOptions.MaxInFlight's default.
const defaultHTTPConns = 8

// OpenStores returns the number of stores of referenced files open now.
func (s *Store) OpenStores() int { return s.pool.size() }

// Refs returns the reference set the store presents.
func (s *Store) Refs() kerchunk.Refs { return s.refs }

// String names the set.
func (s *Store) String() string { return s.name }

// Close closes the stores of the referenced files and what the set was
// read from (Options.Closer). The store must not be used afterwards.
func (s *Store) Close() error {
	err := s.pool.close()
	if s.closer != nil {
		err = errors.Join(err, s.closer.Close())
		s.closer = nil
	}
	return err
}
