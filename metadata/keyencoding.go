package metadata

import (
	"encoding/json"
	"strconv"

	"github.com/zcodec/zcodec/internal/shorten"
	"github.com/zcodec/zcodec/internal/strictjson"
)

// KeyEncoding is a Zarr v3 chunk key encoding, the chunk_key_encoding
// member of zarr.json read: "default" ("c" then the chunk's coordinates,
// each after the separator) or "v2" (the coordinates joined by the
// separator), with the separator "/" or ".".
type KeyEncoding struct {
	Name      string // "default" or "v2"
	Separator string // "/" or "."
}

// DefaultKeyEncoding is the chunk key encoding of an array that gives
// none: "default" with the separator "/".
var DefaultKeyEncoding = KeyEncoding{Name: "default", Separator: "/"}

// ParseKeyEncoding reads a chunk_key_encoding object, {"name": "default"
// or "v2", "configuration": {"separator": "/" or "."}}: the module's one
// reader of it, which Parse uses too. The separator defaults to "/" for
// "default" and "." for "v2"; an empty raw is DefaultKeyEncoding. A
// problem is a *ValidationError whose pointers are those of the member
// in zarr.json ("/chunk_key_encoding/name", ...).
func ParseKeyEncoding(raw json.RawMessage) (KeyEncoding, error) {
	if len(raw) == 0 {
		return DefaultKeyEncoding, nil
	}
	p := &parser{}
	k := p.keyEncoding(raw)
	if len(p.problems) > 0 {
		return KeyEncoding{}, &ValidationError{Problems: p.problems, Err: p.firstErr}
	}
	return k, nil
}

// JSON returns the chunk_key_encoding object of k, its separator given.
func (k KeyEncoding) JSON() json.RawMessage {
	return json.RawMessage(`{"name":` + strconv.Quote(k.Name) + `,"configuration":{"separator":` + strconv.Quote(k.Separator) + `}}`)
}

const keyEncodingPointer = "/chunk_key_encoding"

// keyEncoding reads the chunk_key_encoding object raw, recording its
// problems.
func (p *parser) keyEncoding(raw json.RawMessage) KeyEncoding {
	invalid := func() KeyEncoding {
		p.add(keyEncodingPointer, "", "chunk_key_encoding must be an object with a name")
		return KeyEncoding{}
	}
	if len(raw) == 0 || raw[0] != '{' {
		return invalid()
	}
	obj, err := strictjson.Parse(raw, strictjson.Options{Pointer: keyEncodingPointer})
	if err != nil {
		p.addJSON(err)
		return KeyEncoding{}
	}
	name, _, err := obj.String("name")
	if err != nil || name == "" {
		return invalid()
	}
	cfg, _, err := obj.Object("configuration")
	if err != nil {
		p.addJSON(err)
		return KeyEncoding{}
	}
	k := KeyEncoding{Name: name}
	switch name {
	case "default":
		k.Separator = "/"
	case "v2":
		k.Separator = "."
	default:
		p.add(keyEncodingPointer+"/name", "", "chunk key encoding %s is not supported; want \"default\" or \"v2\"", shorten.Quote(name))
		return KeyEncoding{}
	}
	if cfg == nil {
		return k
	}
	if sep, ok := cfg.Raw("separator"); ok {
		switch string(sep) {
		case `"/"`:
			k.Separator = "/"
		case `"."`:
			k.Separator = "."
		default:
			p.add(keyEncodingPointer+"/configuration/separator", "", "separator must be \"/\" or \".\", got %s", shorten.Bytes(sep))
		}
	}
	if err := cfg.Finish(); err != nil {
		p.addJSON(err)
	}
	return k
}
