package advisor

import (
	"context"
	"runtime"
	"sync"
	"time"

	"github.com/zcodec/zcodec/codec"
)

// retimeRounds is how many more passes retime gives each candidate, in
// rounds over all of them.
const retimeRounds = 2

// retimeMaxPass is the longest pass retime repeats: a pass that long
// already spans the machine's moments of contention, and a chain that
// slow is far below the bars of the balanced objective (bz2 9 on a 16 MiB
// sample takes about half a second).
const retimeMaxPass = 0.1 // seconds

// retime times the candidates that meet the tolerance again (those whose
// pass took at most retimeMaxPass), in
// retimeRounds rounds over all of them (a pass of encoding and decoding
// the sample each), keeping each speed at its fastest pass. A trial's
// passes run back to back, so that a moment of contention on a shared
// machine can slow them all; rounds spread a candidate's passes over the
// whole run, and each round starts after a garbage collection, so that
// the collector's assists charged to a chain depend less on the garbage
// of the chains before it. Candidates whose pipeline does not resolve
// again keep their speeds.
func (a *advice) retime(ctx context.Context, set *chunkSet, cands []*Candidate) error {
	type timed struct {
		c *Candidate
		p *codec.Pipeline
	}
	var ts []timed
	for _, c := range cands {
		if !c.Meets() || c.EncodeSeconds+c.DecodeSeconds > retimeMaxPass {
			continue
		}
		ch, err := a.reg.ParseCodecs(c.Codecs, "/codecs")
		if err != nil {
			continue
		}
		p, err := codec.NewPipeline(set.spec, ch.Codecs, nil)
		if err != nil {
			continue
		}
		ts = append(ts, timed{c, p})
	}
	for range retimeRounds {
		runtime.GC()
		next := make(chan timed)
		var wg sync.WaitGroup
		for range min(a.workers, len(ts)) {
			wg.Go(func() {
				runtime.LockOSThread()
				defer runtime.UnlockOSThread()
				ws := &workspace{}
				for t := range next {
					timePass(ctx, set, t.c, t.p, ws)
				}
			})
		}
		for _, t := range ts {
			if ctx.Err() != nil {
				break
			}
			next <- t
		}
		close(next)
		wg.Wait()
	}
	return stopped(ctx)
}

// timePass encodes and decodes every chunk of the set once through p and
// lowers c's times to this pass's when they are shorter. The caller is
// locked to its thread.
func timePass(ctx context.Context, set *chunkSet, c *Candidate, p *codec.Pipeline, ws *workspace) {
	if cap(ws.decoded) < p.DecodedSize() {
		ws.decoded = make([]byte, p.DecodedSize())
	}
	dec := ws.decoded[:p.DecodedSize()]
	clock := threadClock()
	var encTime, decTime time.Duration
	for _, chunk := range set.chunks {
		if ctx.Err() != nil {
			return
		}
		start := clock()
		var err error
		ws.encoded, err = p.AppendEncode(ws.encoded[:0], chunk)
		mid := clock()
		if err != nil {
			return
		}
		if err := p.Decode(dec, ws.encoded); err != nil {
			return
		}
		encTime += mid - start
		decTime += clock() - mid
	}
	c.EncodeSeconds = min(c.EncodeSeconds, encTime.Seconds())
	c.DecodeSeconds = min(c.DecodeSeconds, decTime.Seconds())
}
