package allocs

import (
	"encoding/binary"
	"strconv"

	"github.com/zcodec/zcodec/numeric"
)

// vlenChunk returns the decoded form of a variable-length chunk of n
// elements (the vlen layout: u32le count, then u32le length and bytes per
// element), element i being item(i).
func vlenChunk(n int, item func(i int) []byte) []byte {
	b := binary.LittleEndian.AppendUint32(nil, uint32(n))
	for i := range n {
		v := item(i)
		b = binary.LittleEndian.AppendUint32(b, uint32(len(v)))
		b = append(b, v...)
	}
	return b
}

// shortText is element i of a chunk of short station-like labels.
func shortText(i int) []byte { return []byte("s" + strconv.Itoa(i) + "-" + strconv.Itoa(i*7919%1000)) }

// vlenCases are the codecs of variable-length arrays, each on a chunk of
// 4096 elements.
var vlenCases = []allocCase{
	{name: "vlen-utf8", dtype: numeric.String, shape: []int{4096}, fill: `""`,
		json: `{"name":"vlen-utf8"}`, data: func() []byte { return vlenChunk(4096, shortText) }},
	{name: "vlen-bytes", dtype: numeric.Bytes, shape: []int{4096}, fill: `""`,
		json: `{"name":"vlen-bytes"}`, data: func() []byte {
			return vlenChunk(4096, func(i int) []byte { return []byte{byte(i), 0, byte(i >> 8)}[:i%4%3] })
		}},
	{name: "numcodecs.vlen-array <i4", dtype: numeric.Bytes, shape: []int{4096}, fill: `""`,
		json: `{"name":"numcodecs.vlen-array","configuration":{"dtype":"<i4"}}`, data: func() []byte {
			return vlenChunk(4096, func(i int) []byte { return binary.LittleEndian.AppendUint32(nil, uint32(i))[:4*(i%2)] })
		}},
	{name: "numcodecs.json2", dtype: numeric.String, shape: []int{4096}, fill: `""`,
		json: `{"name":"numcodecs.json2"}`, data: func() []byte { return vlenChunk(4096, shortText) },
		known: "encoding/json allocates per element when decoding"},
	{name: "numcodecs.msgpack2", dtype: numeric.String, shape: []int{4096}, fill: `""`,
		json: `{"name":"numcodecs.msgpack2"}`, data: func() []byte { return vlenChunk(4096, shortText) },
		known: "decoding builds the generic tree of values the JSON codec shares: two allocations per element"},
}
