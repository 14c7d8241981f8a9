package codec_test

import (
	"bytes"
	"context"
	"errors"
	"sync/atomic"
	"testing"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/region"
	"github.com/zcodec/zcodec/store/byterange"
)

// memReader serves byte ranges of one value and counts the reads.
type memReader struct {
	value []byte
	reads atomic.Int64
	err   error
}

func (m *memReader) ReadRange(_ context.Context, r byterange.Range) ([]byte, error) {
	m.reads.Add(1)
	if m.err != nil {
		return nil, m.err
	}
	switch {
	case r.Offset < 0:
		return m.value[max(0, int64(len(m.value))+r.Offset):], nil
	case r.Length < 0:
		return m.value[min(r.Offset, int64(len(m.value))):], nil
	}
	return m.value[min(r.Offset, int64(len(m.value))):min(r.Offset+r.Length, int64(len(m.value)))], nil
}

func TestDecodeRegionWholeValue(t *testing.T) {
	// int16 [3 4] through widen -> bytes(big) -> xor -> len_prefix: no
	// partial decoding, so DecodeRegion reads the whole value once.
	p := fullChain(t, 3, 4)
	if p.PartialDecoding() {
		t.Fatal("PartialDecoding() = true for a chain without a partial decoder")
	}
	vals := []int16{0, 1, 2, 3, 10, 11, 12, 13, 20, 21, 22, 23}
	enc := fullChainEncoding(vals)
	tests := []struct {
		start, shape []int64
		want         []int16
	}{
		{[]int64{0, 0}, []int64{3, 4}, vals},
		{[]int64{1, 1}, []int64{2, 2}, []int16{11, 12, 21, 22}},
		{[]int64{0, 3}, []int64{3, 1}, []int16{3, 13, 23}},
		{[]int64{2, 0}, []int64{1, 4}, []int16{20, 21, 22, 23}},
	}
	for _, tc := range tests {
		r := &memReader{value: enc}
		rgn := region.FromShape(tc.start, tc.shape)
		dst := make([]byte, 2*rgn.Size())
		if err := p.DecodeRegion(context.Background(), r, rgn, dst, nil); err != nil {
			t.Fatalf("%v: %v", rgn, err)
		}
		if want := int16Bytes(tc.want); !bytes.Equal(dst, want) {
			t.Errorf("%v: got %x, want %x", rgn, dst, want)
		}
		if n := r.reads.Load(); n != 1 {
			t.Errorf("%v: %d reads, want 1", rgn, n)
		}
	}
}

func TestDecodeRegionErrors(t *testing.T) {
	p := fullChain(t, 3, 4)
	enc := fullChainEncoding(make([]int16, 12))
	ctx := context.Background()
	for _, rgn := range []region.Box{
		region.FromShape([]int64{0}, []int64{1}),
		region.FromShape([]int64{0, 0}, []int64{4, 1}),
		region.FromShape([]int64{-1, 0}, []int64{1, 1}),
		region.FromShape([]int64{0, 4}, []int64{1, 1}),
		region.FromShape([]int64{0, 0}, []int64{1, -1}),
	} {
		err := p.DecodeRegion(ctx, &memReader{value: enc}, rgn, nil, nil)
		var re *region.Error
		if !errors.As(err, &re) || !errors.Is(err, region.ErrInvalid) {
			t.Errorf("%v: got %v, want a *region.Error", rgn, err)
		}
	}
	rgn := region.FromShape([]int64{0, 0}, []int64{1, 2})
	if err := p.DecodeRegion(ctx, &memReader{value: enc}, rgn, make([]byte, 5), nil); !errors.Is(err, codec.ErrSize) {
		t.Errorf("short dst: got %v, want ErrSize", err)
	}
	// An empty region reads nothing.
	r := &memReader{value: enc}
	if err := p.DecodeRegion(ctx, r, region.FromShape([]int64{1, 1}, []int64{0, 2}), nil, nil); err != nil || r.reads.Load() != 0 {
		t.Errorf("empty region: err %v, %d reads", err, r.reads.Load())
	}
	// A reader error passes through, wrapped.
	sentinel := errors.New("store offline")
	err := p.DecodeRegion(ctx, &memReader{err: sentinel}, rgn, make([]byte, 4), nil)
	var rerr *codec.ReadError
	if !errors.Is(err, sentinel) || !errors.As(err, &rerr) {
		t.Errorf("reader failure: got %v, want a *ReadError wrapping it", err)
	}
	// A cancelled context stops before reading.
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	r = &memReader{value: enc}
	if err := p.DecodeRegion(cctx, r, rgn, make([]byte, 4), nil); !errors.Is(err, context.Canceled) || r.reads.Load() != 0 {
		t.Errorf("cancelled: got %v after %d reads", err, r.reads.Load())
	}
	// A corrupt value is the codec's error.
	if err := p.DecodeRegion(ctx, &memReader{value: enc[:5]}, rgn, make([]byte, 4), nil); !errors.Is(err, codec.ErrCorrupt) {
		t.Errorf("truncated value: got %v, want ErrCorrupt", err)
	}
}

func TestReadRangeChecksLength(t *testing.T) {
	ctx := context.Background()
	r := &memReader{value: []byte("0123456789")}
	for _, tc := range []struct {
		br      byterange.Range
		want    string
		corrupt bool
	}{
		{byterange.Range{Offset: 2, Length: 3}, "234", false},
		{byterange.Range{Offset: -4, Length: 4}, "6789", false},
		{byterange.Range{Offset: 7, Length: -1}, "789", false},
		{byterange.Whole, "0123456789", false},
		{byterange.Range{Offset: 8, Length: 5}, "", true},
		{byterange.Range{Offset: -11, Length: 11}, "", true},
	} {
		got, err := codec.ReadRange(ctx, r, tc.br, "test")
		if tc.corrupt {
			if !errors.Is(err, codec.ErrCorrupt) {
				t.Errorf("%v: got %q, %v; want ErrCorrupt", tc.br, got, err)
			}
			continue
		}
		if err != nil || string(got) != tc.want {
			t.Errorf("%v: got %q, %v; want %q", tc.br, got, err, tc.want)
		}
	}
}

func TestRegion(t *testing.T) {
	full := region.Whole([]int64{2, 3})
	if !full.Covers([]int64{2, 3}) || !full.CoversChunk([]int{2, 3}) || full.Size() != 6 || full.Validate([]int64{2, 3}) != nil || full.ValidateChunk([]int{2, 3}) != nil {
		t.Errorf("Whole: %+v", full)
	}
	if s := full.String(); s != "0:2,0:3" {
		t.Errorf("String() = %q", s)
	}
	r := region.FromShape([]int64{1, 2}, []int64{1, 2})
	var re *region.Error
	if err := r.Validate([]int64{2, 3}); !errors.Is(err, region.ErrInvalid) || !errors.As(err, &re) || re.Dim != 1 || re.Input != "1:2,2:4" {
		t.Errorf("Validate outside: %v", err)
	}
	if err := r.ValidateChunk([]int{2}); !errors.As(err, &re) || re.Dim != -1 {
		t.Errorf("ValidateChunk of another rank: %v", err)
	}
}
