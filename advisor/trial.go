package advisor

import (
	"bytes"
	"context"
	"encoding/json"
	"runtime"
	"sync"
	"time"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/internal/cputime"
	"github.com/zcodec/zcodec/internal/shorten"
)

// workspace is one worker's buffers, reused from chain to chain.
type workspace struct {
	encoded, decoded []byte
}

// chunkSet is what trials run on: the sample, or the smaller set that
// ranks layouts.
type chunkSet struct {
	spec   codec.ChunkSpec
	chunks [][]byte
	// extents are the parts of the chunks inside the array (Sample.Extents).
	extents [][]int
	// ran holds every chain run on the set, by its codecs JSON; record
	// says the candidates go into the report.
	ran    map[string]*Candidate
	record bool
}

// extent returns the extent of chunk i, nil for a whole chunk.
func (set *chunkSet) extent(i int) []int {
	if set.extents == nil {
		return nil
	}
	return set.extents[i]
}

// run runs the chains not run on set before, at most a.workers at once,
// and returns the candidate of each chain (nil for a chain whose
// compressor cannot take its layout).
func (a *advice) run(ctx context.Context, set *chunkSet, chains []chain) ([]*Candidate, error) {
	out := make([]*Candidate, len(chains))
	type job struct {
		c       *Candidate
		entries []codecEntry
	}
	var jobs []job
	for i, ch := range chains {
		entries := ch.entries()
		if entries == nil {
			continue
		}
		js := entriesJSON(entries)
		if c, ok := set.ran[js]; ok {
			out[i] = c
			continue
		}
		c := &Candidate{Label: ch.label(), Family: ch.q.family, StoredAs: ch.q.storedAs, Step: ch.q.step,
			Carried: ch.q.carried, Headroom: ch.q.headroom, Notes: ch.q.notes}
		set.ran[js] = c
		if set.record {
			a.order = append(a.order, c)
		}
		out[i] = c
		jobs = append(jobs, job{c, entries})
	}
	next := make(chan job)
	var wg sync.WaitGroup
	for range min(a.workers, len(jobs)) {
		wg.Go(func() {
			// Locked to its thread, a worker's chains are timed by the
			// thread's CPU time (threadClock).
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			ws := &workspace{}
			for j := range next {
				a.trial(ctx, set, j.c, j.entries, ws)
			}
		})
	}
	for _, j := range jobs {
		if ctx.Err() != nil {
			break
		}
		next <- j
	}
	close(next)
	wg.Wait()
	return out, stopped(ctx)
}

// trial resolves the chain of entries for the set's spec (strictly: a fill value
// that does not survive scale_offset or cast_value fails it), then encodes
// every chunk of the set, decodes it back and compares every element.
func (a *advice) trial(ctx context.Context, set *chunkSet, c *Candidate, entries []codecEntry, ws *workspace) {
	ch, err := buildChain(a.reg, entries)
	if err != nil {
		c.Err = err
		return
	}
	c.Codecs = canonicalCodecs(ch.Codecs)
	p, err := codec.NewPipeline(set.spec, ch.Codecs, nil)
	if err != nil {
		c.Err = err
		return
	}
	c.FillRoundTrip = true
	if w := p.Warnings(); len(w) > 0 {
		c.FillRoundTrip = false
		c.FillWarning = located(w[0], ch.Pointers)
	}
	if cap(ws.decoded) < p.DecodedSize() {
		ws.decoded = make([]byte, p.DecodedSize())
	}
	dec := ws.decoded[:p.DecodedSize()]
	m, err := NewMeter(set.spec.DataType, a.tol)
	if err != nil {
		c.Err = err
		return
	}
	// The first pass encodes, decodes and compares chunk by chunk, so that
	// a worker holds one encoded chunk at a time; further passes only
	// time, until the passes so far took minTiming in all and at least
	// minRuns ran (at most maxRuns): each speed is that of the fastest
	// pass, so that a pass slowed by the machine's other work does not
	// count.
	clock := threadClock()
	var total time.Duration
	for run := 0; run < maxRuns && (run < minRuns || total < minTiming); run++ {
		var encTime, decTime time.Duration
		for i, chunk := range set.chunks {
			start := clock()
			ws.encoded, err = p.AppendEncode(ws.encoded[:0], chunk)
			mid := clock()
			encTime += mid - start
			if err != nil {
				c.Err = &codec.ChunkError{Index: i, Op: "encode", Err: err}
				return
			}
			err = p.Decode(dec, ws.encoded)
			decTime += clock() - mid
			if err != nil {
				c.Err = &codec.ChunkError{Index: i, Op: "decode", Err: err}
				return
			}
			if run == 0 {
				c.DecodedBytes += int64(len(chunk))
				c.EncodedBytes += int64(len(ws.encoded))
				inExtent(set.spec.Shape, set.extent(i), set.spec.DataType.Size(), func(lo, hi int) {
					m.Add(chunk[lo:hi], dec[lo:hi])
				})
			}
			if ctx.Err() != nil {
				c.Err = ctx.Err()
				return
			}
		}
		total += encTime + decTime
		if run == 0 || encTime.Seconds() < c.EncodeSeconds {
			c.EncodeSeconds = encTime.Seconds()
		}
		if run == 0 || decTime.Seconds() < c.DecodeSeconds {
			c.DecodeSeconds = decTime.Seconds()
		}
	}
	c.Errors = m.Errors()
}

// Timing passes of a trial: at least minRuns and until they took
// minTiming in all, at most maxRuns.
const (
	minRuns   = 1
	maxRuns   = 5
	minTiming = 50 * time.Millisecond
)

// threadClock returns the clock that times a trial: the calling thread's
// CPU time where the system gives it (Linux), which leaves out the time
// the thread waited for a core on a busy machine, else the wall clock.
// The caller is locked to its thread.
func threadClock() func() time.Duration {
	if cputime.Thread() > 0 {
		return cputime.Thread
	}
	start := time.Now()
	return func() time.Duration { return time.Since(start) }
}

// canonicalCodecs returns the codecs array as the codecs write
// themselves.
func canonicalCodecs(cs []codec.Codec) json.RawMessage {
	var b bytes.Buffer
	b.WriteByte('[')
	for i, c := range cs {
		if i > 0 {
			b.WriteByte(',')
		}
		j, err := c.MarshalJSON()
		if err != nil {
			return nil
		}
		b.Write(j)
	}
	b.WriteByte(']')
	return b.Bytes()
}

// located returns the pipeline warning w at the entry of the codec
// concerned: the pointer a codec holding it gave, else pointers[Index].
// Its message is then the failing codec's name and the failure, as in
// metadata.Array.Warnings; the path through nested chains stays in the
// message when the pointer is that of the codec holding them.
func located(w codec.Warning, pointers []string) *codec.Warning {
	e, ok := w.Err.(*codec.FillRoundTripError)
	if !ok {
		return &w
	}
	switch {
	case w.Pointer != "":
		w.Message = shorten.String(e.FailingCodec()) + ": " + e.Error()
	case e.Index >= 0 && e.Index < len(pointers):
		w.Pointer = pointers[e.Index]
		if len(e.Nested) == 0 {
			w.Message = shorten.String(e.Codec) + ": " + e.Error()
		}
	}
	return &w
}
