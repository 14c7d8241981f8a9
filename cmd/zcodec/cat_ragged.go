package main

import (
	"encoding/json"
	"fmt"
	"slices"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/codecs/vlen"
	"github.com/zcodec/zcodec/internal/hostorder"
	"github.com/zcodec/zcodec/internal/jsonstr"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/zarr"
)

// Ragged arrays: a numcodecs VLenArray (numcodecs.vlen-array) array reads
// as the bytes data type, each element the bytes of a 1-d array of one
// NumPy dtype. cat writes each element as a JSON array of its items
// rather than base64: in jsonl the array itself ([1,2,3]), in csv the same
// JSON text as one cell (quoted, as it holds commas: "[1,2,3]"). Items are
// written as csv writes numbers of their type; an item whose text is no
// JSON literal (NaN, Inf, -Inf, complex numbers, dates) is a JSON string
// of that text ("NaN"), so that every line stays JSON.

// raggedFormatter returns the function that appends the JSON array of one
// element of a, or nil when a is not a ragged array of numbers.
func raggedFormatter(a *zarr.Array) func(dst, elem []byte) ([]byte, error) {
	i := slices.IndexFunc(a.Metadata().Codecs, func(c codec.Codec) bool { return c.Name() == vlen.ArrayName })
	if i < 0 {
		return nil
	}
	va, ok := a.Metadata().Codecs[i].(*vlen.Array)
	if !ok {
		return nil
	}
	dt, endian := va.ItemType()
	if dt.IsText() || dt.IsByteString() || dt.IsVariableLength() || dt.Size() == 0 {
		return nil
	}
	size := dt.Size()
	format := csvFormatter(dt)
	swap := endian == numeric.BigEndian && size > 1
	unit := dt.ComponentType().Size() // a complex number's parts are swapped each
	item := make([]byte, size)
	var text []byte
	return func(dst, elem []byte) ([]byte, error) {
		if len(elem)%size != 0 {
			return dst, fmt.Errorf("a ragged element of %d bytes is not a whole number of %d-byte %v items", len(elem), size, dt)
		}
		dst = append(dst, '[')
		for k := 0; k < len(elem); k += size {
			if k > 0 {
				dst = append(dst, ',')
			}
			copy(item, elem[k:k+size])
			if swap {
				hostorder.SwapUnits(item, unit)
			}
			text = format(text[:0], item)
			if json.Valid(text) {
				dst = append(dst, text...)
			} else {
				dst = jsonstr.Append(dst, string(text))
			}
		}
		return append(dst, ']'), nil
	}
}
