package main

import (
	"errors"
	"fmt"
	"io"

	"github.com/zcodec/zcodec/store"
)

// memberProblem is a key of a hierarchy that cannot be used (see
// zarr.MembersError), as info --json and verify --json give it.
type memberProblem struct {
	// Key is the key or name as found (encoding/json shows invalid UTF-8
	// as U+FFFD); Name is it escaped as the text output shows it.
	Key   string `json:"key"`
	Name  string `json:"name"`
	Error string `json:"error"`
}

// memberProblems returns the problems of t's hierarchy, nil when there are
// none.
func (t *target) memberProblems() []memberProblem {
	if t.problems == nil {
		return nil
	}
	var ps []memberProblem
	for _, p := range t.problems.Problems {
		key := p.Key
		if t.problems.Group != "" {
			key = t.problems.Group + "/" + key
		}
		ps = append(ps, memberProblem{Key: key, Name: memberName("/" + key), Error: problemReason(p.Err)})
	}
	return ps
}

// problemReason says why a key cannot be used; the key itself is shown
// beside it, escaped.
func problemReason(err error) string {
	if err == nil {
		return "cannot be used"
	}
	var ik *store.InvalidKeyError
	if errors.As(err, &ik) {
		return "not a valid key: " + ik.Reason
	}
	return err.Error()
}

// printProblems writes one line per problem: prefix, the name escaped, the
// reason.
func printProblems(w io.Writer, prefix string, ps []memberProblem) {
	for _, p := range ps {
		fmt.Fprintf(w, "%s%s: %s\n", prefix, p.Name, p.Error)
	}
}

// problemsSummary is the line that heads a list of problems.
func problemsSummary(ps []memberProblem) string {
	if len(ps) == 1 {
		return "1 key of the hierarchy cannot be read"
	}
	return fmt.Sprintf("%d keys of the hierarchy cannot be read", len(ps))
}
