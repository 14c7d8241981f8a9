package kerchunk

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// value is the value of a template expression: an integer or a string.
type value struct {
	isStr bool
	n     int64
	s     string
}

func (v value) String() string {
	if v.isStr {
		return v.s
	}
	return strconv.FormatInt(v.n, 10)
}

// render expands every "{{ expression }}" of t. Names are looked up in
// vars, then in templates.
func render(t string, templates map[string]string, vars map[string]value) (string, error) {
	if !strings.Contains(t, "{{") {
		return t, nil
	}
	var b strings.Builder
	for {
		i := strings.Index(t, "{{")
		if i < 0 {
			b.WriteString(t)
			return b.String(), nil
		}
		b.WriteString(t[:i])
		t = t[i+2:]
		j := strings.Index(t, "}}")
		if j < 0 {
			return "", errors.New("unclosed {{")
		}
		v, err := evalExpr(t[:j], templates, vars)
		if err != nil {
			return "", err
		}
		b.WriteString(v.String())
		t = t[j+2:]
	}
}

// evalExpr evaluates the small expression language of templates: integer
// and string literals, names, parentheses, unary minus, + - * // % and ~
// (string concatenation), with Python's floor division and modulo.
func evalExpr(src string, templates map[string]string, vars map[string]value) (value, error) {
	p := &exprParser{src: src, templates: templates, vars: vars}
	v, err := p.sum()
	if err != nil {
		return value{}, err
	}
	p.space()
	if p.pos != len(p.src) {
		return value{}, fmt.Errorf("unexpected %q in expression %q", p.src[p.pos:], src)
	}
	return v, nil
}

type exprParser struct {
	src       string
	pos       int
	depth     int
	templates map[string]string
	vars      map[string]value
}

func (p *exprParser) space() {
	for p.pos < len(p.src) && (p.src[p.pos] == ' ' || p.src[p.pos] == '\t' || p.src[p.pos] == '\n') {
		p.pos++
	}
}

func (p *exprParser) peek(op string) bool {
	p.space()
	return strings.HasPrefix(p.src[p.pos:], op)
}

var errOverflow = errors.New("integer overflow in expression")

func (p *exprParser) sum() (value, error) {
	v, err := p.product()
	if err != nil {
		return v, err
	}
	for {
		var op byte
		switch {
		case p.peek("+"):
			op = '+'
		case p.peek("-"):
			op = '-'
		case p.peek("~"):
			op = '~'
		default:
			return v, nil
		}
		p.pos++
		w, err := p.product()
		if err != nil {
			return v, err
		}
		switch {
		case op == '~':
			v = value{isStr: true, s: v.String() + w.String()}
		case v.isStr && w.isStr && op == '+':
			v = value{isStr: true, s: v.s + w.s}
		case v.isStr || w.isStr:
			return v, fmt.Errorf("%c of a string and a number", op)
		case op == '+':
			if (w.n > 0 && v.n > maxInt64-w.n) || (w.n < 0 && v.n < -maxInt64-1-w.n) {
				return v, errOverflow
			}
			v.n += w.n
		default:
			if (w.n < 0 && v.n > maxInt64+w.n) || (w.n > 0 && v.n < -maxInt64-1+w.n) {
				return v, errOverflow
			}
			v.n -= w.n
		}
	}
}

func (p *exprParser) product() (value, error) {
	v, err := p.unary()
	if err != nil {
		return v, err
	}
	for {
		var op string
		switch {
		case p.peek("//"):
			op = "//"
		case p.peek("*"):
			op = "*"
		case p.peek("%"):
			op = "%"
		case p.peek("/"):
			return v, errors.New("true division (/) gives a float, which is not an offset; use //")
		default:
			return v, nil
		}
		p.pos += len(op)
		w, err := p.unary()
		if err != nil {
			return v, err
		}
		if v.isStr || w.isStr {
			return v, fmt.Errorf("%s of a string", op)
		}
		switch op {
		case "*":
			if v.n != 0 && w.n != 0 {
				r := v.n * w.n
				if r/w.n != v.n || (v.n == -1 && w.n == -maxInt64-1) || (w.n == -1 && v.n == -maxInt64-1) {
					return v, errOverflow
				}
				v.n = r
			} else {
				v.n = 0
			}
		default:
			if w.n == 0 {
				return v, errors.New("division by zero")
			}
			if w.n == -1 && v.n == -maxInt64-1 {
				return v, errOverflow
			}
			q, r := v.n/w.n, v.n%w.n
			if r != 0 && (r < 0) != (w.n < 0) { // Python floors
				q--
				r += w.n
			}
			if op == "//" {
				v.n = q
			} else {
				v.n = r
			}
		}
	}
}

func (p *exprParser) unary() (value, error) {
	if p.peek("-") {
		p.pos++
		p.depth++
		defer func() { p.depth-- }()
		if p.depth > 100 {
			return value{}, errors.New("expression nested too deeply")
		}
		v, err := p.unary()
		if err != nil {
			return v, err
		}
		if v.isStr {
			return v, errors.New("- of a string")
		}
		if v.n == -maxInt64-1 {
			return v, errOverflow
		}
		v.n = -v.n
		return v, nil
	}
	return p.primary()
}

func (p *exprParser) primary() (value, error) {
	p.space()
	if p.pos >= len(p.src) {
		return value{}, errors.New("expression ends early")
	}
	c := p.src[p.pos]
	switch {
	case c == '(':
		p.pos++
		p.depth++
		if p.depth > 100 {
			return value{}, errors.New("expression nested too deeply")
		}
		v, err := p.sum()
		p.depth--
		if err != nil {
			return v, err
		}
		if !p.peek(")") {
			return v, errors.New("missing )")
		}
		p.pos++
		return v, nil
	case c >= '0' && c <= '9':
		start := p.pos
		for p.pos < len(p.src) && p.src[p.pos] >= '0' && p.src[p.pos] <= '9' {
			p.pos++
		}
		n, err := strconv.ParseInt(p.src[start:p.pos], 10, 64)
		if err != nil {
			return value{}, errOverflow
		}
		return value{n: n}, nil
	case c == '"' || c == '\'':
		end := strings.IndexByte(p.src[p.pos+1:], c)
		if end < 0 {
			return value{}, errors.New("unclosed string literal")
		}
		s := p.src[p.pos+1 : p.pos+1+end]
		p.pos += end + 2
		return value{isStr: true, s: s}, nil
	case isIdentStart(c):
		start := p.pos
		for p.pos < len(p.src) && isIdentByte(p.src[p.pos]) {
			p.pos++
		}
		name := p.src[start:p.pos]
		if v, ok := p.vars[name]; ok {
			return v, nil
		}
		if t, ok := p.templates[name]; ok {
			return value{isStr: true, s: t}, nil
		}
		return value{}, fmt.Errorf("undefined name %q", name)
	}
	return value{}, fmt.Errorf("unexpected %q in expression", p.src[p.pos:])
}

func isIdentStart(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

func isIdentByte(c byte) bool { return isIdentStart(c) || c >= '0' && c <= '9' }

// isIdent reports whether s is a name of the template language.
func isIdent(s string) bool {
	if s == "" || !isIdentStart(s[0]) {
		return false
	}
	for i := 1; i < len(s); i++ {
		if !isIdentByte(s[i]) {
			return false
		}
	}
	return true
}
