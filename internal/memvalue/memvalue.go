// Package memvalue reads byte ranges of a stored value held in memory: the
// reader a partial decoder is given for a chunk or an inner chunk that has
// been read whole already, so that a concurrency budget can still be passed
// down through DecodeRegion.
package memvalue

import (
	"context"

	"github.com/zcodec/zcodec/store/byterange"
)

// Value is a stored value held in memory. It is a byterange.Reader
// and a byterange.Sizer.
type Value []byte

// ReadRange returns the bytes of br within the value, clipped to its end:
// a range past the end gives fewer bytes, which the partial decoders
// report as a corrupt value.
func (v Value) ReadRange(_ context.Context, br byterange.Range) ([]byte, error) {
	n := int64(len(v))
	switch {
	case br.Offset < 0:
		return v[max(0, n+br.Offset):], nil
	case br.Length < 0:
		return v[min(br.Offset, n):], nil
	}
	start := min(br.Offset, n)
	return v[start : start+min(br.Length, n-start)], nil
}

// Size returns the value's length.
func (v Value) Size(context.Context) (int64, error) { return int64(len(v)), nil }
