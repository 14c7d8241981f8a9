package zarr

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/codecs/vlen"
	"github.com/zcodec/zcodec/interop/zarrv2"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/store"
)

// openV2 opens a Zarr v2 array by converting its .zarray (and .zattrs) to
// Zarr v3 metadata, resolved for reading (a fill value that does not
// survive the chain is a warning: docs/decisions.md#d17); its chunks keep
// their v2 keys.
func openV2(ctx context.Context, s store.Store, path string, zarray, zattrs []byte, opts *Options) (*Array, error) {
	fail := func(err error) (*Array, error) {
		return nil, &NodeError{Kind: "array", Path: path, Err: err}
	}
	var head struct {
		DType     json.RawMessage `json:"dtype"`
		FillValue json.RawMessage `json:"fill_value"`
	}
	// A .zarray that is not an object with these members is left to
	// zarrv2.Convert, which says what is wrong with its JSON pointer.
	_ = json.Unmarshal(zarray, &head)
	var warnings []codec.Warning
	conv := zarrv2.Options{Registry: opts.registry()}
	if string(head.FillValue) == "null" && !isStringDtype(head.DType) {
		// Zarr v2 leaves missing chunks of such an array undefined; read
		// them as zero (zarr-python allocates them zeroed in practice).
		// Text, byte-string and object arrays read them as empty strings
		// (package zarrv2 decides, docs/decisions.md#d29).
		conv.FillValue = zeroFillJSON(head.DType)
		warnings = append(warnings, codec.Warning{Pointer: "/fill_value", Message: "null; missing chunks read as zero"})
	}
	if len(zattrs) > 0 {
		if err := json.Unmarshal(zattrs, &conv.Attributes); err != nil || conv.Attributes == nil {
			return fail(fmt.Errorf(".zattrs: not a JSON object"))
		}
	}
	res, err := zarrv2.Convert(zarray, &conv)
	if err != nil {
		return fail(err)
	}
	own := len(warnings)
	warnings = append(warnings, res.Warnings...)
	a, err := newArray(s, path, 2, res.Array, opts)
	if err != nil {
		return nil, err
	}
	if msgPackHoldsBin(ctx, a) {
		conv.MsgPackBytes = true
		if res, err = zarrv2.Convert(zarray, &conv); err != nil {
			return fail(err)
		}
		warnings = append(warnings[:own], res.Warnings...)
		warnings = append(warnings, codec.Warning{Pointer: "/filters/0", Message: "msgpack2 holding bin elements (Python bytes) in its first chunk: read as bytes"})
		if a, err = newArray(s, path, 2, res.Array, opts); err != nil {
			return nil, err
		}
	}
	a.warnings = inFile(warnings, ".zarray")
	return a, nil
}

// msgPackHoldsBin reports whether a, a v2 object array of msgpack2 read
// as strings, holds bin elements (Python's bytes) in its first chunk, the
// one chunk looked at: MessagePack holds str and bin alike and the .zarray
// does not say which. Such an array reads as bytes (vlen-bytes semantics),
// its bin elements kept as they are; a later chunk with bin elements in an
// array read as strings fails naming the element. Any other failure to
// read that chunk is left to reading it.
func msgPackHoldsBin(ctx context.Context, a *Array) bool {
	cs := a.meta.Codecs
	if a.meta.DataType != numeric.String || len(cs) == 0 || !slices.ContainsFunc(cs, func(c codec.Codec) bool { return c.Name() == vlen.MsgPackName }) {
		return false
	}
	enc, err := a.st.Get(ctx, a.ChunkKey(make([]int64, len(a.meta.Shape))), a.maxEnc)
	if err != nil {
		return false
	}
	_, err = a.pipe.AppendDecode(nil, enc)
	var ue *vlen.UnsupportedError
	return errors.As(err, &ue) && ue.Type == "bytes"
}

// zeroFillJSON returns the Zarr v3 fill-value JSON of zero for a NumPy
// dtype string ("<f4", "|b1", "<c8").
// isStringDtype reports whether the v2 dtype is an object, text or
// byte-string type (by its NumPy kind: O, U, S, a or V).
func isStringDtype(dtype json.RawMessage) bool {
	var s string
	if json.Unmarshal(dtype, &s) != nil {
		return false
	}
	s = strings.TrimLeft(s, "<>|=")
	return s != "" && strings.ContainsRune("OUSaV", rune(s[0]))
}

func zeroFillJSON(dtype json.RawMessage) json.RawMessage {
	var s string
	json.Unmarshal(dtype, &s)
	if len(s) >= 2 {
		switch s[1] {
		case 'b':
			return json.RawMessage("false")
		case 'c':
			return json.RawMessage("[0, 0]")
		}
	}
	return json.RawMessage("0")
}
