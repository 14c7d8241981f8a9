package main

import (
	"errors"
	"fmt"
	"iter"
	"strconv"
	"strings"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/convert"
	"github.com/zcodec/zcodec/store/byterange"
	"github.com/zcodec/zcodec/zarr"
)

// nodeName names the node at inStore (its path in the store, "" for the
// root) of the store the user gave as userPath, the way the user would
// write it: userPath itself for the root ("data/x.zarr",
// "s3://bucket/x.zarr", credentials never shown), userPath/inStore below
// it ("data/x.zarr/temp", "s3://bucket/x.zarr/group/temp"), an unusual
// name escaped.
func nodeName(userPath, inStore string) string {
	base := shown(userPath)
	inStore = strings.Trim(inStore, "/")
	if inStore == "" {
		return base
	}
	return strings.TrimSuffix(base, "/") + "/" + strings.TrimPrefix(memberName(inStore), "/")
}

// namedError is an error whose text names the nodes it is about as the
// user would write them, and the limits by the flags that set them;
// errors.Is and errors.As see the original error. Its text is either
// worded from err's typed errors (namedErr, copyErr, flagged) or, when
// msg is set, msg itself.
type namedError struct {
	msg    string
	err    error
	words  wording
	worded bool // the text is words.text(err), not msg
}

func (e *namedError) Error() string {
	if e.worded {
		return e.words.text(e.err)
	}
	return e.msg
}

// Unwrap returns the original error.
func (e *namedError) Unwrap() error { return e.err }

// wording is how the CLI words the library's errors, from the fields of
// its typed errors: node (when set) names each node (of a *zarr.NodeError
// or a *codec.ChunkError) instead of the library's `array "/temp"`, and
// flags names each limit (of a *codec.LimitError) by its flag instead of
// its Options field.
type wording struct {
	node  func(kind, path string) string
	flags bool
}

// settingFlags are the flags that set the library's limits, by the
// LimitError.Setting they set.
var settingFlags = map[string]string{codec.SettingMaxChunkBytes: "--max-chunk-bytes"}

// optionFlags are the flags of convert that set the fields of
// convert.Options, by the OptionError.Option they set.
var optionFlags = map[string]string{"Codecs": "--codecs", "Chunks": "--chunks", "Shards": "--shards", "Consolidate": "--consolidate"}

// worded returns err with its text worded as w says, or err itself when
// that changes nothing.
func (w wording) worded(err error) error {
	if err == nil {
		return nil
	}
	if w.text(err) == err.Error() {
		return err
	}
	return &namedError{err: err, words: w, worded: true}
}

// nodeName names the node of the given kind and path in the store.
func (w wording) nodeName(kind, path string) string {
	if w.node != nil {
		return w.node(kind, path)
	}
	return kind + " " + strconv.Quote("/"+path)
}

// text returns err's message as w words it: the errors that name a node
// or a limit are written from their fields, as the library writes them
// but for those names; any other error that wraps one has the wrapped
// error's text, within its own, replaced by the wrapped error's worded
// text.
func (w wording) text(err error) string {
	switch x := err.(type) {
	case nil:
		return "<nil>"
	case *namedError:
		if !x.worded {
			return w.within(x.msg, []error{x.err}, true)
		}
		inner := x.words // the names it gives stay
		if inner.node == nil {
			inner.node = w.node
		}
		inner.flags = inner.flags || w.flags
		return inner.text(x.err)
	case *zarr.NodeError:
		return w.nodeName(x.Kind, x.Path) + ": " + w.text(x.Err)
	case *codec.ChunkError:
		return w.chunkText(x)
	case *codec.LimitError:
		if f, ok := settingFlags[x.SettingName()]; ok && w.flags {
			flagged := *x
			flagged.Setting = f + "; raise it to read this array"
			return flagged.Error()
		}
		return x.Error()
	case *convert.OptionError:
		text := "Options." + x.Option
		if f, ok := optionFlags[x.Option]; ok && w.flags {
			text = f
		}
		text += ": " + x.Reason
		if x.Err != nil {
			text += ": " + w.text(x.Err)
		}
		return text
	case interface{ Unwrap() error }:
		return w.within(err.Error(), []error{x.Unwrap()}, true)
	case interface{ Unwrap() []error }:
		return w.within(err.Error(), x.Unwrap(), false)
	}
	return err.Error()
}

// chunkText is the text of a *codec.ChunkError (see its Error method).
func (w wording) chunkText(e *codec.ChunkError) string {
	var b strings.Builder
	if e.Array != "" || e.Key != "" { // the root array's path is ""
		b.WriteString(w.nodeName("array", e.Array) + ": ")
	}
	switch {
	case e.Key != "":
		fmt.Fprintf(&b, "chunk %s", strconv.Quote(e.Key))
	case e.Coords != nil:
		fmt.Fprintf(&b, "chunk %v", e.Coords)
	default:
		fmt.Fprintf(&b, "chunk %d", e.Index)
	}
	if e.Range != (byterange.Range{}) {
		fmt.Fprintf(&b, " (bytes %v)", e.Range)
	}
	if e.Op != "" {
		b.WriteString(": " + e.Op)
	}
	b.WriteString(": " + w.text(e.Err))
	return b.String()
}

// within returns text, the message of an error wrapping wrapped, with the
// text of each wrapped error replaced by its worded text: the last
// occurrence for a single wrapped error (fmt.Errorf("...: %w", err)), the
// next one in order for several (errors.Join). A message that does not
// hold a wrapped error's text (written by the CLI itself) has only the
// texts of the limits below it worded.
func (w wording) within(text string, wrapped []error, last bool) string {
	pos := 0
	for _, e := range wrapped {
		if e == nil {
			continue
		}
		old, worded := e.Error(), w.text(e)
		if old == worded {
			continue
		}
		i := strings.Index(text[pos:], old)
		if last {
			i = strings.LastIndex(text[pos:], old)
		}
		if i < 0 {
			text = w.limitsWithin(text, e)
			continue
		}
		text = text[:pos+i] + worded + text[pos+i+len(old):]
		pos += i + len(worded)
	}
	return text
}

// limitsWithin returns text with the text of each *codec.LimitError of
// err's tree replaced by its worded text.
func (w wording) limitsWithin(text string, err error) string {
	if !w.flags {
		return text
	}
	for e := range errorTree(err) {
		if le, ok := e.(*codec.LimitError); ok {
			text = strings.Replace(text, le.Error(), w.text(le), 1)
		}
	}
	return text
}

// errorTree yields err and every error it wraps, depth first.
func errorTree(err error) iter.Seq[error] {
	return func(yield func(error) bool) {
		var walk func(error) bool
		walk = func(e error) bool {
			for e != nil {
				if !yield(e) {
					return false
				}
				switch u := e.(type) {
				case interface{ Unwrap() []error }:
					for _, x := range u.Unwrap() {
						if !walk(x) {
							return false
						}
					}
					return true
				case interface{ Unwrap() error }:
					e = u.Unwrap()
				default:
					return true
				}
			}
			return true
		}
		walk(err)
	}
}

// namedErr returns err with every node the library names by its path in
// the store (a *zarr.NodeError or *codec.ChunkError: `array "/"`, `array
// "/temp"`) named
// instead by its place under userPath, the PATH the user gave
// (`array data/x.zarr`, `array data/x.zarr/temp`), so that an error says
// which array of which store; the path in the store stays visible at the
// end of the name. Errors without a node are returned unchanged.
func namedErr(userPath string, err error) error { return nodeWording(userPath).worded(err) }

// nodeWording is the wording of namedErr: nodes named under userPath.
func nodeWording(userPath string) wording {
	return wording{node: func(kind, path string) string { return kind + " " + nodeName(userPath, path) }}
}

// flagged returns err with every limit the library names by the option
// that sets it (a *codec.LimitError: "(Options.MaxChunkBytes)") named
// instead by the flag that sets it ("(--max-chunk-bytes; raise it to read
// this array)"). Errors without a limit are returned unchanged.
func flagged(err error) error { return wording{flags: true}.worded(err) }

// hasNode reports whether err names a node of the store (a
// *zarr.NodeError or a *codec.ChunkError).
func hasNode(err error) bool {
	var ne *zarr.NodeError
	var ce *codec.ChunkError
	return errors.As(err, &ne) || errors.As(err, &ce)
}

// copyErr is namedErr for a conversion from the store the user gave as src
// into the one given as dst: a node the error names is an array (or group)
// of both, the one read and the one written, named
// `array data/in.zarr/temp -> out.zarr/temp`. Nodes already named under
// src (namedErr) stay as they are.
func copyErr(src, dst string, err error) error { return copyWording(src, dst).worded(err) }

// copyWording is the wording of copyErr: nodes named under both src and
// dst.
func copyWording(src, dst string) wording {
	return wording{node: func(kind, path string) string {
		return kind + " " + nodeName(src, path) + " -> " + nodeName(dst, path)
	}}
}
