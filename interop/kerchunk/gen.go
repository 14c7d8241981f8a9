package kerchunk

import (
	"encoding/json"
	"fmt"
	"strconv"
)

// MaxGenerated bounds the references the "gen" entries of one JSON set may
// generate (their dimensions' products, added up), checked before any is
// generated.
const MaxGenerated = 1 << 20

// genEntry is one element of a version 1 set's "gen" list.
type genEntry struct {
	Key        string                     `json:"key"`
	URL        string                     `json:"url"`
	Offset     json.RawMessage            `json:"offset"`
	Length     json.RawMessage            `json:"length"`
	Dimensions map[string]json.RawMessage `json:"dimensions"`
}

// genDim is one dimension of a gen entry: a range or a list of values.
type genDim struct {
	name   string
	values []value // a list
	start  int64   // a range, when values is nil
	step   int64
	n      int64
}

func (d genDim) at(i int64) value {
	if d.values != nil {
		return d.values[i]
	}
	return value{n: d.start + i*d.step}
}

// expandGen generates the references of a "gen" list into s.
func expandGen(raw json.RawMessage, templates map[string]string, s *Set) error {
	var gens []genEntry
	if err := json.Unmarshal(raw, &gens); err != nil {
		return &FormatError{Where: "gen", Reason: "not a list of generators", Err: err}
	}
	all := make([][]genDim, len(gens))
	var total int64
	for gi, g := range gens {
		where := fmt.Sprintf("gen[%d]", gi)
		if (g.Offset == nil) != (g.Length == nil) {
			return formatErr(where, "offset and length go together")
		}
		count := int64(1)
		for name, dr := range g.Dimensions {
			if !isIdent(name) {
				return formatErr(where, "dimension name %q is not an identifier", name)
			}
			d, err := parseDim(name, dr)
			if err != nil {
				return &FormatError{Where: where, Reason: "dimension " + name, Err: err}
			}
			all[gi] = append(all[gi], d)
			if d.n == 0 {
				count = 0
			} else if count > MaxGenerated/d.n {
				count = MaxGenerated + 1
			} else {
				count *= d.n
			}
		}
		total += count
		if total > MaxGenerated {
			return formatErr(where, "generates more than %d references", MaxGenerated)
		}
	}
	for gi, g := range gens {
		where := fmt.Sprintf("gen[%d]", gi)
		dims := all[gi]
		idx := make([]int64, len(dims))
		vars := make(map[string]value, len(dims))
		empty := false
		for _, d := range dims {
			if d.n == 0 {
				empty = true
			}
		}
		for !empty {
			for i, d := range dims {
				vars[d.name] = d.at(idx[i])
			}
			if err := genOne(g, templates, vars, s); err != nil {
				return &FormatError{Where: where, Reason: "cannot generate", Err: err}
			}
			// Next index, last dimension fastest.
			k := len(dims) - 1
			for ; k >= 0; k-- {
				idx[k]++
				if idx[k] < dims[k].n {
					break
				}
				idx[k] = 0
			}
			if k < 0 {
				break
			}
		}
	}
	return nil
}

func genOne(g genEntry, templates map[string]string, vars map[string]value, s *Set) error {
	key, err := render(g.Key, templates, vars)
	if err != nil {
		return fmt.Errorf("key: %w", err)
	}
	url, err := render(g.URL, templates, vars)
	if err != nil {
		return fmt.Errorf("url: %w", err)
	}
	r := Ref{URL: url, Length: -1}
	if g.Offset != nil {
		if r.Offset, err = genCount(g.Offset, templates, vars); err != nil {
			return fmt.Errorf("offset: %w", err)
		}
		if r.Length, err = genCount(g.Length, templates, vars); err != nil {
			return fmt.Errorf("length: %w", err)
		}
		if r.Offset > maxInt64-r.Length {
			return errOverflow
		}
	}
	s.refs[key] = r
	return nil
}

// genCount evaluates an offset or length: a JSON integer, or a string
// template that renders as one.
func genCount(raw json.RawMessage, templates map[string]string, vars map[string]value) (int64, error) {
	var t string
	if err := json.Unmarshal(raw, &t); err != nil {
		return parseCount(raw)
	}
	out, err := render(t, templates, vars)
	if err != nil {
		return 0, err
	}
	n, err := strconv.ParseInt(out, 10, 64)
	if err != nil || n < 0 {
		return 0, fmt.Errorf("%q is not a non-negative integer", clip(out))
	}
	return n, nil
}

func parseDim(name string, raw json.RawMessage) (genDim, error) {
	d := genDim{name: name}
	var list []json.RawMessage
	if err := json.Unmarshal(raw, &list); err == nil {
		for _, e := range list {
			var str string
			if json.Unmarshal(e, &str) == nil {
				d.values = append(d.values, value{isStr: true, s: str})
				continue
			}
			var n json.Number
			if err := json.Unmarshal(e, &n); err != nil {
				return d, fmt.Errorf("list values are numbers or strings")
			}
			v, err := strconv.ParseInt(n.String(), 10, 64)
			if err != nil {
				return d, fmt.Errorf("list value %s is not an integer", n)
			}
			d.values = append(d.values, value{n: v})
		}
		if d.values == nil {
			d.values = []value{}
		}
		d.n = int64(len(d.values))
		return d, nil
	}
	var rng struct {
		Start *json.Number `json:"start"`
		Stop  *json.Number `json:"stop"`
		Step  *json.Number `json:"step"`
	}
	if err := json.Unmarshal(raw, &rng); err != nil {
		return d, fmt.Errorf("neither a list nor a range")
	}
	if rng.Stop == nil {
		return d, fmt.Errorf("a range has no stop")
	}
	geti := func(n *json.Number, def int64) (int64, error) {
		if n == nil {
			return def, nil
		}
		return strconv.ParseInt(n.String(), 10, 64)
	}
	start, err1 := geti(rng.Start, 0)
	stop, err2 := geti(rng.Stop, 0)
	step, err3 := geti(rng.Step, 1)
	if err1 != nil || err2 != nil || err3 != nil {
		return d, fmt.Errorf("range bounds are integers")
	}
	if step == 0 {
		return d, fmt.Errorf("range step 0")
	}
	d.start, d.step = start, step
	// Count as Python's range does, without overflow.
	switch {
	case step > 0 && stop > start:
		d.n = ceilDiv(uint64(stop)-uint64(start), uint64(step))
	case step < 0 && stop < start:
		d.n = ceilDiv(uint64(start)-uint64(stop), uint64(-step))
	}
	return d, nil
}

// ceilDiv returns ceil(a/b), or MaxGenerated+1 when that exceeds it.
func ceilDiv(a, b uint64) int64 {
	q := a / b
	if a%b != 0 {
		q++
	}
	if q > MaxGenerated {
		return MaxGenerated + 1
	}
	return int64(q)
}
