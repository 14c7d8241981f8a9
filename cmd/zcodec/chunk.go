package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/zcodec/zcodec/metadata"
)

func runEncode(env *environment, args []string) int { return runChunk(env, "encode", args) }

func runDecode(env *environment, args []string) int { return runChunk(env, "decode", args) }

// runChunk encodes or decodes one chunk with the chain of a zarr.json.
func runChunk(env *environment, op string, args []string) int {
	fs := flag.NewFlagSet(op, flag.ContinueOnError)
	fs.SetOutput(env.stderr)
	meta := fs.String("metadata", "", "the array's zarr.json (required)")
	in := fs.String("i", "-", "input file (- = standard input)")
	out := fs.String("o", "-", "output file (- = standard output)")
	fs.Usage = func() {
		fmt.Fprintf(env.stderr, "usage: zcodec %s --metadata FILE [-i IN] [-o OUT]\n", op)
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *meta == "" || fs.NArg() > 0 {
		fs.Usage()
		return 2
	}
	fail := func(err error) int {
		fmt.Fprintf(env.stderr, "zcodec %s: %v\n", op, err)
		return 1
	}
	mdata, err := readInput(env, *meta)
	if err != nil {
		return fail(err)
	}
	a, err := metadata.Parse(mdata, nil)
	if err != nil {
		var ve *metadata.ValidationError
		if errors.As(err, &ve) {
			for _, p := range ve.Problems {
				fmt.Fprintf(env.stderr, "zcodec %s: %s: %s\n", op, *meta, p)
			}
			return 1
		}
		return fail(err)
	}
	p := a.Pipeline
	// Never read more than a valid input can hold.
	limit := p.DecodedSize()
	if op == "decode" {
		limit = p.Encoded().MaxSize
	}
	src, err := readLimited(env, *in, limit)
	if err != nil {
		return fail(err)
	}
	var result []byte
	if op == "encode" {
		result, err = p.Encode(nil, src)
	} else {
		result = make([]byte, p.DecodedSize())
		err = p.Decode(result, src)
	}
	if err != nil {
		return fail(err)
	}
	if err := writeOutput(env, *out, result); err != nil {
		return fail(err)
	}
	return 0
}

// readLimited reads all of name (- = stdin) but fails as soon as it holds
// more than limit bytes.
func readLimited(env *environment, name string, limit int) ([]byte, error) {
	var r io.Reader = env.stdin
	if name != "-" {
		f, err := os.Open(name)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		r = f
	}
	data, err := io.ReadAll(io.LimitReader(r, int64(limit)+1))
	if err != nil {
		return nil, err
	}
	if len(data) > limit {
		return nil, fmt.Errorf("input %s holds more than the %d bytes a chunk of this array can have", name, limit)
	}
	return data, nil
}

// writeOutput writes data to name (- = stdout). A file is written to a
// temporary name in the same directory and renamed into place, so a failure
// never leaves a partial file.
func writeOutput(env *environment, name string, data []byte) error {
	if name == "-" {
		_, err := env.stdout.Write(data)
		return err
	}
	dir, base := splitPath(name)
	tmp, err := os.CreateTemp(dir, "."+base+".tmp*")
	if err != nil {
		return err
	}
	_, werr := tmp.Write(data)
	cerr := tmp.Close()
	if werr == nil {
		werr = cerr
	}
	if werr == nil {
		werr = os.Rename(tmp.Name(), name)
	}
	if werr != nil {
		os.Remove(tmp.Name())
	}
	return werr
}

func splitPath(name string) (dir, base string) {
	for i := len(name) - 1; i >= 0; i-- {
		if os.IsPathSeparator(name[i]) {
			return name[:i+1], name[i+1:]
		}
	}
	return ".", name
}
