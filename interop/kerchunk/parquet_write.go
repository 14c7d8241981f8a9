package kerchunk

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/parquet-go/parquet-go"

	"github.com/zcodec/zcodec/store"
)

// parquetRow is the schema of a record file, in fsspec's column order.
type parquetRow struct {
	Path   *string `parquet:"path,optional"`
	Offset int64   `parquet:"offset"`
	Size   int64   `parquet:"size"`
	Raw    []byte  `parquet:"raw,optional"`
}

var parquetSchema = parquet.SchemaOf(parquetRow{})

// WriteParquet writes s in fsspec's Parquet layout to dst: ".zmetadata"
// ({"metadata": {key: document}, "record_size": recordSize,
// "zarr_consolidated_format": 1}) holding every metadata key, and for each
// array "<var>/refs.<i>.parq" holding its chunks' references, recordSize
// rows a file (0: DefaultRecordSize) in C order of the chunk grid, the
// last file padded with empty rows, files with no reference not written.
// Every key of s that is neither a metadata key nor a chunk key of an
// array of s is an error (the layout has no place for it), as is a
// metadata value that is not JSON. A ".zmetadata" key of s is replaced.
func WriteParquet(ctx context.Context, dst store.Store, s *Set, recordSize int) error {
	if recordSize == 0 {
		recordSize = DefaultRecordSize
	}
	if recordSize < 1 || recordSize > MaxRecordSize {
		return fmt.Errorf("kerchunk: record size %d is not from 1 to %d", recordSize, MaxRecordSize)
	}
	rs := int64(recordSize)
	keys := s.SortedKeys()
	meta := map[string]json.RawMessage{}
	grids := map[string]grid{}
	s.mu.RLock()
	for _, k := range keys {
		if k == ZMetadataKey || !IsMetadataKey(k) {
			continue
		}
		r := s.refs[k]
		if !r.Inline {
			s.mu.RUnlock()
			return formatErr(k, "a metadata key is a reference to another file, which the Parquet layout cannot hold")
		}
		var buf bytes.Buffer
		if err := json.Compact(&buf, r.Data); err != nil {
			s.mu.RUnlock()
			return &FormatError{Where: k, Reason: "metadata is not JSON", Err: err}
		}
		meta[k] = buf.Bytes()
		if field, ok := strings.CutSuffix(k, "/.zarray"); ok && field != "" {
			g, err := gridOf(buf.Bytes())
			if err != nil {
				s.mu.RUnlock()
				return &FormatError{Where: k, Reason: "cannot index its chunks", Err: err}
			}
			grids[field] = g
		}
	}
	// Rows of each record file, by field and record number.
	type recKey struct {
		field string
		n     int64
	}
	recs := map[recKey]map[int64]Ref{}
	for _, k := range keys {
		if IsMetadataKey(k) {
			continue
		}
		field, chunk, ok := splitChunkKey(k)
		g, gok := grids[field]
		var n int64
		if ok && gok {
			n, ok = g.index(chunk)
		}
		if !ok || !gok {
			s.mu.RUnlock()
			return formatErr(k, "not a chunk key of an array of the set, which the Parquet layout cannot hold")
		}
		rk := recKey{field, n / rs}
		if recs[rk] == nil {
			recs[rk] = map[int64]Ref{}
		}
		recs[rk][n%rs] = s.refs[k]
	}
	s.mu.RUnlock()

	order := make([]recKey, 0, len(recs))
	for rk := range recs {
		order = append(order, rk)
	}
	slices.SortFunc(order, func(a, b recKey) int {
		if a.field != b.field {
			if a.field < b.field {
				return -1
			}
			return 1
		}
		return int(a.n - b.n)
	})
	for _, rk := range order {
		if err := ctx.Err(); err != nil {
			return err
		}
		data, err := encodeRecord(recs[rk], recordSize)
		if err != nil {
			return fmt.Errorf("kerchunk: writing %s: %w", RecordKey(rk.field, rk.n), err)
		}
		if err := dst.Set(ctx, RecordKey(rk.field, rk.n), data); err != nil {
			return err
		}
	}
	var zm bytes.Buffer
	enc := json.NewEncoder(&zm)
	enc.SetEscapeHTML(false)
	err := enc.Encode(struct {
		Metadata   map[string]json.RawMessage `json:"metadata"`
		RecordSize int                        `json:"record_size"`
		Format     int                        `json:"zarr_consolidated_format"`
	}{meta, recordSize, 1})
	if err != nil {
		return err
	}
	return dst.Set(ctx, ZMetadataKey, bytes.TrimRight(zm.Bytes(), "\n"))
}

// encodeRecord writes one record file of rows rows: refs at their row
// numbers, the others empty (path and raw null, offset and size 0).
// Ranges are path, offset, size with raw null; a whole file is its path
// with offset and size 0; inline values are raw with path null.
func encodeRecord(refs map[int64]Ref, rows int) ([]byte, error) {
	var buf bytes.Buffer
	w := parquet.NewWriter(&buf, parquetSchema,
		parquet.Compression(&parquet.Zstd),
		parquet.CreatedBy("zcodec", "", ""))
	// Each row is written with explicit definition levels (1: present, 0:
	// null) for the optional columns path (0) and raw (3).
	null := func(col int) parquet.Value { return parquet.NullValue().Level(0, 0, col) }
	batch := make([]parquet.Row, 0, 1024)
	flush := func() error {
		if len(batch) == 0 {
			return nil
		}
		_, err := w.WriteRows(batch)
		batch = batch[:0]
		return err
	}
	for i := range int64(rows) {
		row := parquet.Row{null(0), parquet.Int64Value(0).Level(0, 0, 1), parquet.Int64Value(0).Level(0, 0, 2), null(3)}
		if r, ok := refs[i]; ok {
			switch {
			case r.Inline:
				row[3] = parquet.ByteArrayValue(r.Data).Level(0, 1, 3)
			default:
				row[0] = parquet.ByteArrayValue([]byte(r.URL)).Level(0, 1, 0)
				if r.Length >= 0 {
					row[1] = parquet.Int64Value(r.Offset).Level(0, 0, 1)
					row[2] = parquet.Int64Value(r.Length).Level(0, 0, 2)
				}
			}
		}
		batch = append(batch, row)
		if len(batch) == cap(batch) {
			if err := flush(); err != nil {
				return nil, err
			}
		}
	}
	if err := flush(); err != nil {
		return nil, err
	}
	if err := w.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
