package main

import (
	"strings"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/internal/shorten"
	"github.com/zcodec/zcodec/zarr"
)

// arrayWarnings returns the warnings of a as the commands print them:
// the metadata file, the JSON pointer and the message,
// "zarr.json: /fill_value: ...", as problems are printed.
func arrayWarnings(a *zarr.Array) []string {
	file := "zarr.json"
	if a.Format() == 2 {
		file = ".zarray"
	}
	var out []string
	for _, w := range a.Warnings() {
		// zarr names the file at the end of the message; it goes first
		// here.
		msg := strings.TrimSuffix(w.Message, " (in "+file+")")
		if w.Pointer != "" {
			msg = shorten.Pointer(w.Pointer) + ": " + msg
		}
		out = append(out, file+": "+msg)
	}
	return out
}

// warningText returns w as text, "" for nil.
func warningText(w *codec.Warning) string {
	if w == nil {
		return ""
	}
	return w.String()
}
