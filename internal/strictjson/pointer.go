package strictjson

import "strings"

// Escape returns token escaped as a JSON pointer reference token (RFC 6901
// section 3): "~" becomes "~0" and "/" becomes "~1".
func Escape(token string) string {
	if !strings.ContainsAny(token, "~/") {
		return token
	}
	return strings.NewReplacer("~", "~0", "/", "~1").Replace(token)
}

// Pointer returns the JSON pointer of the value found by following tokens
// (member names or array indexes, unescaped) from the value at base:
// Pointer("/codecs", "0", "configuration") is "/codecs/0/configuration"
// and Pointer("", "a/b") is "/a~1b".
func Pointer(base string, tokens ...string) string {
	n := len(base)
	for _, t := range tokens {
		n += 1 + len(t)
	}
	var b strings.Builder
	b.Grow(n)
	b.WriteString(base)
	for _, t := range tokens {
		b.WriteByte('/')
		b.WriteString(Escape(t))
	}
	return b.String()
}
