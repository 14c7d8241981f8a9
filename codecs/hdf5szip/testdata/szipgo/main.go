// Command szipgo encodes and decodes chunks with package hdf5szip for
// testdata/generate.py, which checks the encodings with libhdf5. It reads a
// JSON array of requests from standard input and writes a JSON array of
// results to standard output.
//
//	[{"op": "encode", "cd_values": [169, 16, 16, 500], "data": "<base64>"},
//	 {"op": "decode", "cd_values": [...], "data": "<base64>", "size": 1000}]
//
// Each result is {"data": "<base64>"} or {"error": "..."}.
package main

import (
	"encoding/json"
	"fmt"
	"os"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/codecs/hdf5szip"
)

type request struct {
	Op       string   `json:"op"`
	CDValues []uint32 `json:"cd_values"`
	Data     []byte   `json:"data"`
	Size     int      `json:"size"`
}

type result struct {
	Data  []byte `json:"data,omitempty"`
	Error string `json:"error,omitempty"`
}

func run(r request) ([]byte, error) {
	c, err := hdf5szip.FromCDValues(r.CDValues)
	if err != nil {
		return nil, err
	}
	size := r.Size
	if r.Op == "encode" {
		size = len(r.Data)
	}
	b, err := c.ResolveBytesToBytes(codec.FixedBytes(size, codec.ChunkSpec{}))
	if err != nil {
		return nil, err
	}
	switch r.Op {
	case "encode":
		return b.AppendEncode(nil, r.Data)
	case "decode":
		return b.AppendDecode(nil, r.Data)
	}
	return nil, fmt.Errorf("unknown op %q", r.Op)
}

func main() {
	var reqs []request
	if err := json.NewDecoder(os.Stdin).Decode(&reqs); err != nil {
		fmt.Fprintln(os.Stderr, "szipgo:", err)
		os.Exit(1)
	}
	out := make([]result, len(reqs))
	for i, r := range reqs {
		data, err := run(r)
		if err != nil {
			out[i].Error = err.Error()
		} else {
			out[i].Data = data
		}
	}
	if err := json.NewEncoder(os.Stdout).Encode(out); err != nil {
		fmt.Fprintln(os.Stderr, "szipgo:", err)
		os.Exit(1)
	}
}
