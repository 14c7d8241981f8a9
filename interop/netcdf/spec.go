package netcdf

import (
	"encoding/binary"
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/zcodec/zcodec/internal/shorten"
)

// Filter is one filter of a netCDF filter spec: an HDF5 filter id and its
// parameters as the 32-bit words HDF5 stores.
type Filter struct {
	ID     uint32   `json:"id"`
	Params []uint32 `json:"params"`
}

// SyntaxError reports a filter spec that does not parse: Offset is the
// byte offset in Spec of the character where parsing failed.
type SyntaxError struct {
	Spec   string
	Offset int
	Reason string
}

// Error returns the reason and, on two more lines, an excerpt of the spec
// around Offset with a caret under the failing character:
//
//	filter spec: at offset 6: empty parameter
//		307,9,
//		      ^
//
// A long spec is shown only around the offset, so the message stays short
// whatever the spec's length.
func (e *SyntaxError) Error() string {
	line, caret := excerpt(e.Spec, e.Offset)
	return fmt.Sprintf("filter spec: at offset %d: %s\n\t%s\n\t%s^", e.Offset, e.Reason, line, strings.Repeat(" ", caret))
}

// Excerpt widths: characters shown before and after the failing offset.
const (
	excerptBefore = 30
	excerptAfter  = 30
)

// excerpt returns the part of spec around offset for display, with "..."
// where it was cut and control characters shown as spaces, and the column
// of offset in it.
func excerpt(spec string, offset int) (line string, column int) {
	offset = max(0, min(offset, len(spec)))
	start, end := max(0, offset-excerptBefore), min(len(spec), offset+excerptAfter)
	// move the cuts off the middle of a character (a valid one has at most
	// UTFMax-1 continuation bytes; invalid bytes show as spaces anyway)
	for i := 0; i < utf8.UTFMax-1 && start > 0 && start < offset && !utf8.RuneStart(spec[start]); i++ {
		start++
	}
	for i := 0; i < utf8.UTFMax-1 && end < len(spec) && !utf8.RuneStart(spec[end]); i++ {
		end++
	}
	var b strings.Builder
	if start > 0 {
		b.WriteString("...")
	}
	for i, r := range spec[start:end] {
		if start+i == offset {
			column = utf8.RuneCountInString(b.String())
		}
		if r < 0x20 || r == 0x7f || r == utf8.RuneError {
			r = ' '
		}
		b.WriteRune(r)
	}
	if offset == end {
		column = utf8.RuneCountInString(b.String())
	}
	if end < len(spec) {
		b.WriteString("...")
	}
	return b.String(), column
}

// Is makes every SyntaxError match ErrSyntax.
func (e *SyntaxError) Is(target error) bool { return target == ErrSyntax }

// MaxParams bounds the parameters of one filter.
const MaxParams = 256

// Parse reads a `_Filter` attribute or an `nccopy -F` filter list:
// "id,param,param|id,...", see the package documentation for the constants.
// Filters are returned as written; Pipeline gives the order netCDF applies.
func Parse(spec string) ([]Filter, error) {
	p := parser{s: spec}
	return p.list(0, len(spec))
}

type parser struct{ s string }

// fail returns a *SyntaxError at off; string arguments (pieces of the
// spec) are shortened for the message.
func (p *parser) fail(off int, format string, args ...any) error {
	for i, a := range args {
		if s, ok := a.(string); ok {
			args[i] = shorten.String(s)
		}
	}
	return &SyntaxError{Spec: p.s, Offset: off, Reason: fmt.Sprintf(format, args...)}
}

// list parses s[start:end] as filters separated by '|'.
func (p *parser) list(start, end int) ([]Filter, error) {
	if strings.TrimSpace(p.s[start:end]) == "" {
		return nil, p.fail(start, "empty filter spec")
	}
	var out []Filter
	for i := start; ; {
		j := strings.IndexByte(p.s[i:end], '|')
		last := j < 0
		if last {
			j = end
		} else {
			j += i
		}
		if last && strings.TrimSpace(p.s[i:j]) == "" && len(out) > 0 {
			// a single trailing '|' is accepted, as netcdf-c accepts it
			break
		}
		f, err := p.filter(i, j)
		if err != nil {
			return nil, err
		}
		out = append(out, f)
		if last {
			break
		}
		i = j + 1
	}
	return out, nil
}

// filter parses s[start:end] as "id[,param...]".
func (p *parser) filter(start, end int) (Filter, error) {
	var f Filter
	toks := p.split(start, end)
	idTok := toks[0]
	if idTok.text == "" {
		return f, p.fail(idTok.off, "missing filter id")
	}
	for k, c := range idTok.text {
		if c < '0' || c > '9' {
			return f, p.fail(idTok.off+k, "a filter id is an unsigned decimal integer")
		}
	}
	id, err := strconv.ParseUint(idTok.text, 10, 32)
	if err != nil || id == 0 {
		return f, p.fail(idTok.off, "filter id %s is not in 1..4294967295", idTok.text)
	}
	f.ID = uint32(id)
	f.Params = []uint32{}
	for _, t := range toks[1:] {
		words, err := p.constant(t)
		if err != nil {
			return f, err
		}
		f.Params = append(f.Params, words...)
		if len(f.Params) > MaxParams {
			return f, p.fail(t.off, "more than %d parameters", MaxParams)
		}
	}
	return f, nil
}

type token struct {
	text string
	off  int // offset of text in the spec
}

// split cuts s[start:end] at commas, trimming blanks around each token.
func (p *parser) split(start, end int) []token {
	var out []token
	for i := start; ; {
		j := strings.IndexByte(p.s[i:end], ',')
		if j < 0 {
			j = end
		} else {
			j += i
		}
		raw := p.s[i:j]
		lead := len(raw) - len(strings.TrimLeft(raw, " \t"))
		out = append(out, token{text: strings.TrimSpace(raw), off: i + lead})
		if j == end {
			return out
		}
		i = j + 1
	}
}

// constant encodes one parameter constant as one or two 32-bit words.
func (p *parser) constant(t token) ([]uint32, error) {
	s := t.text
	if s == "" {
		return nil, p.fail(t.off, "empty parameter")
	}
	// split the numeric part from the tag letters at the end
	n := len(s)
	if low := strings.ToLower(s); (strings.HasSuffix(low, "f") || strings.HasSuffix(low, "d")) && isFloatWord(low[:len(low)-1]) {
		n = len(s) - 1 // NaNf, inff, -Infinityd
	} else {
		for n > 0 && strings.ContainsRune("bBsSuUlLfFdD", rune(s[n-1])) {
			n--
		}
	}
	num, tag := s[:n], strings.ToLower(s[n:])
	if strings.HasPrefix(strings.ToLower(strings.TrimLeft(num, "+-")), "0x") {
		return nil, p.fail(t.off, "hexadecimal constants are not accepted (netcdf-c 4.9.0 reads 0x10 as 0)")
	}
	tagOff := t.off + n
	switch tag {
	case "f", "d":
		x, err := strconv.ParseFloat(num, 64)
		if err != nil && !isRangeErr(err) {
			return nil, p.fail(t.off, "%q is not a number", num)
		}
		if err != nil || math.IsInf(x, 0) && !isFloatWord(strings.ToLower(num)) {
			return nil, p.fail(t.off, "%s overflows a 64-bit double", num)
		}
		if tag == "f" {
			f32 := float32(x)
			if math.IsInf(float64(f32), 0) && !math.IsInf(x, 0) {
				return nil, p.fail(t.off, "%s overflows a 32-bit float", num)
			}
			if math.IsNaN(x) {
				return []uint32{0x7fc00000}, nil
			}
			return []uint32{math.Float32bits(f32)}, nil
		}
		if math.IsNaN(x) {
			return split64(0x7ff8000000000000), nil
		}
		return split64(math.Float64bits(x)), nil
	}
	if !isInteger(num) {
		if tag == "" && isFloatText(num) {
			return nil, p.fail(t.off, "%q has a fraction or exponent: tag it f (32-bit float) or d (64-bit double); netcdf-c 4.9.0 would store its integer part", num)
		}
		k := 0
		for k < len(s) && strings.ContainsRune("+-0123456789", rune(s[k])) {
			k++
		}
		for j := k; j < len(s); j++ {
			if !strings.ContainsRune("bBsSuUlLfFdD", rune(s[j])) {
				return nil, p.fail(t.off+j, "unexpected %q in constant %q", s[j], s)
			}
		}
		return nil, p.fail(t.off+k, "%q is not a constant", s)
	}
	neg := num[0] == '-'
	mag, err := strconv.ParseUint(strings.TrimLeft(num, "+-"), 10, 64)
	if err != nil {
		return nil, p.fail(t.off, "%s does not fit 64 bits", num)
	}
	switch tag {
	case "":
		if neg {
			if mag > 1<<31 {
				return nil, p.fail(t.off, "%s does not fit a signed 32-bit integer (netcdf-c 4.9.0 wraps it)", num)
			}
			return []uint32{uint32(-int64(mag))}, nil
		}
		if mag > math.MaxUint32 {
			return nil, p.fail(t.off, "%s does not fit 32 bits (netcdf-c 4.9.0 stores 0); tag 64-bit values l or ul", num)
		}
		return []uint32{uint32(mag)}, nil
	case "b", "ub", "bu":
		return []uint32{uint32(signed(neg, mag)) & 0xff}, nil
	case "s", "us", "su":
		return []uint32{uint32(signed(neg, mag)) & 0xffff}, nil
	case "u":
		if neg && mag > 1<<31 || !neg && mag > math.MaxUint32 {
			return nil, p.fail(t.off, "%s does not fit 32 bits", num)
		}
		return []uint32{uint32(signed(neg, mag))}, nil
	case "l":
		if neg && mag > 1<<63 || !neg && mag > math.MaxInt64 {
			return nil, p.fail(t.off, "%s does not fit a signed 64-bit integer (netcdf-c 4.9.0 saturates it)", num)
		}
		return split64(uint64(signed(neg, mag))), nil
	case "ul":
		if neg {
			return nil, p.fail(t.off, "%s is negative; ul is unsigned", num)
		}
		return split64(mag), nil
	case "lu":
		return nil, p.fail(tagOff, "write the unsigned 64-bit tag as ul (netcdf-c 4.9.0 stores lu as one 32-bit word)")
	}
	return nil, p.fail(tagOff, "unknown tag %q (want b, ub, s, us, u, f, d, l, ul or none)", s[n:])
}

func signed(neg bool, mag uint64) int64 {
	if neg {
		return -int64(mag)
	}
	return int64(mag)
}

// split64 returns the two 32-bit words of v in netCDF's little-endian
// order: the low word first.
func split64(v uint64) []uint32 {
	var b [8]byte
	binary.LittleEndian.PutUint64(b[:], v)
	return []uint32{binary.LittleEndian.Uint32(b[:4]), binary.LittleEndian.Uint32(b[4:])}
}

func isInteger(s string) bool {
	s = strings.TrimLeft(s, "+-")
	if len(s) == 0 || len(s) > 30 {
		return false
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

func isFloatText(s string) bool {
	_, err := strconv.ParseFloat(s, 64)
	return err == nil || isRangeErr(err)
}

func isRangeErr(err error) bool {
	ne, ok := err.(*strconv.NumError)
	return ok && ne.Err == strconv.ErrRange
}

// isFloatWord reports whether lower-case s is nan, inf or infinity with an
// optional sign.
func isFloatWord(s string) bool {
	w := strings.TrimLeft(s, "+-")
	return w == "nan" || w == "inf" || w == "infinity"
}

// Format writes filters in the `_Filter` syntax, as ncdump shows it: each
// parameter as an unsigned decimal word.
func Format(filters []Filter) string {
	var b strings.Builder
	for i, f := range filters {
		if i > 0 {
			b.WriteByte('|')
		}
		b.WriteString(strconv.FormatUint(uint64(f.ID), 10))
		for _, v := range f.Params {
			b.WriteByte(',')
			b.WriteString(strconv.FormatUint(uint64(v), 10))
		}
	}
	return b.String()
}

// Pipeline returns filters in the order netCDF-4 applies them when it
// defines them on a variable (checked with netcdf-c 4.9.0): fletcher32 (3)
// first, then shuffle (2), then the others in the order given; a filter id
// given twice keeps its first position and its last parameters.
func Pipeline(filters []Filter) []Filter {
	var out []Filter
	pos := map[uint32]int{}
	for _, f := range filters {
		if i, ok := pos[f.ID]; ok {
			out[i].Params = f.Params
			continue
		}
		pos[f.ID] = len(out)
		out = append(out, Filter{ID: f.ID, Params: f.Params})
	}
	rank := func(id uint32) int {
		switch id {
		case 3:
			return 0
		case 2:
			return 1
		}
		return 2
	}
	sorted := make([]Filter, 0, len(out))
	for r := 0; r <= 2; r++ {
		for _, f := range out {
			if rank(f.ID) == r {
				sorted = append(sorted, f)
			}
		}
	}
	return sorted
}
