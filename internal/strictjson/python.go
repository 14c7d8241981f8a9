package strictjson

import "bytes"

// pythonTokens are the bare tokens Python's json module writes for
// non-finite floats, with the Zarr string each is read as.
var pythonTokens = []struct{ bare, quoted string }{
	{"NaN", `"NaN"`}, {"Infinity", `"Infinity"`}, {"-Infinity", `"-Infinity"`},
}

// FromPython returns data with each bare NaN, Infinity and -Infinity
// token outside strings, the values Python's json module writes for
// non-finite floats (and reads back), replaced by the JSON string of the
// same spelling, which is how Zarr writes non-finite floats: so
// `"fill_value": NaN` reads as `"fill_value": "NaN"`
// (docs/decisions.md#d21). changed reports whether anything was replaced;
// when nothing was, data itself is returned, unallocated. Only these three
// exact spellings are replaced, as Python reads only these; anything else
// is left for Parse to reject with its message.
func FromPython(data []byte) (out []byte, changed bool) {
	i := firstPythonToken(data, 0)
	if i < 0 {
		return data, false
	}
	out = make([]byte, 0, len(data)+16)
	from := 0
	for i >= 0 {
		tok := tokenAt(data, i)
		out = append(append(out, data[from:i]...), tok.quoted...)
		from = i + len(tok.bare)
		i = firstPythonToken(data, from)
	}
	return append(out, data[from:]...), true
}

// firstPythonToken returns the offset of the first bare Python token
// outside strings at or after from, or -1. from must lie outside a string.
func firstPythonToken(data []byte, from int) int {
	inString := false
	for i := from; i < len(data); i++ {
		c := data[i]
		if inString {
			switch c {
			case '\\':
				i++
			case '"':
				inString = false
			}
			continue
		}
		switch c {
		case '"':
			inString = true
		case 'N', 'I', '-':
			if tokenAt(data, i).bare != "" {
				return i
			}
		}
	}
	return -1
}

// tokenAt returns the Python token at offset i when one starts there and
// ends at a delimiter (white space, ',', ']', '}' or the end).
func tokenAt(data []byte, i int) (tok struct{ bare, quoted string }) {
	for _, t := range pythonTokens {
		end := i + len(t.bare)
		if bytes.HasPrefix(data[i:], []byte(t.bare)) && (end == len(data) || bytes.IndexByte([]byte(" \t\r\n,]}"), data[end]) >= 0) {
			return t
		}
	}
	return tok
}
