package numeric

// scalarMap is the scalar_map of one direction, typed: keys other than
// NaN with their values, and the value of a NaN key. Keys are distinct by
// numeric value (later duplicates are dropped: the first entry wins).
type scalarMap[S, D CastElement] struct {
	keys   []S
	vals   []D
	nanVal D
	hasNaN bool
}

func newScalarMap[S, D CastElement](entries []MapEntry) scalarMap[S, D] {
	var m scalarMap[S, D]
	var seen []Scalar
	for _, e := range entries {
		dup := false
		for _, s := range seen {
			if s.Equal(e.From) {
				dup = true
				break
			}
		}
		if dup {
			continue
		}
		seen = append(seen, e.From)
		k, _ := ValueOf[S](e.From)
		v, _ := ValueOf[D](e.To)
		if e.From.IsNaN() {
			m.hasNaN, m.nanVal = true, v
			continue
		}
		m.keys = append(m.keys, k)
		m.vals = append(m.vals, v)
	}
	return m
}

// lookup returns the value x maps to. Keys compare with ==, so a zero key
// matches both zeros; a NaN matches the NaN key (x != x is never true for
// integers).
func (m *scalarMap[S, D]) lookup(x S) (D, bool) {
	if x != x {
		return m.nanVal, m.hasNaN
	}
	for k, key := range m.keys {
		if x == key {
			return m.vals[k], true
		}
	}
	var zero D
	return zero, false
}

// find returns the index of the first element of src that a key matches,
// or len(src).
func (m *scalarMap[S, D]) find(src []S) int {
	keys, hasNaN := m.keys, m.hasNaN
	switch len(keys) {
	case 0:
		if hasNaN {
			for j, x := range src {
				if x != x {
					return j
				}
			}
		}
		return len(src)
	case 1:
		k0 := keys[0]
		for j, x := range src {
			if x == k0 || (hasNaN && x != x) {
				return j
			}
		}
		return len(src)
	}
	for j, x := range src {
		if x != x {
			if hasNaN {
				return j
			}
			continue
		}
		for _, key := range keys {
			if x == key {
				return j
			}
		}
	}
	return len(src)
}

// mapKernel returns a kernel that applies the scalar_map entries before
// inner: elements equal to a key take the key's value, which is final; the
// others are converted by inner.
//
// When inner itself rejects every key (NaN or an infinity into an integer,
// a value out of range without clamp or wrap: the usual reason for a map),
// the map costs nothing per element: inner runs over the whole chunk, and
// only where it stops is the element looked up. Whether inner rejects a
// value depends only on its numeric value, so it rejects every element a
// key matches. Otherwise runs of unmatched elements, found by a scan, go to
// inner one run at a time.
func mapKernel[S, D CastElement](entries []MapEntry, inner kernel[S, D]) kernel[S, D] {
	m := newScalarMap[S, D](entries)
	rejected := true
	var one [1]D
	for _, k := range m.keys {
		if _, f := inner(one[:], []S{k}); f == CastOK {
			rejected = false
		}
	}
	if m.hasNaN {
		var nan S
		if nanOf(&nan) {
			if _, f := inner(one[:], []S{nan}); f == CastOK {
				rejected = false
			}
		}
	}
	if rejected {
		return func(dst []D, src []S) (int, CastFailure) {
			dst = dst[:len(src)]
			for start := 0; start < len(src); {
				i, f := inner(dst[start:], src[start:])
				if f == CastOK {
					break
				}
				v, ok := m.lookup(src[start+i])
				if !ok {
					return start + i, f
				}
				dst[start+i] = v
				start += i + 1
			}
			return -1, CastOK
		}
	}
	return func(dst []D, src []S) (int, CastFailure) {
		dst = dst[:len(src)]
		for start := 0; start < len(src); {
			j := start + m.find(src[start:])
			if start < j {
				if i, f := inner(dst[start:j], src[start:j]); f != CastOK {
					return start + i, f
				}
			}
			if j == len(src) {
				break
			}
			dst[j], _ = m.lookup(src[j])
			start = j + 1
		}
		return -1, CastOK
	}
}

// nanOf sets *x to a NaN if S is a float32 or float64 type and reports
// whether it did.
func nanOf[S CastElement](x *S) bool {
	switch p := any(x).(type) {
	case *float32:
		*p = float32(nanF64())
		return true
	case *float64:
		*p = nanF64()
		return true
	}
	return false
}

func nanF64() float64 {
	var z float64
	return z / z
}
