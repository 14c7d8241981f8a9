package netcdf

import "strings"

// CopySpec is one `nccopy -F` argument: which variables it selects and
// what it applies to them.
type CopySpec struct {
	// Variables are the selected variables' fully qualified names; nil
	// means every variable ("*" or a bare "none").
	Variables []string `json:"variables"`
	// None is true for "none", "*,none" and "var,none": suppress output
	// filters.
	None bool `json:"none"`
	// Filters are the filters to apply, as written (nil when None).
	Filters []Filter `json:"filters"`
}

// ParseCopySpec reads an `nccopy -F` argument: "none", "*,none", "var,none",
// "v1&v2,none", "*,SPEC", "var,SPEC" or "v1&v2&...,SPEC", where SPEC is a
// filter list for Parse. The selector is everything before the first comma;
// variable names are separated by '&' and may not be empty or start with a
// digit (so a bare filter list without a selector is an error, not a
// variable named "307").
func ParseCopySpec(arg string) (CopySpec, error) {
	p := parser{s: arg}
	if strings.TrimSpace(arg) == "none" {
		return CopySpec{None: true}, nil
	}
	comma := strings.IndexByte(arg, ',')
	if comma < 0 {
		return CopySpec{}, p.fail(len(arg), "want a variable selector, a comma and a filter list or none")
	}
	var cs CopySpec
	sel := arg[:comma]
	if strings.TrimSpace(sel) != "*" {
		off := 0
		for _, v := range strings.Split(sel, "&") {
			name := strings.TrimSpace(v)
			lead := len(v) - len(strings.TrimLeft(v, " \t"))
			if name == "" {
				return CopySpec{}, p.fail(off+lead, "empty variable name in the selector")
			}
			if name[0] >= '0' && name[0] <= '9' {
				return CopySpec{}, p.fail(off+lead, "a variable name cannot start with a digit; nccopy -F needs a selector (var, v1&v2 or *) before the filter list")
			}
			cs.Variables = append(cs.Variables, name)
			off += len(v) + 1
		}
	}
	if strings.TrimSpace(arg[comma+1:]) == "none" {
		cs.None = true
		return cs, nil
	}
	f, err := p.list(comma+1, len(arg))
	if err != nil {
		return CopySpec{}, err
	}
	cs.Filters = f
	return cs, nil
}
