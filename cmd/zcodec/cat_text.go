package main

import (
	"context"
	"encoding/base64"
	"encoding/csv"
	"io"
	"strings"

	"github.com/zcodec/zcodec/internal/jsonstr"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/region"
	"github.com/zcodec/zcodec/zarr"
)

// catTextSlabElements bounds the elements cat holds at once for text and
// byte strings.
const catTextSlabElements = 1 << 16

// isStringType reports whether cat writes dt through writeText: the text
// and byte-string types.
func isStringType(dt numeric.DataType) bool { return dt.IsText() || dt.IsByteString() }

// textFormatError says which formats a data type has, or "" if format is
// one of them: csv and jsonl for every text and byte-string type (jsonl
// for no other), npy and raw for the fixed-length ones.
func textFormatError(dt numeric.DataType, format string) string {
	str := isStringType(dt)
	switch {
	case format == "jsonl" && !str:
		return "--format jsonl is for text and byte-string arrays; " + dt.String() + " has " + numberFormats(dt)
	case !str:
		return ""
	case format == "png":
		return "--format png: " + dt.String() + " elements are not numbers"
	case dt.IsVariableLength() && (format == "raw" || format == "npy"):
		return "--format " + format + ": " + dt.String() + " elements have no fixed size; use csv or jsonl"
	}
	return ""
}

// numberFormats lists the cat formats that write an array of the
// fixed-size, non-text type dt: raw and csv always, npy where NumPy has
// the type, png where the values are real.
func numberFormats(dt numeric.DataType) string {
	f := []string{"raw", "csv"}
	if _, err := npyHeader(dt, []int64{1}); err == nil {
		f = append(f, "npy")
	}
	if _, _, err := pngPlane(dt, []int64{1, 1}); err == nil {
		f = append(f, "png")
	}
	return strings.Join(f[:len(f)-1], ", ") + " and " + f[len(f)-1]
}

// writeText writes region r of a text or byte-string array as CSV (one
// line per row of the last dimension, one value per line for 0-d and 1-d
// regions, quoted as RFC 4180 asks: fields holding a comma, a double quote,
// a line break or a leading space are quoted, double quotes doubled) or as
// JSON lines (one JSON string per line for 0-d and 1-d regions, else one
// JSON array of strings per row). Text is written as text: string as
// stored, fixed_length_utf32 without its padding. Byte strings (bytes,
// null_terminated_bytes without trailing NULs, r*) are written in base64
// (standard alphabet, padded), as their fill values are in metadata, so
// that any bytes survive a CSV or JSON reader; the elements of a ragged
// array of numbers (numcodecs.vlen-array) as JSON arrays (cat_ragged.go).
func writeText(ctx context.Context, w io.Writer, a *zarr.Array, r region.Box, format string) error {
	row := int64(1)
	if len(r.Start) >= 2 {
		row = r.Len(len(r.Start) - 1)
	}
	var cw *csv.Writer
	if format == "csv" {
		cw = csv.NewWriter(w)
	}
	var rec []string
	var line []byte
	// raw marks a value that is JSON already (a ragged element's array).
	emit := func(v string, raw bool) error {
		rec = append(rec, v)
		if int64(len(rec)) < row {
			return nil
		}
		defer func() { rec = rec[:0] }()
		if cw != nil {
			if len(rec) == 1 && rec[0] == "" {
				// A lone empty field would be a blank line, which CSV
				// readers skip: quote it, as Python's csv module does.
				cw.Flush()
				_, err := io.WriteString(w, "\"\"\n")
				return err
			}
			return cw.Write(rec)
		}
		line = line[:0]
		value := func(s string) {
			if raw {
				line = append(line, s...)
			} else {
				line = jsonstr.Append(line, s)
			}
		}
		if row == 1 && len(r.Start) < 2 {
			value(rec[0])
		} else {
			line = append(line, '[')
			for i, s := range rec {
				if i > 0 {
					line = append(line, ',')
				}
				value(s)
			}
			line = append(line, ']')
		}
		line = append(line, '\n')
		_, err := w.Write(line)
		return err
	}
	text := a.DataType().IsText()
	ragged := raggedFormatter(a)
	var buf []byte
	err := forTextSlabs(r, func(slab region.Box) error {
		if text {
			vs, err := zarr.ReadStrings(ctx, a, slab)
			if err != nil {
				return err
			}
			for _, v := range vs {
				if err := emit(v, false); err != nil {
					return err
				}
			}
			return nil
		}
		bs, err := zarr.ReadByteStrings(ctx, a, slab)
		if err != nil {
			return err
		}
		for _, b := range bs {
			v := ""
			if ragged != nil {
				var err error
				if buf, err = ragged(buf[:0], b); err != nil {
					return err
				}
				v = string(buf)
			} else {
				v = base64.StdEncoding.EncodeToString(b)
			}
			if err := emit(v, ragged != nil); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	if cw != nil {
		cw.Flush()
		return cw.Error()
	}
	return nil
}

// forTextSlabs calls fn with slabs of r, in C order, each of whole rows
// along the first dimension that is not 1 and at most catTextSlabElements
// elements unless one row of the remaining dimensions is larger.
func forTextSlabs(r region.Box, fn func(region.Box) error) error {
	d := 0
	for d < len(r.Start) && r.Len(d) == 1 {
		d++
	}
	if d >= len(r.Start) {
		return fn(r)
	}
	per := int64(1)
	for _, n := range r.Shape()[d+1:] {
		per *= n
	}
	step := max(1, catTextSlabElements/max(1, per))
	for i := int64(0); i < r.Len(d); i += step {
		slab := r.Clone()
		slab.Start[d] += i
		slab.Stop[d] = slab.Start[d] + min(step, r.Len(d)-i)
		if err := fn(slab); err != nil {
			return err
		}
	}
	return nil
}
