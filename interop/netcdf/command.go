package netcdf

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/zcodec/zcodec/interop/hdf5"
)

// ParseFilterCommand runs `zcodec netcdf parse-filter SPEC`: it parses a
// `_Filter` spec and writes the filters as a JSON array of {"id", "params"}
// to stdout. With `--nccopy SPEC` it parses an `nccopy -F` argument instead
// and writes {"variables", "none", "filters"}. On a syntax error it writes
// the error, the spec and a caret under the failing character to stderr and
// exits 1; a usage error exits 2. args are the arguments after
// "parse-filter".
func ParseFilterCommand(args []string, stdout, stderr io.Writer) int {
	nccopy := len(args) == 2 && args[0] == "--nccopy"
	if len(args) != 1 && !nccopy || len(args) == 1 && strings.HasPrefix(args[0], "--") {
		fmt.Fprintln(stderr, "usage: zcodec netcdf parse-filter [--nccopy] SPEC")
		return 2
	}
	var out any
	if nccopy {
		cs, err := ParseCopySpec(args[1])
		if err != nil {
			fmt.Fprintf(stderr, "zcodec netcdf parse-filter: %v\n", err)
			return 1
		}
		out = cs
	} else {
		fs, err := Parse(args[0])
		if err != nil {
			fmt.Fprintf(stderr, "zcodec netcdf parse-filter: %v\n", err)
			return 1
		}
		out = fs
	}
	b, _ := json.Marshal(out)
	stdout.Write(append(b, '\n'))
	return 0
}

// FormatFilterCommand runs `zcodec netcdf format-filter FILE|-`: it reads a
// JSON array of {"id", "params"} (the output of parse-filter) and writes the
// `_Filter` spec and a newline to stdout. Exit status: 0 on success, 1 for
// invalid input, 2 for a usage error.
func FormatFilterCommand(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	data, err := hdf5.ReadInput(args, stdin)
	if err != nil {
		fmt.Fprintf(stderr, "zcodec netcdf format-filter: %v\n", err)
		if len(args) != 1 {
			fmt.Fprintln(stderr, "usage: zcodec netcdf format-filter FILE|-")
			return 2
		}
		return 1
	}
	fs, err := DecodeFilters(data)
	if err != nil {
		fmt.Fprintf(stderr, "zcodec netcdf format-filter: %v\n", err)
		return 1
	}
	fmt.Fprintln(stdout, Format(fs))
	return 0
}

// DecodeFilters reads a JSON array of {"id", "params"} strictly: ids 1 to
// 4294967295, params 32-bit unsigned words, no other keys.
func DecodeFilters(data []byte) ([]Filter, error) {
	var raw []map[string]json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		return nil, fmt.Errorf("want a JSON array of {\"id\", \"params\"}: %v", err)
	}
	if len(raw) == 0 {
		return nil, fmt.Errorf("no filters")
	}
	out := make([]Filter, len(raw))
	for i, obj := range raw {
		for k := range obj {
			if k != "id" && k != "params" {
				return nil, fmt.Errorf("/%d/%s: unknown key (want id and params)", i, k)
			}
		}
		if err := json.Unmarshal(obj["id"], &out[i].ID); err != nil || out[i].ID == 0 {
			return nil, fmt.Errorf("/%d/id: want an integer 1 to 4294967295", i)
		}
		out[i].Params = []uint32{}
		if p, ok := obj["params"]; ok {
			if err := json.Unmarshal(p, &out[i].Params); err != nil {
				return nil, fmt.Errorf("/%d/params: want an array of integers 0 to 4294967295", i)
			}
		}
	}
	return out, nil
}
