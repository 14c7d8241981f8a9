package refstore

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"regexp"
	"strings"

	"github.com/zcodec/zcodec/store"
)

// HeadSize is the number of bytes from the start of a file that MatchJSON
// looks at: a reference set is recognised from its first 64 KiB.
const HeadSize = 64 << 10

// MatchJSON reports whether a file whose first bytes are head (all of it
// when len(head) >= size) is a kerchunk JSON reference set, from at most
// its first HeadSize bytes:
//
//   - version 1: a JSON object whose members are "version" (the number
//     1), "refs", "templates" and "gen" only, holding "refs", an object
//     whose members (as far as the head reaches, at least one unless the
//     head holds the whole file) are references: a string, or an array of
//     a URL (a string or null) alone or followed by two non-negative
//     integers. When the head holds the whole file, "version" must be
//     there.
//   - version 0: a JSON object of references whose every key is a key of
//     a Zarr v2 hierarchy (its last segment ".zgroup", ".zarray",
//     ".zattrs", ".zmetadata", or a chunk key of digits separated by
//     "."), with at least one ".zgroup" or ".zarray" whose value is a
//     string holding "zarr_format" (so that no Zarr metadata document, and
//     no attributes but ones written to look exactly like a reference
//     set, is taken for one).
func MatchJSON(head []byte, size int64) bool {
	whole := int64(len(head)) >= size
	if len(head) > HeadSize {
		head, whole = head[:HeadSize], false
	}
	trimmed := bytes.TrimLeft(head, " \t\r\n")
	if len(trimmed) == 0 || trimmed[0] != '{' {
		return false
	}
	m := &matcher{dec: json.NewDecoder(bytes.NewReader(trimmed))}
	m.dec.UseNumber()
	ok, err := m.top()
	switch {
	case err == nil:
		return ok
	case errors.Is(err, errCut) && !whole:
		return m.cutOK()
	}
	return false
}

// errCut: the head ends before the document does.
var errCut = errors.New("cut")

// errNo: the document is not a reference set.
var errNo = errors.New("not a reference set")

// matcher reads the tokens of a head.
type matcher struct {
	dec *json.Decoder

	v1, v0      bool // the kind of set the members say
	version     bool // "version": 1 seen
	refs        bool // "refs" opened
	refsDone    bool // "refs" closed
	members     int  // references seen
	zarrMembers bool // a .zgroup or .zarray string holding "zarr_format" seen (v0)
}

func (m *matcher) token() (json.Token, error) {
	t, err := m.dec.Token()
	if err == io.EOF || errors.Is(err, io.ErrUnexpectedEOF) {
		return nil, errCut
	}
	if err != nil {
		return nil, errNo
	}
	return t, nil
}

// top reads the top-level object and reports whether it is a set; it
// returns early, true, once the head shows a version 1 set.
func (m *matcher) top() (bool, error) {
	if t, err := m.token(); err != nil || t != json.Delim('{') {
		return false, err
	}
	for {
		t, err := m.token()
		if err != nil {
			return false, err
		}
		if t == json.Delim('}') {
			if m.v1 {
				return m.version && m.refsDone, nil
			}
			return m.v0 && m.zarrMembers, nil
		}
		key, ok := t.(string)
		if !ok {
			return false, errNo
		}
		switch key {
		case "version", "refs", "templates", "gen":
			if m.v0 {
				return false, errNo
			}
			m.v1 = true
		default:
			if m.v1 || !zarrKey(key) {
				return false, errNo
			}
			m.v0 = true
		}
		switch key {
		case "version":
			t, err := m.token()
			if err != nil {
				return false, err
			}
			if n, ok := t.(json.Number); !ok || n.String() != "1" {
				return false, errNo
			}
			m.version = true
			if m.refs && m.members > 0 {
				return true, nil
			}
		case "refs":
			if done, err := m.refsObject(); err != nil || done {
				return done, err
			}
		case "templates", "gen":
			if err := m.skip(); err != nil {
				return false, err
			}
		default:
			if err := m.ref(key); err != nil {
				return false, err
			}
			m.members++
		}
	}
}

// refsObject reads the "refs" object; done is true when the set is
// recognised (the version seen, and a reference).
func (m *matcher) refsObject() (done bool, err error) {
	t, err := m.token()
	if err != nil {
		return false, err
	}
	if t != json.Delim('{') {
		return false, errNo
	}
	m.refs = true
	for {
		t, err := m.token()
		if err != nil {
			return false, err
		}
		if t == json.Delim('}') {
			m.refsDone = true
			return false, nil
		}
		key, ok := t.(string)
		if !ok {
			return false, errNo
		}
		if err := m.ref(key); err != nil {
			return false, err
		}
		m.members++
		if m.version {
			return true, nil
		}
	}
}

// ref reads the value of one reference.
func (m *matcher) ref(key string) error {
	t, err := m.token()
	if err != nil {
		return err
	}
	switch v := t.(type) {
	case string:
		if m.v0 && (strings.HasSuffix(key, ".zgroup") || strings.HasSuffix(key, ".zarray")) && strings.Contains(v, "zarr_format") {
			m.zarrMembers = true
		}
		return nil
	case json.Delim:
		if v != '[' {
			return errNo
		}
	default:
		return errNo
	}
	t, err = m.token()
	if err != nil {
		return err
	}
	if _, ok := t.(string); !ok && t != nil {
		return errNo
	}
	t, err = m.token()
	if err != nil {
		return err
	}
	if t == json.Delim(']') {
		return nil
	}
	for i := 0; i < 2; i++ {
		if i > 0 {
			if t, err = m.token(); err != nil {
				return err
			}
		}
		n, ok := t.(json.Number)
		if !ok || !naturalNumber(n.String()) {
			return errNo
		}
	}
	if t, err = m.token(); err != nil {
		return err
	}
	if t != json.Delim(']') {
		return errNo
	}
	return nil
}

// skip reads one value of any kind.
func (m *matcher) skip() error {
	depth := 0
	for {
		t, err := m.token()
		if err != nil {
			return err
		}
		switch t {
		case json.Delim('{'), json.Delim('['):
			depth++
		case json.Delim('}'), json.Delim(']'):
			depth--
		}
		if depth == 0 {
			return nil
		}
	}
}

// cutOK reports whether a head cut before its end shows a set.
func (m *matcher) cutOK() bool {
	if m.v1 {
		return m.refs && m.members > 0
	}
	return m.v0 && m.zarrMembers
}

// naturalNumber reports whether s is a JSON integer >= 0.
func naturalNumber(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range []byte(s) {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// chunkKey matches the last segment of a Zarr v2 chunk key.
var chunkKey = regexp.MustCompile(`^[0-9]+(\.[0-9]+)*$`)

// zarrKey reports whether key is a key of a Zarr v2 hierarchy: a valid
// store key whose last segment is a metadata document's name or a chunk
// key.
func zarrKey(key string) bool {
	if store.ValidKey(key) != nil {
		return false
	}
	last := key[strings.LastIndexByte(key, '/')+1:]
	switch last {
	case ".zgroup", ".zarray", ".zattrs", ".zmetadata":
		return true
	}
	return chunkKey.MatchString(last)
}

// ParquetHeadSize and ParquetTailSize are the bytes of a directory's
// ".zmetadata" that MatchParquet looks at.
const (
	ParquetHeadSize = 4 << 10
	ParquetTailSize = 256
)

// recordSizeTail matches the end of a .zmetadata that ends with its
// "record_size" member, as fsspec writes it, or with "record_size" and then
// "zarr_consolidated_format": 1, as kerchunk.WriteParquet writes it.
var recordSizeTail = regexp.MustCompile(`"record_size"\s*:\s*[1-9][0-9]*\s*(,\s*"zarr_consolidated_format"\s*:\s*1\s*)?\}\s*$`)

// MatchParquet reports whether a directory whose ".zmetadata" starts with
// head and ends with tail (size bytes in all) is a Parquet reference set:
// a JSON object with "metadata" (an object) and "record_size" (a positive
// integer). When head holds the whole value it is parsed; otherwise the
// head must open the object with "metadata" or "record_size", and
// "record_size" must be the first member (in the head) or the last (in the
// tail), as fsspec writes it, or the last but "zarr_consolidated_format",
// as kerchunk.WriteParquet writes it. A consolidated Zarr v2 .zmetadata
// ends with "zarr_consolidated_format" alone.
func MatchParquet(head, tail []byte, size int64) bool {
	if int64(len(head)) >= size {
		var doc struct {
			Metadata   map[string]json.RawMessage `json:"metadata"`
			RecordSize *json.Number               `json:"record_size"`
		}
		if err := json.Unmarshal(head, &doc); err != nil || doc.Metadata == nil || doc.RecordSize == nil {
			return false
		}
		n, err := doc.RecordSize.Int64()
		return err == nil && n > 0
	}
	dec := json.NewDecoder(bytes.NewReader(head))
	dec.UseNumber()
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return false
	}
	t, err := dec.Token()
	if err != nil {
		return false
	}
	switch t {
	case "record_size":
		t, err := dec.Token()
		n, ok := t.(json.Number)
		if err != nil || !ok || !naturalNumber(n.String()) || strings.Trim(n.String(), "0") == "" {
			return false
		}
		return true
	case "metadata":
		if t, err := dec.Token(); err != nil || t != json.Delim('{') {
			return false
		}
		return recordSizeTail.Match(tail)
	}
	return false
}
