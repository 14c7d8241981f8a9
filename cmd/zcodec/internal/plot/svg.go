package plot

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
)

// svg writes the document, keeping the first error.
type svg struct {
	w   io.Writer
	err error
}

func (s *svg) printf(format string, args ...any) {
	if s.err == nil {
		_, s.err = fmt.Fprintf(s.w, format, args...)
	}
}

// text writes a <text> element of content (escaped) at (x, y); id and
// class are left out when empty. A white halo keeps it readable over
// markers and grid lines.
func (s *svg) text(id, class string, x, y float64, anchor string, size float64, fill, weight, content string) {
	if content == "" {
		return
	}
	attrs := ""
	if id != "" {
		attrs += ` id="` + escape(id) + `"`
	}
	if class != "" {
		attrs += ` class="` + escape(class) + `"`
	}
	if weight != "" {
		attrs += ` font-weight="` + weight + `"`
	}
	s.printf(`<text%s x="%s" y="%s" text-anchor="%s" font-size="%s" fill="%s" stroke="white" stroke-width="3" stroke-linejoin="round" paint-order="stroke">%s</text>`+"\n",
		attrs, num(x), num(y), anchor, num(size), fill, escape(content))
}

// escape returns s as XML character data or attribute text: markup
// characters as entities, characters XML cannot hold (control characters,
// invalid UTF-8) as U+FFFD.
func escape(s string) string {
	var b bytes.Buffer
	_ = xml.EscapeText(&b, []byte(s)) // a bytes.Buffer does not fail
	return b.String()
}
