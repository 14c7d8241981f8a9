package main

import (
	"bytes"
	"encoding/json"
	"io"
	"strings"
)

// maxExcerpt bounds the length of a user-supplied value quoted in a
// message.
const maxExcerpt = 60

// short returns s for quoting in a message, cut to a readable excerpt when
// it is long. Every message that repeats a user-supplied value goes
// through it.
func short(s string) string {
	if len(s) <= maxExcerpt {
		return s
	}
	cut := maxExcerpt - 3
	for cut > 0 && s[cut]&0xC0 == 0x80 { // do not split a UTF-8 sequence
		cut--
	}
	return strings.TrimSpace(s[:cut]) + "..."
}

// writeJSON writes v as JSON (indented by two spaces when indent is set)
// and a newline, keeping "<", ">" and "&" as they are ("->", "<f8").
func writeJSON(w io.Writer, v any, indent bool) error {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if indent {
		enc.SetIndent("", "  ")
	}
	if err := enc.Encode(v); err != nil {
		return err
	}
	_, err := w.Write(b.Bytes())
	return err
}
