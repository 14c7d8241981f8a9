package main

import (
	"errors"
	"fmt"

	"github.com/zcodec/zcodec/internal/shorten"

	"github.com/zcodec/zcodec/metadata"
)

// parseArray parses the zarr.json data read from name for command cmd,
// resolving its chain with opts, and prints the metadata's warnings on
// standard error. On failure it prints every problem (file, JSON pointer,
// codec, reason) on standard error and returns a nil array and exit status
// 1.
func parseArray(env *environment, cmd, name string, data []byte, opts *metadata.Options) (*metadata.Array, int) {
	a, err := metadata.Parse(data, opts)
	if err == nil {
		for _, w := range a.Warnings {
			fmt.Fprintf(env.stderr, "zcodec %s: %s: warning: %s\n", cmd, displayName(name), w)
		}
		return a, 0
	}
	var ve *metadata.ValidationError
	if errors.As(err, &ve) {
		for _, p := range ve.Problems {
			fmt.Fprintf(env.stderr, "zcodec %s: %s: %s\n", cmd, displayName(name), p)
		}
		return nil, 1
	}
	fmt.Fprintf(env.stderr, "zcodec %s: %s: %v\n", cmd, displayName(name), err)
	return nil, 1
}

// displayName names an input in messages: "standard input" for "-".
func displayName(name string) string {
	switch {
	case name == "-":
		return "standard input"
	}
	return shorten.Name(name)
}

// writeArray writes a's zarr.json and a newline to dst and commits it.
func writeArray(env *environment, cmd string, dst output, a *metadata.Array) int {
	j, err := a.MarshalJSON()
	if err == nil {
		_, err = dst.Write(append(j, '\n'))
	}
	if err == nil {
		err = dst.Commit()
	}
	if err != nil {
		fmt.Fprintf(env.stderr, "zcodec %s: %v\n", cmd, err)
		return 1
	}
	return 0
}
