package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/internal/shorten"
	"github.com/zcodec/zcodec/metadata"
	"github.com/zcodec/zcodec/registry"
	"github.com/zcodec/zcodec/store"
	"github.com/zcodec/zcodec/zarr"
)

func runConvert(env *environment, args []string) int {
	fs := newFlags(env, "convert", "zcodec convert [--codecs FILE] [--chunks N,N,...] [--shards N,N,...] [--max-chunk-bytes N] SRC DST",
		"Re-encodes the array (or every array of the group) at SRC into a new Zarr v3 store at DST,\n"+
			"a directory that must not exist: a new codec chain, new chunks, sharding, or simply Zarr\n"+
			"v2 to Zarr v3. It streams chunk by chunk, holding a bounded slab of elements, and shows a\n"+
			"progress bar on a terminal (a line every few seconds otherwise). It writes into a\n"+
			"temporary directory beside DST and renames it at the end: on any failure, or Ctrl-C,\n"+
			"nothing is left at DST. DST may not be SRC, nor lie inside it, nor hold it.")
	codecsFile := fs.String("codecs", "", "the new chain: a JSON list of codecs, or a zarr.json whose \"codecs\" to take")
	chunksText := fs.String("chunks", "", "the new chunk shape, e.g. 1,512,512 (with --shards: the inner chunks)")
	shardsText := fs.String("shards", "", "store the chunks in shards of this shape (sharding_indexed, index checked by crc32c)")
	sf := fs.storeFlags(true)
	fs.operands = []string{"SRC", "DST"}
	ops, code, stop := fs.parse(args)
	if stop {
		return code
	}
	if len(ops) != 2 {
		return fs.fail("want SRC and DST")
	}
	src, dst := ops[0], ops[1]
	var plan convertPlan
	var err error
	if plan.chunks, err = parseShape(*chunksText, "--chunks"); err != nil {
		return fs.fail("%v", err)
	}
	if plan.shards, err = parseShape(*shardsText, "--shards"); err != nil {
		return fs.fail("%v", err)
	}
	if err := sf.check(); err != nil {
		return fs.fail("%v", err)
	}
	if err := checkDisjoint(src, dst, "DST"); err != nil {
		return fs.fail("%v", err)
	}
	if *codecsFile != "" {
		if plan.codecs, err = readCodecsFile(env, *codecsFile); err != nil {
			return failf(env.stderr, "convert", "%v", err)
		}
	}
	if _, err := os.Lstat(dst); err == nil {
		return failf(env.stderr, "convert", "%s already exists; give a new directory", dst)
	}
	ctx := env.context()
	t, closeStore, err := openPath(ctx, src, sf)
	if err != nil {
		return failf(env.stderr, "convert", "%v", err)
	}
	defer closeStore()
	if problems := t.memberProblems(); problems != nil {
		// Copying what could be read would leave the rest behind: write
		// nothing.
		w := env.stderr
		fmt.Fprintf(w, "zcodec convert: %s: %s; nothing written:\n", shown(src), problemsSummary(problems))
		printProblems(w, "  ", problems)
		return 1
	}
	if t.group != nil && (plan.chunks != nil || plan.shards != nil) {
		return failf(env.stderr, "convert", "%s is a group: --chunks and --shards apply to one array; give its path", shown(src))
	}
	if err := convertInto(ctx, env, t, dst, plan); err != nil {
		return failf(env.stderr, "convert", "%v", err)
	}
	return 0
}

// convertPlan is what changes between SRC and DST; nil fields keep SRC's.
type convertPlan struct {
	codecs []codec.Codec
	chunks []int
	shards []int
	// check, when not nil, runs on the written store before it is renamed
	// to DST: an error leaves nothing at DST.
	check func(ctx context.Context, d store.Store) error
}

// convertInto writes the converted hierarchy into a temporary directory
// beside dst and renames it to dst when everything succeeded; on failure,
// including the cancellation of ctx (SIGINT, SIGTERM), the writes stop at
// their next chunk and the temporary directory is removed.
func convertInto(ctx context.Context, env *environment, t *target, dst string, plan convertPlan) error {
	tmp := filepath.Join(filepath.Dir(dst), fmt.Sprintf(".%s.zcodec-tmp-%08x", filepath.Base(dst), rand.Uint32()))
	d, err := store.CreateDir(tmp)
	if err == nil {
		err = writeConverted(ctx, env, d, t, plan)
		if err == nil && plan.check != nil {
			err = plan.check(ctx, d)
		}
		d.Close()
	}
	if err == nil {
		err = ctx.Err() // a signal during the check: do not rename
	}
	if err == nil {
		err = os.Rename(tmp, dst)
	}
	if err != nil {
		os.RemoveAll(tmp)
	}
	return err
}

// writeConverted writes the groups and the converted arrays of t into d.
func writeConverted(ctx context.Context, env *environment, d *store.Dir, t *target, plan convertPlan) error {
	var arrays []*zarr.Array
	if t.array != nil {
		arrays = append(arrays, t.array)
	} else {
		if _, err := zarr.CreateGroup(ctx, d, "", t.group.Attributes()); err != nil {
			return err
		}
		for _, m := range t.members {
			if m.Kind == "group" {
				if _, err := zarr.CreateGroup(ctx, d, m.Path, m.Attributes); err != nil {
					return err
				}
				continue
			}
			a, err := m.OpenArray(ctx, t.opts)
			if err != nil {
				return err
			}
			arrays = append(arrays, a)
		}
	}
	var total int64
	for _, a := range arrays {
		total += codec.WholeRegion(a.Shape()).NumElements() * int64(a.DataType().Size())
	}
	sizes := make([]int, len(arrays))
	for i, a := range arrays {
		sizes[i] = a.Pipeline().DecodedSize()
	}
	limitHeap(sizes...)
	prog := newProgress(env.stderr, total)
	defer prog.finish()
	for _, src := range arrays {
		for _, w := range arrayWarnings(src) {
			prog.note(fmt.Sprintf("warning: %s: %s", memberName("/"+src.Path()), w))
		}
		m, err := convertedMetadata(src, plan)
		if err != nil {
			return fmt.Errorf("array %s: %w", memberName("/"+src.Path()), err)
		}
		out, err := zarr.Create(ctx, d, src.Path(), m, nil)
		if err != nil {
			return err
		}
		es := int64(src.DataType().Size())
		base := prog.done
		err = zarr.Copy(ctx, out, src, &zarr.CopyOptions{Progress: func(done, _ int64) { prog.set(base + done*es) }})
		if err != nil {
			return err
		}
	}
	return nil
}

// convertedMetadata is SRC's metadata with the plan applied.
func convertedMetadata(src *zarr.Array, plan convertPlan) (*metadata.ArrayDefinition, error) {
	sm := src.Metadata()
	m := &metadata.ArrayDefinition{
		Shape: src.Shape(), DataType: src.DataType(), FillValue: src.FillValue(),
		ChunkShape: src.ChunkShape(), Codecs: sm.Codecs,
		Attributes: sm.Attributes, DimensionNames: sm.DimensionNames,
	}
	rank := len(m.Shape)
	if plan.codecs != nil {
		m.Codecs = plan.codecs
	}
	if plan.chunks != nil {
		if len(plan.chunks) != rank {
			return nil, fmt.Errorf("--chunks has %d dimensions, the array %d", len(plan.chunks), rank)
		}
		m.ChunkShape = plan.chunks
	}
	if plan.shards != nil {
		if len(plan.shards) != rank {
			return nil, fmt.Errorf("--shards has %d dimensions, the array %d", len(plan.shards), rank)
		}
		for d := range rank {
			if plan.shards[d]%m.ChunkShape[d] != 0 {
				return nil, fmt.Errorf("--shards %v is not a multiple of the chunks %v in dimension %d", plan.shards, m.ChunkShape, d)
			}
		}
		sharded, err := shardingCodec(m.ChunkShape, m.Codecs)
		if err != nil {
			return nil, err
		}
		m.Codecs, m.ChunkShape = []codec.Codec{sharded}, plan.shards
	}
	return m, nil
}

// shardingCodec wraps a chain into a sharding_indexed codec whose inner
// chunks have the given shape; the index is checked with crc32c.
func shardingCodec(inner []int, chain []codec.Codec) (codec.Codec, error) {
	for _, c := range chain {
		if c.Name() == "sharding_indexed" {
			return nil, fmt.Errorf("the chain is already sharded; give an unsharded chain with --codecs")
		}
	}
	codecsJSON := make([]json.RawMessage, len(chain))
	for i, c := range chain {
		j, err := c.MarshalJSON()
		if err != nil {
			return nil, err
		}
		codecsJSON[i] = j
	}
	cfg, _ := json.Marshal(map[string]any{
		"name": "sharding_indexed",
		"configuration": map[string]any{
			"chunk_shape":    inner,
			"codecs":         codecsJSON,
			"index_codecs":   []any{map[string]any{"name": "bytes", "configuration": map[string]any{"endian": "little"}}, map[string]any{"name": "crc32c"}},
			"index_location": "end",
		},
	})
	c, _, err := registry.Default().ParseCodec(cfg, "/codecs/0")
	if err != nil {
		return nil, fmt.Errorf("--shards: %w", err)
	}
	return c, nil
}

// readCodecsFile reads a JSON list of codecs, or the "codecs" of a
// zarr.json.
func readCodecsFile(env *environment, name string) ([]codec.Codec, error) {
	b, err := readMetadata(env, name)
	if err != nil {
		return nil, err
	}
	raw := json.RawMessage(b)
	var doc struct {
		Codecs json.RawMessage `json:"codecs"`
	}
	if t := strings.TrimSpace(string(b)); strings.HasPrefix(t, "{") {
		if err := json.Unmarshal(b, &doc); err != nil || doc.Codecs == nil {
			return nil, fmt.Errorf("%s: want a JSON list of codecs, or a zarr.json with \"codecs\"", name)
		}
		raw = doc.Codecs
	}
	chain, err := registry.Default().ParseCodecs(raw, "/codecs")
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return chain.Codecs, nil
}

// parseShape reads "N,N,..." (positive integers); "" gives nil.
func parseShape(text, flagName string) ([]int, error) {
	if strings.TrimSpace(text) == "" {
		return nil, nil
	}
	parts := strings.Split(text, ",")
	out := make([]int, len(parts))
	for i, p := range parts {
		v, err := strconv.ParseInt(strings.TrimSpace(p), 10, 32)
		if err != nil || v < 1 {
			return nil, fmt.Errorf("%s %q: want positive integers separated by commas", flagName, shorten.String(text))
		}
		out[i] = int(v)
	}
	return out, nil
}

// progress shows convert's progress: a bar on a terminal; otherwise a
// line at most every few seconds, so logs stay short.
type progress struct {
	w     io.Writer
	bar   *progressbar.ProgressBar
	total int64
	done  int64
	last  time.Time // of the last line printed, without a terminal
}

// progressEvery is the least time between two plain progress lines.
const progressEvery = 5 * time.Second

func newProgress(w io.Writer, total int64) *progress {
	p := &progress{w: w, total: total, last: time.Now()}
	if f, ok := rawWriter(w).(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		p.bar = progressbar.NewOptions64(total,
			progressbar.OptionSetWriter(f),
			progressbar.OptionShowBytes(true),
			progressbar.OptionSetDescription("converting"),
			progressbar.OptionThrottle(100*time.Millisecond),
			progressbar.OptionClearOnFinish(),
		)
	}
	return p
}

func (p *progress) set(done int64) {
	p.done = done
	if p.bar != nil {
		p.bar.Set64(done)
		return
	}
	if p.total > 0 && time.Since(p.last) >= progressEvery {
		p.last = time.Now()
		fmt.Fprintf(p.w, "zcodec convert: %d%% (%d of %d bytes)\n", done*100/p.total, done, p.total)
	}
}

func (p *progress) note(msg string) {
	if p.bar != nil {
		p.bar.Clear()
	}
	fmt.Fprintf(p.w, "zcodec convert: %s\n", msg)
}

func (p *progress) finish() {
	if p.bar != nil {
		p.bar.Finish()
	}
}
