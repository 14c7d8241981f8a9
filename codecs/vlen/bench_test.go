package vlen_test

import (
	"encoding/binary"
	"fmt"
	"testing"
	"unsafe"

	"github.com/zcodec/zcodec/codecs/vlen"
	"github.com/zcodec/zcodec/internal/cputime"
	"github.com/zcodec/zcodec/numeric"
)

// benchChunk is the 1 MiB vlen-utf8 chunk of short strings of
// testdata/bench_numcodecs.py: "s<i>-<i*7919 mod 1000>" for i = 0, 1, ...
func benchChunk() ([]byte, int) {
	var elems [][]byte
	size := 4
	for i := 0; ; i++ {
		s := fmt.Sprintf("s%d-%d", i, i*7919%1000)
		if size+4+len(s) > 1<<20 {
			break
		}
		size += 4 + len(s)
		elems = append(elems, []byte(s))
	}
	return vlenForm(elems), len(elems)
}

// BenchmarkDecodeStrings decodes the 1 MiB chunk with vlen-utf8 (the
// checks: count, lengths, UTF-8) and splits it into []string, the strings
// pointing into the decoded chunk: what numcodecs' VLenUTF8.decode does to
// a Python object array (testdata/bench_numcodecs.py; compare cpu-MB/s).
//
//	go test -run '^$' -bench DecodeStrings -benchtime 1s ./codecs/vlen
func BenchmarkDecodeStrings(b *testing.B) {
	chunk, n := benchChunk()
	p := pipeline(b, `{"name":"vlen-utf8"}`, numeric.String, []int{n})
	b.SetBytes(int64(len(chunk)))
	b.ReportAllocs()
	cputime.Loop(b, len(chunk), func() {
		dec, err := p.AppendDecode(nil, chunk)
		if err != nil {
			b.Fatal(err)
		}
		out := make([]string, n)
		pos := 4
		for i := range out {
			l := int(binary.LittleEndian.Uint32(dec[pos:]))
			pos += 4
			if l > 0 {
				out[i] = unsafe.String(&dec[pos], l)
			}
			pos += l
		}
	})
}

// BenchmarkAppendStrings checks the 1 MiB chunk as vlen-utf8 decodes it and
// splits it into []string sharing its memory: the same input and output as
// numcodecs' VLenUTF8.decode(chunk) (testdata/bench_numcodecs.py).
//
//	go test -run '^$' -bench AppendStrings -benchtime 1s ./codecs/vlen
func BenchmarkAppendStrings(b *testing.B) {
	chunk, n := benchChunk()
	b.SetBytes(int64(len(chunk)))
	b.ReportAllocs()
	cputime.Loop(b, len(chunk), func() {
		out, err := vlen.AppendStrings(nil, chunk, n)
		if err != nil || len(out) != n {
			b.Fatal(err)
		}
	})
}

// BenchmarkAppendStringsReused is BenchmarkAppendStrings into a []string
// kept from call to call: the checks and the split alone, without the
// allocation of a new slice of 76,291 strings and the collector's work on
// it, which BenchmarkAppendStrings counts in its CPU time.
func BenchmarkAppendStringsReused(b *testing.B) {
	chunk, n := benchChunk()
	b.SetBytes(int64(len(chunk)))
	b.ReportAllocs()
	out := make([]string, 0, n)
	cputime.Loop(b, len(chunk), func() {
		var err error
		if out, err = vlen.AppendStrings(out[:0], chunk, n); err != nil || len(out) != n {
			b.Fatal(err)
		}
	})
}
