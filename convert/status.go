package convert

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/zcodec/zcodec/internal/workpool"
	"github.com/zcodec/zcodec/store"
)

// MarkerState says what Status found of a part's marker.
type MarkerState int

const (
	// MarkerDone: the marker is there, written for this plan and for the
	// part's units: the part is done.
	MarkerDone MarkerState = iota
	// MarkerMissing: no marker; the part has not run to its end.
	MarkerMissing
	// MarkerStale: a marker written for another plan.
	MarkerStale
	// MarkerWrong: a marker that is not valid JSON, or that names another
	// part or other units.
	MarkerWrong
)

// String returns "done", "missing", "stale" or "wrong".
func (s MarkerState) String() string {
	switch s {
	case MarkerDone:
		return "done"
	case MarkerMissing:
		return "missing"
	case MarkerStale:
		return "stale"
	case MarkerWrong:
		return "wrong"
	}
	return fmt.Sprintf("MarkerState(%d)", int(s))
}

// PartState is the state of one part of a conversion.
type PartState struct {
	Part       int   // I, from 0
	First, End int64 // the units the part owns
	Marker     MarkerState
	// Problem is "" when the part is done, and otherwise says why not:
	// "missing", "stale: written for another plan", ...
	Problem string
}

// Done reports whether the part is done.
func (s PartState) Done() bool { return s.Marker == MarkerDone }

// markerConcurrency is how many markers Status and Finalize read at once,
// and how many keys Finalize writes or deletes at once: object stores
// answer in tens of milliseconds, and one after the other a million parts
// would take hours.
const markerConcurrency = 16

// Status reads the marker of every part of n of the plan p in dst and
// returns the state of each, in order: a part is done when its marker is
// there, written for p (its digest) and for the part's units.
func Status(ctx context.Context, p *Plan, dst store.Store, n int) ([]PartState, error) {
	if n < 1 || n > MaxParts {
		return nil, fmt.Errorf("%d parts: want from 1 to %d", n, MaxParts)
	}
	states := make([]PartState, n)
	err := workpool.Run(ctx, n, markerConcurrency, func(i int) error {
		first, end := p.Range(i, n)
		s := &states[i]
		s.Part, s.First, s.End = i, first, end
		b, err := dst.Get(ctx, MarkerKey(i, n), 1<<16)
		if errors.Is(err, store.ErrNotFound) {
			s.Marker, s.Problem = MarkerMissing, "missing"
			return nil
		}
		if err != nil {
			return err
		}
		var m marker
		switch {
		case json.Unmarshal(b, &m) != nil:
			s.Marker, s.Problem = MarkerWrong, "its marker is not valid JSON"
		case m.Plan != p.digest:
			s.Marker, s.Problem = MarkerStale, "stale: written for another plan"
		case m.Part != i || m.Parts != n || m.First != first || m.End != end:
			s.Marker, s.Problem = MarkerWrong, fmt.Sprintf("its marker says part %d/%d, units %d to %d; want units %d to %d", m.Part, m.Parts, m.First, m.End, first, end)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return states, nil
}

// notDone returns the states of the parts not done.
func notDone(states []PartState) []PartState {
	var bad []PartState
	for _, s := range states {
		if !s.Done() {
			bad = append(bad, s)
		}
	}
	return bad
}

// PartCounts returns the numbers of parts that the markers in dst were
// written for, sorted: the N of every MarkerKey(I, N) there. It tells a
// caller that gave Status or Finalize another N which one the parts ran
// with.
func PartCounts(ctx context.Context, dst store.Store) ([]int, error) {
	seen := map[int]bool{}
	var out []int
	err := dst.List(ctx, Dir+"/", func(e store.Entry) error {
		var i, m int
		name := strings.TrimPrefix(e.Key, Dir+"/")
		if _, err := fmt.Sscanf(name, "part-%d-of-%d.json", &i, &m); err == nil && e.Err == nil && !seen[m] && MarkerKey(i, m) == e.Key {
			seen[m] = true
			out = append(out, m)
		}
		return nil
	})
	slices.Sort(out)
	return out, err
}
