package sharding_test

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/zcodec/zcodec/numeric"
)

// ramp returns n elements of dt whose bytes are all different from the
// zero fill (element i holds i+1 in its low bytes).
func ramp(dt numeric.DataType, n int) []byte {
	size := dt.Size()
	out := make([]byte, n*size)
	for i := range n {
		switch size {
		case 1:
			out[i] = byte(i%250 + 1)
		case 2:
			binary.LittleEndian.PutUint16(out[2*i:], uint16(i+1))
		case 4:
			if dt == numeric.Float32 {
				binary.LittleEndian.PutUint32(out[4*i:], math.Float32bits(float32(i)+0.5))
			} else {
				binary.LittleEndian.PutUint32(out[4*i:], uint32(i+1))
			}
		case 8:
			if dt == numeric.Float64 {
				binary.LittleEndian.PutUint64(out[8*i:], math.Float64bits(float64(i)-0.25))
			} else {
				binary.LittleEndian.PutUint64(out[8*i:], uint64(i+1)<<20)
			}
		}
	}
	return out
}

// parseShardByHand reads a shard written with little-endian bytes inner
// chunks and a bytes(little)+crc32c index, following the specification
// text alone: it returns the decoded shard (fill where absent) and the
// number of stored inner chunks.
func parseShardByHand(t *testing.T, shard []byte, shape, chunk []int, elem int, fill []byte, start bool) ([]byte, int) {
	t.Helper()
	grid := make([]int, len(shape))
	n := 1
	for d := range shape {
		grid[d] = shape[d] / chunk[d]
		n *= grid[d]
	}
	indexLen := 16*n + 4
	var index []byte
	if start {
		index = shard[:indexLen]
	} else {
		index = shard[len(shard)-indexLen:]
	}
	if got, want := binary.LittleEndian.Uint32(index[16*n:]), crc32.Checksum(index[:16*n], crc32.MakeTable(crc32.Castagnoli)); got != want {
		t.Fatalf("index checksum %#x, want %#x", got, want)
	}
	total := 1
	for _, d := range shape {
		total *= d
	}
	out := bytes.Repeat(fill, total)
	chunkElems := 1
	for _, d := range chunk {
		chunkElems *= d
	}
	stored := 0
	for i := range n {
		off := binary.LittleEndian.Uint64(index[16*i:])
		nb := binary.LittleEndian.Uint64(index[16*i+8:])
		if off == math.MaxUint64 && nb == math.MaxUint64 {
			continue
		}
		stored++
		if int(nb) != chunkElems*elem {
			t.Fatalf("inner chunk %d: nbytes %d, want %d", i, nb, chunkElems*elem)
		}
		data := shard[off : off+nb]
		// Grid coordinates of chunk i, then every element of it.
		coords := make([]int, len(shape))
		rem := i
		for d := len(shape) - 1; d >= 0; d-- {
			coords[d] = rem % grid[d]
			rem /= grid[d]
		}
		for e := range chunkElems {
			rem := e
			pos := 0
			in := make([]int, len(shape))
			for d := len(shape) - 1; d >= 0; d-- {
				in[d] = rem % chunk[d]
				rem /= chunk[d]
			}
			for d := range shape {
				pos = pos*shape[d] + coords[d]*chunk[d] + in[d]
			}
			copy(out[pos*elem:(pos+1)*elem], data[e*elem:(e+1)*elem])
		}
	}
	return out, stored
}

func TestRoundTripAgainstHandParser(t *testing.T) {
	tests := []struct {
		dt    numeric.DataType
		shape []int
		chunk []int
	}{
		{numeric.Uint8, []int{8}, []int{2}},
		{numeric.Uint16, []int{4, 6}, []int{2, 3}},
		{numeric.Int32, []int{4, 6}, []int{1, 6}}, // contiguous inner chunks
		{numeric.Int32, []int{4, 6}, []int{4, 6}}, // one inner chunk
		{numeric.Float32, []int{6, 4, 2}, []int{3, 2, 1}},
		{numeric.Float64, []int{2, 2, 4}, []int{1, 1, 4}}, // contiguous, rank 3
		{numeric.Int64, []int{3, 3}, []int{1, 1}},
		{numeric.Uint8, []int{}, []int{}}, // rank 0: one inner chunk, index [2]
	}
	for _, tc := range tests {
		for _, loc := range []string{"start", "end"} {
			name := fmt.Sprintf("%v%v/%v/%s", tc.dt, tc.shape, tc.chunk, loc)
			t.Run(name, func(t *testing.T) {
				p := pipeline(t, shardJSON(tc.chunk, bytesLE, indexCRC, loc), tc.dt, "0", tc.shape...)
				n := p.DecodedSize() / tc.dt.Size()
				src := ramp(tc.dt, n)
				elem := tc.dt.Size()
				// Make the first inner chunk all fill: it must not be stored.
				firstChunk := make([]int, len(tc.shape))
				zero := make([]byte, elem*prod(tc.chunk))
				putBox(src, tc.shape, firstChunk, tc.chunk, elem, zero)
				enc, err := p.AppendEncode(nil, src)
				if err != nil {
					t.Fatal(err)
				}
				got, stored := parseShardByHand(t, enc, tc.shape, tc.chunk, elem, make([]byte, elem), loc == "start")
				if !bytes.Equal(got, src) {
					t.Fatalf("hand parser:\n got %x\nwant %x", got, src)
				}
				if want := n/prod(tc.chunk) - 1; stored != want {
					t.Errorf("%d inner chunks stored, want %d (the all-fill one left out)", stored, want)
				}
				dec := make([]byte, p.DecodedSize())
				if err := p.Decode(dec, enc); err != nil || !bytes.Equal(dec, src) {
					t.Fatalf("decode: %v", err)
				}
			})
		}
	}
}

func prod(s []int) int {
	n := 1
	for _, d := range s {
		n *= d
	}
	return n
}

// putBox writes box (C order, of shape box) into arr at start.
func putBox(arr []byte, shape, start, box []int, elem int, data []byte) {
	idx := make([]int, len(box))
	for e := range prod(box) {
		rem := e
		for d := len(box) - 1; d >= 0; d-- {
			idx[d] = rem % box[d]
			rem /= box[d]
		}
		pos := 0
		for d := range shape {
			pos = pos*shape[d] + start[d] + idx[d]
		}
		copy(arr[pos*elem:(pos+1)*elem], data[e*elem:(e+1)*elem])
	}
}

func TestRoundTripCompressedAndNested(t *testing.T) {
	nested := shardJSON([]int{4, 4}, shardJSON([]int{2, 2}, zstdLE, indexCRC, "start"), indexCRC, "end")
	tests := []struct {
		name  string
		chain string
		dt    numeric.DataType
		fill  string
		shape []int
	}{
		{"gzip", shardJSON([]int{4, 8}, gzipLE, indexCRC, ""), numeric.Float32, "0", []int{16, 16}},
		{"zstd_start", shardJSON([]int{8, 2}, zstdLE, indexCRC, "start"), numeric.Int16, "-1", []int{16, 16}},
		{"nested", nested, numeric.Float64, `"NaN"`, []int{8, 8}},
		{"index_without_crc", shardJSON([]int{4, 4}, bytesLE, bytesLE, ""), numeric.Uint32, "7", []int{8, 8}},
		{"inner_scale_offset", shardJSON([]int{2, 8}, `[{"name": "scale_offset", "configuration": {"offset": 10, "scale": 2}}, {"name": "bytes", "configuration": {"endian": "little"}}, {"name": "crc32c"}]`, indexCRC, "start"), numeric.Int32, "10", []int{8, 8}},
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := pipeline(t, tc.chain, tc.dt, tc.fill, tc.shape...)
			fill := p.Spec().FillValue.Bytes()
			for trial := range 20 {
				src := bytes.Repeat(fill, p.DecodedSize()/len(fill))
				// Random boxes of random data; the rest stays fill.
				for range trial % 5 {
					start := []int{rng.IntN(tc.shape[0]), rng.IntN(tc.shape[1])}
					box := []int{1 + rng.IntN(tc.shape[0]-start[0]), 1 + rng.IntN(tc.shape[1]-start[1])}
					data := make([]byte, prod(box)*len(fill))
					for i := range data {
						data[i] = byte(rng.IntN(4)) // small values: compressible
					}
					putBox(src, tc.shape, start, box, len(fill), data)
				}
				enc, err := p.AppendEncode(nil, src)
				if err != nil {
					t.Fatal(err)
				}
				if len(enc) > p.Encoded().MaxSize {
					t.Fatalf("encoded %d bytes, more than the bound %d", len(enc), p.Encoded().MaxSize)
				}
				dec := make([]byte, p.DecodedSize())
				if err := p.Decode(dec, enc); err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(dec, src) {
					t.Fatalf("trial %d: round trip differs", trial)
				}
			}
		})
	}
}

// TestFillComparedBitForBit checks that an inner chunk of -0.0 under fill
// 0.0, or of a non-canonical NaN under fill NaN, is stored and comes back
// exactly.
func TestFillComparedBitForBit(t *testing.T) {
	for _, tc := range []struct {
		fill string
		elem uint64
	}{
		{"0.0", math.Float64bits(math.Copysign(0, -1))},
		{`"NaN"`, 0x7ff8000000000001},
		{`"NaN"`, 0xfff8000000000000},
	} {
		p := pipeline(t, shardJSON([]int{2}, bytesLE, indexCRC, ""), numeric.Float64, tc.fill, 4)
		src := make([]byte, 32)
		for i := range 4 {
			binary.LittleEndian.PutUint64(src[8*i:], tc.elem)
		}
		enc, err := p.AppendEncode(nil, src)
		if err != nil {
			t.Fatal(err)
		}
		if len(enc) != 2*16+36 {
			t.Errorf("fill %s, elements %#x: shard of %d bytes, want both inner chunks stored (68)", tc.fill, tc.elem, len(enc))
		}
		dec := make([]byte, 32)
		if err := p.Decode(dec, enc); err != nil || !bytes.Equal(dec, src) {
			t.Errorf("fill %s: got %x, %v; want %x", tc.fill, dec, err, src)
		}
	}
	// All fill: only the index is written, and it decodes back to fill.
	p := pipeline(t, shardJSON([]int{2}, bytesLE, indexCRC, ""), numeric.Float64, `"NaN"`, 4)
	src := bytes.Repeat(p.Spec().FillValue.Bytes(), 4)
	enc, err := p.AppendEncode(nil, src)
	if err != nil || len(enc) != 36 {
		t.Fatalf("all fill: %d bytes, %v; want the 36-byte index alone", len(enc), err)
	}
}

func TestEncodeAppendsAndKeepsDst(t *testing.T) {
	for _, loc := range []string{"start", "end"} {
		p := pipeline(t, shardJSON([]int{2, 2}, bytesLE, indexCRC, loc), numeric.Uint16, "0", 4, 4)
		src := ramp(numeric.Uint16, 16)
		alone, err := p.AppendEncode(nil, src)
		if err != nil {
			t.Fatal(err)
		}
		prefix := []byte("prefix")
		got, err := p.AppendEncode(bytes.Clone(prefix), src)
		if err != nil || !bytes.Equal(got[:6], prefix) || !bytes.Equal(got[6:], alone) {
			t.Fatalf("%s: appending to a prefix: %x, %v", loc, got, err)
		}
		kept, err := p.AppendEncode(bytes.Clone(prefix), src[:10])
		if err == nil || !bytes.Equal(kept, prefix) {
			t.Fatalf("%s: short source: %x, %v", loc, kept, err)
		}
	}
}
