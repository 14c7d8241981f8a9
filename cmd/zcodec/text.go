package main

import (
	"bytes"
	"encoding/json"
	"io"
)

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
