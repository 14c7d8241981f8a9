package main

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/zcodec/zcodec/internal/shorten"
	"github.com/zcodec/zcodec/store"
	"github.com/zcodec/zcodec/zarr"
)

// verifyArray is one array of `zcodec verify --json`.
type verifyArray struct {
	Path     string          `json:"path"`
	Chunks   int64           `json:"chunks_decoded"`
	Sharded  bool            `json:"sharded,omitempty"` // Chunks counts inner chunks
	Failures []verifyFailure `json:"failures"`
	// Unreadable counts the Failures that are keys the store lists but
	// cannot read (a FIFO, a link out of the store, ...).
	Unreadable int `json:"unreadable,omitempty"`
	// Vanished holds the chunks listed but deleted before they were read
	// (by a live writer): they read as the fill value, neither decoded nor
	// failed.
	Vanished []string `json:"vanished,omitempty"`
	Stray    []string `json:"outside_grid,omitempty"`
	Error    string   `json:"error,omitempty"`
}

type verifyFailure struct {
	Key   string `json:"key"`
	Inner []int  `json:"inner_chunk,omitempty"` // within the shard Key
	Error string `json:"error"`
	// Unreadable is set when the store lists Key but cannot read it:
	// nothing was decoded.
	Unreadable bool `json:"unreadable,omitempty"`
}

func runVerify(env *environment, args []string) int {
	fs := newFlags(env, "verify", "zcodec verify [--json] [--max-chunk-bytes N] [--timeout D] PATH",
		"Decodes every stored chunk of every array at PATH (an array or a group: a directory,\n"+
			"s3://bucket/prefix, gs://bucket/prefix, or an http(s) URL with consolidated metadata), and every stored inner chunk of every shard,\n"+
			"and reports each one that fails with its key and the reason, and each key of the store\n"+
			"that cannot be read. Exit status 1 if any did. A group that holds no array says so\n"+
			"(exit 0). A group's arrays are read with its consolidated metadata when it has some;\n"+
			"where the store can list, each node's own metadata is compared with it, and a node\n"+
			"on which they disagree fails, naming the fields.")
	asJSON := fs.Bool("json", false, "print the result as a JSON document")
	sf := fs.storeFlags(true)
	path, code, stop := fs.onePath(args)
	if stop {
		return code
	}
	if err := sf.check(); err != nil {
		return fs.fail("%v", err)
	}
	ctx := env.context()
	t, closeStore, err := openPath(ctx, path, sf)
	if err != nil {
		return failf(env.stderr, "verify", "%v", err)
	}
	defer closeStore()
	var live io.Writer // failures as they are found, in the text output
	if !*asJSON {
		live = newSafeWriter(env.stdout)
	}
	results := []verifyArray{}
	if t.array != nil {
		reopen := func(o *zarr.Options) (*zarr.Array, error) { return zarr.Open(ctx, t.array.Store(), t.array.Path(), o) }
		results = append(results, verifyChunks(ctx, withinBudget(t.array, t.opts, reopen), live, path))
	} else {
		for _, m := range t.members {
			if m.Kind != "array" {
				continue
			}
			a, err := m.OpenArray(ctx, t.opts)
			if err != nil {
				results = append(results, verifyArray{Path: "/" + m.Path, Failures: []verifyFailure{}, Error: flagged(namedErr(path, err)).Error()})
				continue
			}
			reopen := func(o *zarr.Options) (*zarr.Array, error) { return m.OpenArray(ctx, o) }
			results = append(results, verifyChunks(ctx, withinBudget(a, t.opts, reopen), live, path))
		}
	}
	problems := t.memberProblems()
	stale := t.consolidatedMismatches(ctx)
	failed := len(problems) > 0 || len(stale) > 0
	for _, r := range results {
		if r.Error != "" || len(r.Failures) > 0 {
			failed = true
		}
	}
	if *asJSON {
		doc := map[string]any{"path": shown(path), "ok": !failed, "arrays": results}
		if problems != nil {
			doc["problems"] = problems
		}
		if stale != nil {
			doc["consolidated_mismatches"] = stale
		}
		writeJSON(env.stdout, doc, true)
	} else {
		w := newSafeWriter(env.stdout)
		for _, r := range results {
			printVerified(w, r)
		}
		if len(results) == 0 {
			fmt.Fprintf(w, "no arrays found in %s: nothing to verify\n", shorten.Name(shown(path)))
		}
		printProblems(w, "FAIL ", problems)
		for _, line := range stale {
			fmt.Fprintf(w, "FAIL %s\n", line)
		}
	}
	if failed {
		return 1
	}
	return 0
}

// verifyChunks decodes every stored chunk of a, of the store the user gave
// as path, writing each failure to live when it is not nil.
func verifyChunks(ctx context.Context, a *zarr.Array, live io.Writer, path string) verifyArray {
	r := verifyArray{Path: "/" + a.Path(), Failures: []verifyFailure{}, Sharded: innerChunkShape(a) != nil}
	err := a.Verify(ctx, func(c zarr.Check) error {
		switch {
		case c.Err != nil:
			cerr := namedErr(path, c.Err)
			f := verifyFailure{Key: c.Key, Inner: c.Inner, Error: cerr.Error(), Unreadable: unreadableChunk(c)}
			if f.Unreadable {
				r.Unreadable++
			}
			r.Failures = append(r.Failures, f)
			if live != nil {
				fmt.Fprintf(live, "FAIL %s\n", cerr)
			}
		case !c.InGrid:
			r.Stray = append(r.Stray, c.Key)
		case c.Vanished:
			r.Vanished = append(r.Vanished, c.Key)
		default:
			r.Chunks++
		}
		return nil
	})
	if err != nil {
		r.Error = namedErr(path, err).Error()
	}
	return r
}

// unreadableChunk reports whether a failed check is of a key the store
// lists but cannot read, or a name that is not a key, rather than of a
// value that does not decode.
func unreadableChunk(c zarr.Check) bool {
	return c.StoredChunk.Err != nil || errors.Is(c.Err, store.ErrUnreadable) || errors.Is(c.Err, store.ErrInvalidKey)
}

// printVerified writes the summary of one array of the text output.
func printVerified(w io.Writer, r verifyArray) {
	name := memberName(r.Path)
	failed, unreadable := len(r.Failures), r.Unreadable
	stored := int(r.Chunks) + failed + len(r.Vanished)
	switch {
	case r.Error != "":
		fmt.Fprintf(w, "FAIL %s: %s\n", name, r.Error)
	case unreadable > 0 && unreadable == failed:
		fmt.Fprintf(w, "FAIL %s: %d of %d stored chunks cannot be read\n", name, failed, stored)
	case unreadable > 0:
		fmt.Fprintf(w, "FAIL %s: %d of %d stored chunks failed: %d cannot be read, %d failed to decode\n", name, failed, stored, unreadable, failed-unreadable)
	case failed > 0:
		fmt.Fprintf(w, "FAIL %s: %d of %d stored chunks failed to decode\n", name, failed, stored)
	case r.Sharded:
		fmt.Fprintf(w, "ok   %s: %d stored inner chunks of shards decode\n", name, r.Chunks)
	default:
		fmt.Fprintf(w, "ok   %s: %d stored chunks decode\n", name, r.Chunks)
	}
	if n := len(r.Vanished); n > 0 {
		fmt.Fprintf(w, "     %s: %d listed chunks vanished before they were read (deleted meanwhile; they read as the fill value; first: %s)\n", name, n, memberName(r.Vanished[0]))
	}
	if len(r.Stray) > 0 {
		fmt.Fprintf(w, "     %s: %d keys outside the grid ignored (first: %s)\n", name, len(r.Stray), memberName(r.Stray[0]))
	}
}
