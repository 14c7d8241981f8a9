package main

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/zcodec/zcodec/internal/npdtype"
	"github.com/zcodec/zcodec/internal/shorten"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/region"
	"github.com/zcodec/zcodec/zarr"
)

// catSlabBytes bounds the slab of elements cat holds at once.
const catSlabBytes = 16 << 20

func runCat(env *environment, args []string) int {
	fs := newFlags(env, "cat", "zcodec cat [--region R] [--format raw|csv|npy|png|jsonl] [-o FILE] [--max-chunk-bytes N] [--timeout D] PATH",
		"Writes the values of a region of the array at PATH (a directory, an http(s) URL, or\n"+
			"s3://bucket/prefix or gs://bucket/prefix): the whole array, or R, one entry per dimension as in NumPy (\"0:10,:,5\"; -1 is the last index,\n"+
			"\"...\" stands for whole dimensions; a single index keeps its dimension with length 1).\n"+
			"  raw  the elements in C order, little-endian, as 'zcodec decode' writes them\n"+
			"  csv  one line per row of the last dimension (one value per line for 0-d and 1-d\n"+
			"       regions); NaN, Inf and -Inf spelled so; dates in ISO 8601 and durations\n"+
			"       as NumPy prints them (\"2001-02-03T04:05:06\", \"10 seconds\", \"NaT\")\n"+
			"  npy  a NumPy .npy file (version 1.0) of the region's shape\n"+
			"  png  an image of a 2-D region (a single index in all but two dimensions) on a\n"+
			"       perceptual colormap, NaN grey, the fill value black, +Inf red and -Inf\n"+
			"       pink, with a colorbar of the finite values' range (none, and a legend\n"+
			"       saying so, where no value is finite); large regions are reduced by block\n"+
			"       means to 1024 pixels\n"+
			"  jsonl  text and byte-string arrays: one JSON string per line (0-d and 1-d\n"+
			"       regions), else one JSON array per row; csv quotes fields as RFC 4180 asks.\n"+
			"       Byte strings are written in base64, the elements of a ragged numeric array\n"+
			"       (numcodecs VLenArray) as JSON arrays of numbers (in csv that JSON text as one\n"+
			"       quoted cell; NaN, Inf, -Inf as JSON strings); variable-length types have no raw or npy\n"+
			"A region that does not parse or lies outside the array is a usage error (exit 2).\n"+
			"The region is read and written in slabs, so memory stays bounded whatever its size.\n"+
			"With -o, FILE appears only when everything was written.")
	regionText := fs.String("region", "", "the region to write (default: the whole array)")
	format := fs.String("format", "raw", "output format: raw, csv, npy, png or jsonl")
	outName := fs.outputFlag()
	sf := fs.storeFlags(true)
	path, code, stop := fs.onePath(args)
	if stop {
		return code
	}
	if err := sf.check(); err != nil {
		return fs.fail("%v", err)
	}
	switch *format {
	case "raw", "csv", "npy", "png", "jsonl":
	default:
		return fs.fail("--format %s: want raw, csv, npy, png or jsonl", shorten.Quote(*format))
	}
	ctx := env.context()
	s, closeStore, err := openStore(ctx, path, false, sf)
	if err != nil {
		return failf(env.stderr, "cat", "%v", namedErr(path, err))
	}
	defer closeStore()
	a, err := openArrayAt(ctx, s, path, sf.arrayOptions())
	if err != nil {
		return failf(env.stderr, "cat", "%v", namedErr(path, err))
	}
	for _, w := range arrayWarnings(a) {
		fmt.Fprintf(env.stderr, "zcodec cat: warning: %s\n", w)
	}
	limitHeap(a.Pipeline().DecodedSize())
	box, err := zarr.ParseRegion(*regionText, a.Shape())
	if err != nil {
		if errors.Is(err, region.ErrInvalid) {
			// What the user typed: a usage error, whether it does not
			// parse or lies outside the array.
			return fs.fail("--%v (the array's shape is %v)", err, a.Shape())
		}
		return failf(env.stderr, "cat", "%v", namedErr(path, err))
	}
	if msg := textFormatError(a.DataType(), *format); msg != "" {
		return fs.fail("%s", msg)
	}
	if _, _, err := pngPlane(a.DataType(), box.Shape()); *format == "png" && err != nil {
		return fs.fail("--format png: %v", err)
	}
	out, err := createOutput(env, *outName)
	if err != nil {
		return failf(env.stderr, "cat", "%v", namedErr(path, err))
	}
	defer out.Abort()
	w := bufio.NewWriterSize(out, 1<<20)
	read := func(fn func([]byte) error) error {
		return a.ReadSlabs(ctx, box, catSlabBytes, func(_ region.Box, data []byte) error { return fn(data) })
	}
	if isStringType(a.DataType()) && (*format == "csv" || *format == "jsonl") {
		err = writeText(ctx, w, a, box, *format)
	} else if *format == "png" {
		err = writePNG(w, a.DataType(), box.Shape(), a.FillValue(), read)
	} else {
		err = writeRegion(w, a.DataType(), box.Shape(), *format, read)
	}
	if err == nil {
		err = w.Flush()
	}
	if err == nil {
		err = out.Commit()
	}
	if err != nil {
		return failf(env.stderr, "cat", "%v", namedErr(path, err))
	}
	return 0
}

// writeRegion writes the elements of a region of the given shape, of data
// type dt, in the given format: read calls back with its slabs in order,
// whole elements each.
func writeRegion(w io.Writer, dt numeric.DataType, shape []int64, format string, read func(func([]byte) error) error) error {
	switch format {
	case "npy":
		hdr, err := npyHeader(dt, shape)
		if err != nil {
			return err
		}
		if _, err := w.Write(hdr); err != nil {
			return err
		}
		fallthrough
	case "raw":
		return read(func(data []byte) error {
			_, err := w.Write(data)
			return err
		})
	}
	row := int64(1)
	if len(shape) >= 2 {
		row = shape[len(shape)-1]
	}
	format1 := csvFormatter(dt)
	es := dt.Size()
	var col int64
	var line []byte
	return read(func(data []byte) error {
		for i := 0; i+es <= len(data); i += es {
			if col > 0 {
				line = append(line, ',')
			}
			line = format1(line, data[i:i+es])
			if col++; col == row {
				line = append(line, '\n')
				if _, err := w.Write(line); err != nil {
					return err
				}
				line, col = line[:0], 0
			}
		}
		return nil
	})
}

// npyHeader returns the header of a NumPy .npy file (format version 1.0)
// for a C-order array of dt with the given shape.
func npyHeader(dt numeric.DataType, shape []int64) ([]byte, error) {
	descr := npdtype.Format(dt, numeric.LittleEndian)
	if descr == "" {
		return nil, fmt.Errorf("NumPy has no %v type; use --format raw", dt)
	}
	dims := make([]string, len(shape))
	for i, d := range shape {
		dims[i] = strconv.FormatInt(d, 10)
	}
	tuple := "(" + strings.Join(dims, ", ")
	if len(shape) == 1 {
		tuple += ","
	}
	tuple += ")"
	dict := fmt.Sprintf("{'descr': '%s', 'fortran_order': False, 'shape': %s, }", descr, tuple)
	// magic (6) + version (2) + length (2) + dict + padding + '\n', a
	// multiple of 64 bytes
	total := (10 + len(dict) + 1 + 63) / 64 * 64
	if total-10 > math.MaxUint16 {
		return nil, fmt.Errorf("npy header too long for %d dimensions", len(shape))
	}
	hdr := make([]byte, 0, total)
	hdr = append(hdr, "\x93NUMPY\x01\x00"...)
	hdr = binary.LittleEndian.AppendUint16(hdr, uint16(total-10))
	hdr = append(hdr, dict...)
	for len(hdr) < total-1 {
		hdr = append(hdr, ' ')
	}
	return append(hdr, '\n'), nil
}

// csvFormatter returns the function that appends the text of one element
// (its little-endian bytes) for dt, chosen once.
func csvFormatter(dt numeric.DataType) func([]byte, []byte) []byte {
	if f := timeFormatter(dt); f != nil {
		return f
	}
	le := binary.LittleEndian
	switch {
	case dt.Storage() != dt && dt.IsInteger(): // int2, int4, uint2, uint4: one byte, upper bits ignored
		return func(dst, b []byte) []byte {
			v, _ := numeric.ScalarFromBits(dt, uint64(b[0]), 0).Int64()
			return strconv.AppendInt(dst, v, 10)
		}
	case dt.Storage() != dt && dt.IsFloat(): // floats of 8 bits and fewer: their exact value
		return func(dst, b []byte) []byte { return appendFloat(dst, numeric.WidenFloat(uint64(b[0]), dt), 64) }
	}
	switch dt {
	case numeric.Bool:
		return func(dst, b []byte) []byte { return strconv.AppendBool(dst, b[0] != 0) }
	case numeric.Int8:
		return func(dst, b []byte) []byte { return strconv.AppendInt(dst, int64(int8(b[0])), 10) }
	case numeric.Int16:
		return func(dst, b []byte) []byte { return strconv.AppendInt(dst, int64(int16(le.Uint16(b))), 10) }
	case numeric.Int32:
		return func(dst, b []byte) []byte { return strconv.AppendInt(dst, int64(int32(le.Uint32(b))), 10) }
	case numeric.Int64:
		return func(dst, b []byte) []byte { return strconv.AppendInt(dst, int64(le.Uint64(b)), 10) }
	case numeric.Uint8:
		return func(dst, b []byte) []byte { return strconv.AppendUint(dst, uint64(b[0]), 10) }
	case numeric.Uint16:
		return func(dst, b []byte) []byte { return strconv.AppendUint(dst, uint64(le.Uint16(b)), 10) }
	case numeric.Uint32:
		return func(dst, b []byte) []byte { return strconv.AppendUint(dst, uint64(le.Uint32(b)), 10) }
	case numeric.Uint64:
		return func(dst, b []byte) []byte { return strconv.AppendUint(dst, le.Uint64(b), 10) }
	case numeric.Float16:
		return func(dst, b []byte) []byte { return appendFloat(dst, float64(numeric.F16(le.Uint16(b)).Float32()), 32) }
	case numeric.BFloat16:
		return func(dst, b []byte) []byte { return appendFloat(dst, float64(numeric.BF16(le.Uint16(b)).Float32()), 32) }
	case numeric.Float32:
		return func(dst, b []byte) []byte { return appendFloat(dst, float64(math.Float32frombits(le.Uint32(b))), 32) }
	case numeric.Float64:
		return func(dst, b []byte) []byte { return appendFloat(dst, math.Float64frombits(le.Uint64(b)), 64) }
	case numeric.Complex64:
		return func(dst, b []byte) []byte {
			return appendComplex(dst, float64(math.Float32frombits(le.Uint32(b))), float64(math.Float32frombits(le.Uint32(b[4:]))), 32)
		}
	default:
		return func(dst, b []byte) []byte {
			return appendComplex(dst, math.Float64frombits(le.Uint64(b)), math.Float64frombits(le.Uint64(b[8:])), 64)
		}
	}
}

// appendFloat writes the shortest text that reads back as the same value
// of the given width; NaN, Inf and -Inf are spelled so.
func appendFloat(dst []byte, v float64, bits int) []byte {
	switch {
	case math.IsNaN(v):
		return append(dst, "NaN"...)
	case math.IsInf(v, 1):
		return append(dst, "Inf"...)
	case math.IsInf(v, -1):
		return append(dst, "-Inf"...)
	}
	return strconv.AppendFloat(dst, v, 'g', -1, bits)
}

// appendComplex writes re+imj as Python spells a complex number.
func appendComplex(dst []byte, re, im float64, bits int) []byte {
	dst = appendFloat(dst, re, bits)
	if !math.Signbit(im) || math.IsNaN(im) {
		dst = append(dst, '+')
	}
	dst = appendFloat(dst, im, bits)
	return append(dst, 'j')
}
