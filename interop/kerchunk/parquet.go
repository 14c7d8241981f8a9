package kerchunk

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/parquet-go/parquet-go"

	"github.com/zcodec/zcodec/store"
)

// Limits of the Parquet reader.
const (
	// MaxZMetadataBytes bounds the .zmetadata document of a Parquet set.
	MaxZMetadataBytes = 256 << 20
	// MaxRecordFileBytes bounds one refs.<i>.parq file.
	MaxRecordFileBytes = 256 << 20
	// MaxRecordSize bounds the record_size of a Parquet set.
	MaxRecordSize = 1 << 24
	// DefaultRecordSize is the rows of one refs.<i>.parq file that
	// WriteParquet writes when given 0, as fsspec's LazyReferenceMapper
	// creates them.
	DefaultRecordSize = 10000
	// recordCacheSize is how many decoded record files a ParquetRefs keeps.
	recordCacheSize = 32
)

// ZMetadataKey is the key of a Parquet set's index document.
const ZMetadataKey = ".zmetadata"

// ParquetRefs reads fsspec's Parquet layout lazily (it implements Refs):
// the directory holds ".zmetadata" ({"metadata": {key: document},
// "record_size": N}) and "<var>/refs.<i>.parq", record files read when a
// key of theirs is first asked for, and kept in a small cache.
type ParquetRefs struct {
	dir        store.Store
	zmeta      []byte
	meta       map[string][]byte // metadata key -> compact JSON
	recordSize int64
	grids      map[string]grid // field -> chunk grid
	fields     []string        // sorted

	mu    sync.Mutex
	cache map[recordID]*record
	order []recordID // least recently used first
}

type recordID struct {
	field string
	n     int64
}

// record is one decoded refs.<i>.parq file.
type record struct {
	rows    int
	path    []string
	hasPath []bool
	offset  []int64
	size    []int64
	raw     [][]byte
	hasRaw  []bool
}

// OpenParquet opens a Parquet reference set in dir, reading its
// .zmetadata. Record files are read when needed.
func OpenParquet(ctx context.Context, dir store.Store) (*ParquetRefs, error) {
	zm, err := dir.Get(ctx, ZMetadataKey, MaxZMetadataBytes)
	if err != nil {
		return nil, err
	}
	var doc struct {
		Metadata   map[string]json.RawMessage `json:"metadata"`
		RecordSize json.Number                `json:"record_size"`
	}
	if err := json.Unmarshal(zm, &doc); err != nil {
		return nil, &FormatError{Where: ZMetadataKey, Reason: "not a JSON object of metadata and record_size", Err: err}
	}
	rs, err := strconv.ParseInt(doc.RecordSize.String(), 10, 64)
	if err != nil || rs < 1 || rs > MaxRecordSize {
		return nil, formatErr(ZMetadataKey, "record_size %q is not an integer from 1 to %d", doc.RecordSize, MaxRecordSize)
	}
	p := &ParquetRefs{
		dir:        dir,
		zmeta:      zm,
		meta:       make(map[string][]byte, len(doc.Metadata)),
		recordSize: rs,
		grids:      map[string]grid{},
		cache:      map[recordID]*record{},
	}
	for k, v := range doc.Metadata {
		v = bytes.TrimSpace(v)
		if len(v) > 0 && v[0] == '"' {
			// A document given as a string of JSON, as in JSON sets.
			var str string
			if err := json.Unmarshal(v, &str); err != nil {
				return nil, &FormatError{Where: ZMetadataKey, Reason: "metadata of " + k, Err: err}
			}
			v = []byte(str)
		}
		var buf bytes.Buffer
		if err := json.Compact(&buf, v); err != nil {
			return nil, &FormatError{Where: ZMetadataKey, Reason: "metadata of " + k + " is not JSON", Err: err}
		}
		p.meta[k] = buf.Bytes()
		if field, ok := strings.CutSuffix(k, "/.zarray"); ok && field != "" {
			g, err := gridOf(buf.Bytes())
			if err != nil {
				return nil, &FormatError{Where: k, Reason: "cannot index its chunks", Err: err}
			}
			p.grids[field] = g
			p.fields = append(p.fields, field)
		}
	}
	slices.Sort(p.fields)
	return p, nil
}

// RecordSize returns the set's rows per record file.
func (p *ParquetRefs) RecordSize() int { return int(p.recordSize) }

// Ref returns the reference of key (see Refs): a metadata document from
// .zmetadata (".zmetadata" itself included), or a chunk's row of its
// record file. A chunk whose record file is absent is absent.
func (p *ParquetRefs) Ref(ctx context.Context, key string) (Ref, bool, error) {
	if key == ZMetadataKey {
		return Ref{Inline: true, Data: p.zmeta}, true, nil
	}
	if v, ok := p.meta[key]; ok {
		return Ref{Inline: true, Data: v}, true, nil
	}
	if IsMetadataKey(key) {
		return Ref{}, false, nil
	}
	field, chunk, ok := splitChunkKey(key)
	if !ok {
		return Ref{}, false, nil
	}
	g, ok := p.grids[field]
	if !ok {
		return Ref{}, false, nil
	}
	n, ok := g.index(chunk)
	if !ok {
		return Ref{}, false, nil
	}
	rec, err := p.record(ctx, field, n/p.recordSize)
	if err != nil || rec == nil {
		return Ref{}, false, err
	}
	r, ok := rec.ref(int(n % p.recordSize))
	return r, ok, nil
}

// ref interprets row i as fsspec does: raw bytes if present, else no key
// when the path is null (or empty), else the whole file when offset and
// size are both 0, else the range.
func (rec *record) ref(i int) (Ref, bool) {
	if i >= rec.rows {
		return Ref{}, false
	}
	if rec.hasRaw[i] {
		return Ref{Inline: true, Data: rec.raw[i]}, true
	}
	if !rec.hasPath[i] || rec.path[i] == "" {
		return Ref{}, false
	}
	if rec.offset[i] == 0 && rec.size[i] == 0 {
		return Ref{URL: rec.path[i], Length: -1}, true
	}
	return Ref{URL: rec.path[i], Offset: rec.offset[i], Length: rec.size[i]}, true
}

// Keys calls fn with every key under prefix (see Refs): the metadata keys,
// sorted, then each array's chunk keys in the order of its rows, reading
// each record file in turn.
func (p *ParquetRefs) Keys(ctx context.Context, prefix string, fn func(key string, size int64) error) error {
	metas := []string{ZMetadataKey}
	for k := range p.meta {
		metas = append(metas, k)
	}
	slices.Sort(metas)
	for _, k := range metas {
		if !strings.HasPrefix(k, prefix) {
			continue
		}
		size := int64(len(p.zmeta))
		if k != ZMetadataKey {
			size = int64(len(p.meta[k]))
		}
		if err := fn(k, size); err != nil {
			return err
		}
	}
	for _, field := range p.fields {
		if !strings.HasPrefix(field+"/", prefix) {
			continue
		}
		g := p.grids[field]
		total := g.count()
		for rn := int64(0); rn*p.recordSize < total; rn++ {
			rec, err := p.record(ctx, field, rn)
			if err != nil {
				return err
			}
			if rec == nil {
				continue
			}
			for i := 0; i < rec.rows; i++ {
				n := rn*p.recordSize + int64(i)
				if n >= total {
					break
				}
				r, ok := rec.ref(i)
				if !ok {
					continue
				}
				if err := fn(field+"/"+g.key(n), r.size()); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// RecordKey returns the key of record file n of field.
func RecordKey(field string, n int64) string {
	return field + "/refs." + strconv.FormatInt(n, 10) + ".parq"
}

// record returns record file n of field, from the cache or read; nil when
// the file is absent.
func (p *ParquetRefs) record(ctx context.Context, field string, n int64) (*record, error) {
	id := recordID{field, n}
	p.mu.Lock()
	if rec, ok := p.cache[id]; ok {
		p.touch(id)
		p.mu.Unlock()
		return rec, nil
	}
	p.mu.Unlock()
	key := RecordKey(field, n)
	data, err := p.dir.Get(ctx, key, MaxRecordFileBytes)
	if errors.Is(err, store.ErrNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	rec, err := decodeRecord(data, p.recordSize)
	if err != nil {
		return nil, &FormatError{Where: key, Reason: "bad record file", Err: err}
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if _, ok := p.cache[id]; !ok {
		p.cache[id] = rec
		p.order = append(p.order, id)
		if len(p.order) > recordCacheSize {
			delete(p.cache, p.order[0])
			p.order = p.order[1:]
		}
	}
	return rec, nil
}

// touch moves id to the end of the LRU order; p.mu is held.
func (p *ParquetRefs) touch(id recordID) {
	if i := slices.Index(p.order, id); i >= 0 {
		p.order = append(append(p.order[:i:i], p.order[i+1:]...), id)
	}
}

// DecodeRecordFile decodes one refs.<i>.parq file of at most maxRows rows
// into the references of its rows (ok false: the row holds no key), as
// fsspec reads them. It is exported for tests and tools that inspect a
// record file.
func DecodeRecordFile(data []byte, maxRows int) (refs []Ref, ok []bool, err error) {
	rec, err := decodeRecord(data, int64(maxRows))
	if err != nil {
		return nil, nil, err
	}
	refs = make([]Ref, rec.rows)
	ok = make([]bool, rec.rows)
	for i := range refs {
		refs[i], ok[i] = rec.ref(i)
	}
	return refs, ok, nil
}

// decodeRecord reads a record file: columns path (string), offset and size
// (integers) and raw (bytes), found by name, any of them possibly absent
// or entirely null (a column pandas writes of type null), at most maxRows
// rows.
func decodeRecord(data []byte, maxRows int64) (rec *record, err error) {
	defer func() {
		// parquet-go is not hardened against every malformed file; a
		// panic inside it is a malformed file, not a crash.
		if r := recover(); r != nil {
			rec, err = nil, fmt.Errorf("malformed Parquet file (%v)", r)
		}
	}()
	f, err := parquet.OpenFile(bytes.NewReader(data), int64(len(data)),
		parquet.SkipPageIndex(true), parquet.SkipBloomFilters(true))
	if err != nil {
		return nil, err
	}
	nrows := f.NumRows()
	if nrows < 0 || nrows > maxRows {
		return nil, fmt.Errorf("%d rows, more than the record size %d", nrows, maxRows)
	}
	col := map[string]int{"path": -1, "offset": -1, "size": -1, "raw": -1}
	for i, path := range f.Schema().Columns() {
		if len(path) == 1 {
			if _, ok := col[path[0]]; ok {
				col[path[0]] = i
			}
		}
	}
	if col["path"] < 0 && col["raw"] < 0 {
		return nil, errors.New("neither a path nor a raw column")
	}
	n := int(nrows)
	rec = &record{
		rows:    n,
		path:    make([]string, n),
		hasPath: make([]bool, n),
		offset:  make([]int64, n),
		size:    make([]int64, n),
		raw:     make([][]byte, n),
		hasRaw:  make([]bool, n),
	}
	r := parquet.NewReader(f)
	defer r.Close()
	rows := make([]parquet.Row, 256)
	row := 0
	for row < n {
		k, rerr := r.ReadRows(rows)
		if k > n-row {
			return nil, fmt.Errorf("more rows than the %d the file says", n)
		}
		for _, pr := range rows[:k] {
			if err := rec.set(row, pr, col); err != nil {
				return nil, fmt.Errorf("row %d: %w", row, err)
			}
			row++
		}
		if rerr == io.EOF {
			break
		}
		if rerr != nil {
			return nil, rerr
		}
		if k == 0 {
			return nil, errors.New("no progress reading rows")
		}
	}
	if row != n {
		return nil, fmt.Errorf("%d rows read of the %d the file says", row, n)
	}
	return rec, nil
}

// set fills row i of rec from pr.
func (rec *record) set(i int, pr parquet.Row, col map[string]int) error {
	for _, v := range pr {
		c := v.Column()
		if v.IsNull() {
			continue
		}
		switch c {
		case col["path"]:
			if v.Kind() != parquet.ByteArray && v.Kind() != parquet.FixedLenByteArray {
				return fmt.Errorf("path of kind %v", v.Kind())
			}
			rec.path[i], rec.hasPath[i] = string(v.ByteArray()), true
		case col["raw"]:
			if v.Kind() != parquet.ByteArray && v.Kind() != parquet.FixedLenByteArray {
				return fmt.Errorf("raw of kind %v", v.Kind())
			}
			rec.raw[i], rec.hasRaw[i] = bytes.Clone(v.ByteArray()), true
		case col["offset"], col["size"]:
			var x int64
			switch v.Kind() {
			case parquet.Int64:
				x = v.Int64()
			case parquet.Int32:
				x = int64(v.Int32())
			default:
				return fmt.Errorf("offset or size of kind %v", v.Kind())
			}
			if x < 0 {
				return fmt.Errorf("negative offset or size %d", x)
			}
			if c == col["offset"] {
				rec.offset[i] = x
			} else {
				rec.size[i] = x
			}
		}
	}
	if rec.offset[i] > maxInt64-rec.size[i] {
		return errors.New("offset + size overflows")
	}
	return nil
}
